/**
 * Load benchmark: `npm run bench:load` (= `cd apps/server && npx tsx bench/load.bench.ts`).
 *
 * 1. The database of bench:api (bench-support.ts): `invoicer_bench` on BENCH_DATABASE_URL or
 *    TEST_DATABASE_URL, else an embedded PostgreSQL; seeded with bench/seed-invoices.ts (10,000 users
 *    × 100 invoices + 'bench-big@example.com' with 20,000), or reused as it is with --reuse.
 * 2. The production build, `node dist/main.js` with its default settings
 *    (database pool of 10, PDF workers), the document rate limit raised (every request comes from
 *    one address here).
 * 3. CONNECTIONS keep-alive connections (node:http, one Agent with maxSockets = CONNECTIONS), each a
 *    loop of requests one after the other, each signed in (a session row) as a different seeded
 *    user; every 20th connection (10 of 200) is the big user. Each loop picks its next request with
 *    its own seeded PRNG (mulberry32, seed --seed + connection), by fixed weights (WEIGHTS below):
 *      list 35%       GET /api/invoices: page 1 (40%), a random page (30%), ?status= (15%), ?search= (15%)
 *      detail 25%     GET /api/invoices/{id}, one of the user's seeded invoices
 *      dashboard 15%  GET /api/dashboard/summary, the default currency (80%) or ?currency= (20%)
 *      save 12%       POST /api/invoices, 1-5 items, a unique number, tax/discount/shipping on some
 *      status 3%      PUT /api/invoices/{id}/status of an invoice this connection saved (a save if none yet)
 *      PDF 10%        POST /generate-invoice (5%) and GET /api/invoices/{id}/pdf (5%)
 *    First a warm-up of the same mix (--warmup=S, default 5), then the baseline of the same run:
 *    GET /api/health (one `select 1`, no session) at the same concurrency (--baseline=S, default 5),
 *    then the mix for --duration=S (default 60).
 * 4. Any non-2xx answer, socket error or timeout (30 s) is an error; a PDF must start with %PDF-.
 * 5. After the load, nothing lost: every save acknowledged (201 with an id) is in the database with
 *    its user, its invoice number, its item count, the total the domain's computeTotals gives for
 *    the payload and the status last acknowledged; as many invoices carry the run's number prefix as
 *    saves were acknowledged; invoice_stats equals a recount for every user that saved. The run's
 *    invoices and sessions are then deleted (a reused database stays as seeded) and invoice_stats is
 *    checked again.
 * Prints requests per second, p50/p99/max latency overall and per kind, errors by kind and status,
 * the server's resident memory (after the warm-up, at the end, peak VmHWM; sampled every second),
 * PostgreSQL backends of the database, CPU per request (server process, PostgreSQL backends when
 * local, this process) and a Markdown table for docs/benchmarks.md. Exits 1 on any error or
 * difference.
 *
 * Options: --duration=S (60), --connections=N (200), --warmup=S (5), --baseline=S (5), --seed=N (PRNG,
 * 2026), --keep (keep the database), --reuse (use an already seeded database), --users=N,
 * --per-user=N, --big=N (a smaller seed), --database=NAME (default invoicer_bench, shared with
 * bench:api).
 */
import type { ChildProcess } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import { savedInvoiceBodySchema } from '@invoicer/domain/api/invoices';
import { CURRENCIES } from '@invoicer/domain/currencies';
import { computeTotals } from '@invoicer/domain/totals';
import pg from 'pg';
import {
  buildServer,
  checkInvoiceStats,
  openBenchDatabase,
  option,
  processCpuMs,
  processMemoryMb,
  seededRandom,
  sessionFor,
  startServer,
  stopServer,
  text,
} from './bench-support';
import { freePort } from '../src/db/embedded-postgres';
import { savedInvoiceBody } from '../test/saved-invoice-body';

const DATABASE = text('database', 'invoicer_bench');
const DURATION = option('duration', 60);
const CONNECTIONS = option('connections', 200);
const WARMUP = option('warmup', 5);
const BASELINE = option('baseline', 5);
const SEED = option('seed', 2026);
const TIMEOUT_MS = 30_000;
/** One connection in BIG_EVERY signs in as the user with 20,000 invoices. */
const BIG_EVERY = 20;
const log = (message: string) => console.log(`[bench:load] ${message}`);

