import { toEditData } from '@invoicer/domain/api/invoices';
import { CURRENCY_CODES, currencyDecimals } from '@invoicer/domain/currencies';
import { invoiceDocumentInputSchema, MESSAGES } from '@invoicer/domain/invoice-document';
import { computeTotals } from '@invoicer/domain/totals';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toEditInvoice } from './edit-data';
import { createFreshForm, type InvoiceFormValues, type LineItem } from './invoice-form';
import { SEND_MESSAGES, toDocumentInput, validateForSend } from './invoice-payload';
import { computeEditorTotals } from './invoice-totals';
import { SAVE_MESSAGES, toSavedInvoiceBody, validateForSave } from './saved-invoice';

const TODAY = '2026-11-21';

/** An amount as the form holds it after leaving the field: the decimal text of whole hundredths. */
const amountText = (max: number) => fc.integer({ min: 0, max }).map((minor) => String(minor / 100));
const lineItem: fc.Arbitrary<LineItem> = fc.record({
  id: fc.uuid(),
  name: fc.oneof(
    fc.constant(''),
    fc.string({ minLength: 1, maxLength: 20 }).filter((name) => name.trim() !== ''),
  ),
  description: fc.string({ maxLength: 20 }),
  showDesc: fc.boolean(),
  // Up to 3 decimals (ADR 60): 1.5, 2.125.
  quantity: fc.integer({ min: 0, max: 100_000_000 }).map((thousandths) => String(thousandths / 1000)),
  unit: fc.constantFrom('', 'hours', 'kg'),
  unitCost: amountText(100_000_000),
});
/** A percent as the form holds it: up to 3 decimals (8.875), 0 to 100. */
const percentText = fc.oneof(
  fc.integer({ min: 0, max: 100_000 }).map((rate) => String(rate / 1000)),
  fc.constantFrom('8.875', '0.125', '12.005', '99.999'),
);
/** A tax or discount type with text its box would hold for that type. */
const adjustment = fc.oneof(
  fc.record({ type: fc.constant('percent' as const), text: percentText }),
  fc.record({ type: fc.constant('fixed' as const), text: amountText(10_000) }),
);
/** A form as the inputs let a user fill it in, with From, To and at least one named item. */
const sendableForm: fc.Arbitrary<InvoiceFormValues> = fc
  .record({
    items: fc.array(lineItem, { minLength: 1, maxLength: 6 }),
    namedItem: lineItem.filter((item) => item.name.trim() !== ''),
    from: fc.string({ minLength: 1, maxLength: 40 }).filter((text) => text.trim() !== ''),
    to: fc.string({ minLength: 1, maxLength: 40 }).filter((text) => text.trim() !== ''),
    currency: fc.constantFrom(...CURRENCY_CODES),
    tax: adjustment,
    showTax: fc.boolean(),
    discount: adjustment,
    showDiscount: fc.boolean(),
    shippingAmount: amountText(1_000_000),
    showShipping: fc.boolean(),
    terms: fc.string({ maxLength: 40 }),
  })
  .map(({ items, namedItem, tax, discount, ...rest }) => {
    // What the inputs of a currency without a minor unit hold when filled in right: whole yen (ADR 59).
    const whole = (text: string) => (currencyDecimals(rest.currency) === 0 ? text.split('.')[0]! : text);
    const fixed = (a: { type: 'percent' | 'fixed'; text: string }) => (a.type === 'fixed' ? whole(a.text) : a.text);
    return {
      ...createFreshForm(TODAY),
      ...rest,
      shippingAmount: whole(rest.shippingAmount),
      taxType: tax.type,
      taxPercent: fixed(tax),
      discountType: discount.type,
      discountPercent: fixed(discount),
      invoiceNumber: 'INV-1',
      items: [...items, namedItem].map((item) => ({ ...item, unitCost: whole(item.unitCost) })),
    };
  });

describe('the checks before sending', () => {
  it('say the documented sentences for each action', () => {
    const empty = createFreshForm(TODAY);
    expect(validateForSend(empty, 'download')).toBe(MESSAGES.fromTo);
    expect(validateForSend(empty, 'preview')).toBe(SEND_MESSAGES.preview.fromTo);
    const parties = { ...empty, from: 'Acme', to: 'Globex' };
    expect(validateForSend(parties, 'download')).toBe(MESSAGES.items);
    expect(validateForSend(parties, 'preview')).toBe(SEND_MESSAGES.preview.items);
    expect(validateForSave(parties)).toBe(SAVE_MESSAGES.required);
    const named = { ...parties, items: [{ ...parties.items[0]!, name: 'Design' }] };
    expect(validateForSend(named, 'download')).toBeNull();
    expect(validateForSave(named)).toBeNull();
    expect(validateForSave({ ...named, invoiceNumber: '  ' })).toBe(SAVE_MESSAGES.required);
  });
});

