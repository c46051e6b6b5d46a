import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { PgBoss } from 'pg-boss';
import { migrationsDir } from '../paths';

/** The schema of the job queue's tables (pg-boss), beside ours in `public`. */
export const JOBS_SCHEMA = 'pgboss';

/** Arbitrary constant naming the migration lock; every server process uses the same one. */
const MIGRATION_LOCK_ID = 7_262_111_001;

/**
 * Applies the committed SQL migrations, then creates or upgrades the job queue's schema (pg-boss
 * ships its own migrations, docs/decisions/0045-the-job-queue.md). Several servers may start at
 * once against one database: the session-level advisory lock lets one migrate while the others
 * wait, then find nothing left to do. Tests migrate their template database here too, so every
 * test database has the queue's tables.
 */
export async function runMigrations(connectionString: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    try {
      await migrate(drizzle(client), { migrationsFolder: migrationsDir });
      await migrateJobQueue(connectionString);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
    }
  } finally {
    await client.end();
  }
}

/** Installs or upgrades pg-boss's tables with an instance that does nothing else, then stops it. */
async function migrateJobQueue(connectionString: string): Promise<void> {
  const boss = new PgBoss({
    connectionString,
    schema: JOBS_SCHEMA,
    max: 1,
    migrate: true,
    supervise: false,
    schedule: false,
    registerInstance: false,
    openTelemetry: { enabled: false },
  });
  let failure: unknown;
  boss.on('error', (error: unknown) => (failure ??= error));
  await boss.start();
  await boss.stop({ graceful: false, close: true });
  if (failure) throw failure;
}
