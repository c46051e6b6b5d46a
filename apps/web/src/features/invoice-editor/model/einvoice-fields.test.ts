import { invoiceDataSchema, toEditData, toInvoiceData } from '@invoicer/domain/api/invoices';
import { invoiceDocumentInputSchema } from '@invoicer/domain/invoice-document';
import { computeTotals } from '@invoicer/domain/totals';
import { describe, expect, it } from 'vitest';
import { toEditInvoice } from './edit-data';
import { BUYER_INPUT_FIELDS, SELLER_INPUT_FIELDS } from '@invoicer/domain/api/einvoice-fields';
import { MAPPING_PROBLEM_FIELDS } from '@invoicer/domain/einvoice/einvoice-from-document';
import { RULE_PROBLEM_FIELDS } from '@invoicer/domain/einvoice/einvoice-rule-messages';
import { bodyProblems, formFieldValues, placeEInvoiceProblems, problemsStillShown } from './einvoice-fields';
import { editorReducer, initEditorState } from './editor-reducer';
import { createFreshForm } from './invoice-form';
import { toDocumentInput } from './invoice-payload';
import { computeEditorTotals } from './invoice-totals';
import { toSavedInvoiceBody } from './saved-invoice';

const TODAY = '2026-11-28';

/** A saved invoice's body with every e-invoice field of the contract, as the API lets a client set it. */
const FULL_BODY = {
  from: 'Muster GmbH\nHauptstr. 1',
  to: 'Kunde AG',
  invoice_number: 'RE-2026-7',
  issued_date: '2026-11-20',
  due_date: '2026-12-20',
  currency: 'EUR',
  items: [
    { name: 'Consulting', quantity: 2, unit: 'hours', unit_cost: 100, vat_category: 'S', vat_rate: 19 },
    { name: 'Books', quantity: 1, unit_cost: 50, vat_category: 'S', vat_rate: 7 },
    {
      name: 'Training',
      quantity: 1,
      unit_cost: 80,
      vat_category: 'E',
      vat_exemption_reason: 'Exempt under article 132 of the VAT directive',
    },
  ],
  show_tax: true,
  tax_percent: 19,
  show_discount: true,
  discount_percent: 10,
  discount_type: 'percent',
  discount_before_tax: true,
  payment_details: 'Bank: Musterbank',
  payment_instructions: 'Pay by transfer within 30 days.',
  terms: 'Thanks',
  seller: {
    name: 'Muster GmbH',
    street: 'Hauptstr. 1',
    additional_street: 'Hinterhaus',
    postcode: '10115',
    city: 'Berlin',
    region: 'Berlin',
    country: 'DE',
    vat_id: 'DE123456789',
    company_id: 'HRB 12345',
    email: 'billing@muster.example',
    endpoint_id: 'billing@muster.example',
    endpoint_scheme: 'EM',
    contact_name: 'Erika Muster',
    phone: '+49 30 123456',
  },
  buyer: {
    name: 'Kunde AG',
    street: 'Ring 5',
    postcode: '80331',
    city: 'München',
    country: 'DE',
    vat_id: 'DE987654321',
    endpoint_id: '04011000-12345-03',
    endpoint_scheme: '0204',
    buyer_reference: '04011000-12345-03',
  },
  iban: 'DE89370400440532013000',
  bic: 'COBADEFFXXX',
};

function savedData() {
  const document = invoiceDocumentInputSchema.parse(FULL_BODY);
  return { document, data: invoiceDataSchema.parse(toInvoiceData(document)) };
}

