import { SUPPORT_DETAILS_MAX, supportRequestBodySchema, type SupportIssueType } from '@invoicer/domain/api/support';
import { ApiError } from '../../../lib/api-client';

/** The two fields the user fills in, with the server's own rules (docs/product/support.md#the-support-form). */
export const supportFormSchema = supportRequestBodySchema.pick({ issueType: true, details: true });
/** '' is 'Select an issue type'. */
export interface SupportFormFields {
  issueType: SupportIssueType | '';
  details: string;
}

/** The counter appears this close to the limit. */
export const SUPPORT_COUNTER_FROM = SUPPORT_DETAILS_MAX - 500;

export const SUPPORT_TEXT = {
  sendFailed: 'Failed to send support request',
  somethingWrong: 'Something went wrong. Please try again.',
  /** What is sent for a user without a name or an e-mail (docs/product/support.md#the-support-form). */
  anonymousName: 'User',
  placeholderEmail: 'no-reply@invoicer.app',
} as const;

/**
 * An unsuccessful answer shows the server's text; a thrown error its own message
 * (docs/product/messages-and-limits.md#support-messages).
 */
export function supportErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? SUPPORT_TEXT.sendFailed;
  return error instanceof Error && error.message ? error.message : SUPPORT_TEXT.somethingWrong;
}
