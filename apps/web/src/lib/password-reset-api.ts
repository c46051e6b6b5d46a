import { accountEmailSentResponseSchema } from '@invoicer/domain/api/auth';
import { apiJson } from './api-client';

/**
 * POST /api/auth/password-reset: a link to choose a password, e-mailed if an account has the address (the answer is
 * the same either way). Shared by the forgot-password page (features/auth) and Settings, where an account that signs
 * in with Google asks for a password (features/profile).
 */
export function requestPasswordReset(email: string) {
  return apiJson('/api/auth/password-reset', {
    method: 'POST',
    body: { email },
    schema: accountEmailSentResponseSchema,
  });
}
