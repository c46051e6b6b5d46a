import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { expect, inject, onTestFinished } from 'vitest';
import { runMigrations } from '../src/db/migrate';
import { migrationsDir } from '../src/paths';

export interface DatabaseBeforeMigration {
  /** A connection to a fresh database migrated up to, not including, the migration under test. */
  client: pg.Client;
  /** Runs the rest of the migrations (the one under test and every later one), as a server start does. */
  migrateRest(): Promise<void>;
}

/**
 * A migration's test: a fresh database with every migration before the one whose tag ends with `tagSuffix`, rows
 * written as the product wrote them then, then the rest run as an upgrade runs them. Call inside a test: the database
 * and the copied migrations folder go when the test ends.
 */
export async function withDatabaseBefore(
  tagSuffix: string,
  test: (database: DatabaseBeforeMigration) => Promise<void>,
): Promise<void> {
  const adminUrl = inject('adminDatabaseUrl');
  const name = `invoicer_migration_${randomBytes(4).toString('hex')}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const folder = mkdtempSync(path.join(os.tmpdir(), 'invoicer-migrations-'));
  onTestFinished(async () => {
    rmSync(folder, { recursive: true, force: true });
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  // The journal cut just before the migration under test: drizzle's migrator runs what the journal lists.
  cpSync(migrationsDir, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: Array<{ tag: string }> };
  const index = journal.entries.findIndex((entry) => entry.tag.endsWith(tagSuffix));
  expect(index, `a migration whose tag ends with ${tagSuffix}`).toBeGreaterThan(0);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, index) }));

  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await migrate(drizzle(client), { migrationsFolder: folder });
    await test({ client, migrateRest: () => runMigrations(url.toString()) });
  } finally {
    await client.end();
  }
}
