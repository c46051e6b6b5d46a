import { ApiError } from '../../../lib/api-client';

/** The fetch wrapper's text when the server's answer carried no sentence of its own. */
const NO_SERVER_TEXT = /^FAIL: \d+$/;

/** Spec part 2 §8: the server's error text is preferred; otherwise the page's own sentence. */
export function failureMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.message && !NO_SERVER_TEXT.test(error.message)) return error.message;
  return fallback;
}

export const PROFILE_TOASTS = {
  profileUpdated: 'Profile updated successfully',
  profileFailed: 'Failed to update profile',
  passwordUpdated: 'Password updated successfully',
  passwordFailed: 'Failed to update password',
  accountDeleted: 'Account deleted successfully',
  accountDeleteFailed: 'Failed to delete account',
} as const;
