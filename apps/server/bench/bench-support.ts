/**
 * What the API benchmarks share (bench/api.bench.ts, bench/load.bench.ts): command-line options, the
 * PostgreSQL they measure against (created and seeded, or reused), the production server, session
 * rows, the invoice_stats recount and what /proc tells about a process.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../src/db/embedded-postgres';
import { runMigrations } from '../src/db/migrate';
import { DEFAULT_SEED, seedInvoices } from './seed-invoices';

export const serverRoot = fileURLToPath(new URL('..', import.meta.url));
export const repoRoot = path.resolve(serverRoot, '../..');

/** `--name` on the command line. */
export const flag = (name: string) => process.argv.includes(`--${name}`);
/** `--name=N`, else the fallback. */
export const option = (name: string, fallback: number) => {
  const found = process.argv.find((value) => value.startsWith(`--${name}=`));
  return found ? Number(found.split('=')[1]) : fallback;
};
/** `--name=TEXT`, else the fallback. */
export const text = (name: string, fallback: string) =>
  process.argv.find((value) => value.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export interface BenchDatabase {
  adminUrl: string;
  databaseUrl: string;
  /** PostgreSQL's server_version. */
  version: string;
  /** 'Seeded N invoices and M items in S s.' when this run seeded, else ''. */
  seedLine: string;
  /** PostgreSQL runs on this machine, so its backends' pids can be read in /proc. */
  local: boolean;
  /** Stops what this opened; drops the database unless --keep or a reused database. */
  close(): Promise<void>;
}

/**
 * The PostgreSQL server a benchmark runs on: BENCH_DATABASE_URL or TEST_DATABASE_URL, else an embedded one in a temp
 * dir (`stop` stops it and removes the dir). `database` only names the database in the log line.
 */
export async function benchPostgres(
  database: string,
  log: (message: string) => void,
): Promise<{ adminUrl: string; stop: () => Promise<void> }> {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    log(`PostgreSQL: ${new URL(serverUrl).host} (database ${database})`);
    return { adminUrl: serverUrl, stop: async () => undefined };
  }
  const tempDir = await fs.mkdtemp(path.join(os.tmpdir(), 'invoicer-bench-'));
  const embedded: EmbeddedPostgres = await startEmbeddedPostgres({ dataDir: tempDir });
  log(`PostgreSQL: embedded in ${tempDir}`);
  return {
    adminUrl: embedded.connectionString,
    stop: async () => {
      await embedded.stop();
      await fs.rm(tempDir, { recursive: true, force: true });
    },
  };
}

/**
 * The database the benchmarks measure: on BENCH_DATABASE_URL or TEST_DATABASE_URL (a server; the
 * database `database` is created there), else an embedded PostgreSQL in a temp dir. With --reuse
 * and the database present, it is used as it is (and kept); otherwise it is (re)created, migrated
 * and seeded with bench/seed-invoices.ts (--users, --per-user, --big for a smaller seed).
 */
