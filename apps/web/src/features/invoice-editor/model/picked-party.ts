import type { Business } from '@invoicer/domain/api/businesses';
import type { Client } from '@invoicer/domain/api/clients';
import type { BuyerField, BuyerValues, SellerField, SellerValues } from './einvoice-fields';

/**
 * A saved business or client chosen in From or To fills the e-invoice details it stores under the contract's names
 * (docs/decisions/0072-structured-parties-and-discounts-before-tax.md): the business the seller, its IBAN and BIC the
 * invoice's when those are empty; the client the buyer. Only the record's own names are read (types only, so no zod
 * comes with the editor).
 */

/** The structured fields both records store (BUSINESS_PARTY_FIELDS of the contract; the test holds them equal). */
const STRUCTURED = [
  'street',
  'additional_street',
  'postcode',
  'city',
  'region',
  'country',
  'vat_id',
  'company_id',
  'endpoint_id',
  'endpoint_scheme',
] as const;

export const SELLER_FROM_BUSINESS = ['name', 'email', 'phone', ...STRUCTURED] as const satisfies readonly (SellerField &
  keyof Business)[];
export const BUYER_FROM_CLIENT = [
  'name',
  'email',
  ...STRUCTURED,
  'buyer_reference',
] as const satisfies readonly (BuyerField & keyof Client)[];
export const BANK_FROM_BUSINESS = ['iban', 'bic'] as const satisfies readonly (keyof Business)[];

/** A filled target: `seller.vat_id`, `buyer.country`, `iban`. */
export type PickTarget = `seller.${SellerField}` | `buyer.${BuyerField}` | 'iban' | 'bic';
/** What the last pick on each side wrote, by target: a value still equal to it is the pick's, not the user's. */
export type FilledByPick = Partial<Record<PickTarget, string>>;

export interface PickedDetailsState {
  seller: SellerValues;
  buyer: BuyerValues;
  iban: string;
  bic: string;
}

const text = (record: Record<string, unknown>, key: string) =>
  typeof record[key] === 'string' ? (record[key] as string).trim() : '';

/**
 * The details after choosing `picked` (the record as the server sent it) on `side`, and what this pick wrote.
 * - A party with none of the structured fields fills nothing: picking it leaves the invoice (and its body) as before;
 *   name and e-mail come along only with e-invoice details.
 * - A value the party has replaces the field's; the IBAN and BIC only fill empty fields.
 * - A field the previous pick on this side wrote and the user left as it was takes this party's value, or is cleared
 *   when this party lacks it, so switching clients leaves none of the previous client's details behind; what the
 *   user typed stays.
 */
export function applyPickedParty(
  current: PickedDetailsState,
  side: 'from' | 'to',
  picked: Record<string, unknown>,
  previous: FilledByPick,
): { patch: Partial<PickedDetailsState>; filled: FilledByPick } {
  const hasDetails = STRUCTURED.some((key) => text(picked, key) !== '') || text(picked, 'buyer_reference') !== '';
  const filled: FilledByPick = {};
  /** The new value of one field: the party's, kept, or cleared when it was the previous pick's. */
  const next = (target: PickTarget, now: string, incoming: string, onlyIfEmpty: boolean): string => {
    const before = previous[target];
    const fromPreviousPick = before !== undefined && before !== '' && now === before;
    // A field the previous pick filled follows the picks; others are filled only by a party with e-invoice details.
    if (
      (hasDetails || fromPreviousPick) &&
      incoming !== '' &&
      (!onlyIfEmpty || now.trim() === '' || fromPreviousPick)
    ) {
      filled[target] = incoming;
      return incoming;
    }
    return fromPreviousPick ? '' : now;
  };

  if (side === 'from') {
    const seller = { ...current.seller };
    for (const key of SELLER_FROM_BUSINESS) seller[key] = next(`seller.${key}`, seller[key], text(picked, key), false);
    const bank = Object.fromEntries(
      BANK_FROM_BUSINESS.map((key) => [key, next(key, current[key], text(picked, key), true)]),
    ) as Record<(typeof BANK_FROM_BUSINESS)[number], string>;
    return { patch: { seller, ...bank }, filled };
  }
  const buyer = { ...current.buyer };
  for (const key of BUYER_FROM_CLIENT) buyer[key] = next(`buyer.${key}`, buyer[key], text(picked, key), false);
  return { patch: { buyer }, filled };
}
