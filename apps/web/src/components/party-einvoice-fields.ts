import type { BUSINESS_PARTY_FIELDS, CLIENT_PARTY_FIELDS } from '@invoicer/domain/api/einvoice-fields';
import { COUNTRY_CODES, EAS_CODES } from '@invoicer/domain/einvoice/einvoice-codes';
import type { PartyFieldSpec } from './party-form-dialog';

/**
 * The "E-invoice details" of the client and business modals (docs/decisions/0072-structured-parties-and-discounts-before-tax.md):
 * the structured fields a Factur-X, XRechnung or Peppol invoice needs, folded for people who do not send those.
 * Shared by both features, which may not import each other.
 */

export const EINVOICE_SECTION = 'E-invoice details';

type OptionList = Array<{ value: string; label: string }>;

/** Every ISO 3166-1 code the e-invoice rules accept, by its English name; a saved code is always offered. */
export function countryOptions(saved: string): OptionList {
  const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
  const options = COUNTRY_CODES.map((code) => ({ value: code, label: `${names.of(code) ?? code} (${code})` })).sort(
    (a, b) => a.label.localeCompare(b.label, 'en'),
  );
  if (saved && !COUNTRY_CODES.includes(saved)) options.unshift({ value: saved, label: saved });
  return [{ value: '', label: 'None' }, ...options];
}

/** The electronic address schemes people ask for, in plain words (the EAS list has over a hundred). */
const COMMON_SCHEMES: ReadonlyArray<[code: string, label: string]> = [
  ['EM', 'E-mail address'],
  ['0088', 'GLN (Global Location Number)'],
  ['0060', 'DUNS number'],
  ['9930', 'Germany: VAT number'],
  ['0204', 'Germany: Leitweg-ID (public sector)'],
  ['0208', 'Belgium: company number'],
  ['9925', 'Belgium: VAT number'],
  ['0009', 'France: SIRET'],
  ['0002', 'France: SIREN'],
  ['9957', 'France: VAT number'],
  ['0106', 'Netherlands: KvK number'],
  ['0190', 'Netherlands: OIN (public sector)'],
  ['9915', 'Austria: VAT number'],
  ['0211', 'Italy: VAT number'],
  ['9920', 'Spain: VAT number'],
  ['0192', 'Norway: organisation number'],
  ['0007', 'Sweden: organisation number'],
  ['0184', 'Denmark: CVR number'],
  ['0151', 'Australia: ABN'],
];

/** The common schemes, then a saved one that is not among them, as its code. */
export function schemeOptions(saved: string): OptionList {
  const options = COMMON_SCHEMES.filter(([code]) => EAS_CODES.includes(code)).map(([code, label]) => ({
    value: code,
    label: `${label} (${code})`,
  }));
  if (saved && !options.some((option) => option.value === saved)) {
    options.unshift({ value: saved, label: `Scheme ${saved}` });
  }
  return [{ value: '', label: 'None' }, ...options];
}

export type BusinessEInvoiceField = (typeof BUSINESS_PARTY_FIELDS)[number];
export type ClientEInvoiceField = (typeof CLIENT_PARTY_FIELDS)[number];

type Saved = { country: string; endpoint_scheme: string };

/** The business's section. Labels match the server's messages, so an error lands on its field. */
export function businessEInvoiceFields(saved: Saved): PartyFieldSpec<BusinessEInvoiceField>[] {
  const section = { section: EINVOICE_SECTION, folded: true } as const;
  return [
    { name: 'street', label: 'Street', autoComplete: 'address-line1', ...section },
    { name: 'additional_street', label: 'Additional street', autoComplete: 'address-line2', ...section },
    { name: 'postcode', label: 'Postcode', autoComplete: 'postal-code', ...section },
    { name: 'city', label: 'City', autoComplete: 'address-level2', ...section },
    { name: 'region', label: 'Region', hint: 'State, province or county, where addresses have one.', ...section },
    { name: 'country', label: 'Country', options: countryOptions(saved.country), ...section },
    { name: 'vat_id', label: 'VAT number', hint: 'With its country prefix, for example DE123456789.', ...section },
    {
      name: 'company_id',
      label: 'Company number',
      hint: 'The trade register or company registration number.',
      ...section,
    },
    {
      name: 'endpoint_id',
      label: 'Electronic address',
      hint: 'Where e-invoices are delivered: a Peppol participant id or an e-mail address.',
      ...section,
    },
    {
      name: 'endpoint_scheme',
      label: 'Electronic address scheme',
      options: schemeOptions(saved.endpoint_scheme),
      ...section,
    },
  ];
}

/** The client's section: the business's fields and the buyer reference. */
export function clientEInvoiceFields(saved: Saved): PartyFieldSpec<ClientEInvoiceField>[] {
  return [
    ...businessEInvoiceFields(saved),
    {
      name: 'buyer_reference',
      label: 'Buyer reference (Leitweg-ID)',
      hint: 'The reference the client asks you to quote; German public bodies give a Leitweg-ID.',
      section: EINVOICE_SECTION,
      folded: true,
    },
  ];
}
