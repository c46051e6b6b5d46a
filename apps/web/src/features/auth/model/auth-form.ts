import { refusePasswordEqualToEmail, signinBodySchema, signupFieldsSchema } from '@invoicer/domain/api/auth';
import { z } from 'zod';
import { ApiError } from '../../../lib/api-client';

export type AuthMode = 'login' | 'signup';

export const TERMS_REQUIRED = 'Please accept the Terms of Service and Privacy Policy';

const signupFormFields = signupFieldsSchema.extend({
  terms: z.boolean().refine((accepted) => accepted, { error: TERMS_REQUIRED }),
});
export type SignupFormValues = z.output<typeof signupFormFields>;

/**
 * Sign-up: the server's own fields and password rules (not only spaces, not the e-mail address), plus the terms the
 * form asks to accept (docs/product/accounts.md#the-sign-in-and-sign-up-form). The common-password list is the
 * server's; its refusal shows in the form's error box like any server message.
 */
export const signupFormSchema = signupFormFields.superRefine(
  refusePasswordEqualToEmail<SignupFormValues>('password', (values) => values.email),
);

/** Sign-in: exactly the server's body schema. */
export const signinFormSchema = signinBodySchema;

/** Every field either mode shows; sign-in reads only e-mail and password. */
export interface AuthFormFields {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  terms: boolean;
}

export const EMPTY_AUTH_FORM: AuthFormFields = { first_name: '', last_name: '', email: '', password: '', terms: false };

/**
 * The red box's text (docs/product/messages-and-limits.md#sign-up-and-sign-in-messages): the server's error, else
 * 'Authentication failed'; a thrown failure (no answer at all) shows its own message, else 'An error occurred during
 * authentication'.
 */
export function authErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? 'Authentication failed';
  if (error instanceof Error && error.message) return error.message;
  return 'An error occurred during authentication';
}

/** What /auth?error=... says. The server's Google callback sets oauth_failed; the callback page sets oauth_timeout. */
export function oauthErrorMessage(code: string | null): string | null {
  switch (code) {
    case 'oauth_failed':
      return 'Google sign-in failed. Please try again, or sign in with your e-mail and password.';
    case 'oauth_timeout':
      return 'Google sign-in did not finish in time. Please try again.';
    default:
      return null;
  }
}
