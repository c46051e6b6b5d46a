import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { signUp } from '../../test/accounts';
import { sharedTestApp } from '../../test/app';
import { createTestDatabase } from '../../test/database';
import { as, createInvoice } from '../../test/invoice-fixtures';
import { migrationsDir } from '../paths';
import { runMigrations } from './migrate';

describe('runMigrations', () => {
  const adminUrl = inject('adminDatabaseUrl');
  const name = `invoicer_migrate_${randomBytes(4).toString('hex')}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;

  afterAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('lets several servers migrate one empty database at once, applying each migration exactly once', async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();

    await Promise.all(Array.from({ length: 5 }, () => runMigrations(url.toString())));

    const journal = JSON.parse(readFileSync(path.join(migrationsDir, 'meta', '_journal.json'), 'utf8')) as {
      entries: unknown[];
    };
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    const applied = await client.query('select count(*)::int as n from drizzle.__drizzle_migrations');
    expect(applied.rows[0].n).toBe(journal.entries.length);
    const tables = await client.query<{ table_name: string }>(
      `select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    expect(tables.rows.map((row) => row.table_name)).toEqual([
      'account_export_chunks',
      'account_exports',
      'account_tokens',
      'businesses',
      'clients',
      'invoice_activity',
      'invoice_items',
      'invoice_links',
      'invoice_reminder_state',
      'invoice_reminders',
      'invoice_save_keys',
      'invoice_stats',
      'invoices',
      'logos',
      'notifications',
      'oauth_states',
      'outbox',
      'payments',
      'rate_limits',
      'server_secrets',
      'sessions',
      'support_requests',
      'users',
    ]);
    // Every table that holds a user's data carries user_id (docs/product/entities.md#how-it-is-stored).
    const withoutUser = await client.query<{ table_name: string }>(
      `select t.table_name from information_schema.tables t
        where t.table_schema = 'public'
          and t.table_name not in ('rate_limits', 'oauth_states', 'server_secrets', 'users')
          and not exists (select 1 from information_schema.columns c
                           where c.table_schema = 'public' and c.table_name = t.table_name and c.column_name = 'user_id')`,
    );
    expect(withoutUser.rows).toEqual([]);
    await client.end();

    await runMigrations(url.toString()); // idempotent on a migrated database
  });
});

describe('migration 0009 (logos stored once per owner)', () => {
  it('merges existing duplicate logos, moving every invoice and business reference to the kept copy', async () => {
    const client = new pg.Client({ connectionString: await createTestDatabase() });
    await client.connect();
    try {
      // The database as it was before 0009, with the duplicates it allowed.
      await client.query(`alter table logos drop constraint logos_user_sha256_key;
        drop index businesses_logo_url_idx; drop index invoices_logo_id_idx;`);
      const user = (await client.query(`insert into users (email) values ('dup@example.com') returning id`)).rows[0].id;
      const logo = async (owner: string | null, sha: string, age: string) =>
        (
          await client.query(
            `insert into logos (user_id, mime_type, bytes, byte_size, width, height, sha256, created_at)
             values ($1, 'image/png', '\\x00', 1, 1, 1, $2, now() - $3::interval) returning id`,
            [owner, sha, age],
          )
        ).rows[0].id as string;
      const guestOld = await logo(null, 'a', '3 days');
      const guestNew = await logo(null, 'a', '1 day');
      const mineOld = await logo(user, 'a', '2 days');
      const mineNew = await logo(user, 'a', '1 hour');
      const other = await logo(null, 'b', '1 hour');
      await client.query(
        `insert into businesses (user_id, name, logo_url) values ($1, 'B1', $2), ($1, 'B2', $3), ($1, 'B3', $4)`,
        [user, `/api/logos/${guestNew}`, `/api/logos/${mineNew}`, `/api/logos/${other}`],
      );
      await client.query(
        `insert into invoices (user_id, invoice_number, currency, data)
         values ($1, '1', 'EUR', $2), ($1, '2', 'EUR', $3), ($1, '3', 'EUR', '{"logo":null}')`,
        [user, { logo: { kind: 'upload', id: guestNew } }, { logo: { kind: 'upload', id: mineNew } }],
      );

      const file = readFileSync(path.join(migrationsDir, '0009_logo_dedup.sql'), 'utf8');
      await client.query('begin');
      for (const statement of file.split('--> statement-breakpoint')) await client.query(statement);
      await client.query('commit');

      const left = await client.query(`select id from logos order by created_at`);
      expect(left.rows.map((row) => row.id)).toEqual([guestOld, mineOld, other]);
      const businesses = await client.query(`select logo_url from businesses order by name`);
      expect(businesses.rows.map((row) => row.logo_url)).toEqual([
        `/api/logos/${guestOld}`,
        `/api/logos/${mineOld}`,
        `/api/logos/${other}`,
      ]);
      const invoices = await client.query(`select data -> 'logo' ->> 'id' as id from invoices order by invoice_number`);
      expect(invoices.rows.map((row) => row.id)).toEqual([guestOld, mineOld, null]);
      // And the key now holds: guests are one owner.
      await expect(logo(null, 'a', '0 days')).rejects.toThrow(/logos_user_sha256_key/);
    } finally {
      await client.end();
    }
  });
});

