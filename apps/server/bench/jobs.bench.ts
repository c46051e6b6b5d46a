/**
 * Job queue benchmark: `npm run bench:jobs` (= `cd apps/server && npx tsx bench/jobs.bench.ts`),
 * the numbers of docs/decisions/0045-the-job-queue.md and docs/benchmarks.md.
 *
 * On an embedded PostgreSQL in a temp dir (or BENCH_DATABASE_URL, where it creates and drops the
 * database `invoicer_jobs_bench`), migrated as the server does, the queue as the server runs it
 * (plugins/jobs.ts on its own Fastify instance):
 *
 * 1. What enqueuing costs a request: 2,000 transactions that insert one row, against 2,000 that
 *    insert the row and send a job in the same transaction, interleaved; p50 and p99 of each and
 *    their ratio (the same run, so the machine's load hits both).
 * 2. Throughput: 1,000 waiting jobs (each writes a row in its transaction) worked by one process
 *    with concurrency 1, then 2 and 4; and by two processes with concurrency 2 each, counting that
 *    each job's row is there exactly once.
 *
 * Options: --jobs=N (default 1000), --transactions=N (default 2000).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../src/db/embedded-postgres';
import { runMigrations } from '../src/db/migrate';
import database, { createPool } from '../src/plugins/database';
import jobs, { type Jobs } from '../src/plugins/jobs';
import { option, withDatabase } from './bench-support';

const JOBS = option('jobs', 1000);
const TRANSACTIONS = option('transactions', 2000);
const DATABASE = 'invoicer_jobs_bench';
const log = (message: string) => console.log(`[bench:jobs] ${message}`);
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');

interface BenchPayloads {
  'bench.effect': { n: number };
}

interface QueueProcess {
  app: FastifyInstance;
  jobs: Jobs<BenchPayloads>;
  close(): Promise<void>;
}

async function startQueue(databaseUrl: string, concurrency: number): Promise<QueueProcess> {
  const pool = createPool(databaseUrl, 4);
  const app = Fastify({ logger: false });
  await app.register(database, { pool });
  await app.register(jobs, { pool, stopTimeoutMs: 10_000 });
  const queue = app.jobs as unknown as Jobs<BenchPayloads>;
  queue.work(
    'bench.effect',
    async (job, tx) => {
      await tx.execute(sql`insert into bench_effects (n) values (${job.data.n})`);
    },
    { concurrency },
  );
  await app.ready();
  return {
    app,
    jobs: queue,
    close: async () => {
      await app.close();
      await pool.end();
    },
  };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
}

async function main() {
  let embedded: EmbeddedPostgres | undefined;
  let tempDir: string | undefined;
  let adminUrl = process.env.BENCH_DATABASE_URL;
  if (!adminUrl) {
    tempDir = await fs.mkdtemp(path.join(os.tmpdir(), 'invoicer-jobs-bench-'));
    embedded = await startEmbeddedPostgres({ dataDir: tempDir });
    adminUrl = embedded.connectionString;
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${DATABASE} with (force)`);
  await admin.query(`create database ${DATABASE}`);
  const databaseUrl = withDatabase(adminUrl, DATABASE);
  const db = new pg.Client({ connectionString: databaseUrl });
  try {
    const migrateStart = performance.now();
    await runMigrations(databaseUrl);
    log(`migrations with the queue's schema: ${Math.round(performance.now() - migrateStart)} ms`);
    await db.connect();
    log(`PostgreSQL ${(await db.query('show server_version')).rows[0].server_version}; load average ${load()}`);
    await db.query(`create table bench_rows (id bigserial primary key, note text not null);
                    create table bench_effects (id bigserial primary key, n int not null)`);

    // 1. Enqueue inside a transaction.
    const sender = await startQueue(databaseUrl, 0);
    const base: number[] = [];
    const withJob: number[] = [];
    for (let i = 0; i < TRANSACTIONS + 200; i++) {
      for (const enqueue of [false, true]) {
        const start = performance.now();
        await sender.app.db.transaction(async (tx) => {
          await tx.execute(sql`insert into bench_rows (note) values (${`row ${i}`})`);
          if (enqueue) await sender.jobs.send('bench.effect', { n: -1 }, { tx });
        });
        if (i >= 200) (enqueue ? withJob : base).push(performance.now() - start);
      }
    }
    const row = (values: number[]) =>
      `p50 ${percentile(values, 50).toFixed(2)} ms, p99 ${percentile(values, 99).toFixed(2)} ms`;
    log(`transaction with one insert: ${row(base)}`);
    log(`the same with a job sent in it: ${row(withJob)}`);
    log(
      `ratio: p50 ${(percentile(withJob, 50) / percentile(base, 50)).toFixed(2)}x, p99 ${(percentile(withJob, 99) / percentile(base, 99)).toFixed(2)}x; load average ${load()}`,
    );
    await db.query(`delete from pgboss.job where name = 'bench.effect'`);

    // 2. Throughput.
    const drain = async (label: string, concurrencies: number[]) => {
      await db.query('truncate bench_effects');
      for (let n = 0; n < JOBS; n++) await sender.jobs.send('bench.effect', { n });
      const start = performance.now();
      const workers = await Promise.all(concurrencies.map((c) => startQueue(databaseUrl, c)));
      for (;;) {
        const { rows } = await db.query<{ n: number }>('select count(*)::int as n from bench_effects');
        if (rows[0]!.n >= JOBS) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const ms = performance.now() - start;
      await Promise.all(workers.map((worker) => worker.close()));
      const { rows } = await db.query<{ effects: number; distinct: number }>(
        'select count(*)::int as effects, count(distinct n)::int as distinct from bench_effects',
      );
      log(
        `${JOBS} jobs, ${label}: ${Math.round(ms)} ms (${Math.round((JOBS / ms) * 1000)} jobs/s, start-up included); ` +
          `effects ${rows[0]!.effects}, distinct ${rows[0]!.distinct}; load average ${load()}`,
      );
    };
    await drain('one process, concurrency 1', [1]);
    await drain('one process, concurrency 2', [2]);
    await drain('one process, concurrency 4', [4]);
    await drain('two processes, concurrency 2 each', [2, 2]);
    await sender.close();
  } finally {
    await db.end().catch(() => undefined);
    await admin.query(`drop database if exists ${DATABASE} with (force)`);
    await admin.end();
    await embedded?.stop();
    if (tempDir) await fs.rm(tempDir, { recursive: true, force: true });
  }
}

await main();
