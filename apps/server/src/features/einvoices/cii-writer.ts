import { computeEInvoiceTotals, type VatGroup } from '@invoicer/domain/einvoice/einvoice-breakdown';
import type {
  EInvoice,
  EInvoiceAllowanceCharge,
  EInvoiceSeller,
  VatCategory,
} from '@invoicer/domain/einvoice/einvoice-model';
import type { PercentRate } from '@invoicer/domain/percent';
import { amount, date102, electronicAddress, rate, sellerContact, type WriterOptions } from './einvoice-values';
import { el, escapeXml, textEl, XML_DECLARATION } from './xml-text';

/**
 * UN/CEFACT Cross Industry Invoice (D16B), EN 16931 profile: the XML inside Factur-X / ZUGFeRD.
 * Elements are written in the schema's order.
 */

const NAMESPACES = {
  'xmlns:rsm': 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
  'xmlns:ram': 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  'xmlns:qdt': 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
  'xmlns:udt': 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
};

export const CII_EN16931_GUIDELINE = 'urn:cen.eu:en16931:2017';

const dateTime = (name: string, isoDate: string) =>
  el(name, null, el('udt:DateTimeString', { format: '102' }, date102(isoDate)));

/** A VAT category and rate as CII writes them on lines and allowances; O has no rate (BR-O-5). */
const categoryTax = (name: string, category: VatCategory, vatRate: PercentRate) =>
  el(
    name,
    null,
    el('ram:TypeCode', null, 'VAT'),
    el('ram:CategoryCode', null, category),
    category === 'O' ? null : el('ram:RateApplicablePercent', null, rate(vatRate)),
  );

function party(name: string, value: EInvoiceSeller): string {
  const address = electronicAddress(value);
  const contact = sellerContact(value);
  return el(
    name,
    null,
    textEl('ram:Name', value.name),
    value.company_id?.trim() ? el('ram:SpecifiedLegalOrganization', null, textEl('ram:ID', value.company_id)) : null,
    contact
      ? el(
          'ram:DefinedTradeContact',
          null,
          textEl('ram:PersonName', contact.name),
          contact.phone?.trim()
            ? el('ram:TelephoneUniversalCommunication', null, textEl('ram:CompleteNumber', contact.phone))
            : null,
          contact.email?.trim()
            ? el('ram:EmailURIUniversalCommunication', null, textEl('ram:URIID', contact.email))
            : null,
        )
      : null,
    el(
      'ram:PostalTradeAddress',
      null,
      textEl('ram:PostcodeCode', value.postcode),
      textEl('ram:LineOne', value.street),
      textEl('ram:LineTwo', value.additional_street),
      textEl('ram:CityName', value.city),
      // Left out when missing, so the rules name it (BR-09, BR-11) instead of a bad code.
      textEl('ram:CountryID', value.country),
      textEl('ram:CountrySubDivisionName', value.region),
    ),
    address
      ? el('ram:URIUniversalCommunication', null, textEl('ram:URIID', address.id, { schemeID: address.scheme }))
      : null,
    value.vat_id?.trim()
      ? el('ram:SpecifiedTaxRegistration', null, textEl('ram:ID', value.vat_id, { schemeID: 'VA' }))
      : null,
  );
}

function allowanceCharge(entry: EInvoiceAllowanceCharge, charge: boolean, currency: EInvoice['currency']): string {
  return el(
    'ram:SpecifiedTradeAllowanceCharge',
    null,
    el('ram:ChargeIndicator', null, el('udt:Indicator', null, charge ? 'true' : 'false')),
    el('ram:ActualAmount', null, amount(entry.amount, currency)),
    textEl('ram:Reason', entry.reason || (charge ? 'Charge' : 'Discount')),
    categoryTax('ram:CategoryTradeTax', entry.vat_category, entry.vat_rate),
  );
}

function vatBreakdown(group: VatGroup, currency: EInvoice['currency']): string {
  return el(
    'ram:ApplicableTradeTax',
    null,
    el('ram:CalculatedAmount', null, amount(group.tax, currency)),
    el('ram:TypeCode', null, 'VAT'),
    textEl('ram:ExemptionReason', group.exemption_reason),
    el('ram:BasisAmount', null, amount(group.taxable, currency)),
    el('ram:CategoryCode', null, group.category),
    group.category === 'O' ? null : el('ram:RateApplicablePercent', null, rate(group.rate)),
  );
}

