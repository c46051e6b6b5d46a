import {
  authProvidersResponseSchema,
  authResponseSchema,
  type SigninBody,
  type SignupBody,
} from '@invoicer/domain/api/auth';
import { apiJson } from '../../../lib/api-client';

/** POST /api/auth/signup: 201 with the new user; the session cookie comes with it. */
export function signUp(body: SignupBody) {
  return apiJson('/api/auth/signup', { method: 'POST', body, schema: authResponseSchema });
}

/** POST /api/auth/signin */
export function signIn(body: SigninBody) {
  return apiJson('/api/auth/signin', { method: 'POST', body, schema: authResponseSchema });
}

/** Which sign-in methods this server offers (Google only when it is configured). */
export function fetchProviders() {
  return apiJson('/api/auth/providers', { schema: authProvidersResponseSchema });
}

/** Google sign-in is a full-page navigation: the server redirects to the provider and back to /auth/callback. */
export const GOOGLE_SIGN_IN_PATH = '/api/auth/google';
