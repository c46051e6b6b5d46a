import rateLimit, { type FastifyRateLimitOptions, type RateLimitOptions } from '@fastify/rate-limit';
import { tooManyAttemptsMessage } from '@invoicer/domain/api/auth';
import type { RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import { sql } from 'drizzle-orm';
import type { DbExecutor } from './database';
import { HttpError } from './errors';

declare module './jobs' {
  interface JobPayloads {
    'rate-limits.sweep': Record<string, never>;
  }
}

/** Deletes windows that ended over ten minutes ago; answers how many. */
export async function sweepRateLimits(db: DbExecutor): Promise<number> {
  const result = await db.execute(sql`delete from rate_limits where reset_at < now() - interval '10 minutes'`);
  return result.rowCount ?? 0;
}

/**
 * @fastify/rate-limit with its counters in PostgreSQL, so limits hold across every server
 * process (docs/decisions/0027-rules-that-hold-everywhere.md#rule-5-state-lives-in-postgresql-only). Routes opt in with
 * `config: { rateLimit: { max, timeWindow } }`. If the database is unreachable, requests are let through (the routes
 * that need the database then answer 503 on their own).
 */

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

export interface RateLimitHit {
  /** Requests counted in the current window, this one included. */
  count: number;
  /** Milliseconds until the window resets. */
  ttlMs: number;
}

/**
 * The one fixed-window counter of the product: counts a hit on `key` and answers the count in
 * the current window and the time until it resets. The route limits (through the plugin's
 * store below) and the hand-made ones (sign-in per e-mail) both go through it.
 */
export async function consumeRateLimit(
  pool: pg.Pool,
  key: string,
  windowMs: number,
  /** How much this hit counts (bytes, for a quota); 1 for a request. */
  amount = 1,
): Promise<RateLimitHit> {
  const { rows } = await pool.query<{ count: number; ttl: string }>(
    `insert into rate_limits as r (key, count, reset_at)
       values ($1, $3, now() + $2 * interval '1 millisecond')
     on conflict (key) do update set
       count = case when r.reset_at <= now() then $3 else r.count + $3 end,
       reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
     returning count, greatest(0, (extract(epoch from (reset_at - now())) * 1000))::bigint as ttl`,
    [key, windowMs, amount],
  );
  const row = rows[0]!;
  return { count: row.count, ttlMs: Number(row.ttl) };
}

/** Gives one hit of the current window back (an attempt that turned out not to count), never below 0. */
export async function refundRateLimit(pool: pg.Pool, key: string, amount = 1): Promise<void> {
  await pool.query(`update rate_limits set count = greatest(count - $2, 0) where key = $1 and reset_at > now()`, [
    key,
    amount,
  ]);
}

/**
 * Route config for the account endpoints (sign-in, sign-up, password, deletion): `max` per
 * minute per client address, answered with the sign-in form's wording.
 */
export function attemptsPerMinute(max: number): RateLimitOptions {
  return {
    max,
    timeWindow: 60_000,
    errorResponseBuilder: (_request, context) => new HttpError(429, tooManyAttemptsMessage(context.ttl)),
  };
}

function pgStore(pool: pg.Pool) {
  return class PgRateLimitStore {
    private readonly prefix: string;

    /** The plugin constructs the store with its options; children get a per-route key prefix. */
    constructor(_options?: FastifyRateLimitOptions, prefix = 'global') {
      this.prefix = prefix;
    }

    incr(key: string, callback: IncrCallback, timeWindow: number) {
      consumeRateLimit(pool, `${this.prefix}:${key}`, timeWindow)
        .then(({ count, ttlMs }) => callback(null, { current: count, ttl: ttlMs }))
        .catch((error: Error) => callback(error));
    }

    /** The plugin passes its merged options, which carry the route as `routeInfo` (not in its types). */
    child(routeOptions: RouteOptions & { path: string; prefix: string }) {
      const route = (routeOptions as unknown as { routeInfo?: { method?: unknown; url?: string } }).routeInfo;
      return new PgRateLimitStore(undefined, `${String(route?.method ?? '')} ${route?.url ?? ''}`);
    }
  };
}

export default fp<{ pool: pg.Pool }>(
  async (app, { pool }) => {
    await app.register(rateLimit, {
      global: false,
      store: pgStore(pool),
      skipOnError: true,
      // The plugin throws what this returns; the errors plugin turns it into the envelope.
      errorResponseBuilder: (_request, context) =>
        new HttpError(429, `Too many requests. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`),
    });

    // Expired windows are dead weight; a job sweeps them every ten minutes rather than every request.
    app.jobs.work('rate-limits.sweep', async (_job, tx) => {
      await sweepRateLimits(tx);
    });
    app.jobs.schedule('rate-limits.sweep', '*/10 * * * *', {});
  },
  { name: 'rate-limit', dependencies: ['errors', 'jobs'] },
);
