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

// ---- Password reset and e-mail verification (docs/product/accounts.md#password-reset) ----------------------------

/** Links of account e-mails: how long each works (docs/decisions/0052-account-links-verification-and-sessions.md). */
export const ACCOUNT_LINK_LIFETIME_HOURS = {
  password_reset: 1,
  email_verification: 7 * 24,
  email_change: 24,
} as const;
export type AccountLinkPurpose = keyof typeof ACCOUNT_LINK_LIFETIME_HOURS;

/**
 * A link's token: 12 random bytes naming the row and 32 more checked against its stored hash, base64url (16 + 43
 * characters). Anything else is a link that is not valid, answered exactly like an unknown one.
 */
export const ACCOUNT_TOKEN_PATTERN = /^[A-Za-z0-9_-]{59}$/;
/** More than any token, so a pasted address with a few extra characters still reaches the "not valid" answer. */
const ACCOUNT_TOKEN_MAX_LENGTH = 200;

export const ACCOUNT_MESSAGES = {
  /** A link whose token matches no row (or is malformed, or is for something else). */
  linkInvalid: 'This link is not valid. Check that you opened the whole link from the e-mail, or ask for a new one.',
  linkExpired: 'This link has expired. Please ask for a new one.',
  linkUsed: 'This link has already been used. Please ask for a new one if you still need it.',
  tokenRequired: 'The link is missing its code. Open the whole link from the e-mail.',
  /** POST /api/auth/password-reset, whatever the address (no enumeration). */
  resetRequested:
    'If an account uses this address, we have sent it a link to choose a new password. The link works for one hour.',
  resetDone: 'Your password has been changed. You are signed in, and every other session was signed out.',
  newPasswordsDoNotMatch: 'New passwords do not match',
  verified: 'Your e-mail address is verified. Thank you!',
  alreadyVerified: 'Your e-mail address is already verified.',
  emailChanged: (email: string) => `Your e-mail address is now ${email}.`,
  verificationSent: (email: string) => `We sent a new verification link to ${email}. It works for 7 days.`,
} as const;

/** 429 of the account e-mails (reset, verification, address change): per address or per account, and per client. */
export function tooManyAccountEmailsMessage(retryAfterMs: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return `Too many e-mails were asked for. Please wait ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} and try again.`;
}

/** The token of a link: required; its form is checked by the server, which answers a malformed one as not valid. */
const accountTokenSchema = textSchema('Token', ACCOUNT_MESSAGES.tokenRequired)
  .trim()
  .min(1, { error: ACCOUNT_MESSAGES.tokenRequired })
  .max(ACCOUNT_TOKEN_MAX_LENGTH, { error: ACCOUNT_MESSAGES.linkInvalid });

/** POST /api/auth/password-reset: the address to send a link to. */
export const passwordResetBodySchema = z.object({ email: requiredEmail });
export type PasswordResetBody = z.infer<typeof passwordResetBodySchema>;

/** POST /api/auth/password-reset/check and POST /api/auth/verify-email: a link's token. */
export const accountTokenBodySchema = z.object({ token: accountTokenSchema });
export type AccountTokenBody = z.infer<typeof accountTokenBodySchema>;

/** POST /api/auth/password-reset/confirm */
export const passwordResetConfirmBodySchema = z.object({
  token: accountTokenSchema,
  new_password: newPasswordSchema(undefined, 'New password'),
});
export type PasswordResetConfirmBody = z.infer<typeof passwordResetConfirmBodySchema>;

/** The reset page's form: the new password twice (the token travels beside it). */
export const resetPasswordFormSchema = z
  .object({
    new_password: newPasswordSchema(undefined, 'New password'),
    confirm_password: textSchema('Confirm password', ACCOUNT_MESSAGES.newPasswordsDoNotMatch),
  })
  .refine((form) => form.new_password === form.confirm_password, {
    path: ['confirm_password'],
    error: ACCOUNT_MESSAGES.newPasswordsDoNotMatch,
  });
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

/** 202 of POST /api/auth/password-reset and POST /api/auth/verify-email/resend. */
export const accountEmailSentResponseSchema = z.object({ success: z.literal(true), message: z.string() });
export type AccountEmailSentResponse = z.infer<typeof accountEmailSentResponseSchema>;

/** POST /api/auth/password-reset/check: the link works; the address it resets (the page shows it, password managers keep it). */
export const passwordResetCheckResponseSchema = z.object({ success: z.literal(true), email: z.string() });
export type PasswordResetCheckResponse = z.infer<typeof passwordResetCheckResponseSchema>;

/** POST /api/auth/password-reset/confirm: the new password is set and this browser signed in as the user. */
export const passwordResetConfirmResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  user: userSchema,
});
export type PasswordResetConfirmResponse = z.infer<typeof passwordResetConfirmResponseSchema>;

/** POST /api/auth/verify-email: what the link did, and the address the account has now. */
export const verifyEmailResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  /** `verification`: the address is verified; `email_change`: the account's address is now `email`. */
  purpose: z.enum(['verification', 'email_change']),
  email: z.string(),
});
export type VerifyEmailResponse = z.infer<typeof verifyEmailResponseSchema>;
