import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import fp from 'fastify-plugin';
import pg from 'pg';
import * as schema from '../db/schema';

export type Database = NodePgDatabase<typeof schema>;
/** The database or an open transaction: queries that may run inside a caller's transaction take this. */
export type DbExecutor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

declare module 'fastify' {
  interface FastifyInstance {
    pool: pg.Pool;
    db: Database;
  }
}

/** Creates the connection pool. Short connect timeout: with the database down, requests fail fast with 503 instead of hanging. */
export function createPool(connectionString: string, max: number): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max,
    connectionTimeoutMillis: 3_000,
    idleTimeoutMillis: 30_000,
    // A statement stuck longer than this is a bug or an outage, not a request worth waiting for.
    statement_timeout: 15_000,
  });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on('error', () => undefined);
  // Nor may a checked-out one: between two statements of a transaction a client has no listener
  // of the pool's, and pg emits the connection's end as an 'error' event, which would end the
  // process (found by the fault suite stopping PostgreSQL under traffic). The statement that
  // follows fails instead (a 503), and the pool drops the dead client when it is released.
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

export default fp<{ pool: pg.Pool }>(
  async (app, { pool }) => {
    app.decorate('pool', pool);
    app.decorate('db', drizzle(pool, { schema }));
  },
  { name: 'database' },
);
