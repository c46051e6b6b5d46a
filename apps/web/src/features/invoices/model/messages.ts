/** The list's and the invoice page's texts (docs/product/messages-and-limits.md#invoice-list-and-page-messages). */
export const INVOICE_TOASTS = {
  loadFailed: 'Failed to load invoices',
  networkError: 'Network error occurred',
  deleted: 'Invoice deleted successfully',
  deleteFailed: 'Failed to delete invoice',
  statusFailed: 'Failed to update invoice status',
  downloaded: 'Invoice downloaded successfully',
  downloadFailed: 'Failed to download invoice',
  bulkDownloaded: (count: number) => `Downloaded ${count} invoice(s)`,
  bulkDownloadFailed: 'Failed to download invoices',
  detailLoadFailed: 'Failed to load invoice',
  previewFailed: 'Failed to generate preview',
  pdfFailed: 'Failed to download PDF',
  markPaidFailed: 'Failed to mark invoice as paid',
  notPdf: 'Invalid response format - expected PDF',
} as const;

/** The invoice page's public link and activity (docs/product/messages-and-limits.md#invoice-list-and-page-messages). */
export const LINK_TOASTS = {
  copied: 'Link copied',
  replaced: 'New link copied. The old link no longer works.',
  copyBlocked: 'The link is ready: copy it from the Public link panel.',
  turnedOff: 'Link turned off',
  shareFailed: 'Failed to create the link',
  replaceFailed: 'Failed to replace the link',
  turnOffFailed: 'Failed to turn off the link',
  activityFailed: 'Failed to load activity',
} as const;
