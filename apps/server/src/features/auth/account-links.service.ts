import {
  ACCOUNT_MESSAGES,
  AUTH_MESSAGES,
  type PasswordResetConfirmBody,
  type VerifyEmailResponse,
} from '@invoicer/domain/api/auth';
import type { FastifyInstance } from 'fastify';
import type { DbExecutor } from '../../plugins/database';
import { badRequest, HttpError } from '../../plugins/errors';
import {
  accountLink,
  emailChangedNotice,
  passwordResetEmail,
  queueVerificationEmail,
  RESET_PASSWORD_PATH,
} from '../../shared/accounts/account-emails';
import {
  checkAccountToken,
  issueAccountToken,
  sameAddress,
  useUpAccountTokens,
  type AccountTokenRow,
} from '../../shared/accounts/account-tokens';
import { markEmailVerified } from '../../shared/accounts/accounts.service';
import { assertNewPasswordAllowed, hashPassword } from '../../shared/accounts/passwords';
import { findUserByEmail, findUserById, updateUser, type UserRow } from '../../shared/accounts/users.queries';
import { deleteSessionsOfUser } from './auth.queries';
import { accountDigest } from './device-cookie';

/**
 * Password reset, e-mail verification and the confirmation of a new address: the links of account e-mails
 * (docs/product/accounts.md#password-reset, docs/product/accounts.md#e-mail-verification,
 * docs/decisions/0052-account-links-verification-and-sessions.md).
 */

/** The per-address counter of reset requests: a digest of the address, as the sign-in counters name it. */
export const resetCounterKey = (email: string) => `reset:${accountDigest(email)}`;

/**
 * POST /api/auth/password-reset, after its limits: the same work whatever the address, so neither the answer nor its
 * time tells whether an account has it: one lookup by the unique index (as long for a miss as for a hit) and one job,
 * carrying the account's id or null (never the address typed: the queue's rows hold ids only). The job, off the
 * request's path, makes the link and its e-mail, or does nothing.
 */
export async function queuePasswordReset(app: FastifyInstance, email: string): Promise<void> {
  const user = await findUserByEmail(app.db, email);
  await app.jobs.send('auth.password-reset', { userId: user?.id ?? null });
}

/**
 * The job behind POST /api/auth/password-reset: for an account, a reset link for its address and the e-mail carrying
 * it, in the job's transaction; for none (the address had no account, or it is gone since), nothing.
 */
export async function sendPasswordResetLink(
  app: FastifyInstance,
  tx: DbExecutor,
  userId: string | null,
): Promise<void> {
  const user = userId ? await findUserById(tx, userId) : null;
  if (!user) return;
  const token = await issueAccountToken(tx, { userId: user.id, purpose: 'password_reset', email: user.email });
  await app.mailer.enqueue(tx, {
    kind: 'password_reset',
    userId: user.id,
    to: user.email,
    ...passwordResetEmail(
      { id: user.id, email: user.email, firstName: user.firstName, hasPassword: user.passwordHash !== null },
      accountLink(app, RESET_PASSWORD_PATH, token),
    ),
  });
}

/**
 * A reset link that works: its row, and the account, whose address must still be the one the link was sent to (a
 * link sent before the address changed opens nothing). A 400 with the link's sentence otherwise.
 */
async function workingResetLink(
  db: DbExecutor,
  token: string,
  lock = false,
): Promise<{ link: AccountTokenRow; user: UserRow }> {
  const check = await checkAccountToken(db, token, ['password_reset'], { lock });
  if (!check.ok) throw badRequest(check.message);
  const user = await findUserById(db, check.row.userId);
  if (!user || !sameAddress(user.email, check.row.email)) throw badRequest(ACCOUNT_MESSAGES.linkInvalid);
  return { link: check.row, user };
}

/** POST /api/auth/password-reset/check: the address a working reset link is for. */
export async function checkPasswordResetLink(app: FastifyInstance, token: string): Promise<string> {
  return (await workingResetLink(app.db, token)).user.email;
}

/**
 * POST /api/auth/password-reset/confirm: checks the link, then the new password (the rules of a new password, the
 * common list), hashes it outside any transaction, and in one transaction: uses the link up (and every other reset
 * link of the account), stores the password (a Google-only account now has one too), marks the address verified (the
 * link proved it), ends every session of the account and runs `signIn` (the route starts this browser's session).
 */
