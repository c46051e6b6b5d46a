import type { EInvoiceProblem } from './einvoice-formats';

/**
 * Failed official rules in plain words, on the contract field they concern
 * (docs/decisions/0070-e-invoice-fields-and-outputs.md): the common rules about missing fields. A rule not listed
 * keeps its own text, on the field its location points to when that is a party, else on none.
 */

type Side = 'seller' | 'buyer';
interface Plain {
  field: string;
  message: string;
}

const SELLER_VAT = { field: 'seller.vat_id', message: 'Add your VAT number or an exemption reason.' };
const BUYER_VAT = {
  field: 'buyer.vat_id',
  message: "Add the client's VAT number (reverse charge and intra-community supplies need it).",
};

const BY_RULE: Record<string, Plain> = {
  'BR-02': { field: 'invoice_number', message: 'Add an invoice number.' },
  'BR-03': { field: 'issued_date', message: 'Add the issue date.' },
  'BR-06': { field: 'seller.name', message: 'Add your name or company name.' },
  'BR-07': { field: 'buyer.name', message: "Add the client's name." },
  'BR-08': { field: 'seller.country', message: 'Add your country.' },
  'BR-09': { field: 'seller.country', message: 'Add your country.' },
  'BR-10': { field: 'buyer.country', message: "Add the client's country." },
  'BR-11': { field: 'buyer.country', message: "Add the client's country." },
  'BR-16': { field: 'items', message: 'Add at least one line.' },
  'BR-CO-09': { field: 'seller.vat_id', message: 'Start the VAT number with its country code (DE123456789).' },
  'BR-CO-25': { field: 'due_date', message: 'Add a due date or payment terms.' },
  'BR-CO-26': { field: 'seller.vat_id', message: 'Add your VAT number or company registration number.' },
  'BR-S-02': SELLER_VAT,
  'BR-S-03': SELLER_VAT,
  'BR-S-04': SELLER_VAT,
  'BR-Z-03': SELLER_VAT,
  'BR-Z-04': SELLER_VAT,
  'BR-E-03': SELLER_VAT,
  'BR-E-04': SELLER_VAT,
  'BR-G-03': SELLER_VAT,
  'BR-G-04': SELLER_VAT,
  'BR-Z-02': SELLER_VAT,
  'BR-E-02': SELLER_VAT,
  'BR-AE-02': SELLER_VAT,
  'BR-IC-02': SELLER_VAT,
  'BR-G-02': SELLER_VAT,
  'BR-AE-03': BUYER_VAT,
  'BR-AE-04': BUYER_VAT,
  'BR-IC-03': BUYER_VAT,
  'BR-IC-04': BUYER_VAT,
  'BR-DE-1': { field: 'iban', message: 'Add your IBAN: XRechnung needs payment instructions.' },
  'BR-DE-2': { field: 'seller.contact_name', message: 'Add a contact name, phone number and e-mail for XRechnung.' },
  'BR-DE-3': { field: 'seller.city', message: 'Add your city.' },
  'BR-DE-4': { field: 'seller.postcode', message: 'Add your postcode.' },
  'BR-DE-5': { field: 'seller.contact_name', message: 'Add a contact name.' },
  'BR-DE-6': { field: 'seller.phone', message: 'Add your phone number.' },
  'BR-DE-7': { field: 'seller.email', message: 'Add your e-mail address.' },
  'BR-DE-8': { field: 'buyer.city', message: "Add the client's city." },
  'BR-DE-9': { field: 'buyer.postcode', message: "Add the client's postcode." },
  'BR-DE-10': { field: 'buyer.city', message: "Add the client's city: the goods are delivered there." },
  'BR-DE-11': { field: 'buyer.postcode', message: "Add the client's postcode: the goods are delivered there." },
  'BR-DE-15': { field: 'buyer.buyer_reference', message: "Add the client's buyer reference (Leitweg-ID)." },
  'BR-DE-16': SELLER_VAT,
};

const COUNTRY_CODE_FIELDS = ['seller.country', 'buyer.country'] as const;

/**
 * Every contract field a failed rule can be placed on (the editor shows each on its input; its test holds it to
 * this list). A rule not listed may also name a bare party (`seller`, `buyer`) or none.
 */
export const RULE_PROBLEM_FIELDS: readonly string[] = [
  ...new Set([...Object.values(BY_RULE).map((plain) => plain.field), ...COUNTRY_CODE_FIELDS]),
];

/** Which party a rule's location (an XPath into the XML) is about, if any. */
function sideOf(location: string): Side | null {
  if (/AccountingSupplierParty|SellerTradeParty/.test(location)) return 'seller';
  if (/AccountingCustomerParty|BuyerTradeParty/.test(location)) return 'buyer';
  return null;
}

export function ruleProblem(failure: { id: string; location: string; text: string }): EInvoiceProblem {
  const plain = BY_RULE[failure.id];
  if (plain) return { ...plain, rule: failure.id };
  const side = sideOf(failure.location);
  if (failure.id === 'BR-CL-14' && side) {
    return {
      field: COUNTRY_CODE_FIELDS[side === 'seller' ? 0 : 1],
      message: 'Use a two-letter ISO 3166-1 country code.',
      rule: failure.id,
    };
  }
  // The rule's own words, without the "[BR-xx]-" prefix the publishers put in front.
  const message = failure.text.replace(/^\s*\[[^\]]+\]\s*-?\s*/, '').trim() || failure.id;
  return { field: side, message, rule: failure.id };
}

/** One problem per field and rule: a rule fires once per element it checks. */
export function ruleProblems(
  failures: ReadonlyArray<{ id: string; location: string; text: string }>,
): EInvoiceProblem[] {
  const seen = new Set<string>();
  const problems: EInvoiceProblem[] = [];
  for (const failure of failures) {
    const problem = ruleProblem(failure);
    const key = `${problem.field}|${problem.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push(problem);
  }
  return problems;
}