describe('migration 0010 (percent rates in thousandths of a percent, ADR 44)', () => {
  const runMigrationFile = async (client: pg.Pool) => {
    const file = readFileSync(path.join(migrationsDir, '0010_percent_rates_in_thousandths.sql'), 'utf8');
    for (const statement of file.split('--> statement-breakpoint')) await client.query(statement);
  };

  it('moves stored basis points to thousandths: an 8.25 % invoice keeps every total to the cent', async () => {
    const t = await sharedTestApp();
    const ada = await signUp(t.app);
    const get = (url: string) => as(t.app, ada)({ method: 'GET', url });
    // 14,008.88 at 8.25 % = 1,155.7326 → 1,155.73; 12.5 % off = 1,751.11; shipping 10.00: total 13,423.50.
    const percentId = await createInvoice(t.app, ada, {
      invoice_number: 'OLD-1',
      items: [{ name: 'Consulting', quantity: 1, unit_cost: 14_008.88 }],
      tax_percent: 8.25,
      tax_type: 'percent',
      discount_percent: 12.5,
      discount_type: 'percent',
      shipping_amount: 10,
    });
    const fixedId = await createInvoice(t.app, ada, {
      invoice_number: 'OLD-2',
      tax_percent: 25.5,
      tax_type: 'fixed',
      discount_percent: 5,
      discount_type: 'fixed',
    });
    const oddId = await createInvoice(t.app, ada, { invoice_number: 'OLD-3', show_tax: false });
    // Each row as a server before 0010 stored it: version 1, percent rates in basis points; one row
    // edited by hand (a tax that is not an object) is left as it is.
    await t.pool.query(
      `update invoices set data = data || jsonb_build_object('v', 1,
                'tax', (data -> 'tax') || '{"value": 825}', 'discount', (data -> 'discount') || '{"value": 1250}')
        where id = $1`,
      [percentId],
    );
    await t.pool.query(`update invoices set data = data || '{"v": 1}' where id = $1`, [fixedId]);
    await t.pool.query(`update invoices set data = data || '{"v": 1, "tax": "by hand"}' where id = $1`, [oddId]);

    const snapshot = async () => ({
      columns: (
        await t.pool.query(
          `select invoice_number, status, subtotal_minor::text, tax_minor::text, discount_minor::text,
                  shipping_minor::text, total_minor::text, search_text, updated_at
             from invoices where user_id = $1 order by invoice_number`,
          [ada.id],
        )
      ).rows,
      stats: (
        await t.pool.query(
          `select currency, month, status, invoice_count, total_minor::text from invoice_stats where user_id = $1
            order by 1, 2, 3`,
          [ada.id],
        )
      ).rows,
      dashboard: (await get('/api/dashboard/summary')).json(),
      list: (await get('/api/invoices')).json(),
      details: await Promise.all(
        [percentId, fixedId, oddId].map(async (id) => (await get(`/api/invoices/${id}`)).json()),
      ),
    });
    const before = await snapshot();
    const stored = before.columns[0];
    expect(stored).toMatchObject({
      invoice_number: 'OLD-1',
      subtotal_minor: '1400888',
      tax_minor: '115573',
      discount_minor: '175111',
      shipping_minor: '1000',
      total_minor: '1342350',
    });
    // A version 1 row already reads on the new scale (a server older than 0010 may still write one).
    expect(before.details[0].invoice).toMatchObject({
      total_amount: 13_423.5,
      totals: { subtotal: 14_008.88, tax: 1_155.73, discount: 1_751.11, shipping: 10, total: 13_423.5 },
      data: { tax_percent: 8.25, discount_percent: 12.5 },
    });

    await runMigrationFile(t.pool);

    const data = async (id: string) =>
      (await t.pool.query('select data from invoices where id = $1', [id])).rows[0].data;
    expect(await data(percentId)).toMatchObject({
      v: 2,
      tax: { enabled: true, type: 'percent', value: 8_250 },
      discount: { enabled: true, type: 'percent', value: 12_500 },
    });
    expect(await data(fixedId)).toMatchObject({
      v: 2,
      tax: { type: 'fixed', value: 2_550 },
      discount: { type: 'fixed', value: 500 },
    });
    expect(await data(oddId)).toMatchObject({ v: 2, tax: 'by hand' });
    // Columns, invoice_stats, the dashboard, the list and every invoice page read the same.
    expect(await snapshot()).toEqual(before);

    // Saved again as the editor reads it, the invoice keeps its totals; a second run changes nothing.
    const edit = (await get(`/api/invoices/${percentId}/edit`)).json().editData;
    const resave = await as(
      t.app,
      ada,
    )({ method: 'PUT', url: `/api/invoices/${percentId}`, payload: { data: edit.data } });
    expect(resave.statusCode, resave.body).toBe(200);
    expect(resave.json().invoice.totals).toEqual(before.details[0].invoice.totals);
    const after = await data(percentId);
    await runMigrationFile(t.pool);
    expect(await data(percentId)).toEqual(after);
  });
});

