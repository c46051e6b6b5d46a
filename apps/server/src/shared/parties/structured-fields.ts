import { EINVOICE_FIELD_MESSAGES, type PartyField } from '@invoicer/domain/api/einvoice-fields';
import { badRequest } from '../../plugins/errors';

/**
 * The structured e-invoice fields of businesses and clients (docs/decisions/0072-structured-parties-and-discounts-before-tax.md):
 * the API's snake_case names, the table's camelCase properties, and the merge of a body into a stored row. Shared by
 * both features, the embedded parties of an invoice, the account export and the imports.
 */

const PROPERTIES = {
  street: 'street',
  additional_street: 'additionalStreet',
  postcode: 'postcode',
  city: 'city',
  region: 'region',
  country: 'country',
  vat_id: 'vatId',
  company_id: 'companyId',
  endpoint_id: 'endpointId',
  endpoint_scheme: 'endpointScheme',
  buyer_reference: 'buyerReference',
} as const satisfies Record<PartyField, string>;

type Property<Name extends PartyField> = (typeof PROPERTIES)[Name];
export type StructuredColumns<Name extends PartyField> = { [N in Name as Property<N>]: string };
export type StructuredApi<Name extends PartyField> = { [N in Name]: string };

/** A stored row's fields as the API names them; '' for none (and for a column a row read without it). */
export function structuredApi<const Name extends PartyField>(names: readonly Name[], row: object): StructuredApi<Name> {
  const read = row as Partial<Record<string, unknown>>;
  return Object.fromEntries(
    names.map((name) => {
      const value = read[PROPERTIES[name]] ?? read[name];
      return [name, typeof value === 'string' ? value : ''];
    }),
  ) as StructuredApi<Name>;
}

/**
 * The columns to write from a body already checked by the domain schema: a field left out is '' on create and
 * unchanged on update. An electronic address is refused without its scheme, after the merge (an update may clear
 * the scheme of a stored address).
 */
export function structuredColumns<const Name extends PartyField>(
  names: readonly Name[],
  body: Partial<Record<Name, string | undefined>>,
  current: object | null,
): StructuredColumns<Name> {
  const stored = (current ?? {}) as Partial<Record<string, unknown>>;
  const columns = Object.fromEntries(
    names.map((name) => {
      const value = stored[PROPERTIES[name]];
      return [PROPERTIES[name], body[name] ?? (typeof value === 'string' ? value : '')];
    }),
  ) as Record<string, string>;
  if (columns.endpointId && !columns.endpointScheme) {
    throw badRequest(EINVOICE_FIELD_MESSAGES.schemeMissing, [EINVOICE_FIELD_MESSAGES.schemeMissing]);
  }
  return columns as StructuredColumns<Name>;
}
