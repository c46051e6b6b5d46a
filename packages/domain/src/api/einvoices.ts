import { z } from 'zod';

/**
 * POST /api/einvoices/read (issue 17, "Read what you receive"): a received e-invoice (CII or UBL XML, or a
 * Factur-X / ZUGFeRD PDF with the XML attached) uploaded as one multipart file in the field `file`, answered as
 * the document's data and the official EN 16931 rules' verdict on it.
 *
 * Amounts, quantities and rates are **decimal strings exactly as the document states them** ("1234.50",
 * "19", "2.5"), not minor units: a received document may carry more decimals than its currency has (unit prices
 * to four places are common), and what the reader shows must be what the sender wrote. Dates are YYYY-MM-DD when
 * the document's date is in a known format, else the document's own text. Fields the document leaves out are
 * absent. Party fields have the HTTP contract's names (packages/domain/src/einvoice/einvoice-model.ts).
 */

export const EINVOICE_FILE_FIELD = 'file';
/** The upload limit (the upload's other messages are the import calls', packages/domain/src/api/imports.ts); the XML inside a PDF is bounded separately, while it is inflated. */
export const EINVOICE_UPLOAD_MAX_BYTES = 20 * 1024 * 1024;

export const EINVOICE_READ_MESSAGES = {
  notXmlOrPdf: 'The file is neither XML nor PDF. Upload an e-invoice: CII or UBL XML, or a Factur-X / ZUGFeRD PDF.',
  noEInvoiceInPdf:
    'This PDF has no e-invoice inside (no attached factur-x.xml, zugferd-invoice.xml or xrechnung.xml). Upload the XML, or a Factur-X / ZUGFeRD PDF.',
  notEInvoice:
    'This XML is not an e-invoice: its root is neither a CII invoice (rsm:CrossIndustryInvoice) nor a UBL Invoice or CreditNote.',
} as const;

const text = z.string();
const optionalText = z.string().optional();

export const receivedPartySchema = z.object({
  name: text,
  trading_name: optionalText,
  street: optionalText,
  additional_street: optionalText,
  postcode: optionalText,
  city: optionalText,
  region: optionalText,
  /** ISO 3166-1 alpha-2 as written. */
  country: optionalText,
  vat_id: optionalText,
  /** Legal registration number (BT-30 / BT-47). */
  company_id: optionalText,
  email: optionalText,
  phone: optionalText,
  contact_name: optionalText,
  /** Electronic address (BT-34 / BT-49) and its EAS scheme. */
  endpoint_id: optionalText,
  endpoint_scheme: optionalText,
});
export type ReceivedParty = z.infer<typeof receivedPartySchema>;

export const receivedBuyerSchema = receivedPartySchema.extend({ buyer_reference: optionalText });
export type ReceivedBuyer = z.infer<typeof receivedBuyerSchema>;

export const receivedLineSchema = z.object({
  id: optionalText,
  name: text,
  description: optionalText,
  quantity: optionalText,
  /** UN/ECE Recommendation 20 code, e.g. C62 (one), HUR (hour). */
  unit_code: optionalText,
  /** Net price of one unit (or of `price_base_quantity` units when the document says so). */
  unit_price: optionalText,
  price_base_quantity: optionalText,
  /** The line's net amount (BT-131). */
  net_amount: optionalText,
  vat_category: optionalText,
  /** Percent. */
  vat_rate: optionalText,
});
export type ReceivedLine = z.infer<typeof receivedLineSchema>;

export const receivedAllowanceChargeSchema = z.object({
  /** true for a charge (shipping, a fee), false for an allowance (a discount). */
  charge: z.boolean(),
  amount: optionalText,
  reason: optionalText,
  vat_category: optionalText,
  vat_rate: optionalText,
});
export type ReceivedAllowanceCharge = z.infer<typeof receivedAllowanceChargeSchema>;

export const receivedVatBreakdownSchema = z.object({
  category: optionalText,
  rate: optionalText,
  taxable_amount: optionalText,
  tax_amount: optionalText,
  exemption_reason: optionalText,
});
export type ReceivedVatBreakdown = z.infer<typeof receivedVatBreakdownSchema>;

/** The document totals (BG-22) as stated. */
export const receivedTotalsSchema = z.object({
  /** Sum of line net amounts (BT-106). */
  line_total: optionalText,
  allowances: optionalText,
  charges: optionalText,
  /** Total without VAT (BT-109). */
  net: optionalText,
  /** Total VAT in the document's currency (BT-110). */
  tax: optionalText,
  /** Total with VAT (BT-112). */
  grand_total: optionalText,
  /** Paid in advance (BT-113). */
  paid: optionalText,
  rounding: optionalText,
  /** Amount due for payment (BT-115). */
  payable: optionalText,
});
export type ReceivedTotals = z.infer<typeof receivedTotalsSchema>;

export const receivedPaymentSchema = z.object({
  /** UNTDID 4461 payment means code, e.g. 58 (SEPA credit transfer). */
  means_code: optionalText,
  iban: optionalText,
  account_name: optionalText,
  bic: optionalText,
  /** Remittance information (BT-83). */
  reference: optionalText,
});
export type ReceivedPayment = z.infer<typeof receivedPaymentSchema>;

export const receivedEInvoiceSchema = z.object({
  syntax: z.enum(['cii', 'ubl']),
  type: z.enum(['invoice', 'credit note']),
  /** UNTDID 1001 document type code (380 invoice, 381 credit note, …). */
  type_code: optionalText,
  /** BT-24, e.g. urn:cen.eu:en16931:2017 or an XRechnung or Peppol id. */
  specification: optionalText,
  number: text,
  issue_date: optionalText,
  due_date: optionalText,
  delivery_date: optionalText,
  currency: optionalText,
  seller: receivedPartySchema,
  buyer: receivedBuyerSchema,
  lines: z.array(receivedLineSchema),
  allowances_charges: z.array(receivedAllowanceChargeSchema),
  vat_breakdown: z.array(receivedVatBreakdownSchema),
  totals: receivedTotalsSchema,
  payment: z.array(receivedPaymentSchema),
  payment_terms: optionalText,
  notes: z.array(z.string()),
});
export type ReceivedEInvoice = z.infer<typeof receivedEInvoiceSchema>;

/** The official EN 16931 rules run on what was received: fatal findings only. */
export const receivedValidationSchema = z.object({
  valid: z.boolean(),
  failures: z.array(z.object({ id: z.string(), text: z.string() })),
});
export type ReceivedValidation = z.infer<typeof receivedValidationSchema>;

export const readEInvoiceResponseSchema = z.object({
  success: z.literal(true),
  /** Where the XML came from: the uploaded XML itself, or the name of the attachment inside a PDF. */
  source: z.object({ kind: z.enum(['xml', 'pdf']), attachment: optionalText }),
  invoice: receivedEInvoiceSchema,
  validation: receivedValidationSchema,
});
export type ReadEInvoiceResponse = z.infer<typeof readEInvoiceResponseSchema>;
