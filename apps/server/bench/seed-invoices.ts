/**
 * Fills a migrated, empty database with invoices for the API benchmark, in bulk SQL
 * (generate_series; no row is inserted one at a time):
 *
 *   - USERS regular users with INVOICES_PER_USER invoices each, plus one "big" user with
 *     BIG_USER_INVOICES (by default 10,000 × 100 + 20,000 = 1,020,000 invoices) in 5 currencies;
 *   - 10 clients per user (500 for the big user) with names from a pool of 4,096 company names,
 *     some with accents; one business per user;
 *   - 1-5 items per invoice (about 3 million item rows); tax, discount and shipping on some;
 *     statuses spread as a real account's would be (past invoices mostly paid, some sent and now
 *     overdue, recent ones draft or sent); issued dates over the last two years;
 *   - totals computed in SQL with the same rule as the domain's computeTotals, search_text and
 *     invoices.data in the shapes the service writes. `verifySample` re-computes a sample with the
 *     domain's own functions and fails loudly on any difference.
 *
 * The invoices go in as one INSERT ... SELECT, so the per-user aggregate invoice_stats is filled by
 * its trigger as for any write (one statement-level delta; the bench checks it against a recount).
 * Indexes and foreign keys of invoices and invoice_items are dropped for the load and recreated
 * after it (one sort per index instead of a million insertions each), then VACUUM ANALYZE, so the
 * planner and index-only scans see what a long-running database would.
 *
 * Standalone: `npx tsx bench/seed-invoices.ts <database url> [--users=N] [--per-user=N] [--big=N]`
 * (the database must exist and be migrated; the bench does both).
 */
import { pathToFileURL } from 'node:url';
import { invoiceDocumentInputSchema } from '@invoicer/domain/invoice-document';
import { computeTotals } from '@invoicer/domain/totals';
import { recipientName, toInvoiceData } from '@invoicer/domain/api/invoices';
import pg from 'pg';
import { invoiceSearchText, toDocument } from '../src/features/invoices/invoices.stored-data';
import { normalizeSearchText } from '../src/shared/search-text';
import type { InvoiceRow } from '../src/features/invoices/invoices.queries';

export interface SeedOptions {
  users: number;
  invoicesPerUser: number;
  bigUserInvoices: number;
  log?: (message: string) => void;
}

export const DEFAULT_SEED: SeedOptions = { users: 10_000, invoicesPerUser: 100, bigUserInvoices: 20_000 };

export interface SeedResult {
  bigUserId: string;
  invoices: number;
  items: number;
  seconds: number;
  steps: Array<{ step: string; seconds: number }>;
}

// prettier-ignore
const FIRST = ['Acme', 'Blue', 'Nordic', 'Golden', 'Silver', 'Green', 'Red', 'Crystal', 'Summit', 'Harbor', 'Pioneer',
  'Atlas', 'Zenith', 'Orion', 'Café', 'Zoë', 'Müller', 'Lumière', 'Señor', 'Øresund', 'Kraków', 'São', 'Bright', 'Quantum',
  'Polar', 'Urban', 'Rapid', 'Cedar', 'Maple', 'Falcon', 'Vertex', 'Nova'];
// prettier-ignore
const SECOND = ['Analytics', 'Bakery', 'Consulting', 'Design', 'Electric', 'Foods', 'Garden', 'Holdings', 'Imports',
  'Joinery', 'Kitchens', 'Logistics', 'Media', 'Networks', 'Optics', 'Printing', 'Robotics', 'Studio', 'Textiles',
  'Ventures', 'Works', 'Systems', 'Partners', 'Labs', 'Brewing', 'Dental', 'Energy', 'Motors', 'Records', 'Travel',
  'Fitness', 'Legal'];
const SUFFIX = ['Ltd', 'GmbH', 'Inc.', 'SARL'];

