import { AUTH_MESSAGES, type User } from '@invoicer/domain/api/auth';
import { isCurrencyCode } from '@invoicer/domain/currencies';
import type { DbExecutor } from '../../plugins/database';
import { HttpError } from '../../plugins/errors';
import { insertNotification, welcomeNotification } from '../notifications';
import { recheckAccountReminders } from '../reminder-settings';
import { findUserById, insertUser, markUserVerified, type UserRow } from './users.queries';

/**
 * Accounts as sign-in (auth) and the account settings (users) both need them: the profile every
 * auth and user call answers, and creation with the welcome notification.
 */

export const signInRequired = () => new HttpError(401, AUTH_MESSAGES.signInRequired);

/** The user profile (docs/product/entities.md#user), as every auth and user call answers it. */
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
  await insertNotification(tx, welcomeNotification({ userId: user.id }));
  return user;
}

export async function getProfile(db: DbExecutor, userId: string): Promise<User> {
  const user = await findUserById(db, userId);
  if (!user) throw signInRequired();
  return toUserProfile(user);
}

/**
 * The account's address is proven (a verification link, a password reset link, a new address confirmed, Google):
 * `email_verified` becomes true, and if it was not, the scheduler looks again at the account's invoices, whose
 * reminders waited for it (docs/decisions/0052-account-links-verification-and-sessions.md). In the caller's
 * transaction.
 */
export async function markEmailVerified(tx: DbExecutor, userId: string): Promise<void> {
  if (await markUserVerified(tx, userId)) await recheckAccountReminders(tx, userId);
}
