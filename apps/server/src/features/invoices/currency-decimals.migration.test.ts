import { describe, expect, it } from 'vitest';
import { withDatabaseBefore } from '../../../test/migration-before';

/**
 * Migration 0020 (docs/decisions/0059-currency-decimals-from-iso-4217.md): JPY and KRW amounts stored as hundredths
 * become whole yen and won. Entered amounts are rounded half away from zero, the totals are computed again by the
 * totals rule, payments are rounded cumulatively under the new total; every other currency is left alone.
 */
describe('migration 0020_currency_decimals', () => {
  it('turns JPY and KRW hundredths into whole units, keeps the totals rule and the payments within the total', async () => {
    await withDatabaseBefore('_currency_decimals', async ({ client, migrateRest }) => {
      const { rows: users } = await client.query<{ id: string }>(
        `insert into users (email) values ('yen@example.com') returning id`,
      );
      const user = users[0]!.id;
      const data = (tax: object, discount: object, shipping: object) =>
        JSON.stringify({
          v: 2,
          from: 'Me',
          to: 'You',
          tax,
          discount,
          shipping,
          paymentDetails: '',
          paymentInstructions: '',
          terms: '',
          logo: null,
        });
      const invoice = async (
        number: string,
        currency: string,
        items: Array<[number, number]>,
        totals: { subtotal: number; tax: number; discount: number; shipping: number; total: number; paid: number },
        document: string,
      ) => {
        const { rows } = await client.query<{ id: string }>(
          `insert into invoices (user_id, invoice_number, status, currency, subtotal_minor, tax_minor, discount_minor,
                                 shipping_minor, total_minor, amount_paid_minor, data, search_text)
           values ($1, $2, 'sent', $3, $4, $5, $6, $7, $8, $9, $10, $11) returning id`,
          [
            user,
            number,
            currency,
            totals.subtotal,
            totals.tax,
            totals.discount,
            totals.shipping,
            totals.total,
            totals.paid,
            document,
            `${number.toLowerCase()}\nclient\n${(totals.total / 100).toFixed(2)}\n${(totals.total / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
          ],
        );
        for (const [position, [quantity, unit]] of items.entries()) {
          await client.query(
            `insert into invoice_items (invoice_id, user_id, position, name, quantity, unit_cost_minor, amount_minor)
             values ($1, $2, $3, 'Item', $4, $5, $6)`,
            [rows[0]!.id, user, position, quantity, unit, quantity * unit],
          );
        }
        return rows[0]!.id;
      };
      const payment = (invoiceId: string, amount: number, paidOn: string) =>
        client.query(
          `insert into payments (invoice_id, user_id, amount_minor, paid_on, method) values ($1, $2, $3, $4, 'cash')`,
          [invoiceId, user, amount, paidOn],
        );

      // ¥1,234 × 2 with 10 % tax, a fixed ¥500.00 discount and ¥800.00 shipping: whole yen, an exact conversion.
      const whole = await invoice(
        'JPY-1',
        'JPY',
        [[2, 123_400]],
        { subtotal: 246_800, tax: 24_680, discount: 50_000, shipping: 80_000, total: 301_480, paid: 100_000 },
        data(
          { enabled: true, type: 'percent', value: 10_000 },
          { enabled: true, type: 'fixed', value: 50_000 },
          { enabled: true, amount: 80_000 },
        ),
      );
      await payment(whole, 100_000, '2026-01-02');
      // Fractions of a won: 3 × ₩0.50 (rounds to ₩1 each), 8.875 % tax, ₩9.99 shipping (hidden), paid in two halves.
      const fractions = await invoice(
        'KRW-1',
        'KRW',
        [
          [3, 50],
          [1, 1_049],
        ],
        { subtotal: 1_199, tax: 106, discount: 0, shipping: 0, total: 1_305, paid: 1_305 },
        data(
          { enabled: true, type: 'percent', value: 8_875 },
          { enabled: false, type: 'percent', value: 0 },
          { enabled: false, amount: 999 },
        ),
      );
      await payment(fractions, 40, '2026-01-01'); // ₩0.40: rounds to nothing, removed
      await payment(fractions, 1_265, '2026-01-02'); // ₩12.65: paid so far ₩13.05 → ₩13
      // A euro invoice is not touched.
      const euro = await invoice(
        'EUR-1',
        'EUR',
        [[1, 12_345]],
        { subtotal: 12_345, tax: 0, discount: 0, shipping: 0, total: 12_345, paid: 0 },
        data(
          { enabled: false, type: 'percent', value: 0 },
          { enabled: false, type: 'percent', value: 0 },
          { enabled: false, amount: 0 },
        ),
      );

      await migrateRest();

      const row = async (id: string) =>
        (
          await client.query(
            `select subtotal_minor::int as subtotal, tax_minor::int as tax, discount_minor::int as discount,
                    shipping_minor::int as shipping, total_minor::int as total, amount_paid_minor::int as paid,
                    amount_due_minor::int as due, data, search_text,
                    (select json_agg(json_build_array(quantity, unit_cost_minor, amount_minor) order by position)
                       from invoice_items where invoice_id = invoices.id) as items,
                    (select coalesce(json_agg(amount_minor order by paid_on), '[]') from payments where invoice_id = invoices.id) as payments
               from invoices where id = $1`,
            [id],
          )
        ).rows[0];

      expect(await row(whole)).toMatchObject({
        subtotal: 2_468,
        tax: 247,
        discount: 500,
        shipping: 800,
        total: 3_015,
        paid: 1_000,
        due: 2_015,
        items: [[2, 1_234, 2_468]],
        payments: [1_000],
        data: { tax: { value: 10_000 }, discount: { value: 500 }, shipping: { amount: 800 } },
        search_text: 'jpy-1\nclient\n3015\n3,015',
      });
      // ₩0.50 → ₩1 (half away from zero), ₩10.49 → ₩10: 3 + 10 = ₩13; 8.875 % of 13 = 1.15 → ₩1; total ₩14.
      expect(await row(fractions)).toMatchObject({
        subtotal: 13,
        tax: 1,
        discount: 0,
        shipping: 0,
        total: 14,
        paid: 13,
        due: 1,
        items: [
          [3, 1, 3],
          [1, 10, 10],
        ],
        payments: [13],
        data: { shipping: { enabled: false, amount: 10 } },
      });
      expect(await row(euro)).toMatchObject({ subtotal: 12_345, total: 12_345, items: [[1, 12_345, 12_345]] });

      // The statistics follow (their triggers ran): the JPY total is in yen now.
      const { rows: stats } = await client.query(
        `select currency, sum(total_minor)::int as total, sum(paid_minor)::int as paid from invoice_stats group by currency order by currency`,
      );
      expect(stats).toEqual([
        { currency: 'EUR', total: 12_345, paid: 0 },
        { currency: 'JPY', total: 3_015, paid: 1_000 },
        { currency: 'KRW', total: 14, paid: 13 },
      ]);
    });
  });
});
