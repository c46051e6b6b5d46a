// @vitest-environment happy-dom
import { isCurrencyCode } from '@invoicer/domain/currencies';
import { isIsoDate } from '@invoicer/domain/dates';
import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import { draftToForm, readDraft } from './draft-restore';
import { clearDraft, DRAFT_KEY, hasStoredDraft, SAVED_AT_KEY, writeDraft } from './draft-storage';
import { createFreshForm, FIRST_INVOICE_NUMBER, type InvoiceFormValues } from './invoice-form';
import { acceptQuantityText, acceptUnitCostText } from './numeric-text';

const TODAY = '2026-11-21';

/** What every restored form must hold, whatever was stored: values the inputs themselves would accept. */
function expectUsableForm(values: InvoiceFormValues) {
  expect(isIsoDate(values.issuedDate)).toBe(true);
  expect(isIsoDate(values.dueDate)).toBe(true);
  expect(isCurrencyCode(values.currency)).toBe(true);
  expect(values.items.length).toBeGreaterThan(0);
  expect(new Set(values.items.map((item) => item.id)).size).toBe(values.items.length);
  for (const item of values.items) {
    expect(acceptQuantityText(item.quantity)).toBe(true);
    expect(acceptUnitCostText(item.unitCost, values.currency)).toBe(true);
  }
  for (const text of [values.taxPercent, values.discountPercent, values.shippingAmount]) {
    expect(text).toMatch(/^\d+(\.\d{1,2})?$/);
  }
  expect(['percent', 'fixed']).toContain(values.taxType);
  expect(values.invoiceNumber.trim()).not.toBe('');
  expect(values.logoUrl === '' || values.logoUrl.startsWith('/api/logos/') || values.logoUrl.startsWith('data:')).toBe(
    true,
  );
}

beforeEach(() => localStorage.clear());

describe('draftToForm', () => {
  it('gives what a draft lacks the documented defaults', () => {
    const values = draftToForm({}, TODAY);
    expect(values).toMatchObject({
      invoiceNumber: FIRST_INVOICE_NUMBER,
      issuedDate: TODAY,
      dueDate: '2026-11-28',
      currency: 'EUR',
      showTax: true,
      showShipping: true,
      showDiscount: false,
      taxPercent: '0',
    });
    expect(values.items).toHaveLength(1);
  });

  it('turns what an input would refuse into 0 and keeps what it accepts', () => {
    const values = draftToForm(
      {
        items: [
          { id: 'a', name: 'Design', quantity: '3', unit_cost: '12.5' },
          { id: 'a', name: 'Repeated id', quantity: -2, unit_cost: 1.005 },
          { name: 'Old draft', quantity: 2, unit_cost: 7 },
        ],
        taxPercent: 150,
        taxType: 'percent',
        discountType: 'flat',
        discountPercent: '12.345',
        logoUrl: 'https://tracker.example/logo.png',
        currency: 'XYZ',
        issuedDate: '2026-02-30',
      },
      TODAY,
    );
    expect(values.items.map((item) => [item.quantity, item.unitCost])).toEqual([
      ['3', '12.5'],
      ['0', '0'],
      ['2', '7'],
    ]);
    expect(values.items[1]!.id).not.toBe('a');
    expect(values.taxPercent).toBe('100');
    expect(values.discountType).toBe('fixed');
    expect(values.logoUrl).toBe('');
    expect(values.currency).toBe('EUR');
    expect(values.issuedDate).toBe(TODAY);
    expectUsableForm(values);
  });
});

describe('readDraft', () => {
  it('is null when nothing is stored', () => {
    expect(readDraft(TODAY)).toBeNull();
    expect(hasStoredDraft()).toBe(false);
  });

  it('reads back what writeDraft stored, with its time', () => {
    const form: InvoiceFormValues = {
      ...createFreshForm('2026-03-01', 'USD'),
      invoiceNumber: 'INV-7',
      from: 'Acme\n1 High Street',
      to: 'Globex',
      items: [
        {
          id: 'row-1',
          name: 'Work',
          description: 'Two days',
          showDesc: true,
          quantity: '2.5',
          unit: 'days',
          unitCost: '99.99',
        },
      ],
      showTax: true,
      taxPercent: '7.5',
      clientId: 'c1',
    };
    const savedAt = writeDraft(form);
    expect(savedAt).not.toBeNull();
    expect(hasStoredDraft()).toBe(true);
    expect(readDraft(TODAY)).toEqual({ values: form, savedAt, numberMissing: false });
    clearDraft();
    expect(readDraft(TODAY)).toBeNull();
  });

  it('says the number is missing when the draft has none, so the server may give one', () => {
    localStorage.setItem(DRAFT_KEY, JSON.stringify({ from: 'Acme' }));
    expect(readDraft(TODAY)).toMatchObject({ numberMissing: true, savedAt: null });
  });

  it('ignores a draft of the wrong shape, broken JSON and a broken time', () => {
    localStorage.setItem(DRAFT_KEY, JSON.stringify({ items: 'not a list' }));
    expect(readDraft(TODAY)).toBeNull();
    localStorage.setItem(DRAFT_KEY, '{"from": ');
    expect(readDraft(TODAY)).toBeNull();
    localStorage.setItem(DRAFT_KEY, JSON.stringify({ from: 'Acme' }));
    localStorage.setItem(SAVED_AT_KEY, 'yesterday');
    expect(readDraft(TODAY)?.savedAt).toBeNull();
  });

  it('never throws on anything stored, and what it restores is always usable', () => {
    const draftLike = fc.record(
      {
        from: fc.oneof(fc.string(), fc.constant(null)),
        invoiceNumber: fc.oneof(fc.string(), fc.integer(), fc.constant(null)),
        items: fc.array(
          fc.record(
            {
              id: fc.oneof(fc.string(), fc.integer()),
              name: fc.string(),
              quantity: fc.oneof(fc.string(), fc.double(), fc.integer()),
              unit_cost: fc.oneof(fc.string(), fc.double(), fc.integer()),
            },
            { requiredKeys: [] },
          ),
          { maxLength: 5 },
        ),
        taxPercent: fc.oneof(fc.string(), fc.double()),
        shippingAmount: fc.oneof(fc.string(), fc.double()),
        taxType: fc.string(),
        issuedDate: fc.string(),
        dueDate: fc.string(),
        currency: fc.string(),
        logoUrl: fc.string(),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(
        fc.oneof(
          draftLike.map((draft) => JSON.stringify(draft)),
          fc.string(),
          fc.json(),
        ),
        (stored) => {
          localStorage.setItem(DRAFT_KEY, stored);
          const restored = readDraft(TODAY);
          if (restored) expectUsableForm(restored.values);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('the document language in drafts (docs/decisions/0061-the-document-language.md)', () => {
  it('keeps the language and whether it was picked; refuses a tag no invoice may carry', () => {
    const values: InvoiceFormValues = { ...createFreshForm(TODAY), language: 'de-CH', languageChosen: true };
    writeDraft(values);
    expect(readDraft(TODAY)?.values).toMatchObject({ language: 'de-CH', languageChosen: true });
    expect(draftToForm({ language: 'klingon', languageChosen: true }, TODAY)).toMatchObject({
      language: null,
      languageChosen: false,
    });
    expect(draftToForm({}, TODAY)).toMatchObject({ language: null, languageChosen: false });
  });
});