describe('a saved invoice with e-invoice details, loaded into the editor and saved again', () => {
  it('keeps every field of its data unchanged (issue 17)', () => {
    const { document, data } = savedData();
    const edit = toEditData(document, { id: 'inv-1', clientId: null, businessId: null, status: 'draft' });
    const { values } = toEditInvoice(edit, TODAY);
    const body = toSavedInvoiceBody(values, 'update');
    const resaved = toInvoiceData(invoiceDocumentInputSchema.parse(body.data));
    expect(resaved).toEqual(data);
    // Every field the contract's data has is there, so none can have been dropped on the way.
    for (const key of Object.keys(invoiceDataSchema.shape)) expect(resaved).toHaveProperty(key);
  });

  it('opens with VAT per line on and shows the same totals as the server', () => {
    const { document, data } = savedData();
    const edit = toEditData(document, { id: 'inv-1', clientId: null, businessId: null, status: 'draft' });
    const { values } = toEditInvoice(edit, TODAY);
    expect(values.vatPerLine).toBe(true);
    expect(values.items.map((item) => [item.vatCategory, item.vatRate])).toEqual([
      ['S', '19'],
      ['S', '7'],
      ['E', ''],
    ]);
    expect(computeEditorTotals(values)).toEqual(computeTotals(document));
    expect(data.payment_instructions).toBe('Pay by transfer within 30 days.');
  });

  it('still sends no e-invoice field for an invoice that has none', () => {
    const values = { ...createFreshForm(TODAY), from: 'A', to: 'B' };
    const body = toDocumentInput({ ...values, items: [{ ...values.items[0]!, name: 'Work' }] });
    for (const key of ['seller', 'buyer', 'iban', 'bic', 'discount_before_tax']) expect(body).not.toHaveProperty(key);
    expect(body.items[0]).not.toHaveProperty('vat_category');
  });
});

describe('VAT per line in the form', () => {
  it('gives every line a category when switched on, and new lines the last line’s rate', () => {
    const fresh = createFreshForm(TODAY);
    let state = initEditorState({ ...fresh, items: [{ ...fresh.items[0]!, name: 'Work', unitCost: '100' }] });
    state = editorReducer(state, { type: 'setVatPerLine', on: true });
    expect(state.values.items[0]!.vatCategory).toBe('S');
    expect(state.values.showTax).toBe(true);
    state = editorReducer(state, { type: 'updateItem', id: state.values.items[0]!.id, patch: { vatRate: '19' } });
    state = editorReducer(state, { type: 'addItem' });
    expect(state.values.items[1]).toMatchObject({ vatCategory: 'S', vatRate: '19' });
    const totals = computeEditorTotals(state.values);
    expect(totals?.vat?.groups).toEqual([{ category: 'S', rate: 19_000, taxable: 10_000, tax: 1_900 }]);
    // The body carries the rate for S only, and the schema reads it as the editor does.
    const body = toDocumentInput({ ...state.values, from: 'A', to: 'B' });
    expect(body.items).toEqual([expect.objectContaining({ vat_category: 'S', vat_rate: 19 })]);
    const document = invoiceDocumentInputSchema.parse(body);
    expect(computeTotals(document).tax).toBe(1_900);
  });

  it('counts no hidden Tax box while a line still lacks its category', () => {
    const fresh = createFreshForm(TODAY);
    const lines = [
      { ...fresh.items[0]!, name: 'Work', unitCost: '100', vatCategory: 'S' as const, vatRate: '19' },
      { ...fresh.items[0]!, id: 'second', name: 'More', unitCost: '100', vatCategory: '' as const },
    ];
    const values = { ...fresh, items: lines, showTax: true, taxPercent: '10', vatPerLine: true };
    expect(computeEditorTotals(values)).toMatchObject({ tax: 0, total: 20_000 });
    expect(computeEditorTotals(values)?.vat).toBeUndefined();
  });

  it('sends a rate the schema refuses as typed, so the server names it on its field', () => {
    const fresh = createFreshForm(TODAY);
    const item = { ...fresh.items[0]!, name: 'Work', vatCategory: 'S' as const, vatRate: '' };
    const body = toDocumentInput({ ...fresh, from: 'A', to: 'B', vatPerLine: true, items: [item] });
    const parsed = invoiceDocumentInputSchema.safeParse(body);
    expect(parsed.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['items.0.vat_rate', 'A standard-rated (S) line needs a VAT rate above 0.'],
    ]);
  });
});