/** 4,096 company names and their normalised forms (as search_text holds them). */
function namePool(): Array<{ name: string; folded: string }> {
  const names: Array<{ name: string; folded: string }> = [];
  for (const first of FIRST) {
    for (const second of SECOND) {
      for (const suffix of SUFFIX) {
        const name = `${first} ${second} ${suffix}`;
        names.push({ name, folded: normalizeSearchText(name) });
      }
    }
  }
  return names;
}

async function timed<T>(steps: SeedResult['steps'], log: (m: string) => void, step: string, work: () => Promise<T>) {
  const started = performance.now();
  const result = await work();
  const seconds = (performance.now() - started) / 1000;
  steps.push({ step, seconds });
  log(`  ${step}: ${seconds.toFixed(1)} s`);
  return result;
}

export async function seedInvoices(databaseUrl: string, options: SeedOptions = DEFAULT_SEED): Promise<SeedResult> {
  const log = options.log ?? (() => undefined);
  const steps: SeedResult['steps'] = [];
  const started = performance.now();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const q = (text: string, values?: unknown[]) => client.query(text, values);
  try {
    await q(`set synchronous_commit = off`);
    await q(`set maintenance_work_mem = '1GB'`);
    await q(`set work_mem = '256MB'`);
    await q(`select setseed(0.2026)`);

    // Indexes and foreign keys of the two big tables, to drop now and recreate after the load.
    const indexes = (
      await q(
        `select indexname, indexdef from pg_indexes
          where schemaname = 'public' and tablename in ('invoices', 'invoice_items') and indexname not like '%_pkey'`,
      )
    ).rows as Array<{ indexname: string; indexdef: string }>;
    const foreignKeys = (
      await q(
        `select conrelid::regclass::text as table_name, conname, pg_get_constraintdef(oid) as definition
           from pg_constraint where contype = 'f' and conrelid in ('invoices'::regclass, 'invoice_items'::regclass)`,
      )
    ).rows as Array<{ table_name: string; conname: string; definition: string }>;

    await timed(steps, log, 'drop indexes and foreign keys of invoices, invoice_items', async () => {
      for (const fk of foreignKeys) await q(`alter table ${fk.table_name} drop constraint ${fk.conname}`);
      for (const index of indexes) await q(`drop index ${index.indexname}`);
    });

    await timed(steps, log, 'users, businesses, clients', async () => {
      await q(`create temp table seed_names (idx int primary key, name text not null, folded text not null)`);
      const pool = namePool();
      await q(
        `insert into seed_names select ordinality - 1, name, folded from unnest($1::text[], $2::text[]) with ordinality as t(name, folded)`,
        [pool.map((entry) => entry.name), pool.map((entry) => entry.folded)],
      );
      // n = 0 is the big user.
      await q(
        `create temp table seed_users as
         select n, gen_random_uuid() as id,
                case when n = 0 then $2::int else $3::int end as invoice_count,
                case when n = 0 then 500 else 10 end as client_count,
                (array['EUR','USD','GBP','CAD','AUD','CHF','NGN','INR'])[1 + n % 8] as currency
           from generate_series(0, $1::int) as n`,
        [options.users, options.bigUserInvoices, options.invoicesPerUser],
      );
      await q(
        `insert into users (id, email, first_name, last_name, auth_provider, default_currency)
         select id, case when n = 0 then 'bench-big@example.com' else 'bench-' || n || '@example.com' end,
                'Bench', 'User ' || n, 'email', currency
           from seed_users`,
      );
      await q(
        `create temp table seed_businesses as
         select u.n, gen_random_uuid() as id, 'Studio ' || u.n || ' Ltd' as name from seed_users u`,
      );
      await q(
        `insert into businesses (id, user_id, name, email, address, search_text)
         select b.id, u.id, b.name, 'studio' || u.n || '@example.com', '1 High Street\nLondon', lower(b.name)
           from seed_businesses b join seed_users u using (n)`,
      );
      await q(
        `create temp table seed_clients as
         select u.n, c as ci, gen_random_uuid() as id, nm.name, nm.folded
           from seed_users u
          cross join lateral generate_series(0, u.client_count - 1) as c
           join seed_names nm on nm.idx = (hashint4(u.n * 1000 + c) & 2147483647) % 4096`,
      );
      await q(`create index on seed_clients (n, ci)`);
      await q(
        `insert into clients (id, user_id, name, email, address, search_text)
         select c.id, u.id, c.name, 'billing' || c.ci || '@client' || u.n || '.example.com',
                c.ci || ' Market Road', c.folded
           from seed_clients c join seed_users u using (n)`,
      );
    });

    await timed(steps, log, 'invoice parameters', async () => {
      await q(
        `create temp table seed_invoices as
         select gen_random_uuid() as id, u.n, u.id as user_id, k,
                'INV-' || lpad(k::text, greatest(4, length(k::text)), '0') as invoice_number,
                -- newest last: k = invoice_count was made a few hours ago, k = 1 about two years ago
                now() - ((u.invoice_count - k) * (interval '730 days' / u.invoice_count)) - random() * interval '3 hours' as created_at,
                -- The big user bills in 5 currencies (EUR 50 %, USD 20 %, GBP 15 %, CHF 10 %, JPY 5 %: the
                -- dashboard's case); everyone else mostly in their own, 5 % in one of four others.
                case when u.n = 0 then (array['EUR','EUR','EUR','EUR','EUR','EUR','EUR','EUR','EUR','EUR',
                                              'USD','USD','USD','USD','GBP','GBP','GBP','CHF','CHF','JPY'])[1 + floor(random() * 20)::int]
                     when random() < 0.05 then (array['EUR','USD','GBP','JPY'])[1 + floor(random() * 4)::int]
                     else u.currency end as currency,
                floor(random() * u.client_count)::int as ci,
                1 + floor(random() * 5)::int as item_count,
                random() < 0.6 as tax_on, (array[5000, 7500, 8875, 10000, 20000, 21000])[1 + floor(random() * 6)::int] as tax_rate,
                random() < 0.2 as discount_on, random() < 0.5 as discount_fixed,
                random() < 0.15 as shipping_on, (500 + floor(random() * 5000))::bigint as shipping,
                (array[7, 14, 30])[1 + floor(random() * 3)::int] as terms_days,
                random() as status_roll
           from seed_users u cross join lateral generate_series(1, u.invoice_count) as k`,
      );
    });

    await timed(steps, log, 'items', async () => {
      // 'Design work' etc. with a description on some; quantities 1-20, rates 5.00-500.00.
      await q(
        `create temp table seed_items as
         select i.id as invoice_id, i.user_id, p - 1 as position,
                (array['Design work','Development','Consulting','Hosting','Support','Training','Copywriting','Photography','Maintenance','Licence'])[1 + floor(random() * 10)::int] as name,
                case when random() < 0.3 then 'Delivered as agreed' else '' end as description,
                (1 + floor(random() * 20))::bigint as quantity,
                (500 + floor(random() * 49500))::bigint as unit_cost
           from seed_invoices i cross join lateral generate_series(1, i.item_count) as p`,
      );
      await q(
        `insert into invoice_items (invoice_id, user_id, position, name, description, quantity, unit_cost_minor, amount_minor)
         select invoice_id, user_id, position, name, description, quantity, unit_cost, quantity * unit_cost from seed_items`,
      );
    });

    await timed(steps, log, 'invoices (totals, data, search_text)', async () => {
      // The domain's rule: tax and a percent discount are round-half-away-from-zero of subtotal × rate /
      // 100,000, the rate in thousandths of a percent (8.875 % is 8875, ADR 44; numeric round() rounds
      // half away from zero for non-negative values); a fixed discount is 25.00;
      // total = max(0, subtotal + tax − discount + shipping).
      await q(
        `with sums as (select invoice_id, sum(quantity * unit_cost)::bigint as subtotal from seed_items group by invoice_id),
         t as (
           select i.*, s.subtotal,
                  case when i.tax_on then round(s.subtotal * i.tax_rate / 100000.0)::bigint else 0 end as tax,
                  case when not i.discount_on then 0
                       when i.discount_fixed then 2500
                       else round(s.subtotal * 5000 / 100000.0)::bigint end as discount,
                  case when i.shipping_on then i.shipping else 0 end as ship,
                  i.created_at::date as issued,
                  i.created_at::date + i.terms_days as due
             from seed_invoices i join sums s on s.invoice_id = i.id
         ),
         f as (
           select t.*, greatest(0, t.subtotal + t.tax - t.discount + t.ship) as total,
                  case
                    when t.due >= current_date then
                      case when t.status_roll < 0.25 then 'draft' when t.status_roll < 0.75 then 'sent' else 'paid' end
                    else
                      case when t.status_roll < 0.08 then 'draft' when t.status_roll < 0.2 then 'sent'
                           when t.status_roll < 0.25 then 'overdue' else 'paid' end
                  end as status
             from t
         )
         insert into invoices (id, user_id, client_id, business_id, invoice_number, status, currency, issued_date, due_date,
                               client_name, subtotal_minor, tax_minor, discount_minor, shipping_minor, total_minor,
                               amount_paid_minor, data, search_text, created_at, updated_at)
         select f.id, f.user_id, c.id, b.id, f.invoice_number, f.status, f.currency, f.issued, f.due,
                c.name, f.subtotal, f.tax, f.discount, f.ship, f.total,
                -- Paid in full, as the dashboard's revenue reads it (ADR 48); the payment rows themselves are not
                -- seeded: no benchmark reads them, and a million more rows would slow the seed.
                case when f.status = 'paid' then f.total else 0 end,
                jsonb_build_object(
                  'v', 2,
                  'from', b.name || E'\\n1 High Street\\nLondon',
                  'to', c.name || E'\\n' || c.ci || ' Market Road',
                  'tax', jsonb_build_object('enabled', f.tax_on, 'type', 'percent', 'value', f.tax_rate),
                  'discount', jsonb_build_object('enabled', f.discount_on,
                                                 'type', case when f.discount_fixed then 'fixed' else 'percent' end,
                                                 'value', case when f.discount_fixed then 2500 else 5000 end),
                  'shipping', jsonb_build_object('enabled', f.shipping_on, 'amount', f.shipping),
                  'paymentDetails', 'IBAN GB33 BUKB 2020 1555 5555 55',
                  'paymentInstructions', '',
                  'terms', 'Please submit payment within 15 days of receipt of this invoice.',
                  'logo', null),
                lower(f.invoice_number) || E'\\n' || c.folded || E'\\n'
                  -- amounts as the currency writes them (ADR 59: JPY and KRW have no minor unit)
                  || case when f.currency in ('JPY', 'KRW') then to_char(f.total, 'FM999999999999990')
                          else to_char(f.total / 100.0, 'FM999999999999990.00') end || E'\\n'
                  || case when f.currency in ('JPY', 'KRW') then to_char(f.total, 'FM999,999,999,999,990')
                          else to_char(f.total / 100.0, 'FM999,999,999,999,990.00') end,
                f.created_at, f.created_at
           from f
           join seed_clients c on c.n = f.n and c.ci = f.ci
           join seed_businesses b on b.n = f.n`,
      );
    });

    await timed(steps, log, 'recreate indexes and foreign keys', async () => {
      for (const index of indexes) await q(index.indexdef);
      for (const fk of foreignKeys)
        await q(`alter table ${fk.table_name} add constraint ${fk.conname} ${fk.definition}`);
    });

    await timed(steps, log, 'vacuum analyze', async () => {
      for (const table of ['invoices', 'invoice_items', 'invoice_stats', 'clients', 'businesses', 'users']) {
        await q(`vacuum (analyze) ${table}`);
      }
      // Index-only scans need the visibility map; a transaction elsewhere on the server can keep a
      // first VACUUM from marking the newest pages all-visible, so go again until every page is.
      for (let attempt = 0; attempt < 10; attempt++) {
        const { rows } = await q(
          `select relname from pg_class where relname in ('invoices', 'invoice_items', 'invoice_stats') and relallvisible < relpages`,
        );
        if (rows.length === 0) return;
        await new Promise((resolve) => setTimeout(resolve, 500));
        for (const row of rows as Array<{ relname: string }>) await q(`vacuum ${row.relname}`);
      }
      log('  (some pages are still not all-visible: another transaction holds back VACUUM)');
    });

    const bigUserId = (await q(`select id from seed_users where n = 0`)).rows[0].id as string;
    const counts = (
      await q(
        `select (select count(*) from invoices)::int as invoices, (select count(*) from invoice_items)::int as items`,
      )
    ).rows[0] as { invoices: number; items: number };
    await verifySample(client);
    return {
      bigUserId,
      ...counts,
      seconds: (performance.now() - started) / 1000,
      steps,
    };
  } finally {
    await client.end();
  }
}

