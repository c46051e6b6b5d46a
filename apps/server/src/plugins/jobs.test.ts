import Fastify, { type FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database';
import { waitFor } from '../../test/wait-for';
import { sql } from 'drizzle-orm';
import database, { createPool } from './database';
import jobs, { type Jobs, type WorkOptions } from './jobs';

/**
 * The job queue as a plugin on its own (database + jobs), against real PostgreSQL: each test
 * database is cloned from the migrated template, so the queue's tables are already there. The
 * handler of `test.effect` counts every run it starts in `job_runs` (outside its transaction, so
 * runs that fail or die count too) and writes its effect to `job_effects` through its transaction.
 */

interface TestPayloads {
  'test.effect': {
    key: string;
    /** Runs that fail before one succeeds. */
    failures?: number;
    /** Wait this long before writing the effect. */
    holdMs?: number;
    /** On the first run, wait until the claim is lost (the signal aborts) before writing the effect. */
    holdFirstRun?: boolean;
  };
  'test.waiting': { key: string };
  'test.merged': { key: string; n: number };
  'test.tick': Record<string, never>;
}

interface QueueApp {
  app: FastifyInstance;
  jobs: Jobs<TestPayloads>;
  failures: Array<{ key: string; attempt: number; lastAttempt: boolean; message: string }>;
  close(): Promise<void>;
}

const closers: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const close of closers.splice(0).reverse()) await close().catch(() => undefined);
});

async function setUpTables(databaseUrl: string): Promise<pg.Pool> {
  const pool = createPool(databaseUrl, 3);
  closers.push(() => pool.end());
  await pool.query(`
    create table job_runs (id bigserial primary key, key text not null, attempt int not null,
                           at timestamptz not null default clock_timestamp(), process text not null);
    create table job_effects (id bigserial primary key, key text not null, process text not null)`);
  return pool;
}

let processes = 0;

/** One "server process": a pool, the database and jobs plugins, and the test queues. */
async function startQueueApp(
  databaseUrl: string,
  { stopTimeoutMs = 10_000, work = true, options = {} as WorkOptions } = {},
): Promise<QueueApp> {
  const process = `p${++processes}`;
  const pool = createPool(databaseUrl, 3);
  const app = Fastify({ logger: false });
  await app.register(database, { pool });
  await app.register(jobs, { pool, stopTimeoutMs });
  const queue = app.jobs as unknown as Jobs<TestPayloads>;
  const failures: QueueApp['failures'] = [];
  const defaults: WorkOptions = {
    retryDelaySeconds: 1,
    attempts: 3,
    pollSeconds: 0.5,
    concurrency: work ? 2 : 0,
    onFailure: async (job, error) => {
      failures.push({
        key: (job.data as { key: string }).key,
        attempt: job.attempt,
        lastAttempt: job.lastAttempt,
        message: error instanceof Error ? error.message : String(error),
      });
    },
    ...options,
  };
  queue.work(
    'test.effect',
    async (job, tx) => {
      await pool.query(`insert into job_runs (key, attempt, process) values ($1, $2, $3)`, [
        job.data.key,
        job.attempt,
        process,
      ]);
      if (job.attempt <= (job.data.failures ?? 0)) throw new Error(`run ${job.attempt} fails on purpose`);
      if (job.data.holdFirstRun && job.attempt === 1) {
        await new Promise<void>((resolve) => job.signal.addEventListener('abort', () => resolve(), { once: true }));
      } else if (job.data.holdMs) {
        await new Promise((resolve) => setTimeout(resolve, job.data.holdMs));
      }
      await tx.execute(sql`insert into job_effects (key, process) values (${job.data.key}, ${process})`);
    },
    defaults,
  );
  queue.work('test.waiting', async () => {}, { concurrency: 0 });
  queue.work('test.merged', async () => {}, { concurrency: 0 });
  queue.work('test.tick', async () => {}, { concurrency: work ? 1 : 0 });
  queue.schedule('test.tick', '*/5 * * * *', {});
  await app.ready();
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await app.close();
    await pool.end();
  };
  closers.push(close);
  return { app, jobs: queue, failures, close };
}

