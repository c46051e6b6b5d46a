import { AUTH_MESSAGES, type User } from '@invoicer/domain/api/auth';
import {
  USER_MESSAGES,
  type ChangePasswordBody,
  type DeleteAccountBody,
  type UpdateProfileBody,
} from '@invoicer/domain/api/users';
import { isCurrencyCode } from '@invoicer/domain/currencies';
import type { Database, DbExecutor } from '../../plugins/database';
import { badRequest, HttpError } from '../../plugins/errors';
import { endOtherSessions, type AuthSession } from '../../plugins/session';
import { assertNewPasswordAllowed, hashPassword, verifyPassword } from './passwords';
import { deleteUser, findUserById, insertUser, replacePasswordHash, updateUser, type UserRow } from './users.queries';
import { insertNotification } from '../notifications/notifications.queries';

/**
 * Accounts: the profile the web app reads, creation (with the welcome notification), profile
 * edits, password change and deletion. An account has a password exactly when it signs in by
 * e-mail (auth_provider 'email'); Google-only accounts (auth_provider 'google') have none.
 */

export const WELCOME_NOTIFICATION = {
  type: 'success',
  title: 'Welcome to Invoicer!',
  message: 'Your account is ready. Create your first invoice to get started.',
  relatedEntityType: 'create',
} as const;

const signInRequired = () => new HttpError(401, AUTH_MESSAGES.signInRequired);

/** The user profile of the spec (part 1 §3), as every auth and user call answers it. */
export function toUserProfile(row: UserRow): User {
  const provider = row.authProvider === 'google' ? 'google' : 'email';
  const data = row.data && typeof row.data === 'object' && !Array.isArray(row.data) ? row.data : {};
  return {
    id: row.id,
    user_id: row.id,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    google_id: row.googleId,
    profile_picture_url: row.profilePictureUrl,
    auth_provider: provider,
    auth_method: provider,
    is_guest: false,
    email_verified: row.emailVerified,
    default_currency: isCurrencyCode(row.defaultCurrency) ? row.defaultCurrency : 'EUR',
    data: data as Record<string, unknown>,
    user_metadata: {
      avatar_url: row.profilePictureUrl,
      name: `${row.firstName} ${row.lastName}`.trim(),
    },
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export interface NewAccount {
  email: string;
  firstName: string;
  lastName: string;
  passwordHash: string | null;
  authProvider: 'email' | 'google';
  emailVerified: boolean;
  googleId?: string;
  profilePictureUrl?: string | null;
}

/** Creates the user and its welcome notification; run it inside the caller's transaction. */
export async function createAccount(tx: DbExecutor, account: NewAccount): Promise<UserRow> {
  const user = await insertUser(tx, {
    email: account.email,
    firstName: account.firstName,
    lastName: account.lastName,
    passwordHash: account.passwordHash,
    authProvider: account.authProvider,
    emailVerified: account.emailVerified,
    googleId: account.googleId ?? null,
    profilePictureUrl: account.profilePictureUrl ?? null,
  });
  await insertNotification(tx, { ...WELCOME_NOTIFICATION, userId: user.id });
  return user;
}

export async function getProfile(db: Database, userId: string): Promise<User> {
  const user = await findUserById(db, userId);
  if (!user) throw signInRequired();
  return toUserProfile(user);
}

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
