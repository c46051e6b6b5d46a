import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
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
      'invoice_items',
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
    // Every table that holds a user's data carries user_id (DESIGN rule 1).
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