describe('migration 0025 (structured parties, "Apply discounts before tax", ADR 72)', () => {
  it('turns the setting off for the accounts that existed and on for new ones; parties get empty fields', async () => {
    const client = new pg.Client({ connectionString: await createTestDatabase() });
    await client.connect();
    try {
      // The database as it was before 0025.
      const parties = (table: string) =>
        `alter table ${table} drop column street, drop column additional_street, drop column postcode,
           drop column city, drop column region, drop column country, drop column vat_id, drop column company_id,
           drop column endpoint_id, drop column endpoint_scheme`;
      await client.query(`${parties('businesses')}; ${parties('clients')}, drop column buyer_reference;
        alter table users drop column discount_before_tax`);
      const old = (await client.query(`insert into users (email) values ('old@example.com') returning id`)).rows[0].id;
      await client.query(`insert into clients (user_id, name) values ($1, 'Old client')`, [old]);

      const file = readFileSync(path.join(migrationsDir, '0025_parties_and_discount_setting.sql'), 'utf8');
      await client.query('begin');
      for (const statement of file.split('--> statement-breakpoint')) await client.query(statement);
      await client.query('commit');

      await client.query(`insert into users (email) values ('new@example.com')`);
      const { rows } = await client.query(`select email, discount_before_tax from users order by email`);
      expect(rows).toEqual([
        { email: 'new@example.com', discount_before_tax: true },
        { email: 'old@example.com', discount_before_tax: false },
      ]);
      const stored = await client.query(`select country, buyer_reference from clients`);
      expect(stored.rows).toEqual([{ country: '', buyer_reference: '' }]);
      // The stored shapes hold against another writer.
      await expect(client.query(`update clients set country = 'de'`)).rejects.toThrow(/clients_country_shape/);
    } finally {
      await client.end();
    }
  });
});
