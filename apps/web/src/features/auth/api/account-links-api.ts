import {
  accountEmailSentResponseSchema,
  passwordResetCheckResponseSchema,
  passwordResetConfirmResponseSchema,
  verifyEmailResponseSchema,
  type PasswordResetConfirmBody,
} from '@invoicer/domain/api/auth';
import { apiJson } from '../../../lib/api-client';

/** POST /api/auth/password-reset/check: the address a working reset link is for; 400 with the reason otherwise. */
export function checkResetLink(token: string) {
  return apiJson('/api/auth/password-reset/check', {
    method: 'POST',
    body: { token },
    schema: passwordResetCheckResponseSchema,
  });
}

/** POST /api/auth/password-reset/confirm: sets the password, ends every other session, signs this browser in. */
export function confirmPasswordReset(body: PasswordResetConfirmBody) {
  return apiJson('/api/auth/password-reset/confirm', {
    method: 'POST',
    body,
    schema: passwordResetConfirmResponseSchema,
  });
}

/** POST /api/auth/verify-email: a verification link, or the link that confirms a new address. */
export function verifyEmail(token: string) {
  return apiJson('/api/auth/verify-email', { method: 'POST', body: { token }, schema: verifyEmailResponseSchema });
}

/** POST /api/auth/verify-email/resend: a new verification link for the signed-in account. */
export function resendVerification() {
  return apiJson('/api/auth/verify-email/resend', { method: 'POST', schema: accountEmailSentResponseSchema });
}
