import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../src/db/embedded-postgres';
import { runMigrations } from '../src/db/migrate';

/**
 * One real PostgreSQL for the whole run: the embedded one by default, or the server named
 * by TEST_DATABASE_URL (CI also runs the suite against the machine's PostgreSQL 15). The
 * migrations run once into a template database; every test file clones it (CREATE DATABASE
 * ... TEMPLATE is a file copy, far faster than migrating again).
 */

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
    templateDatabase: string;
  }
}

let embedded: EmbeddedPostgres | undefined;
let dataDir: string | undefined;

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export async function setup(project: TestProject) {
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'invoicer-test-'));
    embedded = await startEmbeddedPostgres({ dataDir });
    adminUrl = embedded.connectionString;
  }
  const templateDatabase = `invoicer_template_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${templateDatabase}`);
  await admin.end();
  await runMigrations(withDatabase(adminUrl, templateDatabase));

  project.provide('adminDatabaseUrl', adminUrl);
  project.provide('templateDatabase', templateDatabase);

  return async () => {
    const cleanup = new pg.Client({ connectionString: adminUrl });
    await cleanup.connect();
    const { rows } = await cleanup.query<{ datname: string }>(
      `select datname from pg_database where datname = $1 or datname like $2`,
      [templateDatabase, `${templateDatabase}_f%`],
    );
    for (const { datname } of rows) await cleanup.query(`drop database if exists ${datname} with (force)`);
    await cleanup.end();
    await embedded?.stop();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  };
}
