import { AUTH_MESSAGES, tooManyAttemptsMessage, type SigninBody, type SignupBody } from '@invoicer/domain/api/auth';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import type { Database, DbExecutor } from '../../plugins/database';
import { HttpError } from '../../plugins/errors';
import { consumeRateLimit, refundRateLimit } from '../../plugins/rate-limit';
import { assertNewPasswordAllowed, hashPassword, needsRehash, verifyPassword } from '../../shared/accounts/passwords';
import { findUserByEmail, findUserByGoogleId, updateUser, type UserRow } from '../../shared/accounts/users.queries';
import { createAccount } from '../../shared/accounts/accounts.service';
import { recheckAccountReminders } from '../../shared/reminder-settings';
import { deleteSessionsOfUser } from './auth.queries';
import { accountDigest, knownDevice } from './device-cookie';
import { GoogleSignInError, type GoogleIdentity } from './google';

/** Failed sign-ins per account (untrusted clients) and per known device are counted over this window. */
export const FAILED_SIGN_IN_WINDOW_MS = 15 * 60_000;

export interface SignInAttempt {
  /** The e-mail's account digest (the device cookie's and the counters' name for it). */
  account: string;
  /** This browser's device id for the account, or null when it never signed in to it. */
  device: string | null;
  /** The sign-in succeeded: the attempt does not count (only failures do). */
  succeeded(): Promise<void>;
}

/**
 * The sign-in lock-out of ADR 0013 (OWASP device cookies). A browser with a genuine device
 * cookie for the account counts its attempts against that device; any other client counts
 * against the account's untrusted clients. Past `max` in the window the attempt answers 429
 * before the password is even checked, so another client's failures never lock out the owner's
 * browser. The attempt is counted first (so parallel guesses cannot slip past the limit) and
 * given back when it succeeds, so only failures count. The counters hold digests, no address.
 */
export async function beginSignInAttempt(
  pool: pg.Pool,
  request: FastifyRequest,
  reply: FastifyReply,
  email: string,
  max: number,
  deviceKey: Buffer,
): Promise<SignInAttempt> {
  const account = accountDigest(email);
  const device = knownDevice(request, deviceKey, account);
  const counter = device ? `auth-device:${device}` : `auth-email:${account}`;
  const { count, ttlMs } = await consumeRateLimit(pool, counter, FAILED_SIGN_IN_WINDOW_MS);
  if (count > max) {
    reply.header('Retry-After', String(Math.max(1, Math.ceil(ttlMs / 1000))));
    throw new HttpError(429, tooManyAttemptsMessage(ttlMs));
  }
  return { account, device, succeeded: () => refundRateLimit(pool, counter) };
}

function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined, depth = 0; e && depth < 3; depth++) {
    if (e.code === '23505') return true;
    e = e.cause as typeof e;
  }
  return false;
}

/**
 * Creates an e-mail account (with its welcome notification) and runs `then` in the same
 * transaction (the caller starts the session there). A taken e-mail answers 409 and says
 * nothing else.
 */
export async function signUp(
  db: Database,
  body: SignupBody,
  then: (tx: DbExecutor, user: UserRow) => Promise<unknown>,
): Promise<UserRow> {
  await assertNewPasswordAllowed(body.password, body.email);
  const passwordHash = await hashPassword(body.password);
  try {
    return await db.transaction(async (tx) => {
      const user = await createAccount(tx, {
        email: body.email,
        firstName: body.first_name,
        lastName: body.last_name,
        passwordHash,
        authProvider: 'email',
        emailVerified: false,
      });
      await then(tx, user);
      return user;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, AUTH_MESSAGES.emailTaken);
    throw error;
  }
}

/**
 * The user whose e-mail and password these are. Unknown e-mail, Google-only account and wrong
 * password all answer the same 401 after the same amount of hashing work.
 */
export async function authenticate(db: Database, body: SigninBody): Promise<UserRow> {
  const user = await findUserByEmail(db, body.email);
  const valid = await verifyPassword(user?.passwordHash, body.password);
  if (!user || !valid) throw new HttpError(401, AUTH_MESSAGES.invalidCredentials);
  if (user.passwordHash && needsRehash(user.passwordHash)) {
    const rehashed = await hashPassword(body.password);
    return (await updateUser(db, user.id, { passwordHash: rehashed })) ?? user;
  }
  return user;
}

/**
 * The account a verified Google identity signs into:
 * 1. the user already linked to this Google subject;
 * 2. else the user with the same e-mail address, which gets linked. If that account's address
 *    was never verified (e-mail sign-ups are not), whoever set its password never proved they
 *    own the address, while Google just did: the password is removed and the account's other
 *    sessions end, so an account pre-registered with someone else's address cannot be kept by
 *    its registrant (pre-hijacking). From then on it signs in with Google;
 * 3. else a new account (auth_provider 'google', no password).
 */
export async function signInWithGoogle(db: Database, identity: GoogleIdentity): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const linked = await findUserByGoogleId(tx, identity.sub);
    if (linked) return linked;

    const sameEmail = await findUserByEmail(tx, identity.email, true);
    if (sameEmail) {
      if (sameEmail.googleId) throw new GoogleSignInError('e-mail already linked to another Google account');
      const takeOver = sameEmail.passwordHash !== null && !sameEmail.emailVerified;
      const user = await updateUser(tx, sameEmail.id, {
        googleId: identity.sub,
        emailVerified: true,
        profilePictureUrl: sameEmail.profilePictureUrl ?? identity.pictureUrl,
        ...(takeOver ? { passwordHash: null, authProvider: 'google' } : {}),
      });
      if (takeOver) await deleteSessionsOfUser(tx, sameEmail.id);
      // Google proved the address: reminders that waited for a verified address are looked at again.
      if (!sameEmail.emailVerified) await recheckAccountReminders(tx, sameEmail.id);
      return user!;
    }

    return createAccount(tx, {
      email: identity.email,
      firstName: identity.firstName,
      lastName: identity.lastName,
      passwordHash: null,
      authProvider: 'google',
      emailVerified: true,
      googleId: identity.sub,
      profilePictureUrl: identity.pictureUrl,
    });
  });
}
