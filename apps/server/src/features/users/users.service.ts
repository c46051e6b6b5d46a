import { AUTH_MESSAGES, type User } from '@invoicer/domain/api/auth';
import {
  USER_MESSAGES,
  type ChangeEmailBody,
  type ChangePasswordBody,
  type DeleteAccountBody,
  type UpdateProfileBody,
} from '@invoicer/domain/api/users';
import type { UserSettings, UserSettingsBody } from '@invoicer/domain/api/reminders';
import type { AccountExportSettings } from '@invoicer/domain/api/account-export';
import type { FastifyInstance } from 'fastify';
import type { Database, DbExecutor } from '../../plugins/database';
import { badRequest, HttpError } from '../../plugins/errors';
import { accountLink, emailChangeEmail, VERIFY_EMAIL_PATH } from '../../shared/accounts/account-emails';
import { issueAccountToken, sameAddress, useUpAccountTokens } from '../../shared/accounts/account-tokens';
import { endOtherSessions, type AuthSession } from '../../plugins/session';
import { signInRequired, toUserProfile } from '../../shared/accounts/accounts.service';
import { readUserReminderSchedule, writeUserReminderSchedule } from '../../shared/reminder-settings';
import {
  readTemplateDefaults,
  writeTemplateDefaults,
  type TemplateDefaultsWrite,
} from '../../shared/template-defaults';
import type { InvoiceDefaults } from '@invoicer/domain/invoice-templates';
import { assertNewPasswordAllowed, hashPassword, verifyPassword } from '../../shared/accounts/passwords';
import {
  deleteUser,
  findUserByEmail,
  findUserById,
  replacePasswordHash,
  updateUser,
} from '../../shared/accounts/users.queries';

/**
 * The account settings: profile edits, password change and deletion. An account has a password
 * exactly when it signs in by e-mail (auth_provider 'email'); Google-only accounts (auth_provider
 * 'google') have none. Reading the profile and creating accounts are shared with sign-in
 * (shared/accounts/accounts.service.ts).
 */

/** First and last name (and the default currency); the e-mail address is not editable. */
export async function updateProfile(db: Database, userId: string, body: UpdateProfileBody): Promise<User> {
  const user = await updateUser(db, userId, {
    firstName: body.first_name,
    lastName: body.last_name,
    ...(body.default_currency ? { defaultCurrency: body.default_currency } : {}),
  });
  if (!user) throw signInRequired();
  return toUserProfile(user);
}

/**
 * Checks the current password, stores the new one and ends every other session of the user
 * (this one stays signed in), in one transaction. The update only applies if the hash is still
 * the one that was checked, so two concurrent changes cannot both win.
 */
export async function changePassword(db: Database, session: AuthSession, body: ChangePasswordBody): Promise<void> {
  const user = await findUserById(db, session.userId);
  if (!user) throw signInRequired();
  const currentHash = user.passwordHash;
  if (!currentHash) throw badRequest(USER_MESSAGES.noPasswordToChange);
  await assertNewPasswordAllowed(body.new_password, user.email);
  if (!(await verifyPassword(currentHash, body.current_password))) {
    throw badRequest(USER_MESSAGES.currentPasswordWrong);
  }
  const newHash = await hashPassword(body.new_password);
  await db.transaction(async (tx) => {
    if (!(await replacePasswordHash(tx, session.userId, currentHash, newHash))) {
      throw badRequest(USER_MESSAGES.currentPasswordWrong);
    }
    await endOtherSessions(tx, session.userId, session.idHash);
    // A reset link asked for before the change would undo it: the new password ends them.
    await useUpAccountTokens(tx, session.userId, 'password_reset');
  });
}

/**
 * POST /api/users/email (docs/product/settings.md#e-mail-address): checks the current password (an account without
 * one sets one first, through a reset link), refuses the account's own address and one another account has (409, as
 * sign-up does), and sends a confirmation link to the new address, in one transaction. Nothing about the account
 * changes until that link is opened (features/auth, POST /api/auth/verify-email). Answers the new address.
 */
