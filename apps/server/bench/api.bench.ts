/**
 * Invoices API benchmark: `npm run bench:api` (= `cd apps/server && npx tsx bench/api.bench.ts`).
 *
 * 1. A PostgreSQL: BENCH_DATABASE_URL or TEST_DATABASE_URL (a server; the bench creates its own
 *    database `invoicer_bench` there and drops it at the end), else an embedded one in a temp dir.
 * 2. Migrations, then bench/seed-invoices.ts: 10,000 users × 100 invoices + one user with 20,000
 *    (1,020,000 invoices, about 3 million items), in bulk SQL; the seeding time is printed.
 * 3. The production build (`npm run build -w apps/server`), started as `node dist/main.js` against
 *    that database, with a session of the big user (a session row the seed inserts).
 * 4. autocannon, 32 connections, 10 s per case, against GET /api/invoices (first page, a middle and
 *    the last page, searches, status filters) and GET /api/invoices/{id} (random ids of the big
 *    user), each also with 1 connection first (what a request costs when nothing queues in front
 *    of it); the baseline of the same run is GET /api/health (one `select 1`, no session). Then
 *    POST /api/invoices/download of 100 invoices, timed to the last byte (median of 5 after one
 *    warm-up), and the archive checked to hold 100 PDFs.
 * Prints a Markdown table (median and p99 latency, requests per second, and where a request's CPU
 * went at 32 connections: server process, PostgreSQL backends, autocannon; read from /proc when
 * PostgreSQL runs on this machine) for docs/benchmarks.md.
 *
 * 5. GET /api/dashboard/summary of the big user (20,000 invoices in 5 currencies) in its default
 *    currency and in its rarest one, and of a user with 100 invoices. Before any case, the
 *    dashboard's counts by effective status and the list's totals per status filter are checked
 *    against counts made in SQL here, and the per-user aggregate invoice_stats against a recount.
 *
 * Options: --duration=S (default 10), --connections=N (default 32), --keep (keep the database),
 * --reuse (use an already seeded database, skipping the seed), --users=N, --per-user=N,
 * --big=N (a smaller seed for a quick try), --database=NAME (default invoicer_bench),
 * --only=TEXT (only the cases whose name contains TEXT, plus the baseline; the ZIP runs only
 * when TEXT is in 'bulk ZIP').
 */
import type { ChildProcess } from 'node:child_process';
import os from 'node:os';
import autocannon, { type Request, type Result } from 'autocannon';
import { unzipSync } from 'fflate';
import pg from 'pg';
import {
  buildServer,
  checkInvoiceStats,
  openBenchDatabase,
  option,
  processCpuMs,
  sessionFor,
  startServer,
  stopServer,
  text,
} from './bench-support';
import { freePort } from '../src/db/embedded-postgres';

const DATABASE = text('database', 'invoicer_bench');
const ONLY = text('only', '');
const DURATION = option('duration', 10);
const CONNECTIONS = option('connections', 32);
const log = (message: string) => console.log(`[bench:api] ${message}`);

interface Row {
  case: string;
  path: string;
  result: Result;
  alone: Result;
  /** CPU milliseconds per request during the 32-connection run, when /proc can tell. */
  cpu: { server: number; database: number; loadGenerator: number } | null;
}

