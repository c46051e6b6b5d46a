import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase } from '../../test/database';
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
      'businesses',
      'clients',
      'invoice_activity',
      'invoice_items',
      'invoice_links',
      'invoice_save_keys',
      'invoice_stats',
      'invoices',
      'logos',
      'notifications',
      'oauth_states',
      'outbox',
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