export async function requestEmailChange(
  app: FastifyInstance,
  userId: string,
  body: ChangeEmailBody,
  /** Counts the e-mail against the account's hourly allowance; called once the request is known to be good. */
  countEmail: () => Promise<void>,
): Promise<string> {
  const user = await findUserById(app.db, userId);
  if (!user) throw signInRequired();
  if (!user.passwordHash) throw badRequest(USER_MESSAGES.emailChangeNeedsPassword);
  if (!(await verifyPassword(user.passwordHash, body.password))) throw badRequest(USER_MESSAGES.currentPasswordWrong);
  if (sameAddress(body.new_email, user.email)) {
    throw badRequest(USER_MESSAGES.emailUnchanged, [USER_MESSAGES.emailUnchanged]);
  }
  await countEmail();
  return app.db.transaction(async (tx) => {
    const taken = await findUserByEmail(tx, body.new_email);
    if (taken) throw new HttpError(409, AUTH_MESSAGES.emailTaken);
    const token = await issueAccountToken(tx, { userId, purpose: 'email_change', email: body.new_email });
    await app.mailer.enqueue(tx, {
      kind: 'email_change',
      userId,
      to: body.new_email,
      ...emailChangeEmail(
        { id: user.id, email: user.email, firstName: user.firstName },
        body.new_email,
        accountLink(app, VERIFY_EMAIL_PATH, token),
      ),
    });
    return body.new_email;
  });
}

/**
 * Deletes the account after its confirmation: the password, or for an account without one
 * (Google only) its e-mail address typed again. Every row of the user goes with it in the same
 * statement (foreign keys cascade from users), sessions included.
 */
export async function deleteAccount(db: Database, session: AuthSession, body: DeleteAccountBody): Promise<void> {
  const user = await findUserById(db, session.userId);
  if (!user) throw signInRequired();
  if (user.passwordHash) {
    if (body.password === undefined) throw badRequest(USER_MESSAGES.deletePasswordRequired);
    if (!(await verifyPassword(user.passwordHash, body.password))) throw badRequest(USER_MESSAGES.deletePasswordWrong);
  } else {
    if (body.confirm_email === undefined) throw badRequest(USER_MESSAGES.deleteEmailRequired);
    if (body.confirm_email.toLowerCase() !== user.email.trim().toLowerCase()) {
      throw badRequest(USER_MESSAGES.deleteEmailWrong);
    }
  }
  // One statement, so one transaction: the user and everything that cascades from it, or nothing.
  await deleteUser(db, user.id);
}

/** The account's settings (docs/product/reminders.md#the-schedule); defaults for what was never saved. */
export async function getSettings(db: DbExecutor, userId: string): Promise<UserSettings> {
  const reminders = await readUserReminderSchedule(db, userId);
  if (!reminders) throw signInRequired();
  return { reminders };
}

/**
 * Replaces the reminder schedule; the scheduler looks again at the account's sent invoices at its next pass, so a
 * change applies to them within a minute (one transaction).
 */
export async function updateSettings(db: Database, userId: string, body: UserSettingsBody): Promise<UserSettings> {
  const reminders = await db.transaction((tx) => writeUserReminderSchedule(tx, userId, body.reminders));
  if (!reminders) throw signInRequired();
  return { reminders };
}

/** Every account setting, as the account export's settings.json holds them. */
export async function getExportSettings(db: DbExecutor, userId: string): Promise<AccountExportSettings> {
  const [settings, template] = await Promise.all([getSettings(db, userId), getTemplateDefaults(db, userId)]);
  return { ...settings, invoice_template: template };
}

/**
 * The account's template, accent colour (docs/product/settings.md#invoice-templates), "Apply discounts before tax" and
 * default language (docs/decisions/0075-the-account-default-language.md).
 */
export async function getTemplateDefaults(db: DbExecutor, userId: string): Promise<InvoiceDefaults> {
  const defaults = await readTemplateDefaults(db, userId);
  if (!defaults) throw signInRequired();
  return defaults;
}

export async function setTemplateDefaults(
  db: Database,
  userId: string,
  body: TemplateDefaultsWrite,
): Promise<InvoiceDefaults> {
  const defaults = await writeTemplateDefaults(db, userId, body);
  if (!defaults) throw signInRequired();
  return defaults;
}