export async function confirmPasswordReset(
  app: FastifyInstance,
  body: PasswordResetConfirmBody,
  signIn: (tx: DbExecutor, user: UserRow) => Promise<unknown>,
): Promise<UserRow> {
  const { user } = await workingResetLink(app.db, body.token);
  await assertNewPasswordAllowed(body.new_password, user.email);
  const passwordHash = await hashPassword(body.new_password);
  return app.db.transaction(async (tx) => {
    // Locked and checked again: two uses of one link at once, the second waits and finds it used.
    const { user: current } = await workingResetLink(tx, body.token, true);
    await useUpAccountTokens(tx, current.id, 'password_reset');
    const updated = await updateUser(tx, current.id, { passwordHash, authProvider: 'email' });
    await markEmailVerified(tx, current.id);
    await deleteSessionsOfUser(tx, current.id);
    await signIn(tx, updated!);
    return { ...updated!, emailVerified: true };
  });
}

/** Whether a unique index refused the write (an address taken meanwhile). */
function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined, depth = 0; e && depth < 3; depth++) {
    if (e.code === '23505') return true;
    e = e.cause as typeof e;
  }
  return false;
}

/**
 * POST /api/auth/verify-email: a verification link verifies the address it was sent to (if it is still the
 * account's); a confirmation link makes its new address the account's (verified, since the link was opened from it),
 * tells the old address, and uses up every pending change and verification. One transaction; the link's row is
 * locked, so a link works once. A new address another account took meanwhile answers 409 as sign-up does.
 */
export async function verifyEmailLink(
  app: FastifyInstance,
  token: string,
  supportEmail: string,
): Promise<VerifyEmailResponse> {
  try {
    return await app.db.transaction(async (tx) => {
      const check = await checkAccountToken(tx, token, ['email_verification', 'email_change'], { lock: true });
      if (!check.ok) throw badRequest(check.message);
      const link = check.row;
      const user = await findUserById(tx, link.userId);
      if (!user) throw badRequest(ACCOUNT_MESSAGES.linkInvalid);

      if (link.purpose === 'email_verification') {
        // A link sent to an address the account no longer has verifies nothing.
        if (!sameAddress(user.email, link.email)) throw badRequest(ACCOUNT_MESSAGES.linkInvalid);
        await useUpAccountTokens(tx, user.id, 'email_verification');
        await markEmailVerified(tx, user.id);
        return {
          success: true as const,
          message: ACCOUNT_MESSAGES.verified,
          purpose: 'verification' as const,
          email: user.email,
        };
      }

      const taken = await findUserByEmail(tx, link.email);
      if (taken && taken.id !== user.id) throw new HttpError(409, AUTH_MESSAGES.emailTaken);
      await useUpAccountTokens(tx, user.id, 'email_change');
      await useUpAccountTokens(tx, user.id, 'email_verification');
      await updateUser(tx, user.id, { email: link.email });
      await markEmailVerified(tx, user.id);
      await app.mailer.enqueue(tx, {
        kind: 'email_changed',
        userId: user.id,
        to: user.email,
        replyTo: supportEmail,
        ...emailChangedNotice({ id: user.id, email: user.email, firstName: user.firstName }, link.email, supportEmail),
      });
      return {
        success: true as const,
        message: ACCOUNT_MESSAGES.emailChanged(link.email),
        purpose: 'email_change' as const,
        email: link.email,
      };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, AUTH_MESSAGES.emailTaken);
    throw error;
  }
}

/** POST /api/auth/verify-email/resend: a new verification link for the signed-in account's address. */
export async function resendVerification(app: FastifyInstance, userId: string): Promise<string> {
  return app.db.transaction(async (tx) => {
    const user = await findUserById(tx, userId);
    if (!user) throw new HttpError(401, AUTH_MESSAGES.signInRequired);
    if (user.emailVerified) throw badRequest(ACCOUNT_MESSAGES.alreadyVerified);
    await queueVerificationEmail(app, tx, { id: user.id, email: user.email, firstName: user.firstName });
    return user.email;
  });
}
