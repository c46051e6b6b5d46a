import { isSendableAddress, SEND_LIMITS, SEND_MESSAGES } from '@invoicer/domain/api/sending';

/**
 * The To field's addresses as the dialog keeps them (docs/product/sending-invoices.md#the-send-dialog): typed text
 * becomes one address per comma, semicolon, space or line; each is checked on its own with the server's rule.
 */

/** The addresses in typed or pasted text, trimmed, empty pieces dropped. */
export function splitAddresses(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((piece) => piece.trim())
    .filter((piece) => piece !== '');
}

/** `current` with `added` after it, an address already there (in any case) not added again. */
export function addAddresses(current: readonly string[], added: readonly string[]): string[] {
  const next = [...current];
  const seen = new Set(current.map((address) => address.toLowerCase()));
  for (const address of added) {
    if (seen.has(address.toLowerCase())) continue;
    seen.add(address.toLowerCase());
    next.push(address);
  }
  return next;
}

/** Every problem of the list, one sentence each, in the server's words; none when it can be sent. */
export function recipientProblems(addresses: readonly string[]): string[] {
  const problems: string[] = [];
  if (addresses.length === 0) problems.push(SEND_MESSAGES.toRequired);
  if (addresses.length > SEND_LIMITS.recipients) problems.push(SEND_MESSAGES.tooManyRecipients);
  for (const address of addresses) {
    if (!isSendableAddress(address)) problems.push(SEND_MESSAGES.invalidAddress(address));
  }
  return problems;
}
