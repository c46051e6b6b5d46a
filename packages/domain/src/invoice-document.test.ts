import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toInvoiceData } from './api/invoices';
import { invoiceDocumentInputSchema, logoRefToUrl, MESSAGES, type InvoiceDocumentInput } from './invoice-document';
import { isGenericMessage, toErrorEnvelope } from './validation-error';

const LOGO_ID = '3f2b8c1e-9a4d-4e6f-8b1a-2c3d4e5f6a7b';

const valid = (): Record<string, unknown> => ({
  from: 'Acme Ltd\n1 Main Street',
  to: 'Globex Corp\n2 Side Road',
  items: [
    { id: 'a', name: 'Design', description: 'Logo work', showDesc: true, quantity: 2, unit_cost: 150.5 },
    { id: 'b', name: 'Hosting', quantity: '1', unit_cost: '20' },
  ],
  invoice_number: '0042',
  issued_date: '2026-11-21',
  due_date: '2026-11-28',
  tax_percent: 20,
  tax_type: 'percent',
  show_tax: true,
  discount_percent: 10,
  discount_type: 'fixed',
  show_discount: true,
  shipping_amount: 5,
  show_shipping: true,
  payment_details: 'IBAN XX00',
  payment_instructions: '',
  terms: 'Please submit payment within 15 days of receipt of this invoice.',
  logo_url: null,
  currency: 'USD',
  currency_symbol: '$',
  currency_label: 'US Dollar ($)',
});

const parse = (overrides: Record<string, unknown>) =>
  invoiceDocumentInputSchema.safeParse({ ...valid(), ...overrides });

/** The envelope's messages for a body that must fail. */
function errors(overrides: Record<string, unknown>): string[] {
  const result = parse(overrides);
  expect(result.success).toBe(false);
  return toErrorEnvelope(result.error!).errors;
}

