import { z } from 'zod';
import { currencyCodeSchema, requiredEmail, requiredText, textSchema, timestampSchema } from './common';

export const PASSWORD_MIN_LENGTH = 6;
/** Long enough for any passphrase; argon2 pre-hashes its input, so the length costs nothing measurable. */
export const PASSWORD_MAX_LENGTH = 1_000;
/** First and last names of an account (the issue: over 100 characters is refused, not truncated). */
export const PERSON_NAME_MAX_LENGTH = 100;

export const AUTH_MESSAGES = {
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 6 characters long',
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`,
  /** Six spaces were accepted (issue 13): a password needs something besides white space. */
  passwordBlank: 'Password cannot be only spaces',
  passwordIsEmail: 'Password cannot be your e-mail address',
  /** Checked by the server against a list of the most common passwords (not shipped to the browser). */
  passwordTooCommon: 'This password is one of the most common ones and easy to guess. Please choose another',
  /** Sign-in: the same sentence whether the e-mail or the password was wrong. */
  invalidCredentials: 'Invalid e-mail or password.',
  emailTaken: 'An account with this e-mail already exists.',
  /** 401 from every route that needs a session. */
  signInRequired: 'Please sign in to continue.',
  /** 403 when a request names another user (user_id in the query or body). */
  otherUser: 'You can only access your own account.',
  googleNotConfigured: 'Google sign-in is not set up on this server.',
} as const;

/** 429 of sign-in and sign-up, per address and per e-mail. */
export function tooManyAttemptsMessage(retryAfterMs: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return `Too many attempts. Please wait ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} and try again.`;
}

/** /auth?error=... values the server's Google callback (oauth_failed) and the callback page (oauth_timeout) set. */
export const OAUTH_ERRORS = ['oauth_failed', 'oauth_timeout'] as const;

/** The comparable form of a password or an address: NFC (as hashed), trimmed, lower case. */
const comparable = (value: string) => value.normalize('NFC').trim().toLowerCase();

/** True when the password is the account's e-mail address (any case, surrounding spaces ignored). */
export function isPasswordTheEmail(password: string, email: string): boolean {
  return email.trim() !== '' && comparable(password) === comparable(email);
}

/**
 * The rules of a new password that need no list, in the order they are reported: present, 6 to
 * 1,000 characters, not only white space, not the e-mail address (when known). The server adds
 * the common-password list (apps/server/src/shared/accounts/passwords.ts). Null when none is broken.
 */
export function newPasswordProblem(
  password: string,
  email?: string,
  requiredMessage: string = AUTH_MESSAGES.passwordRequired,
): string | null {
  if (password === '') return requiredMessage;
  if (password.length < PASSWORD_MIN_LENGTH) return AUTH_MESSAGES.passwordTooShort;
  if (password.length > PASSWORD_MAX_LENGTH) return AUTH_MESSAGES.passwordTooLong;
  if (password.trim() === '') return AUTH_MESSAGES.passwordBlank;
  if (email !== undefined && isPasswordTheEmail(password, email)) return AUTH_MESSAGES.passwordIsEmail;
  return null;
}

/** Every message a new password can be refused with, so a form can put the server's answer on the field. */
export const NEW_PASSWORD_MESSAGES: ReadonlySet<string> = new Set([
  AUTH_MESSAGES.passwordTooShort,
  AUTH_MESSAGES.passwordTooLong,
  AUTH_MESSAGES.passwordBlank,
  AUTH_MESSAGES.passwordIsEmail,
  AUTH_MESSAGES.passwordTooCommon,
]);

/** A new password: one message per failure (docs/product/messages-and-limits.md#sign-up-and-sign-in-messages). */
export const newPasswordSchema = (requiredMessage: string = AUTH_MESSAGES.passwordRequired, label = 'Password') =>
  textSchema(label, requiredMessage).superRefine((value, ctx) => {
    const problem = newPasswordProblem(value, undefined, requiredMessage);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/**
 * The e-mail rule across two fields of one form or body: the password at `passwordKey` must not be
 * the address at `emailKey` (sign-up: both in the body; change password: the account's address).
 */
export function refusePasswordEqualToEmail<T extends Record<string, unknown>>(
  passwordKey: keyof T & string,
  emailOf: (value: T) => string | undefined,
) {
  return (value: T, ctx: z.RefinementCtx) => {
    const password = value[passwordKey];
    const email = emailOf(value);
    if (typeof password === 'string' && email !== undefined && isPasswordTheEmail(password, email)) {
      ctx.addIssue({ code: 'custom', path: [passwordKey], message: AUTH_MESSAGES.passwordIsEmail });
    }
  };
}

/** An existing password: only presence is checked (and a cap, before hashing). */
export const existingPasswordSchema = (requiredMessage: string = AUTH_MESSAGES.passwordRequired, label = 'Password') =>
  textSchema(label, requiredMessage)
    .min(1, { error: requiredMessage })
    .max(PASSWORD_MAX_LENGTH, { error: AUTH_MESSAGES.passwordTooLong });

/** The fields of POST /api/auth/signup, for a form that adds its own (the terms box). */
export const signupFieldsSchema = z.object({
  first_name: requiredText('First name is required', 'First name', PERSON_NAME_MAX_LENGTH),
  last_name: requiredText('Last name is required', 'Last name', PERSON_NAME_MAX_LENGTH),
  email: requiredEmail,
  password: newPasswordSchema(),
});

/** POST /api/auth/signup: the fields, and a password that is not the e-mail address. */
export const signupBodySchema = signupFieldsSchema.superRefine(
  refusePasswordEqualToEmail<z.output<typeof signupFieldsSchema>>('password', (body) => body.email),
);
export type SignupBody = z.infer<typeof signupBodySchema>;

/** POST /api/auth/signin */
export const signinBodySchema = z.object({
  email: requiredEmail,
  password: existingPasswordSchema(),
});
export type SigninBody = z.infer<typeof signinBodySchema>;

export const AUTH_PROVIDERS = ['email', 'google'] as const;
export const authProviderSchema = z.enum(AUTH_PROVIDERS);
export type AuthProvider = z.infer<typeof authProviderSchema>;

/** The profile the app reads (docs/product/entities.md#user). user_id repeats id, as the old backend did. */
export const userSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  google_id: z.string().nullable(),
  profile_picture_url: z.string().nullable(),
  auth_provider: authProviderSchema,
  auth_method: authProviderSchema,
  is_guest: z.boolean(),
  email_verified: z.boolean(),
  /** The account's default currency (docs/product/settings.md#default-currency). */
  default_currency: currencyCodeSchema,
  data: z.record(z.string(), z.unknown()),
  user_metadata: z.object({ avatar_url: z.string().nullable(), name: z.string() }),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type User = z.infer<typeof userSchema>;

/** Answer of sign-up, sign-in, GET /api/users/{id} and the session check. */
export const userResponseSchema = z.object({ success: z.literal(true), user: userSchema });
export type UserResponse = z.infer<typeof userResponseSchema>;
export const authResponseSchema = userResponseSchema;
/** GET /api/auth/session: the signed-in user, or null for a guest (200 either way, so a guest's page load logs no error). */
export const sessionResponseSchema = z.object({ success: z.literal(true), user: userSchema.nullable() });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;
export type AuthResponse = UserResponse;

/** Which sign-in methods this server offers, so the Google button can say when it is not configured. */
export const authProvidersResponseSchema = z.object({ success: z.literal(true), google: z.boolean() });
export type AuthProvidersResponse = z.infer<typeof authProvidersResponseSchema>;
