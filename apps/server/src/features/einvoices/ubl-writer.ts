import { computeEInvoiceTotals, type VatGroup } from '@invoicer/domain/einvoice/einvoice-breakdown';
import type {
  EInvoice,
  EInvoiceAllowanceCharge,
  EInvoiceSeller,
  VatCategory,
} from '@invoicer/domain/einvoice/einvoice-model';
import type { PercentRate } from '@invoicer/domain/percent';
import { amount, electronicAddress, rate, sellerContact, type WriterOptions } from './einvoice-values';
import { el, escapeXml, textEl, XML_DECLARATION } from './xml-text';

/** UBL 2.1 invoice, Peppol BIS Billing 3.0 (EN 16931 CIUS). Elements are written in the schema's order. */

const NAMESPACES = {
  xmlns: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  'xmlns:cac': 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  'xmlns:cbc': 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
};

export const PEPPOL_BIS3_CUSTOMIZATION = 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0';
export const PEPPOL_BIS3_PROFILE = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';

const VAT_SCHEME = el('cac:TaxScheme', null, el('cbc:ID', null, 'VAT'));

/** A VAT category as UBL writes it on lines, allowances and the breakdown; O has no rate (BR-O-5). */
const taxCategory = (name: string, category: VatCategory, vatRate: PercentRate, exemptionReason?: string) =>
  el(
    name,
    null,
    el('cbc:ID', null, category),
    category === 'O' ? null : el('cbc:Percent', null, rate(vatRate)),
    textEl('cbc:TaxExemptionReason', exemptionReason),
    VAT_SCHEME,
  );

function party(name: string, value: EInvoiceSeller): string {
  const address = electronicAddress(value);
  const contact = sellerContact(value);
  return el(
    name,
    null,
    el(
      'cac:Party',
      null,
      address ? textEl('cbc:EndpointID', address.id, { schemeID: address.scheme }) : null,
      el(
        'cac:PostalAddress',
        null,
        textEl('cbc:StreetName', value.street),
        textEl('cbc:AdditionalStreetName', value.additional_street),
        textEl('cbc:CityName', value.city),
        textEl('cbc:PostalZone', value.postcode),
        textEl('cbc:CountrySubentity', value.region),
        // Left out when missing, so the rules name it (BR-09, BR-11) instead of a bad code.
        value.country ? el('cac:Country', null, el('cbc:IdentificationCode', null, escapeXml(value.country))) : null,
      ),
      value.vat_id?.trim() ? el('cac:PartyTaxScheme', null, textEl('cbc:CompanyID', value.vat_id), VAT_SCHEME) : null,
      el(
        'cac:PartyLegalEntity',
        null,
        textEl('cbc:RegistrationName', value.name),
        textEl('cbc:CompanyID', value.company_id),
      ),
      contact
        ? el(
            'cac:Contact',
            null,
            textEl('cbc:Name', contact.name),
            textEl('cbc:Telephone', contact.phone),
            textEl('cbc:ElectronicMail', contact.email),
          )
        : null,
    ),
  );
}

function allowanceCharge(entry: EInvoiceAllowanceCharge, charge: boolean, currency: EInvoice['currency']): string {
  return el(
    'cac:AllowanceCharge',
    null,
    el('cbc:ChargeIndicator', null, charge ? 'true' : 'false'),
    textEl('cbc:AllowanceChargeReason', entry.reason || (charge ? 'Charge' : 'Discount')),
    el('cbc:Amount', { currencyID: currency }, amount(entry.amount, currency)),
    taxCategory('cac:TaxCategory', entry.vat_category, entry.vat_rate),
  );
}

function subtotal(group: VatGroup, currency: EInvoice['currency']): string {
  return el(
    'cac:TaxSubtotal',
    null,
    el('cbc:TaxableAmount', { currencyID: currency }, amount(group.taxable, currency)),
    el('cbc:TaxAmount', { currencyID: currency }, amount(group.tax, currency)),
    taxCategory('cac:TaxCategory', group.category, group.rate, group.exemption_reason),
  );
}

