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
 *
 * Its commit does not wait for the WAL to reach the disk (`synchronous_commit` off for this statement's
 * transaction alone, docs/decisions/0051-public-views-off-the-request-path.md): a crash of PostgreSQL may
 * forget the last fraction of a second of hits, which lets a few requests more through, never fewer, and
 * the wait for the flush was most of the upsert's time (p50 0.9-2.6 ms with it, 0.4-0.7 ms without, in
 * `npm run bench:public`).
 */
export async function consumeRateLimit(
  pool: pg.Pool,
  key: string,
  windowMs: number,
  /** How much this hit counts (bytes, for a quota); 1 for a request. */
  amount = 1,
): Promise<RateLimitHit> {
  const { rows } = await pool.query<{ count: number; ttl: string }>(
    `with async_commit as materialized (select set_config('synchronous_commit', 'off', true))
     insert into rate_limits as r (key, count, reset_at)
       select $1, $3, now() + $2 * interval '1 millisecond' from async_commit
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

/**
 * Route config for a limit counted after the reply: `max` per `timeWindow` ms per client address, decided from
 * what this process last learnt of the count (docs/decisions/0051-public-views-off-the-request-path.md). For
 * reads that must cost no more than a lookup (the public invoice page); a request that writes or works keeps
 * the counted-first limit (`{ max, timeWindow }`).
 */
export function countedAfterReply(options: { max: number; timeWindow: number }): RateLimitOptions {
  return { ...options, countAfterReply: true } as RateLimitOptions;
}

interface LaterKey {
  /** The window's count as the database last answered it, this process's written hits included. */
  known: number;
  /** Hits being written now, and hits not written yet: this process's part the database has not answered. */
  writing: number;
  unwritten: number;
  /** When the window ends, as the database last said (this process's clock). */
  resetAt: number;
  /** When its last write began (performance.now()). */
  wroteAt: number;
}

/** Keys past this many are pruned of ended windows (each client address of the window has one), once a second at most. */
const LATER_KEYS_PRUNE_AT = 10_000;
/**
 * A key's hits are written at most this often: the first hit of a key after the reply, the ones that follow
 * together. Also how late a hit whose reply never went out (the client left) is written.
 */
const LATER_WRITE_EVERY_MS = 250;

/**
 * The counter of a limit counted after the reply. A hit is decided at once from the count the database last
 * answered for its key, plus the hits of this process it has not answered yet (so one process alone never lets
 * one request too many through); the hits are written after the reply (`flush`), one upsert per key at a time
 * and at most every LATER_WRITE_EVERY_MS, the hits that came meanwhile as one amount. Another process's hits are
 * seen at the next answer: the limit can be passed by about what the other processes let through in that time.
 * The state stays the rows of `rate_limits`; this is a cache of them and of the hits of the last moment.
 */
class LaterCounts {
  private readonly keys = new Map<string, LaterKey>();
  private readonly dirty = new Set<string>();
  private readonly writes = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | undefined;
  private prunedAt = 0;

  constructor(
    private readonly pool: pg.Pool,
    private readonly windowMs: number,
    private readonly onError: (error: unknown) => void,
  ) {}

  hit(key: string): { current: number; ttl: number } {
    const now = Date.now();
    let state = this.keys.get(key);
    if (!state) {
      if (this.keys.size >= LATER_KEYS_PRUNE_AT && now - this.prunedAt >= 1_000) this.prune(now);
      state = { known: 0, writing: 0, unwritten: 0, resetAt: now + this.windowMs, wroteAt: -Infinity };
      this.keys.set(key, state);
    } else if (now >= state.resetAt) {
      // The window ended: what the database knew of it no longer counts.
      state.known = 0;
      state.resetAt = now + this.windowMs;
    }
    state.unwritten += 1;
    this.dirty.add(key);
    this.schedule();
    return { current: state.known + state.writing + state.unwritten, ttl: state.resetAt - now };
  }

  /** Writes the hits of the keys whose turn it is (the others when the timer comes). */
  flush(all = false): void {
    const now = performance.now();
    for (const key of this.dirty) {
      const state = this.keys.get(key)!;
      if (state.writing > 0 || (!all && now - state.wroteAt < LATER_WRITE_EVERY_MS)) continue;
      this.dirty.delete(key);
      this.write(key, state);
    }
    if (this.dirty.size > 0) this.schedule();
  }

  private schedule(): void {
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      this.flush();
    }, LATER_WRITE_EVERY_MS).unref();
  }

  private write(key: string, state: LaterKey): void {
    const amount = state.unwritten;
    state.unwritten = 0;
    state.writing = amount;
    state.wroteAt = performance.now();
    const written: Promise<void> = consumeRateLimit(this.pool, key, this.windowMs, amount)
      .then(({ count, ttlMs }) => {
        state.known = count - amount;
        state.resetAt = Date.now() + ttlMs;
      }, this.onError)
      .finally(() => {
        // The upsert's own hits are now in `known` (or lost with a failed write: the database was unreachable,
        // when limits let requests through anyway).
        state.known += amount;
        state.writing = 0;
        this.writes.delete(written);
        if (state.unwritten > 0) {
          this.dirty.add(key);
          this.schedule();
        }
      });
    this.writes.add(written);
  }

  private prune(now: number): void {
    this.prunedAt = now;
    for (const [key, state] of this.keys) {
      if (now >= state.resetAt && state.writing === 0 && state.unwritten === 0) this.keys.delete(key);
    }
  }

  /** Writes everything and waits for it (a stopping server). */
  async drain(): Promise<void> {
    do {
      this.flush(true);
      await Promise.allSettled([...this.writes]);
    } while (this.writes.size > 0 || this.dirty.size > 0);
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}

function pgStore(pool: pg.Pool, later: Set<LaterCounts>, onError: (error: unknown) => void) {
  return class PgRateLimitStore {
    private readonly prefix: string;
    private readonly later: LaterCounts | undefined;

    /** The plugin constructs the store with its options; children get a per-route key prefix. */
    constructor(_options?: FastifyRateLimitOptions, prefix = 'global', laterWindowMs?: number) {
      this.prefix = prefix;
      if (laterWindowMs !== undefined) {
        this.later = new LaterCounts(pool, laterWindowMs, onError);
        later.add(this.later);
      }
    }

    incr(key: string, callback: IncrCallback, timeWindow: number) {
      if (this.later) {
        callback(null, this.later.hit(`${this.prefix}:${key}`));
        return;
      }
      consumeRateLimit(pool, `${this.prefix}:${key}`, timeWindow)
        .then(({ count, ttlMs }) => callback(null, { current: count, ttl: ttlMs }))
        .catch((error: Error) => callback(error));
    }

    /** The plugin passes its merged options, which carry the route as `routeInfo` (not in its types). */
    child(routeOptions: RouteOptions & { path: string; prefix: string }) {
      const merged = routeOptions as unknown as {
        routeInfo?: { method?: unknown; url?: string };
        countAfterReply?: boolean;
        timeWindow?: unknown;
      };
      const route = merged.routeInfo;
      const laterWindowMs =
        merged.countAfterReply && typeof merged.timeWindow === 'number' ? merged.timeWindow : undefined;
      return new PgRateLimitStore(undefined, `${String(route?.method ?? '')} ${route?.url ?? ''}`, laterWindowMs);
    }
  };
}

export default fp<{ pool: pg.Pool }>(
  async (app, { pool }) => {
    const later = new Set<LaterCounts>();
    const onLaterError = (error: unknown) =>
      app.log.warn({ err: error }, 'rate limit: writing hits counted after the reply failed');
    // Routes counted after the reply write their hits once the answer is out.
    app.addHook('onRoute', (route) => {
      const limit = route.config?.rateLimit as { countAfterReply?: boolean } | undefined;
      if (!limit?.countAfterReply) return;
      const flush = async () => {
        for (const counts of later) counts.flush();
      };
      route.onResponse = [
        ...(Array.isArray(route.onResponse) ? route.onResponse : route.onResponse ? [route.onResponse] : []),
        flush,
      ];
    });
    app.addHook('onClose', async () => {
      await Promise.all([...later].map((counts) => counts.drain()));
    });
    await app.register(rateLimit, {
      global: false,
      store: pgStore(pool, later, onLaterError),
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
