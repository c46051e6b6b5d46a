import type {
  ReceivedAllowanceCharge,
  ReceivedBuyer,
  ReceivedEInvoice,
  ReceivedLine,
  ReceivedParty,
  ReceivedPayment,
  ReceivedVatBreakdown,
} from '@invoicer/domain/api/einvoices';

/**
 * Reads a received e-invoice (CII or UBL, already parsed by SaxonJS on the validation thread) into the
 * reader's JSON (packages/domain/src/api/einvoices.ts). Walks the DOM by namespace and local name rather than
 * running XPath: a few thousand lookups on a 200-line invoice cost nothing this way. Values are copied as the
 * document writes them; nothing is computed, so what the reader shows is what the sender stated.
 */

const NS = {
  rsm: 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
  ram: 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  udt: 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  inv: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  cn: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
} as const;

/** The few DOM members SaxonJS's parsed nodes have (its platform DOM). */
export interface XmlNode {
  nodeType: number;
  localName?: string | null;
  namespaceURI?: string | null;
  nodeValue?: string | null;
  childNodes?: ArrayLike<XmlNode>;
  documentElement?: XmlNode;
  getAttribute?(name: string): string | null;
}

const ELEMENT = 1;
const TEXT = 3;
const CDATA = 4;

function elementChildren(node: XmlNode | undefined, prefixedName: string): XmlNode[] {
  if (!node?.childNodes) return [];
  const [prefix, local] = prefixedName.split(':') as [keyof typeof NS, string];
  const namespace = NS[prefix];
  const found: XmlNode[] = [];
  for (let i = 0; i < node.childNodes.length; i++) {
    const child = node.childNodes[i]!;
    if (child.nodeType === ELEMENT && child.localName === local && child.namespaceURI === namespace) found.push(child);
  }
  return found;
}

/** Elements along a path of prefixed names ("ram:A/ram:B"), every match at each step. */
function all(node: XmlNode | undefined, path: string): XmlNode[] {
  let current: XmlNode[] = node ? [node] : [];
  for (const step of path.split('/')) current = current.flatMap((each) => elementChildren(each, step));
  return current;
}

const first = (node: XmlNode | undefined, path: string): XmlNode | undefined => all(node, path)[0];

function textOf(node: XmlNode): string {
  let out = '';
  const stack: XmlNode[] = [node];
  // Iterative, so a deeply nested hostile document cannot overflow the stack.
  while (stack.length > 0) {
    const current = stack.pop()!;
    if (current.nodeType === TEXT || current.nodeType === CDATA) out += current.nodeValue ?? '';
    else if (current.childNodes)
      for (let i = current.childNodes.length - 1; i >= 0; i--) stack.push(current.childNodes[i]!);
  }
  return out;
}

/** The element's text with its white space collapsed; undefined when absent or empty. */
function value(node: XmlNode | undefined, path?: string): string | undefined {
  const element = path ? first(node, path) : node;
  if (!element) return undefined;
  const text = textOf(element).replace(/\s+/g, ' ').trim();
  return text === '' ? undefined : text;
}

