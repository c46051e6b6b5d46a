import { isSepaIban } from './bank-account';
import { minorToFixed, type Minor } from './money';

/**
 * The EPC QR code ("GiroCode", EPC069-12 version 002): the text a banking app scans to fill in a SEPA
 * credit transfer. Which invoices carry one and why is in docs/decisions/0047-sepa-payment-qr.md.
 */

export const EPC_LIMITS = {
  /** Beneficiary name, in characters. */
  name: 70,
  /** Unstructured remittance information, in characters. */
  remittance: 140,
  /** The whole payload in UTF-8: what a version 13 QR code holds at error correction level M. */
  payloadBytes: 331,
  /** EUR 0.01 ... EUR 999,999,999.99. */
  minAmountMinor: 1,
  maxAmountMinor: 99_999_999_999,
} as const;

/** The bank details a business holds (its account holder may be empty: the business name is then used). */
export interface SepaPayee {
  name: string;
  accountHolder: string;
  /** Compact, valid (bank-account.ts checkIban); '' when the business has none. */
  iban: string;
  /** Compact, valid; '' when none. */
  bic: string;
}

/** One credit transfer, every field already within the EPC limits. */
export interface EpcCreditTransfer {
  name: string;
  iban: string;
  bic: string;
  amountMinor: Minor;
  remittance: string;
}

/** A field as one line: line breaks and other control characters become spaces, runs of spaces one. */
function oneLine(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\s]+/gu, ' ').trim();
}

const characters = (text: string): number => [...text].length;

/** Bytes of the text in UTF-8, without an encoder (the domain uses no platform API). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (const character of text) {
    const code = character.codePointAt(0)!;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/**
 * The transfer an invoice asks for, or null when it carries no QR code: not in euros, no IBAN, an
 * IBAN outside SEPA, an amount due outside EUR 0.01 ... 999,999,999.99 (nothing to pay: no code), a
 * name longer than 70 characters (never cut: a cut name can fail the payee check banks run), or a
 * payload past 331 bytes. `amountDueMinor` is what is still owed on the invoice.
 */
export function epcCreditTransfer(input: {
  payee: SepaPayee | null;
  currency: string;
  amountDueMinor: Minor;
  invoiceNumber: string;
}): EpcCreditTransfer | null {
  const { payee, currency, amountDueMinor } = input;
  if (!payee || currency !== 'EUR' || payee.iban === '' || !isSepaIban(payee.iban)) return null;
  if (!Number.isSafeInteger(amountDueMinor)) return null;
  if (amountDueMinor < EPC_LIMITS.minAmountMinor || amountDueMinor > EPC_LIMITS.maxAmountMinor) return null;
  const name = oneLine(payee.accountHolder) || oneLine(payee.name);
  if (name === '' || characters(name) > EPC_LIMITS.name) return null;
  const remittance = oneLine(input.invoiceNumber);
  if (characters(remittance) > EPC_LIMITS.remittance) return null;
  const transfer = { name, iban: payee.iban, bic: payee.bic, amountMinor: amountDueMinor, remittance };
  return utf8Length(epcQrPayload(transfer)) <= EPC_LIMITS.payloadBytes ? transfer : null;
}

/**
 * The EPC069-12 payload, lines separated by LF: service tag BCD, version 002, character set 1
 * (UTF-8), identification SCT, BIC (optional in version 002), name, IBAN, amount (`EUR123.45`),
 * purpose (empty), structured reference (empty) and the remittance text (the invoice number).
 * Empty trailing lines are left out, as the standard allows.
 */
export function epcQrPayload(transfer: EpcCreditTransfer): string {
  const lines = [
    'BCD',
    '002',
    '1',
    'SCT',
    transfer.bic,
    transfer.name,
    transfer.iban,
    `EUR${minorToFixed(transfer.amountMinor, 'EUR')}`,
    '',
    '',
    transfer.remittance,
  ];
  while (lines[lines.length - 1] === '') lines.pop();
  return lines.join('\n');
}