describe('invoiceDocumentInputSchema', () => {
  it('parses a full body into minor units', () => {
    const result = parse({});
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({
      from: 'Acme Ltd\n1 Main Street',
      invoiceNumber: '0042',
      currency: 'USD',
      items: [
        { name: 'Design', description: 'Logo work', quantity: 2, unitCost: 15_050 },
        { name: 'Hosting', description: '', quantity: 1, unitCost: 2_000 },
      ],
      tax: { enabled: true, type: 'percent', value: 20_000 },
      discount: { enabled: true, type: 'fixed', value: 1_000 },
      shipping: { enabled: true, amount: 500 },
      logo: null,
    });
  });

  it('asks for From and To with the documented message', () => {
    expect(errors({ from: '   ' })).toEqual([MESSAGES.fromTo]);
    expect(errors({ to: '' })).toEqual([MESSAGES.fromTo]);
    expect(errors({ to: undefined })).toEqual([MESSAGES.fromTo]);
    expect(errors({ from: null, to: null })).toEqual([MESSAGES.fromTo]);
    expect(MESSAGES.fromTo).toBe('Fill "From" and "To" fields.');
  });

  it('needs at least one named item, with the documented message', () => {
    expect(errors({ items: [] })).toEqual([MESSAGES.items]);
    expect(errors({ items: undefined })).toEqual([MESSAGES.items]);
    expect(errors({ items: [{ name: '  ', quantity: 1, unit_cost: 5 }, { quantity: 2 }] })).toEqual([MESSAGES.items]);
    expect(MESSAGES.items).toBe('Add at least one valid item.');
  });

  it('drops unnamed items and trims names', () => {
    const result = parse({
      items: [{ name: '' }, { name: '  Kept  ', unit_cost: 1 }, { name: null }, { quantity: 3 }],
    });
    expect(result.data?.items).toEqual([{ name: 'Kept', description: '', quantity: 1, unitCost: 100 }]);
  });

  it('rejects negative, 4-decimal or non-numeric quantities and costs', () => {
    const item = (fields: Record<string, unknown>) => ({ items: [{ name: 'X', ...fields }] });
    const quantityMessage = 'Quantity must be a number, 0 or more, with at most 3 decimals.';
    expect(errors(item({ quantity: -1 }))).toEqual([quantityMessage]);
    expect(errors(item({ quantity: 1.2345 }))).toEqual([quantityMessage]);
    expect(errors(item({ quantity: '1.0001' }))).toEqual([quantityMessage]);
    expect(errors(item({ quantity: 'abc' }))).toEqual([quantityMessage]);
    expect(errors(item({ quantity: '1,5' }))).toEqual([quantityMessage]);
    expect(errors(item({ quantity: 1e-7 }))).toEqual([quantityMessage]);
    expect(errors(item({ quantity: true }))).toEqual(['Quantity must be a number.']);
    expect(errors(item({ quantity: Number.NaN }))).toHaveLength(1);
    expect(errors(item({ unit_cost: -5 }))).toEqual(['Rate must be a non-negative number with at most 2 decimals.']);
    expect(errors(item({ unit_cost: '12abc' }))).toEqual([
      'Rate must be a non-negative number with at most 2 decimals.',
    ]);
    expect(errors(item({ unit_cost: '-0.01' }))).toHaveLength(1);
    expect(errors(item({ unit_cost: Infinity }))).toHaveLength(1);
    expect(errors(item({ unit_cost: { value: 1 } }))).toEqual(['Rate must be a number.']);
    expect(errors(item({ quantity: 1_000_000_001 }))).toEqual(['Quantity must be at most 1,000,000,000.']);
    expect(errors(item({ quantity: 1_000_000_000.001 }))).toEqual(['Quantity must be at most 1,000,000,000.']);
    expect(errors(item({ quantity: '9'.repeat(20) }))).toEqual(['Quantity must be at most 1,000,000,000.']);
    expect(errors({ shipping_amount: -1 })).toEqual([
      'Shipping must be a non-negative number with at most 2 decimals.',
    ]);
  });

  it('keeps quantities with up to 3 decimals and a trimmed unit (ADR 60)', () => {
    const result = parse({
      items: [
        { name: 'Consulting', quantity: 1.5, unit: '  hours ', unit_cost: 80 },
        { name: 'Coffee', quantity: '2.125', unit: 'kg', unit_cost: 3.99 },
        { name: 'Plain', quantity: 3, unit: '   ' },
        { name: 'Null unit', quantity: 0.001, unit: null },
      ],
    });
    expect(result.data?.items).toEqual([
      { name: 'Consulting', description: '', quantity: 1.5, unit: 'hours', unitCost: 8000 },
      { name: 'Coffee', description: '', quantity: 2.125, unit: 'kg', unitCost: 399 },
      { name: 'Plain', description: '', quantity: 3, unitCost: 0 },
      { name: 'Null unit', description: '', quantity: 0.001, unitCost: 0 },
    ]);
    expect(parse({ items: [{ name: 'X', unit: 'square\n  metres' }] }).data?.items[0]?.unit).toBe('square metres');
    expect(errors({ items: [{ name: 'X', unit: 'x'.repeat(21) }] })).toEqual([
      'Unit is too long (at most 20 characters).',
    ]);
    expect(errors({ items: [{ name: 'X', unit: 5 }] })).toEqual(['Unit must be text.']);
  });

  it('refuses a fraction of a yen or won by name, everywhere an amount goes (ADR 59)', () => {
    const whole = [{ name: 'X', unit_cost: 1 }];
    const jpy = { currency: 'JPY', currency_symbol: '¥', currency_label: 'Japanese Yen (¥)', items: whole };
    expect(errors({ ...jpy, items: [{ name: 'X', unit_cost: 1234.5 }] })).toEqual([
      'Rate must be a whole number in JPY.',
    ]);
    expect(errors({ ...jpy, items: [{ name: 'X', unit_cost: '0.01' }] })).toEqual([
      'Rate must be a whole number in JPY.',
    ]);
    expect(errors({ ...jpy, shipping_amount: '9.99' })).toEqual(['Shipping must be a whole number in JPY.']);
    expect(errors({ ...jpy, tax_type: 'fixed', tax_percent: 1.5 })).toEqual(['Tax must be a whole number in JPY.']);
    expect(errors({ currency: 'KRW', items: whole, discount_type: 'fixed', discount_percent: '100.5' })).toEqual([
      'Discount must be a whole number in KRW.',
    ]);
    expect(errors({ ...jpy, items: [{ name: 'X', unit_cost: -5 }] })).toEqual([
      'Rate must be a whole number in JPY, 0 or more.',
    ]);
    // Whole yen are minor units one to one; a percent keeps its 3 decimals whatever the currency.
    const parsed = parse({
      ...jpy,
      items: [{ name: 'X', unit_cost: 1234 }],
      tax_percent: 8.875,
      shipping_amount: '500',
    });
    expect(parsed.data).toMatchObject({ items: [{ unitCost: 1234 }], tax: { value: 8875 }, shipping: { amount: 500 } });
    // The largest JPY amount is ¥99,999,999,999,999 (the same count of minor units as €999,999,999,999.99).
    const bare = { ...jpy, show_tax: false, show_discount: false, show_shipping: false };
    expect(parse({ ...bare, items: [{ name: 'X', unit_cost: '99999999999999' }] }).success).toBe(true);
    expect(errors({ ...bare, items: [{ name: 'X', unit_cost: '100000000000000' }] })).toEqual(['Rate is too large.']);
  });

  it('rejects amounts with 3 decimals', () => {
    expect(errors({ items: [{ name: 'X', unit_cost: 1.005 }] })).toHaveLength(1);
    expect(errors({ items: [{ name: 'X', unit_cost: '1.005' }] })).toHaveLength(1);
    expect(errors({ tax_type: 'fixed', tax_percent: '7.125' })).toEqual([
      'Tax must be a non-negative number with at most 2 decimals.',
    ]);
    expect(errors({ discount_percent: 0.005 })).toEqual([
      'Discount must be a non-negative number with at most 2 decimals.',
    ]);
    expect(parse({ items: [{ name: 'X', unit_cost: '1.50' }] }).data?.items[0]?.unitCost).toBe(150);
  });

  it('takes percentages with up to 3 decimals, as thousandths of a percent, and refuses a fourth', () => {
    expect(parse({ tax_percent: 8.875 }).data?.tax).toEqual({ enabled: true, type: 'percent', value: 8_875 });
    expect(parse({ tax_percent: '8.875' }).data?.tax.value).toBe(8_875);
    expect(parse({ tax_percent: 8.25 }).data?.tax.value).toBe(8_250);
    expect(parse({ tax_percent: '0.001' }).data?.tax.value).toBe(1);
    expect(parse({ tax_percent: '100.000' }).data?.tax.value).toBe(100_000);
    expect(parse({ discount_type: 'percent', discount_percent: 12.125 }).data?.discount.value).toBe(12_125);
    expect(errors({ tax_percent: 8.8755 })).toEqual([
      'Tax percent must be a non-negative number with at most 3 decimals.',
    ]);
    expect(errors({ tax_percent: '8.8755' })).toEqual([
      'Tax percent must be a non-negative number with at most 3 decimals.',
    ]);
    expect(errors({ discount_type: 'percent', discount_percent: '-1' })).toEqual([
      'Discount percent must be a non-negative number with at most 3 decimals.',
    ]);
    expect(errors({ tax_percent: 'abc' })).toEqual([
      'Tax percent must be a non-negative number with at most 3 decimals.',
    ]);
    expect(errors({ tax_percent: true })).toEqual(['Tax must be a number.']);
    // Both fields wrong: one message each, naming its field.
    expect(errors({ tax_percent: 1.0001, discount_type: 'percent', discount_percent: 100.001 })).toEqual([
      'Tax percent must be a non-negative number with at most 3 decimals.',
      'Discount percent must be between 0 and 100.',
    ]);
  });

  it('says "too large" for digits beyond the cap', () => {
    expect(errors({ items: [{ name: 'X', unit_cost: '1000000000000' }] })).toEqual(['Rate is too large.']);
    expect(errors({ items: [{ name: 'X', unit_cost: 1e20 }] })).toEqual(['Rate is too large.']);
    expect(errors({ items: [{ name: 'X', unit_cost: '123456789012345678901234567890' }] })).toEqual([
      'Rate is too large.',
    ]);
  });

  it('caps percentages at 100 only for the percent type', () => {
    expect(errors({ tax_percent: 100.01 })).toEqual(['Tax percent must be between 0 and 100.']);
    expect(errors({ tax_percent: 100.001 })).toEqual(['Tax percent must be between 0 and 100.']);
    expect(errors({ tax_percent: '123456789012345678901234567890' })).toEqual([
      'Tax percent must be between 0 and 100.',
    ]);
    expect(errors({ discount_type: 'percent', discount_percent: 101 })).toEqual([
      'Discount percent must be between 0 and 100.',
    ]);
    expect(parse({ tax_percent: 100 }).success).toBe(true);
    expect(parse({ tax_type: 'fixed', tax_percent: 150 }).data?.tax).toEqual({
      enabled: true,
      type: 'fixed',
      value: 15_000,
    });
    expect(parse({ discount_type: 'fixed', discount_percent: 250 }).success).toBe(true);
  });

  it('reads currency codes in any case, defaults to EUR and rejects unknown ones', () => {
    expect(parse({ currency: 'usd' }).data?.currency).toBe('USD');
    expect(parse({ currency: ' gbp ' }).data?.currency).toBe('GBP');
    expect(parse({ currency: undefined }).data?.currency).toBe('EUR');
    expect(parse({ currency: '' }).data?.currency).toBe('EUR');
    expect(errors({ currency: 'XYZ' })[0]).toMatch(/^Unknown currency "XYZ"/);
    expect(errors({ currency: 12 })).toEqual(['Currency must be a currency code.']);
  });

  it("reads 'flat' as fixed and a missing type as percent", () => {
    expect(parse({ tax_type: 'flat' }).data?.tax.type).toBe('fixed');
    expect(parse({ discount_type: undefined }).data?.discount.type).toBe('percent');
    expect(errors({ tax_type: 'ratio' })).toEqual(['Type must be "percent" or "fixed".']);
  });

  it('accepts only real YYYY-MM-DD dates', () => {
    expect(errors({ issued_date: '2026-02-30' })).toEqual(['Issued date must be a date in YYYY-MM-DD format.']);
    expect(errors({ due_date: '21/11/2026' })).toEqual(['Due date must be a date in YYYY-MM-DD format.']);
    expect(errors({ due_date: '2026-2-3' })).toHaveLength(1);
    expect(errors({ due_date: '2026-11-21T00:00:00Z' })).toHaveLength(1);
    expect(parse({ issued_date: '2024-02-29' }).data?.issuedDate).toBe('2024-02-29');
    expect(parse({ issued_date: '', due_date: null }).data).toMatchObject({ issuedDate: null, dueDate: null });
  });

  it('accepts our uploaded logos and image data URLs, nothing else', () => {
    expect(parse({ logo_url: `/api/logos/${LOGO_ID}` }).data?.logo).toEqual({ kind: 'upload', id: LOGO_ID });
    expect(parse({ logo_url: `https://invoicer.example/api/logos/${LOGO_ID.toUpperCase()}` }).data?.logo).toEqual({
      kind: 'upload',
      id: LOGO_ID,
    });
    expect(parse({ logo_url: 'data:image/png;base64,iVBORw0KGgo=' }).data?.logo).toEqual({
      kind: 'data',
      mime: 'image/png',
      base64: 'iVBORw0KGgo=',
    });
    expect(parse({ logo_url: 'data:image/jpg;base64,/9j/4AAQ' }).data?.logo).toMatchObject({ mime: 'image/jpeg' });
    expect(parse({ logo_url: '' }).data?.logo).toBeNull();
    for (const bad of [
      'https://evil.example/x.png',
      'http://169.254.169.254/latest/meta-data',
      `/api/logos/${LOGO_ID}/../../secret`,
      `file:///api/logos/${LOGO_ID}`,
      'data:image/svg+xml;base64,PHN2Zz4=',
      'data:text/html;base64,PGgxPg==',
      'javascript:alert(1)',
    ]) {
      expect(errors({ logo_url: bad }), bad).toEqual([MESSAGES.logo]);
    }
  });

  it('rejects totals beyond the cap with a message instead of throwing', () => {
    const huge = Array.from({ length: 1_000 }, () => ({
      name: 'X',
      quantity: 1_000_000_000,
      unit_cost: '999999999999.99',
    }));
    expect(() => parse({ items: huge })).not.toThrow();
    expect(errors({ items: huge })).toEqual([MESSAGES.tooLarge]);
    const twoAtCap = [
      { name: 'A', unit_cost: '999999999999.99' },
      { name: 'B', unit_cost: '999999999999.99' },
    ];
    expect(errors({ items: twoAtCap })).toEqual([MESSAGES.tooLarge]);
    expect(
      parse({ items: twoAtCap.slice(0, 1), show_tax: false, show_shipping: false, show_discount: false }).success,
    ).toBe(true);
  });

  it('limits the number of items and the length of texts', () => {
    expect(errors({ items: Array.from({ length: 1_001 }, () => ({ name: 'X' })) })).toEqual([
      'An invoice holds at most 1000 items.',
    ]);
    expect(errors({ terms: 'x'.repeat(5_001) })).toEqual(['Terms is too long (at most 5000 characters).']);
    expect(errors({ items: [{ name: 'x'.repeat(501) }] })).toEqual(['Item name is too long (at most 500 characters).']);
  });

  it('gives clear messages for wrong shapes', () => {
    expect(toErrorEnvelope(invoiceDocumentInputSchema.safeParse([]).error!).error).toBe(MESSAGES.body);
    expect(toErrorEnvelope(invoiceDocumentInputSchema.safeParse('x').error!).error).toBe(MESSAGES.body);
    expect(errors({ items: ['Design'] })).toEqual([MESSAGES.item]);
    expect(errors({ show_tax: 'yes' })).toEqual(['Show flags must be true or false.']);
    expect(errors({ currency_symbol: 5 })).toEqual(['Currency symbol must be text.']);
  });

  it('round-trips through the contract shape (toInvoiceData)', () => {
    const document = parse({ logo_url: `/api/logos/${LOGO_ID}` }).data!;
    const again = invoiceDocumentInputSchema.parse(toInvoiceData(document) satisfies InvoiceDocumentInput);
    expect(again).toEqual(document);
    expect(logoRefToUrl(document.logo!)).toBe(`/api/logos/${LOGO_ID}`);
  });
});

