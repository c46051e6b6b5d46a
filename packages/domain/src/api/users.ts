import { z } from 'zod';
import {
  PASSWORD_MAX_LENGTH,
  PERSON_NAME_MAX_LENGTH,
  existingPasswordSchema,
  newPasswordSchema,
  refusePasswordEqualToEmail,
  userSchema,
} from './auth';
import {
  TEXT_LIMITS,
  currencyInputSchema,
  requiredEmail,
  requiredText,
  textSchema,
  timestampSchema,
  userIdField,
} from './common';

export const USER_MESSAGES = {
  currentPasswordRequired: 'Please enter your current password',
  currentPasswordWrong: 'Current password is incorrect.',
  passwordsDoNotMatch: 'New passwords do not match',
  /** PUT /api/users/password for an account that signs in with Google only. */
  noPasswordToChange: 'This account signs in with Google and has no password to change.',
  deletePasswordRequired: 'Please enter your password to confirm account deletion',
  deletePasswordWrong: 'The password is incorrect. Your account was not deleted.',
  /** Accounts without a password (Google only) confirm deletion by typing their e-mail address. */
  deleteEmailRequired: 'This account signs in with Google: type your e-mail address to confirm account deletion.',
  deleteEmailWrong: 'The e-mail address does not match this account. Your account was not deleted.',
  /** POST /api/users/email */
  emailChangeSent: (email: string) =>
    `We sent a confirmation link to ${email}. Your address changes when you open it (within 24 hours).`,
  emailUnchanged: 'That is already your e-mail address.',
  emailChangeNeedsPassword:
    'This account signs in with Google and has no password yet. Set one first with "Send me a link to set a password", then change the address.',
  /** Sessions (GET/DELETE /api/users/sessions). */
  sessionNotFound: 'This session has already ended.',
  sessionEnded: 'The session was signed out.',
  signedOutHere: 'You are signed out.',
  otherSessionsEnded: (count: number) =>
    count === 0
      ? 'There were no other sessions to sign out.'
      : `Signed out of ${count} other ${count === 1 ? 'session' : 'sessions'}.`,
} as const;

/** PUT /api/users/profile. Email is not editable (docs/product/settings.md#profile). */
export const updateProfileBodySchema = z.object({
  user_id: userIdField,
  first_name: requiredText('First name is required', 'First name', PERSON_NAME_MAX_LENGTH),
  last_name: requiredText('Last name is required', 'Last name', PERSON_NAME_MAX_LENGTH),
  default_currency: currencyInputSchema,
});
export type UpdateProfileBody = z.infer<typeof updateProfileBodySchema>;

export const updateProfileResponseSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  user: userSchema,
});
export type UpdateProfileResponse = z.infer<typeof updateProfileResponseSchema>;

/** PUT /api/users/password */
export const changePasswordBodySchema = z.object({
  user_id: userIdField,
  current_password: existingPasswordSchema(USER_MESSAGES.currentPasswordRequired, 'Current password'),
  new_password: newPasswordSchema(undefined, 'New password'),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

const changePasswordFormObject = z.object({
  current_password: existingPasswordSchema(USER_MESSAGES.currentPasswordRequired, 'Current password'),
  new_password: newPasswordSchema(undefined, 'New password'),
  confirm_password: textSchema('Confirm password', USER_MESSAGES.passwordsDoNotMatch),
});
export type ChangePasswordForm = z.infer<typeof changePasswordFormObject>;

/**
 * The Change Password modal: the body plus the confirmation the browser checks, and, when the
 * account's address is given, the rule that the new password is not that address (the server
 * checks it too, with the common-password list the browser does not load).
 */
export const changePasswordFormSchemaFor = (email?: string) =>
  changePasswordFormObject
    .refine((form) => form.new_password === form.confirm_password, {
      path: ['confirm_password'],
      error: USER_MESSAGES.passwordsDoNotMatch,
    })
    .superRefine(refusePasswordEqualToEmail<ChangePasswordForm>('new_password', () => email));
export const changePasswordFormSchema = changePasswordFormSchemaFor();

/**
 * DELETE /api/users/delete (docs/product/settings.md#delete-account). An account with a password confirms with it; an account
 * that signs in with Google only has none and confirms by typing its e-mail address instead
 * (`confirm_email`). Which one applies: `auth_provider` of the user ('google' means no password).
 */
export const deleteAccountBodySchema = z
  .object({
    user_id: userIdField,
    password: textSchema('Password', USER_MESSAGES.deletePasswordRequired)
      .max(PASSWORD_MAX_LENGTH, { error: `Password must be at most ${PASSWORD_MAX_LENGTH} characters long` })
      .nullish()
      .transform((value) => value || undefined),
    confirm_email: textSchema('Confirm email', 'The confirmation e-mail must be text.')
      .trim()
      .max(TEXT_LIMITS.email, { error: `Email is too long (at most ${TEXT_LIMITS.email} characters).` })
      .nullish()
      .transform((value) => value || undefined),
  })
  .superRefine((body, ctx) => {
    if (body.password === undefined && body.confirm_email === undefined) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: USER_MESSAGES.deletePasswordRequired });
    }
  });
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;

/**
 * POST /api/users/email (docs/product/settings.md#e-mail-address): the new address and the current password. The
 * address changes only when the link sent to it is opened.
 */
export const changeEmailBodySchema = z.object({
  user_id: userIdField,
  new_email: requiredEmail,
  password: existingPasswordSchema(USER_MESSAGES.currentPasswordRequired, 'Current password'),
});
export type ChangeEmailBody = z.infer<typeof changeEmailBodySchema>;

/** A signed-in browser (docs/product/accounts.md#signed-in-devices). The stored hash of its cookie never leaves the server. */
export const sessionInfoSchema = z.object({
  /** An opaque id, only for DELETE /api/users/sessions/{id}. */
  id: z.string(),
  /** The browser and system in words, read from its user agent ("Chrome on Windows"). */
  device: z.string(),
  created_at: timestampSchema,
  /** When it was last used, to the hour: renewed at most once an hour. */
  last_seen_at: timestampSchema,
  /** The session of the browser asking. */
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

/** GET /api/users/sessions: this one first, then the most recently used. */
export const sessionsResponseSchema = z.object({ success: z.literal(true), sessions: z.array(sessionInfoSchema) });
export type SessionsResponse = z.infer<typeof sessionsResponseSchema>;

/** DELETE /api/users/sessions/{id}: `signed_out` when it was this browser's own. */
export const endSessionResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  signed_out: z.boolean(),
});
export type EndSessionResponse = z.infer<typeof endSessionResponseSchema>;

/** DELETE /api/users/sessions: every other session ended, this one kept. */
export const endOtherSessionsResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  ended: z.number(),
});
export type EndOtherSessionsResponse = z.infer<typeof endOtherSessionsResponseSchema>;

// PUT /api/users/password and DELETE /api/users/delete answer okResponseSchema (./common);
// GET /api/users/{id} answers userResponseSchema (./auth).
