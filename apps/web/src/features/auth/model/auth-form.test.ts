import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { authErrorMessage, oauthErrorMessage, signupFormSchema, TERMS_REQUIRED } from './auth-form';

describe('the sign-in and sign-up form', () => {
  it("shows the server's sentence, 'Authentication failed' without one, a thrown error's own message", () => {
    expect(authErrorMessage(new ApiError(401, 'Invalid email or password'))).toBe('Invalid email or password');
    expect(authErrorMessage(new ApiError(500, null))).toBe('Authentication failed');
    expect(authErrorMessage(new TypeError('Failed to fetch'))).toBe('Failed to fetch');
    expect(authErrorMessage(undefined)).toBe('An error occurred during authentication');
  });

  it('asks to accept the terms on sign-up, with the server rules for the rest', () => {
    const base = {
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      password: 'correct horse battery',
    };
    expect(signupFormSchema.safeParse({ ...base, terms: true }).success).toBe(true);
    const refused = signupFormSchema.safeParse({ ...base, terms: false });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => issue.message)).toContain(TERMS_REQUIRED);
  });

  it('explains the Google callback errors it knows, and nothing else', () => {
    expect(oauthErrorMessage('oauth_failed')).toMatch(/^Google sign-in failed/);
    expect(oauthErrorMessage('oauth_timeout')).toMatch(/did not finish in time/);
    expect(oauthErrorMessage('anything')).toBeNull();
    expect(oauthErrorMessage(null)).toBeNull();
  });
});
