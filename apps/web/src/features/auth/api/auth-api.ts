import type { AuthProvidersResponse, AuthResponse, SigninBody, SignupBody } from '@invoicer/domain/api/auth';
import { apiJson } from '../../../lib/api-client';

/** POST /api/auth/signup: 201 with the new user; the session cookie comes with it. */
export function signUp(body: SignupBody): Promise<AuthResponse> {
  return apiJson<AuthResponse>('/api/auth/signup', { method: 'POST', body });
}

/** POST /api/auth/signin */
export function signIn(body: SigninBody): Promise<AuthResponse> {
  return apiJson<AuthResponse>('/api/auth/signin', { method: 'POST', body });
}

/** Which sign-in methods this server offers (Google only when it is configured). */
export function fetchProviders(): Promise<AuthProvidersResponse> {
  return apiJson<AuthProvidersResponse>('/api/auth/providers');
}

/** Google sign-in is a full-page navigation: the server redirects to the provider and back to /auth/callback. */
export const GOOGLE_SIGN_IN_PATH = '/api/auth/google';