const WEIGHTS = [
  ['list', 35],
  ['detail', 25],
  ['dashboard', 15],
  ['save', 12],
  ['status', 3],
  ['pdf: generate', 5],
  ['pdf: stored', 5],
] as const;
type MixKind = (typeof WEIGHTS)[number][0];
type Kind = MixKind | 'health';
const LABELS: Record<Kind, string> = {
  list: 'list: GET /api/invoices (page 1, a page, ?status=, ?search=)',
  detail: 'detail: GET /api/invoices/{id}',
  dashboard: 'dashboard: GET /api/dashboard/summary',
  save: 'save: POST /api/invoices (1-5 items)',
  status: 'status: PUT /api/invoices/{id}/status',
  'pdf: generate': 'PDF: POST /generate-invoice',
  'pdf: stored': 'PDF: GET /api/invoices/{id}/pdf',
  health: 'baseline: GET /api/health (select 1, no session)',
};
const TOTAL_WEIGHT = WEIGHTS.reduce((sum, [, weight]) => sum + weight, 0);

const pick = <T>(random: () => number, values: readonly T[]): T => values[Math.floor(random() * values.length)]!;

function pickKind(random: () => number): MixKind {
  let roll = random() * TOTAL_WEIGHT;
  for (const [kind, weight] of WEIGHTS) {
    roll -= weight;
    if (roll < 0) return kind;
  }
  return WEIGHTS[0][0];
}

interface Account {
  email: string;
  cookie: string;
  userId: string;
  idHash: string;
  /** Seeded invoice ids of the user (all of them, or 2,000 of the big user's). */
  ids: string[];
  invoices: number;
  /** First words of the user's client names, for ?search=. */
  words: string[];
  currencies: string[];
}

interface Saved {
  id: string;
  account: Account;
  number: string;
  payload: Record<string, unknown>;
  /** The status the last acknowledged request gave it. */
  status: string;
}

interface Connection {
  index: number;
  account: Account;
  random: () => number;
  saved: Saved[];
}

class Recorder {
  readonly latencies = new Map<Kind, number[]>();
  readonly errors = new Map<string, number>();
  readonly samples: string[] = [];
  started = 0;
  finished = 0;

  record(kind: Kind, ms: number) {
    let list = this.latencies.get(kind);
    if (!list) this.latencies.set(kind, (list = []));
    list.push(ms);
  }

  error(kind: Kind, what: string, detail: string) {
    const key = `${kind}: ${what}`;
    this.errors.set(key, (this.errors.get(key) ?? 0) + 1);
    if (this.samples.length < 20) this.samples.push(`${key} ${detail.slice(0, 300)}`);
  }

  get errorCount() {
    return [...this.errors.values()].reduce((sum, n) => sum + n, 0);
  }

  get seconds() {
    return (this.finished - this.started) / 1000;
  }
}

interface Stats {
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  max: number;
}

function stats(values: number[], seconds: number): Stats {
  const sorted = Float64Array.from(values).sort();
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
  return {
    requests: sorted.length,
    perSecond: sorted.length / seconds,
    p50: at(0.5),
    p99: at(0.99),
    max: sorted.at(-1) ?? 0,
  };
}

const ITEMS = ['Design work', 'Hosting', 'Consulting', 'Support plan', 'Licence', 'Training day', 'Travel', 'Café'];