export function writeCii(invoice: EInvoice, options: WriterOptions = {}): string {
  const totals = computeEInvoiceTotals(invoice);
  const { currency } = invoice;
  const deliverTo = invoice.lines.some((line) => line.vat_category === 'K');
  const lines = invoice.lines.map((line, index) =>
    el(
      'ram:IncludedSupplyChainTradeLineItem',
      null,
      el('ram:AssociatedDocumentLineDocument', null, el('ram:LineID', null, String(index + 1))),
      el('ram:SpecifiedTradeProduct', null, textEl('ram:Name', line.name), textEl('ram:Description', line.description)),
      el(
        'ram:SpecifiedLineTradeAgreement',
        null,
        el('ram:NetPriceProductTradePrice', null, el('ram:ChargeAmount', null, amount(line.unit_price, currency))),
      ),
      el('ram:SpecifiedLineTradeDelivery', null, el('ram:BilledQuantity', { unitCode: 'C62' }, String(line.quantity))),
      el(
        'ram:SpecifiedLineTradeSettlement',
        null,
        categoryTax('ram:ApplicableTradeTax', line.vat_category, line.vat_rate),
        el(
          'ram:SpecifiedTradeSettlementLineMonetarySummation',
          null,
          el('ram:LineTotalAmount', null, amount(totals.line_net[index]!, currency)),
        ),
      ),
    ),
  );
  const body = el(
    'rsm:CrossIndustryInvoice',
    NAMESPACES,
    el(
      'rsm:ExchangedDocumentContext',
      null,
      el(
        'ram:GuidelineSpecifiedDocumentContextParameter',
        null,
        el('ram:ID', null, escapeXml(options.customization ?? CII_EN16931_GUIDELINE)),
      ),
    ),
    el(
      'rsm:ExchangedDocument',
      null,
      textEl('ram:ID', invoice.number),
      el('ram:TypeCode', null, '380'),
      dateTime('ram:IssueDateTime', invoice.issue_date),
      invoice.note?.trim() ? el('ram:IncludedNote', null, textEl('ram:Content', invoice.note)) : null,
    ),
    el(
      'rsm:SupplyChainTradeTransaction',
      null,
      lines,
      el(
        'ram:ApplicableHeaderTradeAgreement',
        null,
        textEl('ram:BuyerReference', invoice.buyer.buyer_reference),
        party('ram:SellerTradeParty', invoice.seller),
        party('ram:BuyerTradeParty', invoice.buyer),
      ),
      el(
        'ram:ApplicableHeaderTradeDelivery',
        null,
        // Intra-community supply names the country delivered to (BR-IC-12): the buyer's.
        deliverTo
          ? el(
              'ram:ShipToTradeParty',
              null,
              // The buyer's address in full: XRechnung wants a city and postcode in it (BR-DE-10, BR-DE-11).
              el(
                'ram:PostalTradeAddress',
                null,
                textEl('ram:PostcodeCode', invoice.buyer.postcode),
                textEl('ram:LineOne', invoice.buyer.street),
                textEl('ram:CityName', invoice.buyer.city),
                el('ram:CountryID', null, escapeXml(invoice.buyer.country)),
              ),
            )
          : null,
        invoice.delivery_date
          ? el('ram:ActualDeliverySupplyChainEvent', null, dateTime('ram:OccurrenceDateTime', invoice.delivery_date))
          : null,
      ),
      el(
        'ram:ApplicableHeaderTradeSettlement',
        null,
        el('ram:InvoiceCurrencyCode', null, currency),
        invoice.iban?.trim()
          ? el(
              'ram:SpecifiedTradeSettlementPaymentMeans',
              null,
              el('ram:TypeCode', null, '58'),
              el(
                'ram:PayeePartyCreditorFinancialAccount',
                null,
                textEl('ram:IBANID', invoice.iban.replace(/\s+/g, '')),
              ),
              invoice.bic?.trim()
                ? el('ram:PayeeSpecifiedCreditorFinancialInstitution', null, textEl('ram:BICID', invoice.bic))
                : null,
            )
          : null,
        totals.vat.map((group) => vatBreakdown(group, currency)),
        invoice.allowances.map((entry) => allowanceCharge(entry, false, currency)),
        invoice.charges.map((entry) => allowanceCharge(entry, true, currency)),
        invoice.due_date || invoice.payment_terms?.trim()
          ? el(
              'ram:SpecifiedTradePaymentTerms',
              null,
              textEl('ram:Description', invoice.payment_terms),
              invoice.due_date ? dateTime('ram:DueDateDateTime', invoice.due_date) : null,
            )
          : null,
        el(
          'ram:SpecifiedTradeSettlementHeaderMonetarySummation',
          null,
          el('ram:LineTotalAmount', null, amount(totals.line_total, currency)),
          el('ram:ChargeTotalAmount', null, amount(totals.charge_total, currency)),
          el('ram:AllowanceTotalAmount', null, amount(totals.allowance_total, currency)),
          el('ram:TaxBasisTotalAmount', null, amount(totals.tax_exclusive, currency)),
          el('ram:TaxTotalAmount', { currencyID: currency }, amount(totals.tax_total, currency)),
          el('ram:GrandTotalAmount', null, amount(totals.tax_inclusive, currency)),
          el('ram:DuePayableAmount', null, amount(totals.payable, currency)),
        ),
      ),
    ),
  );
  return XML_DECLARATION + body;
}
