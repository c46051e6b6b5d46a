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
  sendUnavailable: 'Sending invoices by e-mail is not available yet. Download the PDF and send it yourself for now.',
} as const;
