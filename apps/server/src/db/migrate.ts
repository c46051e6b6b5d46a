import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsDir } from '../paths';

/** Arbitrary constant naming the migration lock; every server process uses the same one. */
const MIGRATION_LOCK_ID = 7_262_111_001;

/**
 * Applies the committed SQL migrations. Several servers may start at once against one
 * database: the session-level advisory lock lets one migrate while the others wait, then
 * find nothing left to do.
 */
export async function runMigrations(connectionString: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    try {
      await migrate(drizzle(client), { migrationsFolder: migrationsDir });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
    }
  } finally {
    await client.end();
  }
}
