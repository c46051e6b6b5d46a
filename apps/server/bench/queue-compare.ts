/**
 * The comparison behind docs/decisions/0045-the-job-queue.md: pg-boss (a dependency) against
 * graphile-worker (not one: install it apart, e.g. `npm i --prefix /tmp/gw graphile-worker@0.18.0`),
 * on one embedded PostgreSQL, each library used directly (not through plugins/jobs.ts):
 *
 *   cd apps/server && GW_DIR=/tmp/gw/node_modules/graphile-worker/dist/index.js npx tsx bench/queue-compare.ts
 *
 * 1. schema install time; 2. a one-insert transaction with and without enqueuing a job in it
 * (2,000 each, interleaved): p50/p99; 3. 1,000 waiting jobs drained by one worker process (10 at a
 * time), then 2,000 by two processes, each job writing a row (count and distinct count); 4. two
 * processes working 400 jobs of 100 ms, one killed with SIGKILL after 100 rows and started again:
 * time until every job's row is there, duplicates, jobs still locked after 60 s. pg-boss runs it
 * twice: the row written beside the job (at least once) and in the job's completing transaction.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { fromDrizzle, getConstructionPlans, PgBoss } from 'pg-boss';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres';

const GW_DIR = process.env.GW_DIR;
if (!GW_DIR) throw new Error('GW_DIR: the path of graphile-worker/dist/index.js (see the comment above)');
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const gw: any = await import(GW_DIR);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
type Lib = 'boss' | 'gw';

async function worker(lib: Lib, url: string, concurrency: number, sleepMs: number, tx: boolean) {
  if (lib === 'boss') {
    const boss = new PgBoss({
      connectionString: url,
      max: concurrency + 2,
      superviseIntervalSeconds: 1,
      schedule: false,
      migrate: false,
      registerInstance: false,
    });
    boss.on('error', () => undefined);
    await boss.start();
    const handler = async (
      jobs: Array<{ id: string; data: { key: string } }>,
      db?: { executeSql(t: string, v?: unknown[]): Promise<unknown> },
    ) => {
      for (const job of jobs) {
        if (db) await db.executeSql('insert into effects (key, pid) values ($1, $2)', [job.data.key, process.pid]);
        else
          await boss.getDb().executeSql('insert into effects (key, pid) values ($1, $2)', [job.data.key, process.pid]);
        if (sleepMs) await sleep(sleepMs);
      }
    };
    if (tx) {
      await boss.work(
        'bench',
        { localConcurrency: concurrency, pollingIntervalSeconds: 0.5, batchSize: 1, transactional: true },
        (jobs, db) => handler(jobs as never, db),
      );
    } else {
      await boss.work(
        'bench',
        { localConcurrency: concurrency, pollingIntervalSeconds: 0.5, batchSize: 5, burstWhenBatchFull: true },
        (jobs) => handler(jobs as never),
      );
    }
  } else {
    await gw.run({
      connectionString: url,
      concurrency,
      pollInterval: 500,
      noHandleSignals: true,
      logger: new gw.Logger(() => () => undefined),
      taskList: {
        bench: async (payload: { key: string }, helpers: { query: (t: string, v: unknown[]) => Promise<unknown> }) => {
          await helpers.query('insert into effects (key, pid) values ($1, $2)', [payload.key, process.pid]);
          if (sleepMs) await sleep(sleepMs);
        },
      },
    });
  }
  console.log('READY');
}

if (process.argv[2] === 'worker') {
  const [, , , lib, url, concurrency, sleepMs, tx] = process.argv;
  await worker(lib as Lib, url!, Number(concurrency), Number(sleepMs), tx === 'tx');
} else {
  await main();
}

function startWorker(lib: Lib, url: string, concurrency: number, sleepMs: number, tx = false): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [...process.execArgv, process.argv[1]!, 'worker', lib, url, String(concurrency), String(sleepMs), tx ? 'tx' : ''],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      if (d.toString().includes('READY')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`worker exited ${code}`)));
  });
}

function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
}

async function waitCount(client: pg.Client, target: number, timeoutMs: number): Promise<number> {
  const start = performance.now();
  for (;;) {
    const { rows } = await client.query<{ n: number }>('select count(distinct key)::int as n from effects');
    if (rows[0]!.n >= target) return performance.now() - start;
    if (performance.now() - start > timeoutMs) return -1;
    await sleep(20);
  }
}

async function main() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'queue-compare-'));
  const cluster = await startEmbeddedPostgres({ dataDir });
  const admin = new pg.Client({ connectionString: cluster.connectionString });
  await admin.connect();
  const urls: Record<Lib, string> = { boss: '', gw: '' };
  for (const lib of ['boss', 'gw'] as const) {
    await admin.query(`create database q_${lib}`);
    const u = new URL(cluster.connectionString);
    u.pathname = `/q_${lib}`;
    urls[lib] = u.toString();
  }
  console.log(
    `load average at start: ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );

  // Schema install.
  const c = { boss: new pg.Client({ connectionString: urls.boss }), gw: new pg.Client({ connectionString: urls.gw }) };
  await c.boss.connect();
  await c.gw.connect();
  let t = performance.now();
  await c.boss.query(getConstructionPlans('pgboss'));
  console.log(`pg-boss schema install: ${(performance.now() - t).toFixed(0)} ms`);
  t = performance.now();
  await gw.runMigrations({ connectionString: urls.gw, logger: new gw.Logger(() => () => undefined) });
  console.log(`graphile-worker schema install: ${(performance.now() - t).toFixed(0)} ms`);
  for (const lib of ['boss', 'gw'] as const) {
    await c[lib].query(
      `create table items (id bigserial primary key, note text not null);
       create table effects (id bigserial primary key, key text not null, pid int not null)`,
    );
  }
  const boss = new PgBoss({
    connectionString: urls.boss,
    max: 4,
    supervise: false,
    schedule: false,
    migrate: false,
    registerInstance: false,
  });
  boss.on('error', () => undefined);
  await boss.start();
  await boss.createQueue('bench', { expireInSeconds: 5, retryLimit: 5 });

  // 1. Enqueue latency inside a transaction.
  const pools = {
    boss: new pg.Pool({ connectionString: urls.boss, max: 2 }),
    gw: new pg.Pool({ connectionString: urls.gw, max: 2 }),
  };
  const dbs = { boss: drizzle(pools.boss), gw: drizzle(pools.gw) };
  const times: Record<string, number[]> = { 'boss base': [], 'boss +job': [], 'gw base': [], 'gw +job': [] };
  for (let i = 0; i < 2200; i++) {
    const warm = i < 200;
    for (const lib of ['boss', 'gw'] as const) {
      for (const withJob of [false, true]) {
        const s = performance.now();
        await dbs[lib].transaction(async (tx) => {
          await tx.execute(sql`insert into items (note) values (${'n' + i})`);
          if (!withJob) return;
          if (lib === 'boss') await boss.send('bench', { key: `lat-${i}` }, { db: fromDrizzle(tx, sql) });
          else
            await tx.execute(
              sql`select graphile_worker.add_job('bench', ${JSON.stringify({ key: `lat-${i}` })}::json)`,
            );
        });
        if (!warm) times[`${lib} ${withJob ? '+job' : 'base'}`]!.push(performance.now() - s);
      }
    }
  }
  for (const [name, values] of Object.entries(times)) {
    console.log(`tx ${name}: p50 ${percentile(values, 50).toFixed(3)} ms, p99 ${percentile(values, 99).toFixed(3)} ms`);
  }
  for (const lib of ['boss', 'gw'] as const) {
    await c[lib].query('truncate effects');
    if (lib === 'boss') await boss.deleteAllJobs('bench');
    else await c.gw.query('delete from graphile_worker._private_jobs');
  }

  async function enqueue(lib: Lib, n: number, prefix: string) {
    if (lib === 'boss') {
      for (let i = 0; i < n; i += 500) {
        await boss.insert(
          'bench',
          Array.from({ length: Math.min(500, n - i) }, (_, k) => ({ data: { key: `${prefix}-${i + k}` } })),
        );
      }
    } else {
      await c.gw.query(
        `select graphile_worker.add_job('bench', json_build_object('key', $1::text || '-' || n)) from generate_series(0, $2::int - 1) n`,
        [prefix, n],
      );
    }
  }

  // 2. Throughput: 1,000 waiting jobs, one process with 10 workers; 3. two processes, 2,000 jobs.
  for (const lib of ['boss', 'gw'] as const) {
    await enqueue(lib, 1000, 'tp');
    const w = await startWorker(lib, urls[lib], 10, 0);
    const ms = await waitCount(c[lib], 1000, 120_000);
    console.log(
      `${lib}: 1,000 jobs by one process (10 workers): ${ms.toFixed(0)} ms (${((1000 / ms) * 1000).toFixed(0)} jobs/s)`,
    );
    w.kill('SIGKILL');
    await c[lib].query('truncate effects');
    await enqueue(lib, 2000, 'two');
    const [a, b] = await Promise.all([startWorker(lib, urls[lib], 10, 2), startWorker(lib, urls[lib], 10, 2)]);
    const ms2 = await waitCount(c[lib], 2000, 120_000);
    await sleep(1500);
    const { rows } = await c[lib].query(
      'select count(*)::int as effects, count(distinct key)::int as jobs, count(distinct pid)::int as processes from effects',
    );
    console.log(`${lib}: 2,000 jobs by two processes: ${ms2.toFixed(0)} ms, ${JSON.stringify(rows[0])}`);
    a.kill('SIGKILL');
    b.kill('SIGKILL');
    await c[lib].query('truncate effects');
  }

  // 4. kill -9 of one of two processes while 400 jobs of 100 ms run; restart it.
  for (const [lib, tx] of [
    ['boss', false],
    ['boss', true],
    ['gw', false],
  ] as const) {
    if (lib === 'boss') await boss.deleteAllJobs('bench');
    await enqueue(lib, 400, 'kill');
    const [a, b] = await Promise.all([
      startWorker(lib, urls[lib], 5, 100, tx),
      startWorker(lib, urls[lib], 5, 100, tx),
    ]);
    void b;
    for (;;) {
      const { rows } = await c[lib].query<{ n: number }>('select count(*)::int as n from effects');
      if (rows[0]!.n >= 100) break;
      await sleep(10);
    }
    a.kill('SIGKILL');
    const killedAt = performance.now();
    const again = await startWorker(lib, urls[lib], 5, 100, tx);
    const ms = await waitCount(c[lib], 400, 60_000);
    const { rows } = await c[lib].query(
      'select count(*)::int as effects, count(distinct key)::int as jobs from effects',
    );
    const locked =
      lib === 'gw'
        ? (await c.gw.query('select count(*)::int as n from graphile_worker._private_jobs where locked_at is not null'))
            .rows[0].n
        : (await c.boss.query(`select count(*)::int as n from pgboss.job where state = 'active'`)).rows[0].n;
    console.log(
      `${lib}${tx ? ' (transactional)' : ''}: kill -9 after 100 effects: ${ms < 0 ? 'NOT all done after 60 s' : `all done ${(performance.now() - killedAt).toFixed(0)} ms after the kill`}, ${JSON.stringify(rows[0])}, jobs still locked/active: ${locked}`,
    );
    for (const child of [b, again]) child.kill('SIGKILL');
    await c[lib].query('truncate effects');
    if (lib === 'gw') await c.gw.query('delete from graphile_worker._private_jobs');
  }
  console.log(
    `load average at end: ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
  await boss.stop({ graceful: false });
  await pools.boss.end();
  await pools.gw.end();
  await c.boss.end();
  await c.gw.end();
  await admin.end();
  await cluster.stop();
  await fs.rm(dataDir, { recursive: true, force: true });
  process.exit(0);
}
