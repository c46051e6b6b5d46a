import { z } from 'zod';
import { textSchema, userIdField } from './common';

/** The issue types and their labels, in the dropdown's order (docs/product/entities.md#support-request). */
export const SUPPORT_ISSUE_TYPES = [
  { value: 'missing-invoice', label: 'Invoice not generated or missing' },
  { value: 'duplicate-invoice', label: 'Duplicate invoice or charge' },
  { value: 'layout-issue', label: 'Layout or formatting issue' },
  { value: 'download-error', label: 'Download or Preview issue (PDF)' },
  { value: 'other', label: 'Other issue' },
] as const;

export type SupportIssueType = (typeof SUPPORT_ISSUE_TYPES)[number]['value'];
export const SUPPORT_ISSUE_TYPE_VALUES = SUPPORT_ISSUE_TYPES.map((t) => t.value) as [
  SupportIssueType,
  ...SupportIssueType[],
];

export const SUPPORT_DETAILS_MAX = 5_000;

export const SUPPORT_MESSAGES = {
  issueType: 'Please select an issue type',
  details: 'Please provide more details about the issue',
  detailsTooLong: `Details are too long (at most ${SUPPORT_DETAILS_MAX} characters)`,
  sent: 'Support request sent. We typically respond within 24 hours.',
} as const;

/** The label of an issue type, as the dropdown shows it. */
export function supportIssueLabel(value: SupportIssueType): string {
  return SUPPORT_ISSUE_TYPES.find((type) => type.value === value)?.label ?? value;
}

/**
 * POST /api/support. The client sends 'User' and a placeholder address when it knows neither;
 * the server answers from the session's own name and e-mail, so these are only bounded here.
 */
export const supportRequestBodySchema = z.object({
  issueType: z.enum(SUPPORT_ISSUE_TYPE_VALUES, { error: SUPPORT_MESSAGES.issueType }),
  details: textSchema('Details', SUPPORT_MESSAGES.details)
    .trim()
    .min(1, { error: SUPPORT_MESSAGES.details })
    .max(SUPPORT_DETAILS_MAX, { error: SUPPORT_MESSAGES.detailsTooLong }),
  name: textSchema('Name', 'Name must be text')
    .max(200, { error: 'Name is too long (at most 200 characters)' })
    .nullish()
    .transform((value) => value?.trim() || 'User'),
  email: textSchema('Email', 'Email must be text')
    .max(254, { error: 'Email is too long (at most 254 characters)' })
    .nullish()
    .transform((value) => value?.trim() ?? ''),
  userId: userIdField,
});
export type SupportRequestBody = z.infer<typeof supportRequestBodySchema>;

export const supportResponseSchema = z.object({ success: z.literal(true), message: z.string() });
export type SupportResponse = z.infer<typeof supportResponseSchema>;