describe('invoiceDocumentInputSchema under random input', () => {
  const KEYS = Object.keys(valid());
  const ITEM_KEYS = ['id', 'name', 'description', 'showDesc', 'quantity', 'unit_cost'];
  const junk = fc.oneof(
    fc.anything({
      withBigInt: true,
      withDate: true,
      withMap: true,
      withSet: true,
      withTypedArray: true,
      withSparseArray: true,
      withNullPrototype: true,
      withBoxedValues: true,
    }),
    fc.jsonValue(),
    fc.constantFrom(-1, 1e308, -0, Number.NaN, Infinity, '', ' ', '1e3', '0x10', '١٢', '1,5', '__proto__', []),
  );

  /** Every issue carries one of our own messages, never zod's generic text. */
  function expectClearMessages(value: unknown) {
    const result = invoiceDocumentInputSchema.safeParse(value);
    if (result.success) return;
    for (const issue of result.error.issues) expect(isGenericMessage(issue.message), issue.message).toBe(false);
    const envelope = toErrorEnvelope(result.error);
    expect(envelope.error.length).toBeGreaterThan(0);
  }

  it('never throws on any value as the whole body', () => {
    fc.assert(
      fc.property(junk, (value) => expectClearMessages(value)),
      { numRuns: 1000 },
    );
  });

  it('never throws when junk replaces fields of a valid body or of its items', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom(...KEYS), junk, { maxKeys: 4 }),
        fc.dictionary(fc.constantFrom(...ITEM_KEYS), junk, { maxKeys: 3 }),
        fc.option(junk),
        (fields, itemFields, extraItem) => {
          const body = { ...valid(), ...fields };
          if (Array.isArray(body.items)) body.items = [...body.items, { name: 'Extra', ...itemFields }, extraItem];
          expectClearMessages(body);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