/**
 * Reads 200 random seeded invoices back the way the service does and checks them with the domain's
 * own functions: totals (computeTotals), search_text (invoiceSearchText), the client name, and that
 * the document passes the editor's schema. The seed is only worth measuring if it is data the
 * product could have written.
 */
async function verifySample(client: pg.Client): Promise<void> {
  const { rows } = await client.query(
    `select i.id, i.invoice_number, i.issued_date::text, i.due_date::text, i.currency, i.client_name, i.data, i.search_text,
            i.subtotal_minor::float8 as subtotal, i.tax_minor::float8 as tax, i.discount_minor::float8 as discount,
            i.shipping_minor::float8 as shipping, i.total_minor::float8 as total,
            (select json_agg(json_build_array(ii.name, ii.description, ii.quantity, ii.unit_cost_minor) order by ii.position)
               from invoice_items ii where ii.invoice_id = i.id) as items
       from invoices i where i.id in (select id from invoices order by random() limit 200)`,
  );
  if (rows.length === 0) throw new Error('seed check: no invoices');
  for (const raw of rows) {
    const row = {
      id: raw.id,
      invoiceNumber: raw.invoice_number,
      issuedDate: raw.issued_date,
      dueDate: raw.due_date,
      currency: raw.currency,
      data: raw.data,
      items: raw.items,
    } as InvoiceRow;
    const document = toDocument(row);
    const totals = computeTotals(document);
    const expected = {
      subtotal: totals.subtotal,
      tax: totals.tax,
      discount: totals.discount,
      shipping: totals.shipping,
      total: totals.total,
    };
    const stored = {
      subtotal: raw.subtotal,
      tax: raw.tax,
      discount: raw.discount,
      shipping: raw.shipping,
      total: raw.total,
    };
    if (JSON.stringify(expected) !== JSON.stringify(stored)) {
      throw new Error(`seed check: totals of ${raw.id} ${JSON.stringify(stored)} != ${JSON.stringify(expected)}`);
    }
    if (raw.client_name !== recipientName(document.to)) throw new Error(`seed check: client name of ${raw.id}`);
    const search = invoiceSearchText(raw.invoice_number, raw.client_name, totals.total, document.currency);
    if (search !== raw.search_text) {
      throw new Error(
        `seed check: search_text of ${raw.id} ${JSON.stringify(raw.search_text)} != ${JSON.stringify(search)}`,
      );
    }
    invoiceDocumentInputSchema.parse(toInvoiceData(document));
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const url = process.argv[2];
  if (!url) {
    console.error('usage: tsx bench/seed-invoices.ts <database url> [--users=N] [--per-user=N] [--big=N]');
    process.exit(2);
  }
  const arg = (name: string, fallback: number) => {
    const found = process.argv.find((value) => value.startsWith(`--${name}=`));
    return found ? Number(found.split('=')[1]) : fallback;
  };
  const result = await seedInvoices(url, {
    users: arg('users', DEFAULT_SEED.users),
    invoicesPerUser: arg('per-user', DEFAULT_SEED.invoicesPerUser),
    bigUserInvoices: arg('big', DEFAULT_SEED.bigUserInvoices),
    log: console.log,
  });
  console.log(
    `${result.invoices} invoices, ${result.items} items in ${result.seconds.toFixed(1)} s; big user ${result.bigUserId}`,
  );
}