describe('the body the editor sends', () => {
  it("is accepted by the server's own schema, and its totals are the editor's", () => {
    fc.assert(
      fc.property(sendableForm, (values) => {
        expect(validateForSend(values, 'download')).toBeNull();
        const parsed = invoiceDocumentInputSchema.safeParse(toDocumentInput(values));
        expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
        const document = parsed.data!;
        // Only named items are sent; the editor counts every row, so compare on the named ones.
        const named = { ...values, items: values.items.filter((item) => item.name.trim() !== '') };
        const server = computeTotals({
          items: document.items,
          tax: document.tax,
          discount: document.discount,
          shipping: document.shipping,
        });
        expect(server).toEqual(computeEditorTotals(named));
      }),
      { numRuns: 300 },
    );
  });

  it('sends a fraction of a yen as typed, so the schema refuses it by name instead of rounding it (ADR 59)', () => {
    const base = { ...createFreshForm(TODAY, 'JPY'), from: 'Acme', to: 'Globex', showShipping: false };
    const values = { ...base, items: [{ ...base.items[0]!, name: 'Design', quantity: '2', unitCost: '1234.5' }] };
    const body = toDocumentInput({ ...values, shippingAmount: '0' });
    expect(body.items[0]!.unit_cost).toBe('1234.5');
    const parsed = invoiceDocumentInputSchema.safeParse(body);
    expect(parsed.error?.issues.map((issue) => issue.message)).toEqual(['Rate must be a whole number in JPY.']);
    // The editor's totals count the refused rate as 0: nothing is rounded behind the user's back.
    expect(computeEditorTotals(values)?.subtotal).toBe(0);
    const yen = { ...values, items: [{ ...values.items[0]!, unitCost: '1234' }], shippingAmount: '0' };
    expect(invoiceDocumentInputSchema.parse(toDocumentInput(yen)).items[0]!.unitCost).toBe(1234);
    expect(computeEditorTotals(yen)?.subtotal).toBe(2468);
  });

  it('sends 1.5 hours as the number 1.5 with its unit, and a quantity over the cap as typed (ADR 60)', () => {
    const base = { ...createFreshForm(TODAY, 'USD'), from: 'Acme', to: 'Globex', showShipping: false };
    const line = { ...base.items[0]!, name: 'Consulting', quantity: '1.5', unit: ' hours ', unitCost: '80' };
    const values = { ...base, items: [line], shippingAmount: '0' };
    expect(toDocumentInput(values).items[0]).toMatchObject({ quantity: 1.5, unit: 'hours', unit_cost: 80 });
    expect(computeEditorTotals(values)?.total).toBe(12_000);
    const over = { ...values, items: [{ ...line, quantity: '1000000000.5' }] };
    expect(toDocumentInput(over).items[0]!.quantity).toBe('1000000000.5');
    const parsed = invoiceDocumentInputSchema.safeParse(toDocumentInput(over));
    expect(parsed.error?.issues.map((issue) => issue.message)).toEqual(['Quantity must be at most 1,000,000,000.']);
  });

  it('sends a new invoice as a draft and leaves the status of an updated one alone', () => {
    const values = { ...createFreshForm(TODAY), from: 'Acme', to: 'Globex', clientId: 'c1', businessId: null };
    expect(toSavedInvoiceBody(values, 'create')).toMatchObject({ status: 'draft', client_id: 'c1', business_id: null });
    expect(toSavedInvoiceBody(values, 'update')).not.toHaveProperty('status');
  });

  it('comes back from the server as the same form in edit mode', () => {
    fc.assert(
      fc.property(sendableForm, fc.uuid(), (values, id) => {
        const document = invoiceDocumentInputSchema.parse(toDocumentInput(values));
        const edit = toEditData(document, { id, clientId: values.clientId, businessId: null, status: 'draft' });
        const restored = toEditInvoice(edit, TODAY);
        expect(restored.invoiceNumber).toBe(values.invoiceNumber);
        // The server keeps named items only, trimmed, with its own ids; a hidden description is not sent.
        const sentItems = values.items
          .filter((item) => item.name.trim() !== '')
          .map(({ name, description, showDesc, quantity, unitCost }) => ({
            name: name.trim(),
            description: showDesc ? description.trim() : '',
            quantity,
            unitCost,
          }));
        expect(
          restored.values.items.map(({ name, description, quantity, unitCost }) => ({
            name,
            description,
            quantity,
            unitCost,
          })),
        ).toEqual(sentItems);
        // From and To come back trimmed, as the server stores them.
        const { items: _sent, ...rest } = values;
        const { items: _restored, ...restoredRest } = restored.values;
        expect(restoredRest).toEqual({ ...rest, from: values.from.trim(), to: values.to.trim() });
      }),
      { numRuns: 200 },
    );
  });
});