/** As value(), keeping line breaks (notes, descriptions, payment terms). */
function prose(node: XmlNode | undefined, path?: string): string | undefined {
  const element = path ? first(node, path) : node;
  if (!element) return undefined;
  const text = textOf(element)
    .split('\n')
    .map((line) => line.replace(/[ \t\r]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return text === '' ? undefined : text;
}

function attribute(node: XmlNode | undefined, name: string): string | undefined {
  const found = node?.getAttribute?.(name)?.trim();
  return found ? found : undefined;
}

/** Drops undefined fields, so the JSON carries only what the document has. */
function compact<T extends object>(object: T): T {
  return Object.fromEntries(Object.entries(object).filter(([, each]) => each !== undefined)) as T;
}

/** CII dates are format 102 (YYYYMMDD); anything else is passed on as written. */
function ciiDate(node: XmlNode | undefined, path: string): string | undefined {
  const date = value(node, path);
  const match = date && /^(\d{4})(\d{2})(\d{2})$/.exec(date);
  return match ? `${match[1]}-${match[2]}-${match[3]}` : date;
}

/** UNTDID 1001 codes of credit notes (EN 16931 allows 381, 396, 532 and a few others). */
const CREDIT_NOTE_CODES = new Set(['81', '83', '261', '262', '296', '308', '381', '396', '420', '458', '532']);

export type EInvoiceSyntax = 'cii' | 'ubl';

/** The syntax of a parsed document, or null when its root is neither a CII invoice nor a UBL invoice or credit note. */
export function syntaxOf(document: XmlNode): EInvoiceSyntax | null {
  const root = document.documentElement;
  if (!root) return null;
  if (root.namespaceURI === NS.rsm && root.localName === 'CrossIndustryInvoice') return 'cii';
  if (root.namespaceURI === NS.inv && root.localName === 'Invoice') return 'ubl';
  if (root.namespaceURI === NS.cn && root.localName === 'CreditNote') return 'ubl';
  return null;
}

export function readEInvoiceDocument(document: XmlNode, syntax: EInvoiceSyntax): ReceivedEInvoice {
  const root = document.documentElement!;
  return syntax === 'cii' ? readCii(root) : readUbl(root);
}

// --- CII (UN/CEFACT Cross Industry Invoice, the XML of Factur-X / ZUGFeRD and XRechnung CII) ---

function ciiParty(party: XmlNode | undefined): ReceivedParty {
  const address = first(party, 'ram:PostalTradeAddress');
  const contact = first(party, 'ram:DefinedTradeContact');
  const taxIds = all(party, 'ram:SpecifiedTaxRegistration/ram:ID');
  const endpoint = first(party, 'ram:URIUniversalCommunication/ram:URIID');
  return compact({
    name: value(party, 'ram:Name') ?? '',
    trading_name: value(party, 'ram:SpecifiedLegalOrganization/ram:TradingBusinessName'),
    street: value(address, 'ram:LineOne'),
    additional_street: value(address, 'ram:LineTwo'),
    postcode: value(address, 'ram:PostcodeCode'),
    city: value(address, 'ram:CityName'),
    region: value(address, 'ram:CountrySubDivisionName'),
    country: value(address, 'ram:CountryID'),
    vat_id: value(taxIds.find((id) => attribute(id, 'schemeID') === 'VA')),
    company_id: value(party, 'ram:SpecifiedLegalOrganization/ram:ID'),
    email: value(contact, 'ram:EmailURIUniversalCommunication/ram:URIID'),
    phone: value(contact, 'ram:TelephoneUniversalCommunication/ram:CompleteNumber'),
    contact_name: value(contact, 'ram:PersonName') ?? value(contact, 'ram:DepartmentName'),
    endpoint_id: value(endpoint),
    endpoint_scheme: attribute(endpoint, 'schemeID'),
  });
}

function readCii(root: XmlNode): ReceivedEInvoice {
  const header = first(root, 'rsm:ExchangedDocument');
  const transaction = first(root, 'rsm:SupplyChainTradeTransaction');
  const agreement = first(transaction, 'ram:ApplicableHeaderTradeAgreement');
  const settlement = first(transaction, 'ram:ApplicableHeaderTradeSettlement');
  const summation = first(settlement, 'ram:SpecifiedTradeSettlementHeaderMonetarySummation');
  const currency = value(settlement, 'ram:InvoiceCurrencyCode');
  const typeCode = value(header, 'ram:TypeCode');
  const taxTotals = all(summation, 'ram:TaxTotalAmount');
  const taxTotal = taxTotals.find((each) => attribute(each, 'currencyID') === currency) ?? taxTotals[0];
  const terms = all(settlement, 'ram:SpecifiedTradePaymentTerms');

  const lines = all(transaction, 'ram:IncludedSupplyChainTradeLineItem').map((line): ReceivedLine => {
    const price = first(line, 'ram:SpecifiedLineTradeAgreement/ram:NetPriceProductTradePrice');
    const quantity = first(line, 'ram:SpecifiedLineTradeDelivery/ram:BilledQuantity');
    const tax = first(line, 'ram:SpecifiedLineTradeSettlement/ram:ApplicableTradeTax');
    return compact({
      id: value(line, 'ram:AssociatedDocumentLineDocument/ram:LineID'),
      name: value(line, 'ram:SpecifiedTradeProduct/ram:Name') ?? '',
      description: prose(line, 'ram:SpecifiedTradeProduct/ram:Description'),
      quantity: value(quantity),
      unit_code: attribute(quantity, 'unitCode'),
      unit_price: value(price, 'ram:ChargeAmount'),
      price_base_quantity: value(price, 'ram:BasisQuantity'),
      net_amount: value(
        line,
        'ram:SpecifiedLineTradeSettlement/ram:SpecifiedTradeSettlementLineMonetarySummation/ram:LineTotalAmount',
      ),
      vat_category: value(tax, 'ram:CategoryCode'),
      vat_rate: value(tax, 'ram:RateApplicablePercent'),
    });
  });

  const allowancesCharges = all(settlement, 'ram:SpecifiedTradeAllowanceCharge').map((each): ReceivedAllowanceCharge =>
    compact({
      charge: value(each, 'ram:ChargeIndicator/udt:Indicator') === 'true',
      amount: value(each, 'ram:ActualAmount'),
      reason: value(each, 'ram:Reason'),
      vat_category: value(each, 'ram:CategoryTradeTax/ram:CategoryCode'),
      vat_rate: value(each, 'ram:CategoryTradeTax/ram:RateApplicablePercent'),
    }),
  );

  const vatBreakdown = all(settlement, 'ram:ApplicableTradeTax').map((each): ReceivedVatBreakdown =>
    compact({
      category: value(each, 'ram:CategoryCode'),
      rate: value(each, 'ram:RateApplicablePercent'),
      taxable_amount: value(each, 'ram:BasisAmount'),
      tax_amount: value(each, 'ram:CalculatedAmount'),
      exemption_reason: value(each, 'ram:ExemptionReason'),
    }),
  );

  const reference = value(settlement, 'ram:PaymentReference');
  const payment = all(settlement, 'ram:SpecifiedTradeSettlementPaymentMeans').map((each): ReceivedPayment =>
    compact({
      means_code: value(each, 'ram:TypeCode'),
      iban:
        value(each, 'ram:PayeePartyCreditorFinancialAccount/ram:IBANID') ??
        value(each, 'ram:PayeePartyCreditorFinancialAccount/ram:ProprietaryID'),
      account_name: value(each, 'ram:PayeePartyCreditorFinancialAccount/ram:AccountName'),
      bic: value(each, 'ram:PayeeSpecifiedCreditorFinancialInstitution/ram:BICID'),
      reference,
    }),
  );

  const buyer: ReceivedBuyer = compact({
    ...ciiParty(first(agreement, 'ram:BuyerTradeParty')),
    buyer_reference: value(agreement, 'ram:BuyerReference'),
  });

  return compact({
    syntax: 'cii' as const,
    type: typeCode && CREDIT_NOTE_CODES.has(typeCode) ? ('credit note' as const) : ('invoice' as const),
    type_code: typeCode,
    specification: value(root, 'rsm:ExchangedDocumentContext/ram:GuidelineSpecifiedDocumentContextParameter/ram:ID'),
    number: value(header, 'ram:ID') ?? '',
    issue_date: ciiDate(header, 'ram:IssueDateTime/udt:DateTimeString'),
    due_date: terms
      .map((each) => ciiDate(each, 'ram:DueDateDateTime/udt:DateTimeString'))
      .find((each) => each !== undefined),
    delivery_date: ciiDate(
      transaction,
      'ram:ApplicableHeaderTradeDelivery/ram:ActualDeliverySupplyChainEvent/ram:OccurrenceDateTime/udt:DateTimeString',
    ),
    currency,
    seller: ciiParty(first(agreement, 'ram:SellerTradeParty')),
    buyer,
    lines,
    allowances_charges: allowancesCharges,
    vat_breakdown: vatBreakdown,
    totals: compact({
      line_total: value(summation, 'ram:LineTotalAmount'),
      allowances: value(summation, 'ram:AllowanceTotalAmount'),
      charges: value(summation, 'ram:ChargeTotalAmount'),
      net: value(summation, 'ram:TaxBasisTotalAmount'),
      tax: value(taxTotal),
      grand_total: value(summation, 'ram:GrandTotalAmount'),
      paid: value(summation, 'ram:TotalPrepaidAmount'),
      rounding: value(summation, 'ram:RoundingAmount'),
      payable: value(summation, 'ram:DuePayableAmount'),
    }),
    payment,
    payment_terms: joinProse(terms.map((each) => prose(each, 'ram:Description'))),
    notes: all(header, 'ram:IncludedNote/ram:Content').flatMap((each) => prose(each) ?? []),
  });
}

// --- UBL 2.1 (Peppol BIS Billing 3.0, XRechnung UBL): Invoice and CreditNote ---

function ublParty(party: XmlNode | undefined): ReceivedParty {
  const address = first(party, 'cac:PostalAddress');
  const contact = first(party, 'cac:Contact');
  const endpoint = first(party, 'cbc:EndpointID');
  const vat = all(party, 'cac:PartyTaxScheme').find((each) => value(each, 'cac:TaxScheme/cbc:ID') === 'VAT');
  const registeredName = value(party, 'cac:PartyLegalEntity/cbc:RegistrationName');
  const tradingName = value(party, 'cac:PartyName/cbc:Name');
  return compact({
    name: registeredName ?? tradingName ?? '',
    trading_name: registeredName !== undefined && tradingName !== registeredName ? tradingName : undefined,
    street: value(address, 'cbc:StreetName'),
    additional_street: value(address, 'cbc:AdditionalStreetName'),
    postcode: value(address, 'cbc:PostalZone'),
    city: value(address, 'cbc:CityName'),
    region: value(address, 'cbc:CountrySubentity'),
    country: value(address, 'cac:Country/cbc:IdentificationCode'),
    vat_id: value(vat, 'cbc:CompanyID'),
    company_id: value(party, 'cac:PartyLegalEntity/cbc:CompanyID'),
    email: value(contact, 'cbc:ElectronicMail'),
    phone: value(contact, 'cbc:Telephone'),
    contact_name: value(contact, 'cbc:Name'),
    endpoint_id: value(endpoint),
    endpoint_scheme: attribute(endpoint, 'schemeID'),
  });
}

function readUbl(root: XmlNode): ReceivedEInvoice {
  const creditNote = root.localName === 'CreditNote';
  const currency = value(root, 'cbc:DocumentCurrencyCode');
  const taxTotals = all(root, 'cac:TaxTotal');
  const documentTax =
    taxTotals.find((each) => attribute(first(each, 'cbc:TaxAmount'), 'currencyID') === currency) ?? taxTotals[0];
  const monetary = first(root, 'cac:LegalMonetaryTotal');
  const means = all(root, 'cac:PaymentMeans');

  const lines = [...all(root, 'cac:InvoiceLine'), ...all(root, 'cac:CreditNoteLine')].map((line): ReceivedLine => {
    const quantity = first(line, 'cbc:InvoicedQuantity') ?? first(line, 'cbc:CreditedQuantity');
    const tax = first(line, 'cac:Item/cac:ClassifiedTaxCategory');
    return compact({
      id: value(line, 'cbc:ID'),
      name: value(line, 'cac:Item/cbc:Name') ?? '',
      description: prose(line, 'cac:Item/cbc:Description'),
      quantity: value(quantity),
      unit_code: attribute(quantity, 'unitCode'),
      unit_price: value(line, 'cac:Price/cbc:PriceAmount'),
      price_base_quantity: value(line, 'cac:Price/cbc:BaseQuantity'),
      net_amount: value(line, 'cbc:LineExtensionAmount'),
      vat_category: value(tax, 'cbc:ID'),
      vat_rate: value(tax, 'cbc:Percent'),
    });
  });

  const allowancesCharges = all(root, 'cac:AllowanceCharge').map((each): ReceivedAllowanceCharge =>
    compact({
      charge: value(each, 'cbc:ChargeIndicator') === 'true',
      amount: value(each, 'cbc:Amount'),
      reason: value(each, 'cbc:AllowanceChargeReason'),
      vat_category: value(each, 'cac:TaxCategory/cbc:ID'),
      vat_rate: value(each, 'cac:TaxCategory/cbc:Percent'),
    }),
  );

  const vatBreakdown = all(documentTax, 'cac:TaxSubtotal').map((each): ReceivedVatBreakdown =>
    compact({
      category: value(each, 'cac:TaxCategory/cbc:ID'),
      rate: value(each, 'cac:TaxCategory/cbc:Percent'),
      taxable_amount: value(each, 'cbc:TaxableAmount'),
      tax_amount: value(each, 'cbc:TaxAmount'),
      exemption_reason: value(each, 'cac:TaxCategory/cbc:TaxExemptionReason'),
    }),
  );

  const payment = means.map((each): ReceivedPayment =>
    compact({
      means_code: value(each, 'cbc:PaymentMeansCode'),
      iban: value(each, 'cac:PayeeFinancialAccount/cbc:ID'),
      account_name: value(each, 'cac:PayeeFinancialAccount/cbc:Name'),
      bic: value(each, 'cac:PayeeFinancialAccount/cac:FinancialInstitutionBranch/cbc:ID'),
      reference: value(each, 'cbc:PaymentID'),
    }),
  );

  const buyer: ReceivedBuyer = compact({
    ...ublParty(first(root, 'cac:AccountingCustomerParty/cac:Party')),
    buyer_reference: value(root, 'cbc:BuyerReference'),
  });

  const typeCode = value(root, creditNote ? 'cbc:CreditNoteTypeCode' : 'cbc:InvoiceTypeCode');
  return compact({
    syntax: 'ubl' as const,
    type:
      creditNote || (typeCode !== undefined && CREDIT_NOTE_CODES.has(typeCode))
        ? ('credit note' as const)
        : ('invoice' as const),
    type_code: typeCode,
    specification: value(root, 'cbc:CustomizationID'),
    number: value(root, 'cbc:ID') ?? '',
    issue_date: value(root, 'cbc:IssueDate'),
    due_date:
      value(root, 'cbc:DueDate') ??
      means.map((each) => value(each, 'cbc:PaymentDueDate')).find((each) => each !== undefined),
    delivery_date: value(root, 'cac:Delivery/cbc:ActualDeliveryDate'),
    currency,
    seller: ublParty(first(root, 'cac:AccountingSupplierParty/cac:Party')),
    buyer,
    lines,
    allowances_charges: allowancesCharges,
    vat_breakdown: vatBreakdown,
    totals: compact({
      line_total: value(monetary, 'cbc:LineExtensionAmount'),
      allowances: value(monetary, 'cbc:AllowanceTotalAmount'),
      charges: value(monetary, 'cbc:ChargeTotalAmount'),
      net: value(monetary, 'cbc:TaxExclusiveAmount'),
      tax: value(documentTax, 'cbc:TaxAmount'),
      grand_total: value(monetary, 'cbc:TaxInclusiveAmount'),
      paid: value(monetary, 'cbc:PrepaidAmount'),
      rounding: value(monetary, 'cbc:PayableRoundingAmount'),
      payable: value(monetary, 'cbc:PayableAmount'),
    }),
    payment,
    payment_terms: joinProse(all(root, 'cac:PaymentTerms').map((each) => prose(each, 'cbc:Note'))),
    notes: all(root, 'cbc:Note').flatMap((each) => prose(each) ?? []),
  });
}

function joinProse(parts: (string | undefined)[]): string | undefined {
  const present = parts.filter((each): each is string => each !== undefined);
  return present.length > 0 ? present.join('\n') : undefined;
}
