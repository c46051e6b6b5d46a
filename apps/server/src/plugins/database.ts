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

/** SQLSTATEs PostgreSQL asks the application to retry the whole transaction for: deadlock, serialization failure. */
const RETRYABLE_CODES = new Set(['40P01', '40001']);
/** Attempts of a transaction in all; a third deadlock in a row is answered as an error. */
const TRANSACTION_ATTEMPTS = 3;

/** The SQLSTATE of a driver error, also when Drizzle wraps it (DrizzleQueryError keeps the original as `cause`). */
export function sqlState(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = cause;
  }
  return undefined;
}

/**
 * A Drizzle database whose top-level transactions are run again when PostgreSQL aborts them with a deadlock or a
 * serialization failure, as its documentation asks of applications: two saves of one user's invoices can each
 * hold one of the invoice_stats rows the other needs next (each statement takes its rows in key order, but a
 * transaction of several statements cannot), and PostgreSQL breaks the cycle by failing one of them after
 * deadlock_timeout. Run again, the loser finds the other committed and goes through. A transaction's callback is
 * therefore written to be run again: it touches nothing outside the database before it commits.
 */
export function createDatabase(pool: pg.Pool): Database {
  const db = drizzle(pool, { schema });
  const transaction = db.transaction.bind(db);
  db.transaction = async (callback, config) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await transaction(callback, config);
      } catch (error) {
        const code = sqlState(error);
        if (attempt >= TRANSACTION_ATTEMPTS || !code || !RETRYABLE_CODES.has(code)) throw error;
        // A few milliseconds apart, at random, so the two do not meet again in the same order.
        await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * attempt));
      }
    }
  };
  return db;
}

export default fp<{ pool: pg.Pool }>(
  async (app, { pool }) => {
    app.decorate('pool', pool);
    app.decorate('db', createDatabase(pool));
  },
  { name: 'database' },
);
