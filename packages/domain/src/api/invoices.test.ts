import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { invoiceDocumentInputSchema } from '../invoice-document';
import { computeTotals } from '../totals';
import { toErrorEnvelope } from '../validation-error';
import {
  editDataSchema,
  invoiceDataSchema,
  invoiceListQuerySchema,
  INVOICE_SORTS,
  DEFAULT_SORT_ORDER,
  invoiceStatusBodySchema,
  recipientName,
  savedInvoiceBodySchema,
  toEditData,
  toInvoiceData,
  toInvoiceTotals,
} from './invoices';

const ID = '3f2b8c1e-9a4d-4e6f-8b1a-2c3d4e5f6a7b';

const data = {
  from: 'Acme',
  to: 'Globex\nStreet',
  items: [{ id: 'x', name: 'Work', quantity: 3, unit_cost: 10.1 }],
  invoice_number: 'INV-7',
  issued_date: '2026-11-21',
  due_date: '2026-11-28',
  tax_percent: 20,
  tax_type: 'percent',
  show_tax: true,
  currency: 'GBP',
};
const payload = { user_id: ID, client_id: ID, business_id: '', data, issued_date: '2026-11-21', status: 'draft' };

describe('saved invoice payload', () => {
  it('parses the editor payload and keeps data as the document', () => {
    const body = savedInvoiceBodySchema.parse(payload);
    expect(body).toMatchObject({ user_id: ID, client_id: ID, business_id: null, status: 'draft', due_date: null });
    expect(body.data).toMatchObject({ invoiceNumber: 'INV-7', currency: 'GBP', items: [{ unitCost: 1_010 }] });
    expect(savedInvoiceBodySchema.parse({ ...payload, status: undefined }).status).toBeUndefined();
    expect(savedInvoiceBodySchema.parse({ ...payload, client_id: undefined }).client_id).toBeUndefined();
    expect(savedInvoiceBodySchema.parse({ ...payload, client_id: null }).client_id).toBeNull();
  });

  it('answers the one save message when a number, a named item, From or To is missing', () => {
    const required = ['Please fill in all required fields before saving.'];
    for (const broken of [
      { ...data, invoice_number: ' ' },
      { ...data, invoice_number: undefined },
      { ...data, from: '  ' },
      { ...data, to: undefined },
      { ...data, to: 42 },
      { ...data, items: [] },
      { ...data, items: [{ name: ' ', quantity: 1, unit_cost: 5 }] },
      { ...data, items: 'x' },
    ]) {
      const result = savedInvoiceBodySchema.safeParse({ ...payload, data: broken });
      expect(toErrorEnvelope(result.error!).errors).toEqual(required);
    }
    for (const body of [{ ...payload, data: undefined }, null, 'x', []]) {
      expect(toErrorEnvelope(savedInvoiceBodySchema.safeParse(body).error!).errors).toEqual(required);
    }
    expect(savedInvoiceBodySchema.parse({ ...payload, data: { ...data, invoice_number: 7 } }).data.invoiceNumber).toBe(
      '7',
    );
  });

  it('takes the currency from data, and from the top level only when data has none', () => {
    expect(savedInvoiceBodySchema.parse({ ...payload, currency: 'USD' }).data.currency).toBe('GBP');
    const noCurrency = { ...data, currency: undefined };
    expect(savedInvoiceBodySchema.parse({ ...payload, data: noCurrency, currency: 'usd' }).data.currency).toBe('USD');
    expect(savedInvoiceBodySchema.parse({ ...payload, data: noCurrency }).data.currency).toBe('EUR');
  });

  it('refuses text PostgreSQL cannot store, and invalid references', () => {
    const nul = savedInvoiceBodySchema.safeParse({ ...payload, data: { ...data, terms: 'a\u0000b' } });
    expect(toErrorEnvelope(nul.error!).errors).toEqual(['Terms contains a character that is not allowed.']);
    // JSONB refuses a lone surrogate (a 500 before); UTF-8 would have turned it into U+FFFD.
    for (const field of ['from', 'to', 'terms', 'payment_details', 'payment_instructions'] as const) {
      const lone = savedInvoiceBodySchema.safeParse({ ...payload, data: { ...data, [field]: 'x\ud800y' } });
      expect(toErrorEnvelope(lone.error!).errors, field).toHaveLength(1);
      expect(toErrorEnvelope(lone.error!).error, field).toMatch(
        /^[A-Z][a-z ]+ contains a character that is not allowed\.$/,
      );
    }
    const number = savedInvoiceBodySchema.safeParse({ ...payload, data: { ...data, invoice_number: 'x\udc00y' } });
    expect(toErrorEnvelope(number.error!).errors).toEqual(['Invoice number contains a character that is not allowed.']);
    const badClient = savedInvoiceBodySchema.safeParse({ ...payload, client_id: 'abc' });
    expect(toErrorEnvelope(badClient.error!).errors).toEqual(['Client must be a valid id.']);
    const badStatus = savedInvoiceBodySchema.safeParse({ ...payload, status: 'void' });
    expect(toErrorEnvelope(badStatus.error!).errors).toEqual(['Status must be one of draft, sent, paid or overdue.']);
  });

  it('reads the list query with the documented defaults', () => {
    expect(invoiceListQuerySchema.parse({})).toEqual({
      user_id: undefined,
      page: 1,
      per_page: 10,
      search: '',
      status: 'all',
      sort: 'created',
      order: 'desc',
    });
    expect(invoiceListQuerySchema.parse({ status: 'Overdue' }).status).toBe('overdue');
    expect(invoiceListQuerySchema.parse({ status: 'in progress' }).status).toBe('sent');
    expect(toErrorEnvelope(invoiceListQuerySchema.safeParse({ status: 'void' }).error!).error).toBe(
      'Status filter must be one of all, draft, sent, paid or overdue.',
    );
  });

  it('reads the sort and its order, each sort with its own default order', () => {
    const read = (query: Record<string, string>) => {
      const { sort, order } = invoiceListQuerySchema.parse(query);
      return `${sort} ${order}`;
    };
    expect(read({ sort: 'number' })).toBe('number asc');
    expect(read({ sort: 'client' })).toBe('client asc');
    expect(read({ sort: 'amount' })).toBe('amount desc');
    expect(read({ sort: 'status' })).toBe('status asc');
    expect(read({ sort: 'issued' })).toBe('issued desc');
    expect(read({ sort: ' Amount ', order: 'ASC' })).toBe('amount asc');
    expect(read({ order: 'asc' })).toBe('created asc');
    expect(read({ sort: '', order: '' })).toBe('created desc');
    for (const sort of INVOICE_SORTS) expect(DEFAULT_SORT_ORDER[sort]).toMatch(/^(asc|desc)$/);
  });

  it('refuses an unknown sort or order with its message', () => {
    const error = (query: Record<string, unknown>) =>
      toErrorEnvelope(invoiceListQuerySchema.safeParse(query).error!).error;
    expect(error({ sort: 'total' })).toBe('Sort must be one of created, number, client, amount, status or issued.');
    expect(error({ sort: 'amount', order: 'up' })).toBe('Order must be asc or desc.');
    expect(error({ sort: ['amount', 'client'] })).toBe(
      'Sort must be one of created, number, client, amount, status or issued.',
    );
  });

  it('accepts any status in a status update', () => {
    for (const status of ['draft', 'sent', 'paid', 'overdue']) {
      expect(invoiceStatusBodySchema.parse({ status, user_id: ID }).status).toBe(status);
    }
    expect(invoiceStatusBodySchema.safeParse({}).success).toBe(false);
  });
});

