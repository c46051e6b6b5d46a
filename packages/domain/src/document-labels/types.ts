/**
 * Every fixed string an invoice prints (the PDF, its preview, the amount-due summary and the public invoice page),
 * in one language.
 * Each language's module exports one of these, so a label missing in any language is a type error
 * (docs/decisions/0061-the-document-language.md). Labels with a value in them are functions, so each
 * language puts the value where its grammar wants it.
 */
export interface DocumentLabels {
  /** The title at the top right, in capitals where the script has them. */
  invoice: string;
  /** Under the title: "#0001". */
  invoiceNumber: (number: string) => string;
  issued: string;
  due: string;
  /** The sender's block. */
  from: string;
  /** The client's block beside the sender's (Modern, Minimal). */
  to: string;
  /** The client's block when the sender is in the letterhead (Classic). */
  billTo: string;
  item: string;
  quantity: string;
  rate: string;
  amount: string;
  subtotal: string;
  tax: string;
  discount: string;
  shipping: string;
  /** VAT mode: the amount VAT is taken of, after the discount and with shipping (EN 16931 BT-109). */
  netTotal: string;
  /** VAT mode, one row per VAT category and rate: "VAT 19% of €1,000.00" (rate and taxable amount formatted). */
  vatGroup: (rate: string, base: string) => string;
  /**
   * VAT mode: what an exempt category's VAT group says when no line gave a reason (EN 16931 BT-120), on the PDF and
   * in the e-invoice alike: exempt (E), reverse charge (AE), intra-community supply (K), export (G), outside the
   * scope of VAT (O).
   */
  vatExempt: string;
  vatReverseCharge: string;
  vatIntraCommunity: string;
  vatExport: string;
  vatOutsideScope: string;
  total: string;
  amountPaid: string;
  balanceDue: string;
  paymentDetails: string;
  terms: string;
  /** Beside the SEPA payment QR code. */
  qrCaption: string;
  iban: string;
  bic: string;
  accountHolder: string;
  /** The transfer's amount beside the QR code. */
  transferAmount: string;
  /** The transfer's remittance text. */
  reference: string;
  /** The footer's left side: "Invoice #0001". */
  footerInvoice: (number: string) => string;
  /** The footer's right side: "Page 1 of 2". */
  page: (page: number, count: number) => string;
  /** The summary near the top without a due date: "Amount due €1,172.49". */
  amountDue: (amount: string) => string;
  /** The summary with one: "Amount due €1,172.49 by November 9, 2026". */
  amountDueBy: (amount: string, date: string) => string;
  /** The summary once payments cover the total. */
  paidInFull: string;
  /** The logo's alternative text without a sender (docs/decisions/0075-the-account-default-language.md). */
  logo: string;
  /** The logo's alternative text: "Logo of Ada Lovelace Studio" (the first line of From). */
  logoOf: (name: string) => string;
  /** The public invoice page's heading over the payment QR code and the transfer it asks for. */
  payByTransfer: string;
  // The public invoice page around the invoice: its tab title, the line over it, its buttons, toasts and footer, the
  // status badge and the page a link that does not work shows (docs/product/public-links-and-activity.md#the-public-page).
  // The product name stays untranslated: it is passed in.
  /** The browser tab's title: "Invoice 0042 from Ada Studio"; a sender of '' is none. */
  pageTitle: (number: string, sender: string) => string;
  /** The line over the invoice: "Ada Studio sent you this invoice." (the name is shown in bold). */
  sentYouThis: (name: string) => string;
  /** The same without a sender. */
  sentToYou: string;
  downloadPdf: string;
  /** The spinner's accessible name while the PDF downloads. */
  downloading: string;
  downloaded: string;
  downloadFailed: string;
  /** The footer: "Sent with Invoicer" (the product name is a link). */
  sentWith: (product: string) => string;
  /** A date the invoice does not have. */
  notSet: string;
  statusDraft: string;
  statusSent: string;
  statusPaid: string;
  statusOverdue: string;
  /** The payment QR code's alternative text: amount and IBAN formatted. */
  paymentQrAlt: (amount: string, iban: string, reference: string) => string;
  loading: string;
  /** The heading and text for a link that is not on (turned off, replaced, never was): 404. */
  linkNotFoundTitle: string;
  linkNotFound: string;
  loadFailedTitle: string;
  loadFailed: string;
  retry: string;
  // The e-mail that carries the invoice (packages/domain/src/invoice-email.ts): its default subject and message, in the
  // document's language (docs/decisions/0075-the-account-default-language.md). A business or a name of '' is none.
  emailSubject: (number: string, business: string) => string;
  emailReminderSubject: (number: string, business: string) => string;
  emailGreeting: (name: string) => string;
  /** The invoice e-mail's sentence; a due date of '' is none. */
  emailBody: (number: string, amount: string, due: string) => string;
  /** A reminder's sentence before, after and without the due date. */
  emailReminderDue: (number: string, amount: string, due: string) => string;
  emailReminderOverdue: (number: string, amount: string, due: string) => string;
  emailReminderOpen: (number: string, amount: string) => string;
  emailReminderPaid: string;
  emailLinkLine: (link: string) => string;
  emailThanks: string;
  emailRegards: string;
  /** The last line added to a message that leaves out the link. */
  emailViewOnline: (url: string) => string;
  /** The HTML part's button, and its line on the attachment and replies. */
  emailButton: (number: string) => string;
  emailAttachment: (file: string, replyTo: string) => string;
}
