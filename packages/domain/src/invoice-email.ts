import { isCurrencyCode } from './currencies';
import { formatDateForReader } from './dates';
import { labelsFor } from './document-labels';
import { isUsEnglish } from './document-language';
import { formatDigits, formatMoney, formatMoneyForReader, type Minor } from './money';

/**
 * What an e-mail that carries an invoice says by default (docs/product/sending-invoices.md#the-send-dialog): the
 * Send dialog prefills its fields with these, and the server uses them when a field is left out, so both say the
 * same. Automatic reminders take the `reminder` texts.
 *
 * The invoice's public link does not exist before the first send (sending makes it), so the message carries
 * INVOICE_LINK_PLACEHOLDER where the link goes; fillInvoiceLink puts the link in when the e-mail is written.
 *
 * The texts are the document's label catalogue's (packages/domain/src/document-labels), in the invoice's language, with
 * its amount and due date formatted as its PDF prints them; English reads as it always did
 * (docs/decisions/0075-the-account-default-language.md).
 */

/** Where the invoice's link goes in a message; replaced by the link when the e-mail is written. */
export const INVOICE_LINK_PLACEHOLDER = '{link}';

export type InvoiceEmailKind = 'invoice' | 'reminder';

/** What the default texts say about an invoice. */
export interface InvoiceEmailFacts {
  invoiceNumber: string;
  /** The sender as printed: the first line of the invoice's From block. */
  businessName: string;
  /** The first line of the To block; '' for none. */
  clientName: string;
  /** What is still owed, in minor units of `currency`. */
  amountDueMinor: Minor;
  currency: string;
  /** YYYY-MM-DD, or null. */
  dueDate: string | null;
  /** Reminders only: the due date has passed (the wording changes from "is due" to "was due"). */
  overdue?: boolean;
  /** The language its PDF prints in (a tag; absent or null: English). */
  language?: string | null;
}

/** The first non-blank line of a party block ("Ada Consulting" of "Ada Consulting\n12 Row\nLondon"). */
export function firstLine(block: string): string {
  return (
    block
      .split(/\r\n|\r|\n/)
      .map((line) => line.trim())
      .find((line) => line !== '') ?? ''
  );
}

/** "€1,234.50", or "1,234.50 XYZ" for a code the product does not list; in the PDF's form for other languages. */
export function formatInvoiceAmount(minor: Minor, currency: string, language?: string | null): string {
  if (!isCurrencyCode(currency)) return `${minor < 0 ? '-' : ''}${formatDigits(Math.abs(minor), 2)} ${currency}`;
  return isUsEnglish(language) ? formatMoney(minor, currency) : formatMoneyForReader(minor, currency, language);
}

/** `Invoice {number} from {business name}`; a reminder says so first. */
export function defaultInvoiceEmailSubject(facts: InvoiceEmailFacts, kind: InvoiceEmailKind = 'invoice'): string {
  const labels = labelsFor(facts.language);
  return kind === 'reminder'
    ? labels.emailReminderSubject(facts.invoiceNumber, facts.businessName)
    : labels.emailSubject(facts.invoiceNumber, facts.businessName);
}

/** The message: the amount, the due date and the link (as INVOICE_LINK_PLACEHOLDER), signed by the business. */
export function defaultInvoiceEmailMessage(facts: InvoiceEmailFacts, kind: InvoiceEmailKind = 'invoice'): string {
  const labels = labelsFor(facts.language);
  const number = facts.invoiceNumber;
  const amount = formatInvoiceAmount(facts.amountDueMinor, facts.currency, facts.language);
  const due = facts.dueDate ? formatDateForReader(facts.dueDate, facts.language) : '';
  const body =
    kind === 'reminder'
      ? `${
          due
            ? (facts.overdue ? labels.emailReminderOverdue : labels.emailReminderDue)(number, amount, due)
            : labels.emailReminderOpen(number, amount)
        } ${labels.emailReminderPaid}`
      : labels.emailBody(number, amount, due);
  const lines = [
    labels.emailGreeting(facts.clientName),
    '',
    body,
    '',
    labels.emailLinkLine(INVOICE_LINK_PLACEHOLDER),
    '',
    kind === 'reminder' ? labels.emailRegards : labels.emailThanks,
  ];
  if (facts.businessName) lines.push(facts.businessName);
  return lines.join('\n');
}

/**
 * The message with the link in place of every INVOICE_LINK_PLACEHOLDER; a message without one gets the link on
 * a last line of its own, so every e-mail carries it.
 */
export function fillInvoiceLink(message: string, url: string, language?: string | null): string {
  if (message.includes(INVOICE_LINK_PLACEHOLDER)) return message.split(INVOICE_LINK_PLACEHOLDER).join(url);
  return `${message.trimEnd()}\n\n${labelsFor(language).emailViewOnline(url)}`;
}