describe('conversions to the contract', () => {
  it('produces data, edit data and totals the response schemas accept', () => {
    const document = invoiceDocumentInputSchema.parse(data);
    const invoiceData = toInvoiceData(document);
    expect(invoiceDataSchema.parse(invoiceData)).toEqual(invoiceData);
    expect(invoiceData).toMatchObject({ currency_symbol: '£', currency_label: 'British Pound (£)', tax_percent: 20 });
    expect(invoiceData.items).toEqual([
      { id: '1', name: 'Work', description: '', showDesc: false, quantity: 3, unit: '', unit_cost: 10.1 },
    ]);
    const edit = toEditData(document, { id: ID, clientId: ID, businessId: null, status: 'sent' });
    expect(editDataSchema.parse(edit)).toMatchObject({
      invoiceNumber: 'INV-7',
      taxPercent: 20,
      clientId: ID,
      currency: 'GBP',
    });
    expect(toInvoiceTotals(computeTotals(document), document.currency)).toEqual({
      subtotal: 30.3,
      tax: 6.06,
      discount: 0,
      shipping: 0,
      total: 36.36,
    });
  });

  it('round-trips any valid document through its contract shape', () => {
    const money = fc.integer({ min: 0, max: 99_999_999 }).map((minor) => `${Math.floor(minor / 100)}.${minor % 100}`);
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            name: fc.string({ minLength: 1 }).filter((s) => s.trim() !== ''),
            quantity: fc.nat(1000),
            unit_cost: money,
          }),
          {
            minLength: 1,
            maxLength: 5,
          },
        ),
        fc.record({ tax: fc.integer({ min: 0, max: 10_000 }), type: fc.constantFrom('percent', 'fixed', 'flat') }),
        fc.boolean(),
        (items, tax, show) => {
          const document = invoiceDocumentInputSchema.parse({
            ...data,
            items,
            tax_percent: tax.tax / 100,
            tax_type: tax.type,
            show_tax: show,
          });
          expect(invoiceDocumentInputSchema.parse(toInvoiceData(document))).toEqual(document);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('takes the first non-blank line of To as the name', () => {
    expect(recipientName('\n  Globex Corp  \nStreet')).toBe('Globex Corp');
    expect(recipientName('')).toBe('');
  });
});
