/**
 * The public invoice page's own texts (docs/product/messages-and-limits.md#public-link-messages); what the invoice prints
 * comes from the document's label catalogue, in its language (packages/domain/src/document-labels).
 */
export const PUBLIC_INVOICE_TEXTS = {
  loading: 'Loading invoice...',
  notFoundTitle: 'This link does not work',
  loadFailedTitle: 'The invoice could not be loaded',
  loadFailed: 'Please check your connection and try again.',
  downloaded: 'Invoice downloaded',
  downloadFailed: 'Failed to download the PDF',
} as const;