describe('Apply discounts before tax', () => {
  it('takes the tax of the discounted amount, in the editor and in the body the server reads', () => {
    const fresh = createFreshForm(TODAY);
    const base = {
      ...fresh,
      from: 'A',
      to: 'B',
      items: [{ ...fresh.items[0]!, name: 'Work', unitCost: '100' }],
      showTax: true,
      taxPercent: '10',
      showDiscount: true,
      discountPercent: '10',
      showShipping: false,
    };
    expect(computeEditorTotals(base)).toMatchObject({ tax: 1_000, discount: 1_000, total: 10_000 });
    const state = editorReducer(initEditorState(base), { type: 'setDiscountBeforeTax', on: true });
    expect(computeEditorTotals(state.values)).toMatchObject({ tax: 900, discount: 1_000, total: 9_900 });
    const document = invoiceDocumentInputSchema.parse(toDocumentInput(state.values));
    expect(computeTotals(document)).toEqual(computeEditorTotals(state.values));
  });
});

describe('an e-invoice check’s problems on the editor’s fields', () => {
  const items = [
    { id: 'a', name: 'Design' },
    { id: 'blank', name: '  ' },
    { id: 'b', name: 'Hosting' },
  ];

  it('puts party, bank, item and form problems on their fields and the rest in the banner', () => {
    const placed = placeEInvoiceProblems(
      [
        { field: 'seller.vat_id', message: 'Add your VAT number or an exemption reason.' },
        { field: 'buyer.country', message: "Add the client's country." },
        { field: 'items.1.vat_rate', message: 'A standard-rated (S) line needs a VAT rate above 0.' },
        { field: 'items.0.unit_cost', message: 'Rate is too large.' },
        { field: 'iban', message: 'Add your IBAN: XRechnung needs payment instructions.' },
        { field: null, message: 'The invoice total must not be negative.' },
        { field: 'due_date', message: 'Add a due date or payment terms.' },
        { field: 'seller.vat_id', message: 'A second message for the same field.' },
      ],
      { items, vatPerLine: true },
    );
    expect(placed.byKey).toEqual({
      'seller.vat_id': 'Add your VAT number or an exemption reason.',
      'buyer.country': "Add the client's country.",
      // The second item the body carried is the third row: blank rows are not sent.
      'item.b.vat_rate': 'A standard-rated (S) line needs a VAT rate above 0.',
      'item.a.row': 'Rate is too large.',
      iban: 'Add your IBAN: XRechnung needs payment instructions.',
      due_date: 'Add a due date or payment terms.',
    });
    expect(placed.unplaced).toEqual(['The invoice total must not be negative.']);
    expect(placed.first).toBe('seller.vat_id');
    expect(placed.inSection).toBe(true);
  });

  it('puts a line’s VAT problem on the line when VAT per line is off, and opens nothing for it', () => {
    const placed = placeEInvoiceProblems([{ field: 'items.0.vat_category', message: 'Choose a category.' }], {
      items,
      vatPerLine: false,
    });
    expect(placed).toEqual({
      byKey: { 'item.a.row': 'Choose a category.' },
      unplaced: [],
      first: 'item.a.row',
      inSection: false,
    });
  });

  it('places every field the e-invoice check can name: the rules’, the mapping’s and the contract’s', () => {
    // From the domain, not by hand: a field a rule gains shows up here.
    const fields = [
      ...RULE_PROBLEM_FIELDS,
      ...Object.values(MAPPING_PROBLEM_FIELDS),
      ...SELLER_INPUT_FIELDS.map((field) => `seller.${field}`),
      ...BUYER_INPUT_FIELDS.map((field) => `buyer.${field}`),
      'iban',
      'bic',
      'items.0.vat_category',
      'items.0.vat_rate',
      'items.0.vat_exemption_reason',
    ];
    expect(fields).toEqual(expect.arrayContaining(['invoice_number', 'issued_date', 'iban', 'tax_type']));
    for (const vatPerLine of [true, false]) {
      for (const field of fields) {
        const placed = placeEInvoiceProblems([{ field, message: `About ${field}` }], { items, vatPerLine });
        expect(placed.unplaced, `${field}, VAT per line ${String(vatPerLine)}`).toEqual([]);
        expect(Object.values(placed.byKey)).toEqual([`About ${field}`]);
      }
    }
  });

  it('places each on the key its input carries: a form field’s own, the totals’ rows by name', () => {
    const placed = placeEInvoiceProblems(
      [
        { field: 'invoice_number', message: 'Add an invoice number.' },
        { field: 'issued_date', message: 'Add the issue date.' },
        { field: 'tax_type', message: 'Give the tax as a percent.' },
        { field: 'discount_percent', message: 'The discount is too large.' },
        { field: 'discount_before_tax', message: 'Apply the discount before tax.' },
        { field: 'shipping_amount', message: 'Shipping is too large.' },
        { field: 'items', message: 'Add at least one line.' },
      ],
      { items, vatPerLine: false },
    );
    expect(placed.byKey).toEqual({
      invoice_number: 'Add an invoice number.',
      issued_date: 'Add the issue date.',
      tax: 'Give the tax as a percent.',
      discount: 'The discount is too large.',
      discount_before_tax: 'Apply the discount before tax.',
      shipping: 'Shipping is too large.',
      'item.a.row': 'Add at least one line.',
    });
    // None of them is in the folded section.
    expect(placed.inSection).toBe(false);
    expect(placed.first).toBe('invoice_number');
  });

  it('reads a 400’s fields from the body with the route’s schema: a bad IBAN and BIC land on theirs', () => {
    const form = createFreshForm(TODAY);
    const values = {
      ...form,
      from: 'Muster GmbH',
      to: 'Kunde AG',
      items: [{ ...form.items[0]!, name: 'Design', quantity: '1', unitCost: '100' }],
      iban: 'DE00 1234',
      bic: 'NOT A BIC',
      seller: { ...form.seller, country: 'XX' },
    };
    const problems = bodyProblems(toDocumentInput(values));
    expect(problems.map((problem) => problem.field)).toEqual(expect.arrayContaining(['iban', 'bic', 'seller.country']));
    const placed = placeEInvoiceProblems(problems, { items: values.items, vatPerLine: false });
    expect(placed.unplaced).toEqual([]);
    expect(placed.byKey.iban).toMatch(/IBAN/);
    expect(placed.byKey.bic).toMatch(/BIC/);
    expect(placed.byKey['seller.country']).toBe('Seller country must be a two-letter ISO 3166-1 code (DE, FR, US).');
    expect(placed.inSection).toBe(true);
    // A body the schema takes names nothing: the refusal stays in the banner.
    expect(bodyProblems(toDocumentInput({ ...values, iban: '', bic: '', seller: form.seller }))).toEqual([]);
  });

  it('takes a form field’s message away once that field is edited, and keeps the others', () => {
    const sent = { ...createFreshForm(TODAY), invoiceNumber: '', showTax: true, taxType: 'fixed' as const };
    const problems = {
      invoice_number: 'Add an invoice number.',
      tax: 'Give the tax as a percent.',
      iban: 'Add your IBAN.',
    };
    const placedFor = formFieldValues(sent);
    expect(problemsStillShown(problems, placedFor, formFieldValues(sent))).toBe(problems);
    expect(problemsStillShown(problems, placedFor, formFieldValues({ ...sent, invoiceNumber: 'RE-1' }))).toEqual({
      tax: 'Give the tax as a percent.',
      iban: 'Add your IBAN.',
    });
    expect(problemsStillShown(problems, placedFor, formFieldValues({ ...sent, taxType: 'percent' }))).toEqual({
      invoice_number: 'Add an invoice number.',
      iban: 'Add your IBAN.',
    });
  });
});