async function main() {
  const started = performance.now();
  const bench = await openBenchDatabase(DATABASE, log);
  const { databaseUrl, version, seedLine } = bench;
  let server: ChildProcess | undefined;
  try {
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const big = await sessionFor(db, 'bench-big@example.com');
    const regular = await sessionFor(db, 'bench-1@example.com');
    const bigUserId = big.userId;
    const cookie = big.cookie;
    const bigCount = (await db.query('select count(*)::int as n from invoices where user_id = $1', [bigUserId])).rows[0]
      .n as number;
    const ids = (
      await db.query<{ id: string }>('select id from invoices where user_id = $1 order by random() limit 1000', [
        bigUserId,
      ])
    ).rows.map((row) => row.id);
    // A client name that occurs on a few dozen of the big user's invoices, and a common word.
    const client = (
      await db.query<{ client_name: string; n: number }>(
        `select client_name, count(*)::int as n from invoices where user_id = $1 group by 1 order by 2 desc, 1 limit 1`,
        [bigUserId],
      )
    ).rows[0]!;
    // An amount as the list shows it ('1,234.50'), from one of the big user's invoices.
    const amount = (
      await db.query<{ amount: string }>(
        `select to_char(total_minor / 100.0, 'FM999,999,999,990.00') as amount from invoices
          where user_id = $1 and total_minor >= 100000 order by random() limit 1`,
        [bigUserId],
      )
    ).rows[0]!.amount;
    // What the dashboard must answer for the big user, counted here without the product's code.
    const currencies = (
      await db.query<{ currency: string; n: number }>(
        `select currency::text, count(*)::int as n from invoices where user_id = $1 group by 1 order by 2 desc`,
        [bigUserId],
      )
    ).rows;
    const regularCount = (
      await db.query('select count(*)::int as n from invoices where user_id = $1', [regular.userId])
    ).rows[0].n as number;
    // The same, by currency and effective status (written out here, not the product's SQL).
    const effectiveCounts = async (userId: string) =>
      (
        await db.query<{ currency: string; status: string; n: number }>(
          `select currency::text,
                  case when status = 'sent' and due_date < (now() at time zone 'UTC')::date then 'overdue' else status end as status,
                  count(*)::int as n
             from invoices where user_id = $1 group by 1, 2`,
          [userId],
        )
      ).rows;
    const counted = { big: await effectiveCounts(bigUserId), regular: await effectiveCounts(regular.userId) };
    // The per-user aggregate (kept by triggers through the seed's bulk insert) against a recount.
    await checkInvoiceStats(db, [bigUserId, regular.userId]);
    await db.end();

    buildServer(log);
    const port = await freePort();
    server = await startServer(databaseUrl, port);
    const url = `http://127.0.0.1:${port}`;
    const headers = { cookie };

    // Check the answers before measuring them: the dashboard's figures and the list's totals
    // against the counts made in SQL above.
    const rarest = currencies.at(-1)!;
    const count = (rows: typeof counted.big, currency: string | undefined, status: string | undefined) =>
      rows
        .filter((row) => (!currency || row.currency === currency) && (!status || row.status === status))
        .reduce((sum, row) => sum + row.n, 0);
    for (const [who, query, rows, currency] of [
      [headers, '', counted.big, 'EUR'],
      [headers, `?currency=${rarest.currency}`, counted.big, rarest.currency],
      [{ cookie: regular.cookie }, '', counted.regular, undefined],
    ] as const) {
      const response = await fetch(`${url}/api/dashboard/summary${query}`, { headers: who });
      const body = (await response.json()) as { data: Record<string, unknown> & { currency: string } };
      if (response.status !== 200) throw new Error(`dashboard: ${response.status} ${JSON.stringify(body)}`);
      const shown = currency ?? body.data.currency;
      const expected = {
        total_invoices: count(rows, shown, undefined),
        draft_invoices: count(rows, shown, 'draft'),
        unpaid_invoices: count(rows, shown, 'sent'),
        paid_invoices: count(rows, shown, 'paid'),
        overdue_invoices: count(rows, shown, 'overdue'),
        available_currencies: new Set(rows.map((row) => row.currency)).size,
      };
      const actual = Object.fromEntries(
        Object.keys(expected).map((key) => [
          key,
          key === 'available_currencies' ? (body.data[key] as string[]).length : body.data[key],
        ]),
      );
      if (JSON.stringify(actual) !== JSON.stringify(expected)) {
        throw new Error(`dashboard${query}: ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`);
      }
    }
    for (const status of ['all', 'draft', 'sent', 'paid', 'overdue']) {
      for (const [who, rows] of [
        [headers, counted.big],
        [{ cookie: regular.cookie }, counted.regular],
      ] as const) {
        const response = await fetch(`${url}/api/invoices?status=${status}`, { headers: who });
        const body = (await response.json()) as { invoices: unknown[]; pagination: { total: number } };
        const expected = count(rows, undefined, status === 'all' ? undefined : status);
        if (
          response.status !== 200 ||
          body.pagination.total !== expected ||
          body.invoices.length !== Math.min(10, expected)
        ) {
          throw new Error(
            `list status=${status}: ${response.status} ${JSON.stringify(body.pagination)}, expected ${expected}`,
          );
        }
      }
    }

    const pages = Math.ceil(bigCount / 10);
    const word = client.client_name.split(' ')[0]!.toLowerCase();
    const cases: Array<{ name: string; path?: string; requests?: Request[]; headers?: Record<string, string> }> = [
      // The floor on this machine: one trivial query, no session, a tiny answer.
      { name: 'baseline: GET /api/health (select 1, no session)', path: '/api/health' },
      { name: 'list, page 1', path: '/api/invoices?page=1&per_page=10' },
      {
        name: 'list, page 1 of a user with 100 invoices',
        path: '/api/invoices?page=1&per_page=10',
        headers: { cookie: regular.cookie },
      },
      { name: `list, page ${Math.ceil(pages / 2)} of ${pages}`, path: `/api/invoices?page=${Math.ceil(pages / 2)}` },
      { name: `list, last page (${pages})`, path: `/api/invoices?page=${pages}` },
      { name: 'list, status=overdue', path: '/api/invoices?status=overdue' },
      { name: 'list, status=sent', path: '/api/invoices?status=sent' },
      { name: 'list, status=paid, page 50', path: '/api/invoices?status=paid&page=50' },
      {
        name: `list, search client name ("${client.client_name}", ${client.n} invoices)`,
        path: `/api/invoices?search=${encodeURIComponent(client.client_name.toLowerCase())}`,
      },
      { name: `list, search one word ("${word}")`, path: `/api/invoices?search=${encodeURIComponent(word)}` },
      { name: 'list, search invoice number ("inv-1234")', path: '/api/invoices?search=inv-1234' },
      { name: `list, search amount ("${amount}")`, path: `/api/invoices?search=${encodeURIComponent(amount)}` },
      { name: 'list, search + status=paid', path: `/api/invoices?search=${encodeURIComponent(word)}&status=paid` },
      {
        name: `dashboard summary, default currency (EUR: ${currencies.find((row) => row.currency === 'EUR')!.n.toLocaleString('en-US')} of ${bigCount.toLocaleString('en-US')} invoices, ${currencies.length} currencies)`,
        path: '/api/dashboard/summary',
      },
      {
        name: `dashboard summary, currency=${rarest.currency} (${rarest.n.toLocaleString('en-US')} invoices)`,
        path: `/api/dashboard/summary?currency=${rarest.currency}`,
      },
      {
        name: `dashboard summary of a user with ${regularCount} invoices`,
        path: '/api/dashboard/summary',
        headers: { cookie: regular.cookie },
      },
      {
        name: 'detail, GET /api/invoices/{id} (1,000 random ids)',
        requests: [
          {
            method: 'GET',
            setupRequest: (request) => ({
              ...request,
              path: `/api/invoices/${ids[Math.floor(Math.random() * ids.length)]}`,
            }),
          },
        ],
      },
    ];

    const selected = cases.filter((item, index) => index === 0 || item.name.includes(ONLY));
    cases.splice(0, cases.length, ...selected);
    const loadBefore = os.loadavg()[0]!;
    // Warm-up: each case a moment, so JIT, plans and caches are what a running server has.
    for (const item of cases) {
      await autocannon({
        url: url + (item.path ?? ''),
        headers: item.headers ?? headers,
        connections: 8,
        duration: 1,
        requests: item.requests,
      });
    }

    // Where a request's CPU goes: the server process, the PostgreSQL backends serving this
    // database (readable when PostgreSQL runs on this machine) and this process (autocannon).
    const monitor = new pg.Client({ connectionString: databaseUrl });
    await monitor.connect();
    const cpuNow = async () => {
      const { rows: backends } = await monitor.query<{ pid: number }>(
        'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      );
      const database = bench.local ? await Promise.all(backends.map((row) => processCpuMs(row.pid))) : [null];
      const own = process.cpuUsage();
      return {
        server: await processCpuMs(server!.pid!),
        database: database.some((value) => value === null) ? null : database.reduce((a, b) => a! + b!, 0)!,
        loadGenerator: (own.user + own.system) / 1000,
      };
    };

    const rows: Row[] = [];
    for (const item of cases) {
      // One connection first: the time a request costs when nothing waits in front of it.
      const alone = await autocannon({
        url: url + (item.path ?? ''),
        headers: item.headers ?? headers,
        connections: 1,
        duration: Math.max(2, Math.round(DURATION / 3)),
        requests: item.requests,
      });
      const before = await cpuNow();
      const result = await autocannon({
        url: url + (item.path ?? ''),
        headers: item.headers ?? headers,
        connections: CONNECTIONS,
        duration: DURATION,
        requests: item.requests,
      });
      const after = await cpuNow();
      if (result.non2xx > 0 || result.errors > 0) {
        throw new Error(`${item.name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
      }
      const per = (key: keyof typeof before) =>
        before[key] === null || after[key] === null ? null : (after[key]! - before[key]!) / result.requests.total;
      const [serverCpu, databaseCpu, loadCpu] = [per('server'), per('database'), per('loadGenerator')];
      const cpu =
        serverCpu === null || databaseCpu === null || loadCpu === null
          ? null
          : { server: serverCpu, database: databaseCpu, loadGenerator: loadCpu };
      rows.push({ case: item.name, path: item.path ?? '/api/invoices/{id}', result, alone, cpu });
      log(
        `${item.name}: median ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${Math.round(result.requests.average)} req/s`,
      );
    }

    await monitor.end();

    // Bulk ZIP of 100 invoices, to the last byte; 5 runs.
    const zipIds = ids.slice(0, 100);
    const zipTimes: number[] = [];
    let zipBytes = 0;
    const zipRuns = 'bulk ZIP'.includes(ONLY) ? 6 : 0;
    for (let run = 0; run < zipRuns; run++) {
      const t0 = performance.now();
      const response = await fetch(`${url}/api/invoices/download`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ invoice_ids: zipIds }),
      });
      const body = new Uint8Array(await response.arrayBuffer());
      const elapsed = performance.now() - t0;
      if (response.status !== 200) throw new Error(`zip: ${response.status} ${new TextDecoder().decode(body)}`);
      const files = Object.keys(unzipSync(body));
      if (files.length !== 100) throw new Error(`zip: ${files.length} files`);
      zipBytes = body.byteLength;
      if (run > 0) zipTimes.push(elapsed); // the first run warms the PDF workers' caches
    }
    zipTimes.sort((a, b) => a - b);

    const loadAfter = os.loadavg()[0]!;
    const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
    console.log('');
    console.log(
      `Node ${process.version}, PostgreSQL ${version}, ${os.cpus().length} cores (${cpu}); autocannon ${CONNECTIONS} connections, ${DURATION} s per case; the server, PostgreSQL and autocannon share the machine (load average ${loadBefore.toFixed(1)} before the cases, ${loadAfter.toFixed(1)} after).`,
    );
    if (seedLine) console.log(seedLine);
    console.log('');
    console.log(
      `| case | median ms | p99 ms | req/s | ms per request, 1 connection | CPU ms per request at ${CONNECTIONS}: server + PostgreSQL + autocannon |`,
    );
    console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
    for (const row of rows) {
      const { latency, requests } = row.result;
      const cpu = row.cpu
        ? `${row.cpu.server.toFixed(2)} + ${row.cpu.database.toFixed(2)} + ${row.cpu.loadGenerator.toFixed(2)}`
        : '';
      console.log(
        `| ${row.case} | ${latency.p50} | ${latency.p99} | ${Math.round(requests.average)} | ${(1000 / row.alone.requests.average).toFixed(2)} | ${cpu} |`,
      );
    }
    if (zipTimes.length > 0)
      console.log(
        `| bulk ZIP of 100 invoices (${(zipBytes / 1024).toFixed(0)} KB), to the last byte | ${zipTimes[Math.floor(zipTimes.length / 2)]!.toFixed(0)} | max ${zipTimes.at(-1)!.toFixed(0)} | | |`,
      );
    console.log(`\nTotal ${((performance.now() - started) / 1000).toFixed(0)} s.`);
  } finally {
    if (server) await stopServer(server);
    await bench.close();
  }
}

await main();