export async function openBenchDatabase(database: string, log: (message: string) => void): Promise<BenchDatabase> {
  if (!/^[a-z_][a-z0-9_]*$/.test(database)) throw new Error(`--database must be a plain lower-case name`);
  const { adminUrl, stop } = await benchPostgres(database, log);
  const databaseUrl = withDatabase(adminUrl, database);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  let keep = flag('keep');
  const close = async () => {
    if (!keep) await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
    await stop();
  };
  try {
    const version = (await admin.query<{ server_version: string }>('show server_version')).rows[0]!.server_version;
    let seedLine = '';
    const exists = (await admin.query('select 1 from pg_database where datname = $1', [database])).rowCount === 1;
    if (flag('reuse') && exists) {
      keep = true;
      log('reusing the seeded database');
    } else {
      await admin.query(`drop database if exists ${database} with (force)`);
      await admin.query(`create database ${database}`);
      await runMigrations(databaseUrl);
      log('seeding...');
      const seed = await seedInvoices(databaseUrl, {
        users: option('users', DEFAULT_SEED.users),
        invoicesPerUser: option('per-user', DEFAULT_SEED.invoicesPerUser),
        bigUserInvoices: option('big', DEFAULT_SEED.bigUserInvoices),
        log,
      });
      seedLine = `Seeded ${seed.invoices.toLocaleString('en-US')} invoices and ${seed.items.toLocaleString('en-US')} items in ${seed.seconds.toFixed(1)} s.`;
      log(seedLine);
    }
    const local = ['127.0.0.1', 'localhost', '[::1]', '::1'].includes(new URL(databaseUrl).hostname);
    return { adminUrl, databaseUrl, version, seedLine, local, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** The production build (`npm run build -w apps/server`). */
export function buildServer(log: (message: string) => void): void {
  log('building the server (npm run build -w apps/server)...');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/server'], { cwd: repoRoot, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('build failed');
}

/**
 * `node dist/main.js` in production mode against the database; resolves once it is listening. The
 * document rate limit is raised: every request of a benchmark comes from one address. `nodeArgs`
 * go before the script (a benchmark's own probe, `--import`).
 */
export async function startServer(
  databaseUrl: string,
  port: number,
  env: Record<string, string> = {},
  nodeArgs: string[] = [],
): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...nodeArgs, 'dist/main.js'], {
    cwd: serverRoot,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: '/nonexistent',
      RATE_LIMIT_DOCUMENTS_PER_MINUTE: '100000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready in')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
  return child;
}

/** SIGTERM, then waits for the exit. */
export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** A client or pool: anything with query(). */
type Queryable = Pick<pg.Client, 'query'>;

/**
 * A session row for the user with this e-mail, as a Cookie header (what signing in would create).
 * `idHash` lets a benchmark delete the rows it made.
 */
export async function sessionFor(db: Queryable, email: string) {
  const token = randomBytes(32).toString('base64url');
  const idHash = createHash('sha256').update(token).digest('hex');
  const { rows } = await db.query<{ user_id: string }>(
    `insert into sessions (id_hash, user_id, expires_at)
     select $1, id, now() + interval '1 day' from users where email = $2 returning user_id`,
    [idHash, email],
  );
  if (!rows[0]) throw new Error(`no user ${email}`);
  return { cookie: `sid=${token}`, userId: rows[0].user_id, idHash };
}

/**
 * Groups where the per-user aggregate invoice_stats (kept by triggers) differs from a recount of
 * the user's invoices (written out here, not the product's SQL); 0 when they agree.
 */
export async function invoiceStatsDifferences(db: Queryable, userId: string): Promise<number> {
  const { rows } = await db.query<{ differences: number }>(
    `select count(*)::int as differences from (
       (select currency, month, status, invoice_count::bigint as n, total_minor::numeric as total
          from invoice_stats where user_id = $1
        except
        select currency, date_trunc('month', coalesce(issued_date, (created_at at time zone 'UTC')::date)::timestamp)::date,
               status, count(*), sum(total_minor)
          from invoices where user_id = $1 group by 1, 2, 3)
       union all
       (select currency, date_trunc('month', coalesce(issued_date, (created_at at time zone 'UTC')::date)::timestamp)::date,
               status, count(*), sum(total_minor)
          from invoices where user_id = $1 group by 1, 2, 3
        except
        select currency, month, status, invoice_count::bigint, total_minor::numeric
          from invoice_stats where user_id = $1)) d`,
    [userId],
  );
  return rows[0]!.differences;
}

/** Throws when invoice_stats differs from a recount for any of these users. */
export async function checkInvoiceStats(db: Queryable, userIds: Iterable<string>): Promise<void> {
  for (const userId of userIds) {
    const differences = await invoiceStatsDifferences(db, userId);
    if (differences !== 0) {
      throw new Error(`invoice_stats of user ${userId} differs from a recount in ${differences} groups`);
    }
  }
}

/** CPU time (user + system) of a process so far, in ms, from /proc (Linux); null when unreadable. */
export async function processCpuMs(pid: number): Promise<number | null> {
  try {
    const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // clock ticks, USER_HZ = 100
  } catch {
    return null;
  }
}

/** Resident memory now and its peak so far (VmRSS, VmHWM), in MB, from /proc (Linux); null when unreadable. */
export async function processMemoryMb(pid: number): Promise<{ rss: number; peak: number } | null> {
  try {
    const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
    const rss = kb('VmRSS');
    const peak = kb('VmHWM');
    return Number.isFinite(rss) && Number.isFinite(peak) ? { rss: rss / 1024, peak: peak / 1024 } : null;
  } catch {
    return null;
  }
}

/** mulberry32: a small seeded PRNG (numbers in [0, 1)), so two runs seed the same rows and send the same requests. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