/** A saved payload as the editor sends it (docs/product/entities.md#saved-invoice-body), amounts in major units. */
function savedPayload(random: () => number, account: Account, number: string): Record<string, unknown> {
  const currency = pick(random, CURRENCIES.slice(0, 8));
  const issued = new Date(Date.now() - Math.floor(random() * 60) * 86_400_000);
  const due = new Date(issued.getTime() + 14 * 86_400_000);
  const items = Array.from({ length: 1 + Math.floor(random() * 5) }, (_, index) => ({
    id: `i${index}`,
    name: pick(random, ITEMS),
    description: random() < 0.5 ? 'As agreed, see the statement of work' : '',
    showDesc: random() < 0.5,
    quantity: 1 + Math.floor(random() * 20),
    unit_cost: Math.floor(random() * 250_000) / 100,
  }));
  const tax = pick(random, [0, 7.5, 19, 20]);
  const discount = random() < 0.3;
  const shipping = random() < 0.2;
  const data = {
    from: 'Ada Lovelace Consulting\n12 Analytical Row\nLondon',
    to: `${pick(random, ['Acme Corp Ltd', 'Zoë Müller GmbH', 'Lumière Studio SARL', 'Nordic Labs Inc.'])}\n1 Main Street\nSpringfield`,
    items,
    invoice_number: number,
    issued_date: issued.toISOString().slice(0, 10),
    due_date: due.toISOString().slice(0, 10),
    payment_details: 'IBAN GB00 0000',
    terms: 'Please submit payment within 15 days of receipt of this invoice.',
    tax_percent: tax,
    tax_type: 'percent',
    show_tax: tax > 0,
    discount_percent: discount ? pick(random, [5, 10, 12.5]) : 0,
    discount_type: random() < 0.5 ? 'fixed' : 'percent',
    show_discount: discount,
    shipping_amount: shipping ? 12.5 : 0,
    show_shipping: shipping,
    logo_url: null,
    currency: currency.code,
    currency_symbol: currency.symbol,
    currency_label: `${currency.name} (${currency.symbol})`,
  };
  return savedInvoiceBody(account.userId, data);
}

interface Answer {
  status: number;
  /** The whole body when asked for or when the status is not 2xx. */
  body: Buffer | null;
  /** The first bytes (a PDF's magic). */
  head: string;
}

