import type { CurrencyCode } from '../currencies';
import type { Minor } from '../money';
import type { PercentRate } from '../percent';

/**
 * The EN 16931 invoice as the product's e-invoice writers take it (issue 17): parties with the HTTP
 * contract's field names, lines with their VAT category and rate, document-level allowances and
 * charges, payment by credit transfer. Money is integer minor units of `currency`, rates are
 * thousandths of a percent (percent.ts), dates are YYYY-MM-DD. Pure data: no Node, no DB.
 */

/** UNTDID 5305 VAT categories the product offers (EN 16931 BT-151). */
export const VAT_CATEGORIES = ['S', 'Z', 'E', 'AE', 'K', 'G', 'O'] as const;
export type VatCategory = (typeof VAT_CATEGORIES)[number];

/** Categories whose VAT is not charged: the rules want an exemption reason in their breakdown (BR-E-10 and kin). */
export const EXEMPT_CATEGORIES: readonly VatCategory[] = ['E', 'AE', 'K', 'G', 'O'];

export interface EInvoiceParty {
  name: string;
  street?: string;
  additional_street?: string;
  postcode?: string;
  city?: string;
  region?: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** VAT identifier with its country prefix (BR-CO-9), e.g. DE123456789. */
  vat_id?: string;
  /** Company (legal) registration number. */
  company_id?: string;
  email?: string;
  /** Electronic address (BT-34 / BT-49) and its EAS scheme, e.g. 0088 or EM. */
  endpoint_id?: string;
  endpoint_scheme?: string;
}

/** The seller with its contact point (BG-6: BT-41 name, BT-42 telephone, BT-43 e-mail is `email`); XRechnung needs it. */
export interface EInvoiceSeller extends EInvoiceParty {
  contact_name?: string;
  phone?: string;
}

export interface EInvoiceBuyer extends EInvoiceParty {
  /** BT-10; the German public sector's Leitweg-ID. */
  buyer_reference?: string;
}

export interface EInvoiceLine {
  name: string;
  description?: string;
  /** Up to 3 decimals (docs/decisions/0060-decimal-quantities-and-units.md); the net amount is rounded once per line. */
  quantity: number;
  /** Net price of one unit, minor units. */
  unit_price: Minor;
  vat_category: VatCategory;
  /** Thousandths of a percent; 0 for every category but S, absent in O's XML. */
  vat_rate: PercentRate;
  vat_exemption_reason?: string;
}

/** A document-level allowance (a discount) or charge (shipping), with the VAT group it belongs to. */
export interface EInvoiceAllowanceCharge {
  amount: Minor;
  reason: string;
  vat_category: VatCategory;
  vat_rate: PercentRate;
}

export interface EInvoice {
  number: string;
  issue_date: string;
  due_date?: string;
  /** Date of supply, written as the actual delivery date (required for intra-community supply, BR-IC-11). */
  delivery_date?: string;
  currency: CurrencyCode;
  note?: string;
  seller: EInvoiceSeller;
  buyer: EInvoiceBuyer;
  lines: EInvoiceLine[];
  allowances: EInvoiceAllowanceCharge[];
  charges: EInvoiceAllowanceCharge[];
  /** Payment by credit transfer (UNTDID 4461 code 58, SEPA) when an IBAN is given. */
  iban?: string;
  bic?: string;
  payment_terms?: string;
  /**
   * The document language (a BCP 47 tag; none: English), written as no element: an exempt VAT group without a
   * typed reason states the PDF's default reason, in this language (BT-120).
   */
  language?: string;
}