export function writeUbl(invoice: EInvoice, options: WriterOptions = {}): string {
  const totals = computeEInvoiceTotals(invoice);
  const { currency } = invoice;
  const money = (name: string, minor: number) => el(name, { currencyID: currency }, amount(minor, currency));
  const deliverTo = invoice.lines.some((line) => line.vat_category === 'K');
  const body = el(
    'Invoice',
    NAMESPACES,
    el('cbc:CustomizationID', null, escapeXml(options.customization ?? PEPPOL_BIS3_CUSTOMIZATION)),
    el('cbc:ProfileID', null, PEPPOL_BIS3_PROFILE),
    textEl('cbc:ID', invoice.number),
    el('cbc:IssueDate', null, invoice.issue_date),
    invoice.due_date ? el('cbc:DueDate', null, invoice.due_date) : null,
    el('cbc:InvoiceTypeCode', null, '380'),
    textEl('cbc:Note', invoice.note),
    el('cbc:DocumentCurrencyCode', null, currency),
    textEl('cbc:BuyerReference', invoice.buyer.buyer_reference),
    party('cac:AccountingSupplierParty', invoice.seller),
    party('cac:AccountingCustomerParty', invoice.buyer),
    invoice.delivery_date || deliverTo
      ? el(
          'cac:Delivery',
          null,
          invoice.delivery_date ? el('cbc:ActualDeliveryDate', null, invoice.delivery_date) : null,
          // Intra-community supply names the country delivered to (BR-IC-12): the buyer's.
          deliverTo
            ? el(
                'cac:DeliveryLocation',
                null,
                // The buyer's address in full: XRechnung wants a city and postcode in it (BR-DE-10, BR-DE-11).
                el(
                  'cac:Address',
                  null,
                  textEl('cbc:StreetName', invoice.buyer.street),
                  textEl('cbc:CityName', invoice.buyer.city),
                  textEl('cbc:PostalZone', invoice.buyer.postcode),
                  el('cac:Country', null, el('cbc:IdentificationCode', null, escapeXml(invoice.buyer.country))),
                ),
              )
            : null,
        )
      : null,
    invoice.iban?.trim()
      ? el(
          'cac:PaymentMeans',
          null,
          el('cbc:PaymentMeansCode', null, '58'),
          el(
            'cac:PayeeFinancialAccount',
            null,
            textEl('cbc:ID', invoice.iban.replace(/\s+/g, '')),
            invoice.bic?.trim() ? el('cac:FinancialInstitutionBranch', null, textEl('cbc:ID', invoice.bic)) : null,
          ),
        )
      : null,
    invoice.payment_terms?.trim() ? el('cac:PaymentTerms', null, textEl('cbc:Note', invoice.payment_terms)) : null,
    invoice.allowances.map((entry) => allowanceCharge(entry, false, currency)),
    invoice.charges.map((entry) => allowanceCharge(entry, true, currency)),
    el(
      'cac:TaxTotal',
      null,
      money('cbc:TaxAmount', totals.tax_total),
      totals.vat.map((group) => subtotal(group, currency)),
    ),
    el(
      'cac:LegalMonetaryTotal',
      null,
      money('cbc:LineExtensionAmount', totals.line_total),
      money('cbc:TaxExclusiveAmount', totals.tax_exclusive),
      money('cbc:TaxInclusiveAmount', totals.tax_inclusive),
      money('cbc:AllowanceTotalAmount', totals.allowance_total),
      money('cbc:ChargeTotalAmount', totals.charge_total),
      money('cbc:PayableAmount', totals.payable),
    ),
    invoice.lines.map((line, index) =>
      el(
        'cac:InvoiceLine',
        null,
        el('cbc:ID', null, String(index + 1)),
        el('cbc:InvoicedQuantity', { unitCode: 'C62' }, String(line.quantity)),
        money('cbc:LineExtensionAmount', totals.line_net[index]!),
        el(
          'cac:Item',
          null,
          textEl('cbc:Description', line.description),
          textEl('cbc:Name', line.name),
          taxCategory('cac:ClassifiedTaxCategory', line.vat_category, line.vat_rate),
        ),
        el('cac:Price', null, money('cbc:PriceAmount', line.unit_price)),
      ),
    ),
  );
  return XML_DECLARATION + body;
}