async function main() {
  const started = performance.now();
  const bench = await openBenchDatabase(DATABASE, log);
  const { databaseUrl, version, seedLine } = bench;
  let server: ChildProcess | undefined;
  let failed = false;
  const db = new pg.Client({ connectionString: databaseUrl });
  const accounts: Account[] = [];
  const runTag = `L${Date.now().toString(36)}`;
  try {
    await db.connect();
    // Accounts: connection i is bench-(1 + i × users / connections), every BIG_EVERY-th the big user.
    const users = (await db.query(`select count(*)::int as n from users where email like 'bench-%'`)).rows[0]
      .n as number;
    const regularUsers = users - 1;
    const connectionEmails = Array.from({ length: CONNECTIONS }, (_, index) =>
      index % BIG_EVERY === 0 || regularUsers < 1
        ? 'bench-big@example.com'
        : `bench-${1 + (Math.floor((index * regularUsers) / CONNECTIONS) % regularUsers)}@example.com`,
    );
    for (const email of connectionEmails) {
      const session = await sessionFor(db, email);
      accounts.push({ email, ...session, ids: [], invoices: 0, words: [], currencies: [] });
    }
    const userIds = [...new Set(accounts.map((account) => account.userId))];
    const { rows: perUser } = await db.query<{ user_id: string; n: number; words: string[]; currencies: string[] }>(
      `select user_id, count(*)::int as n,
              array_agg(distinct split_part(lower(client_name), ' ', 1)) as words,
              array_agg(distinct currency::text) as currencies
         from invoices where user_id = any($1::uuid[]) group by 1`,
      [userIds],
    );
    const { rows: idRows } = await db.query<{ user_id: string; ids: string[] }>(
      `select u.id as user_id, array(select id from invoices where user_id = u.id order by id limit 2000) as ids
         from users u where u.id = any($1::uuid[])`,
      [userIds],
    );
    for (const account of accounts) {
      const found = perUser.find((row) => row.user_id === account.userId);
      account.invoices = found?.n ?? 0;
      account.words = found?.words ?? [];
      account.currencies = found?.currencies ?? [];
      account.ids = idRows.find((row) => row.user_id === account.userId)?.ids ?? [];
      if (account.ids.length === 0) throw new Error(`${account.email} has no invoices`);
    }
    log(
      `${CONNECTIONS} connections as ${userIds.length} users (${accounts.filter((a) => a.email.startsWith('bench-big')).length} as the big user)`,
    );

    buildServer(log);
    const port = await freePort();
    server = await startServer(databaseUrl, port);
    const serverPid = server.pid!;
    // The server's own log lines (LOG_LEVEL=warn): kept as evidence when something fails.
    const serverLines: string[] = [];
    let partial = '';
    server.stdout!.on('data', (chunk: Buffer) => {
      const lines = (partial + chunk.toString()).split('\n');
      partial = lines.pop()!;
      for (const line of lines) if (line.trim() && serverLines.length < 10_000) serverLines.push(line);
    });
    let serverExit: string | null = null;
    server.once('exit', (code, signal) => (serverExit = `exited with ${code ?? signal}`));

    const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
    const send = (method: string, path: string, cookie: string | null, body: string | null, keepBody: boolean) =>
      new Promise<Answer>((resolve, reject) => {
        const headers: Record<string, string> = {};
        if (cookie) headers.cookie = cookie;
        if (body !== null) {
          headers['content-type'] = 'application/json';
          headers['content-length'] = String(Buffer.byteLength(body));
        }
        const request = http.request({ host: '127.0.0.1', port, method, path, agent, headers }, (response) => {
          const status = response.statusCode ?? 0;
          const keep = keepBody || status < 200 || status >= 300;
          const chunks: Buffer[] = [];
          let head = '';
          response.on('data', (chunk: Buffer) => {
            if (head.length < 5) head += chunk.subarray(0, 5 - head.length).toString('latin1');
            if (keep) chunks.push(chunk);
          });
          response.on('end', () => resolve({ status, body: keep ? Buffer.concat(chunks) : null, head }));
          response.on('error', reject);
        });
        request.setTimeout(TIMEOUT_MS, () => request.destroy(new Error(`no answer in ${TIMEOUT_MS / 1000} s`)));
        request.on('error', reject);
        request.end(body ?? undefined);
      });

    const acknowledged: Saved[] = [];
    let statusChanges = 0;
    let saveSequence = 0;
    // A few documents for /generate-invoice, made once (the PDF engine's work, not the client's).
    const documentRandom = seededRandom(SEED);
    const documents = Array.from({ length: 16 }, (_, index) =>
      JSON.stringify(savedPayload(documentRandom, accounts[0]!, `GEN-${index + 1}`).data),
    );

    /** One request of the mix; its latency (to the last byte) or its error goes to the recorder. */
    async function operate(connection: Connection, kind: MixKind, recorder: Recorder): Promise<void> {
      const { account, random } = connection;
      let method = 'GET';
      let path: string;
      let body: string | null = null;
      let cookie: string | null = account.cookie;
      let onOk: (answer: Answer) => string | null = () => null;
      if (kind === 'status' && connection.saved.length === 0) kind = 'save';
      switch (kind) {
        case 'list': {
          const roll = random();
          const pages = Math.max(1, Math.ceil(account.invoices / 10));
          if (roll < 0.4) path = '/api/invoices?page=1';
          else if (roll < 0.7) path = `/api/invoices?page=${1 + Math.floor(random() * pages)}`;
          else if (roll < 0.85) path = `/api/invoices?status=${pick(random, ['draft', 'sent', 'paid', 'overdue'])}`;
          else path = `/api/invoices?search=${encodeURIComponent(pick(random, account.words))}`;
          break;
        }
        case 'detail':
          path = `/api/invoices/${pick(random, account.ids)}`;
          break;
        case 'dashboard':
          path =
            random() < 0.8
              ? '/api/dashboard/summary'
              : `/api/dashboard/summary?currency=${pick(random, account.currencies)}`;
          break;
        case 'save': {
          method = 'POST';
          path = '/api/invoices';
          const number = `${runTag}-${connection.index}-${++saveSequence}`;
          const payload = savedPayload(random, account, number);
          body = JSON.stringify(payload);
          onOk = (answer) => {
            const id = (JSON.parse(answer.body!.toString()) as { id?: unknown }).id;
            if (answer.status !== 201 || typeof id !== 'string') return `answered ${answer.status} without an id`;
            const saved: Saved = { id, account, number, payload, status: 'draft' };
            acknowledged.push(saved);
            connection.saved.push(saved);
            return null;
          };
          break;
        }
        case 'status': {
          const saved = pick(random, connection.saved);
          const next = pick(
            random,
            ['draft', 'sent', 'paid'].filter((status) => status !== saved.status),
          );
          method = 'PUT';
          path = `/api/invoices/${saved.id}/status`;
          body = JSON.stringify({ status: next });
          onOk = () => {
            saved.status = next;
            statusChanges++;
            return null;
          };
          break;
        }
        case 'pdf: generate':
          method = 'POST';
          path = '/generate-invoice';
          body = pick(random, documents);
          cookie = null; // the guest's route
          onOk = (answer) => (answer.head === '%PDF-' ? null : `not a PDF (${JSON.stringify(answer.head)})`);
          break;
        case 'pdf: stored':
          path = `/api/invoices/${pick(random, account.ids)}/pdf`;
          onOk = (answer) => (answer.head === '%PDF-' ? null : `not a PDF (${JSON.stringify(answer.head)})`);
          break;
      }
      const t0 = performance.now();
      try {
        const answer = await send(method, path, cookie, body, kind === 'save');
        const ms = performance.now() - t0;
        if (answer.status < 200 || answer.status >= 300) {
          recorder.error(kind, String(answer.status), `${method} ${path}: ${answer.body?.toString() ?? ''}`);
          return;
        }
        const problem = onOk(answer);
        if (problem) recorder.error(kind, 'bad answer', `${method} ${path}: ${problem}`);
        else recorder.record(kind, ms);
      } catch (error) {
        recorder.error(kind, (error as NodeJS.ErrnoException).code ?? 'socket', `${method} ${path}: ${error}`);
      }
    }

    const connections: Connection[] = accounts.map((account, index) => ({
      index,
      account,
      random: seededRandom(SEED * 1_000 + index),
      saved: [],
    }));

    /** Every connection loops until the deadline; answers in flight then are awaited and counted. */
    async function phase(seconds: number, work: (connection: Connection, recorder: Recorder) => Promise<void>) {
      const recorder = new Recorder();
      recorder.started = performance.now();
      const deadline = recorder.started + seconds * 1000;
      await Promise.all(
        connections.map(async (connection) => {
          while (performance.now() < deadline && serverExit === null) await work(connection, recorder);
        }),
      );
      recorder.finished = performance.now();
      return recorder;
    }
    const mix = (connection: Connection, recorder: Recorder) =>
      operate(connection, pickKind(connection.random), recorder);
    const health = async (_connection: Connection, recorder: Recorder) => {
      const t0 = performance.now();
      try {
        const answer = await send('GET', '/api/health', null, null, false);
        if (answer.status === 200) recorder.record('health', performance.now() - t0);
        else recorder.error('health', String(answer.status), answer.body?.toString() ?? '');
      } catch (error) {
        recorder.error('health', (error as NodeJS.ErrnoException).code ?? 'socket', String(error));
      }
    };

    log(`warm-up: the mix for ${WARMUP} s`);
    const warmup = await phase(WARMUP, mix);
    log(`baseline: GET /api/health for ${BASELINE} s at ${CONNECTIONS} connections`);
    const baseline = await phase(BASELINE, health);

    const monitor = new pg.Client({ connectionString: databaseUrl });
    await monitor.connect();
    const backendPids = async () =>
      (
        await monitor.query<{ pid: number }>(
          'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
        )
      ).rows.map((row) => row.pid);
    const cpuNow = async () => {
      const database = bench.local ? await Promise.all((await backendPids()).map(processCpuMs)) : [null];
      const own = process.cpuUsage();
      return {
        server: await processCpuMs(serverPid),
        database: database.some((value) => value === null) ? null : database.reduce((a, b) => a! + b!, 0)!,
        loadGenerator: (own.user + own.system) / 1000,
      };
    };

    const memoryStart = await processMemoryMb(serverPid);
    const backendsStart = (await backendPids()).length;
    const samples: Array<{ second: number; rss: number; backends: number }> = [];
    const loadBefore = os.loadavg()[0]!;
    const cpuBefore = await cpuNow();
    log(`load: the mix for ${DURATION} s at ${CONNECTIONS} connections`);
    const loadStarted = performance.now();
    let sampling = false;
    const sampler = setInterval(() => {
      if (sampling) return;
      sampling = true;
      void Promise.all([processMemoryMb(serverPid), backendPids()])
        .then(([memory, pids]) => {
          if (memory) {
            samples.push({
              second: (performance.now() - loadStarted) / 1000,
              rss: memory.rss,
              backends: pids.length,
            });
          }
        })
        .catch(() => undefined)
        .finally(() => (sampling = false));
    }, 1000);
    const load = await phase(DURATION, mix);
    clearInterval(sampler);
    const cpuAfter = await cpuNow();
    const loadAfter = os.loadavg()[0]!;
    const memoryEnd = await processMemoryMb(serverPid);
    await monitor.end();
    if (serverExit) {
      failed = true;
      console.error(`[bench:load] the server ${serverExit} during the load`);
    }

    // Nothing lost: every acknowledged save as the payload says, with the server's total equal
    // to the domain's computeTotals of the payload.
    log(`checking ${acknowledged.length} acknowledged saves and ${statusChanges} status changes...`);
    const problems: string[] = [];
    const { rows: stored } = await db.query<{
      id: string;
      user_id: string;
      invoice_number: string;
      status: string;
      total: string;
      items: number;
    }>(
      `select i.id, i.user_id, i.invoice_number, i.status::text, i.total_minor::text as total,
              (select count(*)::int from invoice_items ii where ii.invoice_id = i.id) as items
         from invoices i where i.id = any($1::uuid[])`,
      [acknowledged.map((saved) => saved.id)],
    );
    const byId = new Map(stored.map((row) => [row.id, row]));
    for (const saved of acknowledged) {
      const row = byId.get(saved.id);
      if (!row) {
        problems.push(`save ${saved.number} acknowledged as ${saved.id} is missing`);
        continue;
      }
      const body = savedInvoiceBodySchema.parse(saved.payload);
      const expected = {
        user_id: saved.account.userId,
        invoice_number: saved.number,
        status: saved.status,
        total: String(computeTotals(body.data).total),
        items: body.data.items.length,
      };
      const actual = {
        user_id: row.user_id,
        invoice_number: row.invoice_number,
        status: row.status,
        total: row.total,
        items: row.items,
      };
      if (JSON.stringify(actual) !== JSON.stringify(expected)) {
        problems.push(`${saved.id}: stored ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`);
      }
    }
    const tagged = (
      await db.query(`select count(*)::int as n from invoices where invoice_number like $1 and user_id = any($2)`, [
        `${runTag}-%`,
        userIds,
      ])
    ).rows[0].n as number;
    if (tagged !== acknowledged.length) {
      problems.push(`${tagged} invoices carry this run's numbers, ${acknowledged.length} saves were acknowledged`);
    }
    const savers = [...new Set(acknowledged.map((saved) => saved.account.userId))];
    try {
      await checkInvoiceStats(db, savers);
    } catch (error) {
      problems.push(String(error));
    }

    // Print.
    const mixKinds = WEIGHTS.map(([kind]) => kind);
    const all = mixKinds.flatMap((kind) => load.latencies.get(kind) ?? []);
    const overall = stats(all, load.seconds);
    const base = stats(baseline.latencies.get('health') ?? [], baseline.seconds);
    const per = (key: 'server' | 'database' | 'loadGenerator') =>
      cpuBefore[key] === null || cpuAfter[key] === null
        ? null
        : (cpuAfter[key]! - cpuBefore[key]!) / (overall.requests + load.errorCount);
    const cpu = [per('server'), per('database'), per('loadGenerator')];
    const peakRss = Math.max(...samples.map((sample) => sample.rss), memoryEnd?.rss ?? 0);
    const fmt = (value: number, digits = 1) => value.toFixed(digits);
    const mb = (value: number | undefined) => (value === undefined ? '?' : `${value.toFixed(0)} MB`);
    const errorsOf = (kind: Kind, recorder: Recorder) =>
      [...recorder.errors.entries()].filter(([key]) => key.startsWith(`${kind}: `)).reduce((sum, [, n]) => sum + n, 0);

    console.log('');
    console.log(
      `Node ${process.version}, PostgreSQL ${version}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}); ${CONNECTIONS} keep-alive connections (node:http), ${DURATION} s of the mix after a ${WARMUP} s warm-up; the server, PostgreSQL and the load generator share the machine (load average ${fmt(loadBefore)} before the load, ${fmt(loadAfter)} after).`,
    );
    if (seedLine) console.log(seedLine);
    console.log('');
    console.log(`| request | share | requests | req/s | p50 ms | p99 ms | max ms | errors |`);
    console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const [kind, weight] of WEIGHTS) {
      const s = stats(load.latencies.get(kind) ?? [], load.seconds);
      console.log(
        `| ${LABELS[kind]} | ${weight}% | ${s.requests} | ${fmt(s.perSecond)} | ${fmt(s.p50)} | ${fmt(s.p99)} | ${fmt(s.max)} | ${errorsOf(kind, load)} |`,
      );
    }
    console.log(
      `| **all** | 100% | ${overall.requests} | **${fmt(overall.perSecond)}** | **${fmt(overall.p50)}** | **${fmt(overall.p99)}** | ${fmt(overall.max)} | **${load.errorCount}** |`,
    );
    console.log(
      `| ${LABELS.health}, ${BASELINE} s, same run | | ${base.requests} | ${fmt(base.perSecond)} | ${fmt(base.p50)} | ${fmt(base.p99)} | ${fmt(base.max)} | ${errorsOf('health', baseline)} |`,
    );
    console.log('');
    console.log(
      `The mix against the baseline: ${fmt((100 * overall.perSecond) / base.perSecond, 0)}% of its requests per second, p50 ${fmt(overall.p50 / base.p50)}×, p99 ${fmt(overall.p99 / base.p99)}×.`,
    );
    console.log('');
    console.log(
      '| server memory (RSS) after the warm-up | at the end | highest sampled during the load | peak since start (VmHWM) | PostgreSQL backends of the database (start → most during the load) | CPU ms per request: server + PostgreSQL + load generator |',
    );
    console.log('| ---: | ---: | ---: | ---: | ---: | ---: |');
    console.log(
      `| ${mb(memoryStart?.rss)} | ${mb(memoryEnd?.rss)} | ${mb(peakRss)} | ${mb(memoryEnd?.peak)} | ${backendsStart} → ${Math.max(0, ...samples.map((sample) => sample.backends))} | ${cpu.every((value) => value !== null) ? cpu.map((value) => value!.toFixed(2)).join(' + ') : 'not readable'} |`,
    );
    const every = Math.max(1, Math.round(samples.length / 12));
    console.log(
      `\nServer RSS during the load (s: MB): ${samples
        .filter((_, index) => index % every === 0 || index === samples.length - 1)
        .map((sample) => `${sample.second.toFixed(0)}: ${sample.rss.toFixed(0)}`)
        .join(', ')}`,
    );
    console.log(
      `Nothing lost: ${acknowledged.length} saves acknowledged (warm-up included), ${stored.length} found, ${acknowledged.length - problems.length} with their user, number, item count, status (${statusChanges} status changes) and computeTotals' total; ${tagged} invoices with the run's numbers; invoice_stats = recount for ${savers.length} users${problems.length === 0 ? '' : ': **FAILED**'}.`,
    );

    const errorLines = serverLines.filter((line) => /"level":(5\d|60)/.test(line));
    console.log(`Server log: ${serverLines.length} lines at warn or above, ${errorLines.length} at error or above.`);
    for (const [name, recorder] of [
      ['warm-up', warmup],
      ['baseline', baseline],
      ['load', load],
    ] as const) {
      if (recorder.errorCount === 0) continue;
      failed = true;
      console.error(`\n[bench:load] ${recorder.errorCount} errors in the ${name}:`);
      for (const [key, n] of recorder.errors) console.error(`  ${key}: ${n}`);
      for (const sample of recorder.samples) console.error(`  e.g. ${sample}`);
    }
    if (errorLines.length > 0) {
      console.error('\n[bench:load] server error lines (first 10):');
      for (const line of errorLines.slice(0, 10)) console.error(`  ${line.slice(0, 1000)}`);
    }
    if (problems.length > 0) {
      failed = true;
      console.error(`\n[bench:load] ${problems.length} differences after the load:`);
      for (const problem of problems.slice(0, 20)) console.error(`  ${problem}`);
    }

    // Leave a reused database as seeded: the run's invoices (their items and notifications go
    // with them or are deleted here) and its sessions; then invoice_stats once more.
    if (problems.length === 0) {
      const ids = acknowledged.map((saved) => saved.id);
      await db.query(
        `delete from notifications where related_entity_type = 'invoice' and related_entity_id = any($1::uuid[])`,
        [ids],
      );
      await db.query(`delete from invoices where id = any($1::uuid[])`, [ids]);
      await checkInvoiceStats(db, savers);
    }
    console.log(`\nTotal ${((performance.now() - started) / 1000).toFixed(0)} s.`);
  } finally {
    if (server) await stopServer(server);
    if (accounts.length > 0) {
      await db.query(`delete from sessions where id_hash = any($1)`, [accounts.map((account) => account.idHash)]);
    }
    await db.end().catch(() => undefined);
    await bench.close();
  }
  if (failed) process.exit(1);
}

await main();