async function effects(pool: pg.Pool, key: string) {
  const { rows } = await pool.query<{ n: number }>(`select count(*)::int as n from job_effects where key = $1`, [key]);
  return rows[0]!.n;
}

async function jobState(pool: pg.Pool, id: string) {
  const { rows } = await pool.query<{ state: string; retry_count: number }>(
    `select state, retry_count from pgboss.job where id = $1`,
    [id],
  );
  return rows[0];
}

describe('the job queue', () => {
  let databaseUrl: string;
  let pool: pg.Pool;
  let queue: QueueApp;
  beforeAll(async () => {
    databaseUrl = await createTestDatabase();
    pool = await setUpTables(databaseUrl);
    queue = await startQueueApp(databaseUrl);
  });

  it('has its tables in every test database (migrated into the template)', async () => {
    const { rows } = await pool.query(`select version from pgboss.version`);
    expect(rows).toHaveLength(1);
    const queues = await pool.query(`select name from pgboss.queue where name like 'test.%' order by name`);
    expect(queues.rows.map((row) => row.name)).toEqual(['test.effect', 'test.merged', 'test.tick', 'test.waiting']);
  });

  it('runs a job sent in a transaction after the commit, and never one whose transaction rolled back', async () => {
    const db = queue.app.db;
    await db
      .transaction(async (tx) => {
        await queue.jobs.send('test.effect', { key: 'rolled-back' }, { tx });
        throw new Error('the request failed after enqueuing');
      })
      .catch(() => undefined);
    const id = await db.transaction(async (tx) => {
      const sent = await queue.jobs.send('test.effect', { key: 'committed' }, { tx });
      // Not visible to the workers before the commit.
      const outside = await pool.query(`select count(*)::int as n from pgboss.job where id = $1`, [sent]);
      expect(outside.rows[0].n).toBe(0);
      return sent;
    });
    await waitFor(async () => (await jobState(pool, id))?.state === 'completed');
    expect(await effects(pool, 'committed')).toBe(1);
    await queue.app.jobs.idle();
    expect(await effects(pool, 'rolled-back')).toBe(0);
    const { rows } = await pool.query(`select count(*)::int as n from pgboss.job where data->>'key' = 'rolled-back'`);
    expect(rows[0].n).toBe(0);
  });

  it('merges what a merging sender is given while a job of its key is sent or waits its turn, and sends all of it', async () => {
    const sender = await startQueueApp(databaseUrl, { work: false });
    const merge = (a: { key: string; n: number }, b: { key: string; n: number }) => ({ key: a.key, n: a.n + b.n });
    const sent = async (key: string) => {
      const { rows } = await pool.query<{ n: number }>(
        `select (data->>'n')::int as n from pgboss.job where name = 'test.merged' and data->>'key' = $1 order by created_on`,
        [key],
      );
      return rows.map((row) => row.n);
    };
    // Back to back: the first goes at once, the rest merged into the next send; idle() waits for all of it.
    const eager = sender.jobs.merging('test.merged', { key: (payload) => payload.key, merge });
    for (let n = 0; n < 40; n++) eager.add({ key: 'eager', n: 1 });
    await sender.app.jobs.idle();
    const eagerJobs = await sent('eager');
    expect(eagerJobs.reduce((sum, n) => sum + n, 0)).toBe(40);
    expect(eagerJobs.length).toBeLessThan(40);
    expect(eagerJobs[0]).toBe(1);
    // At most one send a minute per key: the first of each key goes, the rest waits (merged) until the server
    // stops, which sends it without waiting its turn.
    const slow = sender.jobs.merging('test.merged', { key: (payload) => payload.key, merge, everyMs: 60_000 });
    slow.add({ key: 'slow-a', n: 1 });
    await waitFor(async () => (await sent('slow-a')).length === 1);
    for (let n = 0; n < 30; n++) slow.add({ key: 'slow-a', n: 2 });
    slow.add({ key: 'slow-b', n: 5 });
    await waitFor(async () => (await sent('slow-b')).length === 1);
    expect(await sent('slow-a')).toEqual([1]);
    await sender.close();
    expect(await sent('slow-a')).toEqual([1, 60]);
    expect(await sent('slow-b')).toEqual([5]);
  });

  it('retries a failed job after a doubling delay, and the effect of the run that succeeds is there once', async () => {
    const id = await queue.jobs.send('test.effect', { key: 'flaky', failures: 2 });
    await waitFor(async () => (await jobState(pool, id))?.state === 'completed', 30_000);
    const runs = await pool.query<{ attempt: number; after_ms: number | null }>(
      `select attempt, (extract(epoch from at - lag(at) over (order by at)) * 1000)::float8 as after_ms
         from job_runs where key = 'flaky' order by at`,
    );
    expect(runs.rows.map((row) => row.attempt)).toEqual([1, 2, 3]);
    // The backoff is a floor the database enforces (retry 1 waits 1-2 s, retry 2 waits 2-4 s), so
    // these hold however slow the machine is.
    expect(runs.rows[1]!.after_ms).toBeGreaterThanOrEqual(1000);
    expect(runs.rows[2]!.after_ms).toBeGreaterThanOrEqual(2000);
    expect(await effects(pool, 'flaky')).toBe(1);
    expect(queue.failures.filter((failure) => failure.key === 'flaky')).toEqual([
      { key: 'flaky', attempt: 1, lastAttempt: false, message: 'run 1 fails on purpose' },
      { key: 'flaky', attempt: 2, lastAttempt: false, message: 'run 2 fails on purpose' },
    ]);
  });

  it('gives a job up after its last attempt, with nothing of it committed', async () => {
    const id = await queue.jobs.send('test.effect', { key: 'hopeless', failures: 99 });
    await waitFor(async () => (await jobState(pool, id))?.state === 'failed', 30_000);
    expect(await jobState(pool, id)).toEqual({ state: 'failed', retry_count: 2 });
    const runs = await pool.query(`select attempt from job_runs where key = 'hopeless' order by at`);
    expect(runs.rows.map((row) => row.attempt)).toEqual([1, 2, 3]);
    expect(await effects(pool, 'hopeless')).toBe(0);
    expect(queue.failures.filter((failure) => failure.key === 'hopeless').map((f) => f.lastAttempt)).toEqual([
      false,
      false,
      true,
    ]);
  });

  it('keeps one schedule however many processes declare it, and drops one nobody declares', async () => {
    // A schedule left by an earlier version whose code no longer declares it.
    const client = await pool.connect();
    try {
      await client.query(`create temp table old_schedule as select * from pgboss.schedule where name = 'test.tick';
                          update old_schedule set name = 'test.waiting';
                          insert into pgboss.schedule select * from old_schedule`);
    } finally {
      client.release();
    }
    const second = await startQueueApp(databaseUrl);
    const { rows } = await pool.query(`select name, cron, timezone from pgboss.schedule order by name`);
    expect(rows).toEqual([{ name: 'test.tick', cron: '*/5 * * * *', timezone: 'UTC' }]);
    await second.close();
  });

  it('refuses a queue nobody declared, and declarations after start', async () => {
    const unknown = queue.app.jobs as unknown as Jobs<{ 'test.unknown': object }>;
    await expect(unknown.send('test.unknown', {})).rejects.toThrow('no queue named test.unknown');
    expect(() => queue.jobs.work('test.effect', async () => {})).toThrow('after the app is ready');
  });
});

