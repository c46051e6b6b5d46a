/** The public invoice page's texts (docs/product/messages-and-limits.md#public-link-messages). */
export const PUBLIC_INVOICE_TEXTS = {
  loading: 'Loading invoice...',
  notFoundTitle: 'This link does not work',
  loadFailedTitle: 'The invoice could not be loaded',
  loadFailed: 'Please check your connection and try again.',
  downloaded: 'Invoice downloaded',
  downloadFailed: 'Failed to download the PDF',
  paymentQrTitle: 'Pay by bank transfer',
  /** As the PDF captions its code (qrCaption in packages/domain/src/document-labels/en.ts). */
  paymentQrCaption: 'Scan to pay with your banking app',
} as const;
