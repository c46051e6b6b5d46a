/** What the payments section says on its own (the rules' messages come from packages/domain/src/api/payments.ts). */
export const PAYMENT_TEXTS = {
  loadFailed: 'Payments could not be loaded.',
  recordFailed: 'The payment could not be recorded. Please try again.',
  deleteFailed: 'The payment could not be deleted. Please try again.',
  recorded: 'Payment recorded',
  recordedPaid: 'Payment recorded. The invoice is paid in full.',
  deleted: 'Payment deleted',
  none: 'No payments recorded yet.',
  paidInFull: 'Paid in full',
  draftNote: 'This invoice is a draft: recording a payment marks it as sent (or paid, when it covers the total).',
  markedAsPaid: 'Recorded by Mark as Paid',
} as const;