describe('the job queue across restarts', () => {
  let databaseUrl: string;
  let pool: pg.Pool;
  beforeAll(async () => {
    databaseUrl = await createTestDatabase();
    pool = await setUpTables(databaseUrl);
  });

  it('runs the jobs a stopped process left waiting when the next one starts', async () => {
    const first = await startQueueApp(databaseUrl, { work: false });
    const ids = await Promise.all(
      Array.from({ length: 10 }, (_, n) => first.jobs.send('test.effect', { key: `left-${n}` })),
    );
    await first.close();
    expect((await jobState(pool, ids[0]!))?.state).toBe('created');

    const next = await startQueueApp(databaseUrl);
    await waitFor(async () => {
      const states = await Promise.all(ids.map((id) => jobState(pool, id)));
      return states.every((state) => state?.state === 'completed');
    });
    for (let n = 0; n < 10; n++) expect(await effects(pool, `left-${n}`)).toBe(1);
    await next.close();
  });

  it('waits for a job in flight when it stops within the limit', async () => {
    const app = await startQueueApp(databaseUrl, { stopTimeoutMs: 20_000 });
    const id = await app.jobs.send('test.effect', { key: 'finishes-during-stop', holdMs: 1500 });
    await waitFor(
      async () => (await pool.query(`select 1 from job_runs where key = 'finishes-during-stop'`)).rowCount === 1,
    );
    await app.close();
    // Closed only after the job committed.
    expect(await effects(pool, 'finishes-during-stop')).toBe(1);
    expect((await jobState(pool, id))?.state).toBe('completed');
  });

  it('rolls back a job still running past the limit, and the next process runs it again, once', async () => {
    const app = await startQueueApp(databaseUrl, { stopTimeoutMs: 1000 });
    const id = await app.jobs.send('test.effect', { key: 'outlives-stop', holdFirstRun: true });
    await waitFor(async () => (await pool.query(`select 1 from job_runs where key = 'outlives-stop'`)).rowCount === 1);
    await app.close();
    expect(await effects(pool, 'outlives-stop')).toBe(0);
    expect((await jobState(pool, id))?.state).toBe('retry');

    const next = await startQueueApp(databaseUrl);
    await waitFor(async () => (await jobState(pool, id))?.state === 'completed', 30_000);
    await next.close();
    expect(await effects(pool, 'outlives-stop')).toBe(1);
    const runs = await pool.query(`select attempt from job_runs where key = 'outlives-stop' order by at`);
    expect(runs.rows.map((row) => row.attempt)).toEqual([1, 2]);
  });
});

