import { describe, expect, it } from 'vitest';
import { withDatabaseBefore } from '../../../test/migration-before';

/**
 * Migration 0016 (docs/decisions/0048-payments-and-the-balance.md): invoices paid before payments existed get one
 * payment of their total, so their balance, the dashboard's revenue and the status rules read the same after the
 * upgrade; the statistics' new sums are filled in for the invoices already there.
 */
describe('migration 0016_payments', () => {
  it('gives every paid invoice a payment of its total and fills in the paid and due sums', async () => {
    // The migrations before 0016, then invoices as they were written then, then the rest.
    await withDatabaseBefore('_payments', async ({ client, migrateRest }) => {
      const { rows: users } = await client.query<{ id: string }>(
        `insert into users (email) values ('old@example.com') returning id`,
      );
      await client.query(
        `insert into invoices (user_id, invoice_number, status, currency, issued_date, total_minor, data, updated_at)
         select $1, 'N-' || n, (array['draft', 'sent', 'paid', 'overdue'])[1 + n % 4], 'EUR', date '2026-01-01' + n,
                case when n = 2 then 0 else n * 1000 end, '{}'::jsonb, timestamptz '2026-03-04 23:30:00+00'
           from generate_series(1, 12) n`,
        [users[0]!.id],
      );
      await migrateRest();

      const { rows: payments } = await client.query<{ number: string; amount: string; paid_on: string }>(
        `select i.invoice_number as number, p.amount_minor::text as amount, p.paid_on::text as paid_on,
                p.method, p.source
           from payments p join invoices i on i.id = p.invoice_id order by i.invoice_number`,
      );
      // N-2 is paid with a total of 0: nothing to record. N-6 and N-10 were paid.
      expect(payments).toEqual([
        { number: 'N-10', amount: '10000', paid_on: '2026-03-04', method: 'other', source: 'mark_as_paid' },
        { number: 'N-6', amount: '6000', paid_on: '2026-03-04', method: 'other', source: 'mark_as_paid' },
      ]);
      const { rows: invoices } = await client.query(
        `select status, sum(amount_paid_minor)::int as paid, sum(amount_due_minor)::int as due, sum(total_minor)::int as total
           from invoices group by status order by status`,
      );
      expect(invoices).toEqual([
        { status: 'draft', paid: 0, due: 4000 + 8000 + 12000, total: 24000 },
        { status: 'overdue', paid: 0, due: 3000 + 7000 + 11000, total: 21000 },
        { status: 'paid', paid: 16000, due: 0, total: 16000 },
        { status: 'sent', paid: 0, due: 1000 + 5000 + 9000, total: 15000 },
      ]);
      // The aggregate's new sums equal a recount, and the triggers keep them from now on.
      const recount = `select (select coalesce(json_agg(s order by s.status, s.month), '[]') from
                         (select status, month::text, paid_minor::text as paid, due_minor::text as due from invoice_stats) s) as stats,
                       (select coalesce(json_agg(r order by r.status, r.month), '[]') from
                         (select status, invoice_stats_month(issued_date, created_at)::text as month,
                                 sum(amount_paid_minor)::text as paid, sum(amount_due_minor)::text as due
                            from invoices group by 1, 2) r) as recount`;
      let { rows } = await client.query(recount);
      expect(rows[0].stats).toEqual(rows[0].recount);
      await client.query(`update invoices set amount_paid_minor = 500 where invoice_number = 'N-1'`);
      ({ rows } = await client.query(recount));
      expect(rows[0].stats).toEqual(rows[0].recount);
      // Payments can never pass the total.
      await expect(
        client.query(`update invoices set amount_paid_minor = total_minor + 1 where invoice_number = 'N-1'`),
      ).rejects.toThrow(/invoices_amount_paid_check/);
    });
  });
});
