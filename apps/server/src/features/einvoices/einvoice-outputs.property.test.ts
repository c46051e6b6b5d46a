import { currencyDecimals } from '@invoicer/domain/currencies';
import { EINVOICE_FORMATS, isUbl } from '@invoicer/domain/einvoice/einvoice-formats';
import { invoiceDocumentInputSchema } from '@invoicer/domain/invoice-document';
import { minorToFixed } from '@invoicer/domain/money';
import { computeTotals } from '@invoicer/domain/totals';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { FC_SEED } from '../../../test/hostile-input';
import { EInvoiceRejected } from '../../shared/einvoice-output';
import { closeEInvoiceValidation } from './einvoice-validation';
import { makeEInvoice } from './einvoices.service';

/**
 * Random valid documents, as the contract carries them, through the route's mapping, writer and rules
 * (makeEInvoice, which answers only XML the official rules pass): every one must come out, stating the
 * total the PDF prints. EINVOICE_OUTPUT_RUNS sets the runs per format (30 here; issue 17's target is 1,000, run
 * and recorded in docs/einvoicing.md). Documents have 1 to 200 lines, spread over the whole range.
 */
const RUNS = Number(process.env.EINVOICE_OUTPUT_RUNS ?? 30);
const MAX_LINES = 200;

afterAll(async () => {
  await closeEInvoiceValidation();
});

const COUNTRIES = ['DE', 'FR', 'BE', 'NL', 'AT', 'IT', 'ES', 'SE', 'PL', 'GR'];
const vatPrefix = (country: string) => (country === 'GR' ? 'EL' : country);
const CURRENCIES = ['EUR', 'USD', 'GBP', 'JPY', 'SEK', 'CHF'] as const;

const words = (label: string) => fc.string({ maxLength: 16 }).map((value) => `${label} ${value}`);

const party = fc.record({
  name: words('Party'),
  street: words('Street'),
  postcode: fc.stringMatching(/^[0-9]{5}$/),
  city: words('City'),
  country: fc.constantFrom(...COUNTRIES),
  digits: fc.stringMatching(/^[0-9]{9}$/),
});

/** A line: a category (O is alone by law and has no rate, which XRechnung refuses: BR-DE-14) and its rate. */
const line = fc.record({
  name: words('Item'),
  quantity: fc.integer({ min: 1, max: 1_000_000 }).map((thousandths) => thousandths / 1000),
  cost: fc.integer({ min: 0, max: 5_000_000 }),
  category: fc.constantFrom('S', 'S', 'S', 'Z', 'E', 'AE', 'K', 'G'),
  rate: fc.constantFrom('19', '7', '20', '5.5', '8.875', '21', '25'),
  reason: fc.option(words('Reason'), { nil: undefined }),
});

const document = fc.record({
  seller: party,
  buyer: party,
  currency: fc.constantFrom(...CURRENCIES),
  // size 'max': without it fast-check keeps arrays short (about 12 items), and long invoices are the point.
  lines: fc.array(line, { minLength: 1, maxLength: MAX_LINES, size: 'max' }),
  discount: fc.option(fc.integer({ min: 0, max: 50_000 }), { nil: undefined }),
  shipping: fc.option(fc.integer({ min: 0, max: 100_000 }), { nil: undefined }),
  due: fc.boolean(),
});

type Generated = typeof document extends fc.Arbitrary<infer T> ? T : never;

/** The generated invoice as the editor would send it. */
function body(generated: Generated) {
  const decimals = currencyDecimals(generated.currency);
  const money = (minor: number) => (decimals === 0 ? String(minor) : minorToFixed(minor, generated.currency));
  const { seller, buyer } = generated;
  return {
    from: `${seller.name}\n${seller.street}`,
    to: `${buyer.name}\n${buyer.street}`,
    invoice_number: 'P-1',
    issued_date: '2026-11-28',
    due_date: generated.due ? '2026-12-28' : null,
    terms: 'Payable within 30 days.',
    currency: generated.currency,
    items: generated.lines.map((entry) => ({
      name: entry.name,
      quantity: entry.quantity,
      unit_cost: money(entry.cost),
      vat_category: entry.category,
      vat_rate: entry.category === 'S' ? entry.rate : 0,
      vat_exemption_reason: entry.category === 'S' ? undefined : entry.reason,
    })),
    show_tax: true,
    show_discount: generated.discount !== undefined,
    discount_type: 'percent',
    discount_percent: (generated.discount ?? 0) / 1000,
    show_shipping: generated.shipping !== undefined,
    shipping_amount: money(generated.shipping ?? 0),
    seller: {
      ...seller,
      vat_id: `${vatPrefix(seller.country)}${seller.digits}`,
      email: 'seller@example.com',
      contact_name: 'Ada Lovelace',
      phone: '+49 30 1234567',
      digits: undefined,
    },
    buyer: {
      ...buyer,
      vat_id: `${vatPrefix(buyer.country)}${buyer.digits}`,
      buyer_reference: '04011000-12345-67',
      digits: undefined,
    },
    iban: 'DE89 3704 0044 0532 0130 00',
  };
}

describe('random valid documents through the e-invoice outputs', () => {
  // Up to 200 lines, a document takes up to about a second to check on a loaded machine.
  const timeout = Math.max(30_000, RUNS * 2_000);
  it.each(EINVOICE_FORMATS)(
    `${RUNS} documents as %s pass the rules and state the PDF's total`,
    { timeout },
    async (format) => {
      await fc.assert(
        fc.asyncProperty(document, async (generated) => {
          const parsed = invoiceDocumentInputSchema.parse(body(generated));
          let xml: string;
          try {
            xml = await makeEInvoice(parsed, format);
          } catch (error) {
            if (error instanceof EInvoiceRejected) throw new Error(JSON.stringify(error.problems), { cause: error });
            throw error;
          }
          const payable = new RegExp(isUbl(format) ? 'PayableAmount[^>]*>([^<]+)<' : 'DuePayableAmount>([^<]+)<').exec(
            xml,
          );
          expect(payable?.[1]).toBe(minorToFixed(computeTotals(parsed).total, parsed.currency));
        }),
        { numRuns: RUNS, seed: FC_SEED },
      );
    },
  );
});