describe('the job queue with two processes on one database', () => {
  it('runs each of 300 jobs exactly once', async () => {
    const databaseUrl = await createTestDatabase();
    const pool = await setUpTables(databaseUrl);
    const [one, two] = await Promise.all([startQueueApp(databaseUrl), startQueueApp(databaseUrl)]);
    const ids: string[] = [];
    for (let n = 0; n < 300; n++) {
      ids.push(
        await (n % 2 ? one : two).jobs.send('test.effect', { key: `pair-${n}`, failures: n % 10 === 0 ? 1 : 0 }),
      );
    }
    await waitFor(async () => {
      const { rows } = await pool.query(
        `select count(*)::int as n from pgboss.job where id = any($1::uuid[]) and state = 'completed'`,
        [ids],
      );
      return rows[0].n === 300;
    }, 60_000);
    await Promise.all([one.app.jobs.idle(), two.app.jobs.idle()]);
    const { rows } = await pool.query(
      `select count(*)::int as effects, count(distinct key)::int as keys from job_effects where key like 'pair-%'`,
    );
    expect(rows[0]).toEqual({ effects: 300, keys: 300 });
    // Every job ran once, or twice where its first run failed on purpose.
    const runs = await pool.query(`select count(*)::int as n from job_runs where key like 'pair-%'`);
    expect(runs.rows[0].n).toBe(330);
  });
});
