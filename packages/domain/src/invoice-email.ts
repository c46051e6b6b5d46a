import { isCurrencyCode } from './currencies';
import { formatLongUsDate } from './dates';
import { formatDigits, formatMoney, type Minor } from './money';

/**
 * What an e-mail that carries an invoice says by default (docs/product/sending-invoices.md#the-send-dialog): the
 * Send dialog prefills its fields with these, and the server uses them when a field is left out, so both say the
 * same. Automatic reminders take the `reminder` texts.
 *
 * The invoice's public link does not exist before the first send (sending makes it), so the message carries
 * INVOICE_LINK_PLACEHOLDER where the link goes; fillInvoiceLink puts the link in when the e-mail is written.
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

/** "€1,234.50", or "1,234.50 XYZ" for a code the product does not list. */
export function formatInvoiceAmount(minor: Minor, currency: string): string {
  return isCurrencyCode(currency)
    ? formatMoney(minor, currency)
    : `${minor < 0 ? '-' : ''}${formatDigits(Math.abs(minor), 2)} ${currency}`;
}

/** `Invoice {number} from {business name}`; a reminder says so first. */
export function defaultInvoiceEmailSubject(facts: InvoiceEmailFacts, kind: InvoiceEmailKind = 'invoice'): string {
  const from = facts.businessName ? ` from ${facts.businessName}` : '';
  return kind === 'reminder'
    ? `Reminder: invoice ${facts.invoiceNumber}${from}`
    : `Invoice ${facts.invoiceNumber}${from}`;
}

/** The message: the amount, the due date and the link (as INVOICE_LINK_PLACEHOLDER), signed by the business. */
export function defaultInvoiceEmailMessage(facts: InvoiceEmailFacts, kind: InvoiceEmailKind = 'invoice'): string {
  const amount = formatInvoiceAmount(facts.amountDueMinor, facts.currency);
  const due = facts.dueDate ? formatLongUsDate(facts.dueDate) : null;
  const greeting = facts.clientName ? `Hello ${facts.clientName},` : 'Hello,';
  const body =
    kind === 'reminder'
      ? `This is a friendly reminder that invoice ${facts.invoiceNumber} for ${amount} ${
          due ? `${facts.overdue ? 'was' : 'is'} due on ${due}` : 'is still open'
        }. If you have already paid it, thank you, and please ignore this message.`
      : `Please find attached invoice ${facts.invoiceNumber} for ${amount}${due ? `, due on ${due}` : ''}.`;
  const lines = [
    greeting,
    '',
    body,
    '',
    `You can also view and download it online: ${INVOICE_LINK_PLACEHOLDER}`,
    '',
    kind === 'reminder' ? 'Kind regards,' : 'Thank you for your business.',
  ];
  if (facts.businessName) lines.push(facts.businessName);
  return lines.join('\n');
}

/**
 * The message with the link in place of every INVOICE_LINK_PLACEHOLDER; a message without one gets the link on
 * a last line of its own, so every e-mail carries it.
 */
export function fillInvoiceLink(message: string, url: string): string {
  if (message.includes(INVOICE_LINK_PLACEHOLDER)) return message.split(INVOICE_LINK_PLACEHOLDER).join(url);
  return `${message.trimEnd()}\n\nView the invoice online: ${url}`;
}
