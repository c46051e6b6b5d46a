import type { CLIENT_PARTY_FIELDS } from '@invoicer/domain/api/einvoice-fields';
import { ApiError } from './api-client';

/**
 * How the client and business modals show a failed save
 * (docs/product/messages-and-limits.md#clients-and-businesses-messages). Shared by both features, which may not import
 * each other.
 */

export const PARTY_SAVE_MESSAGES = {
  network: 'Network error occurred. Please try again.',
  unauthenticated: 'User not authenticated',
  fallback: 'Operation failed',
} as const;

/**
 * The form fields a server message can land on: an entry mentioning 'name', 'email' or 'tax', for
 * a business's bank account 'IBAN', 'BIC' or 'account holder', and for the e-invoice details the field's label
 * ('Country', 'VAT number', 'Electronic address scheme'…, as the domain's messages start).
 */
export type PartyErrorField =
  | 'name'
  | 'email'
  | 'tax_id'
  | 'iban'
  | 'bic'
  | 'account_holder'
  // The structured e-invoice fields (the domain's list; buyer_reference: clients only).
  | (typeof CLIENT_PARTY_FIELDS)[number];

export interface PartySaveFailure {
  fields: Partial<Record<PartyErrorField, string>>;
  general: string | null;
}

/** The most specific first: 'additional street' before 'street', the scheme before the electronic address. */
const FIELD_WORDS: [PartyErrorField, string][] = [
  ['iban', 'iban'],
  ['bic', 'bic'],
  ['account_holder', 'account holder'],
  ['endpoint_scheme', 'scheme'],
  ['endpoint_id', 'electronic address'],
  ['additional_street', 'additional street'],
  ['street', 'street'],
  ['postcode', 'postcode'],
  ['city', 'city'],
  ['region', 'region'],
  ['country', 'country'],
  ['vat_id', 'vat number'],
  ['company_id', 'company number'],
  ['buyer_reference', 'buyer reference'],
  ['email', 'email'],
  ['tax_id', 'tax'],
  ['name', 'name'],
];

const ERROR_FIELDS: readonly string[] = FIELD_WORDS.map(([field]) => field);

export const isPartyErrorField = (field: string): field is PartyErrorField => ERROR_FIELDS.includes(field);

/**
 * Array errors go to the field they mention (among the fields the form has); the rest are joined
 * with a comma as one general error. Without an array: the server's sentence, else 'Operation failed'.
 * A request that never got an answer is a network error; a missing session is 'User not authenticated'.
 */
export function partySaveFailure(error: unknown, formFields: readonly PartyErrorField[]): PartySaveFailure {
  if (!(error instanceof ApiError)) {
    return { fields: {}, general: PARTY_SAVE_MESSAGES.network };
  }
  if (error.status === 401) return { fields: {}, general: PARTY_SAVE_MESSAGES.unauthenticated };
  if (error.errors.length > 0) {
    const fields: PartySaveFailure['fields'] = {};
    const rest: string[] = [];
    for (const entry of error.errors) {
      const lower = entry.toLowerCase();
      // 'Email' is checked before 'name' so that no e-mail message lands on the name field.
      const field = FIELD_WORDS.find(([key, word]) => formFields.includes(key) && lower.includes(word))?.[0];
      if (field && !fields[field]) fields[field] = entry;
      else if (!field) rest.push(entry);
    }
    return { fields, general: rest.length > 0 ? rest.join(', ') : null };
  }
  return { fields: {}, general: error.serverMessage ?? PARTY_SAVE_MESSAGES.fallback };
}
