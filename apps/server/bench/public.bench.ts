/**
 * Public invoice link benchmark: `npm run bench:public` (= `cd apps/server && npx tsx bench/public.bench.ts`),
 * the issue's target "public invoice JSON p50 within 2x of GET /api/health in the same run"
 * (docs/benchmarks.md, docs/decisions/0051-public-views-off-the-request-path.md).
 *
 * 1. An empty database `invoicer_public_bench`, migrated (BENCH_DATABASE_URL or TEST_DATABASE_URL, else
 *    an embedded PostgreSQL in a temp dir).
 * 2. The production build, `node dist/main.js` with its default settings, the public links' rate limit
 *    raised (every request comes from one address here; the limit is still counted on every request).
 *    An account signs up, saves an invoice and shares it, through the API.
 * 3. Three cases, each a loop of keep-alive requests timed to the last byte:
 *      health  GET /api/health (one `select 1`, no session): the baseline
 *      guest   GET /api/public/invoices/{token} without a cookie: a counted view
 *      owner   the same with the owner's session cookie: not counted
 *    with 1 connection, then with 10; the cases take turns in --rounds rounds of --seconds each (each round
 *    starting with the next case), so a change in the machine's load falls on all of them alike. A warm-up of every case comes first.
 * 4. After the load, the views must all arrive: the link's view_count reaches the number of guest answers
 *    (the time that takes after the last answer is printed), one "was viewed" notification, one
 *    "Viewed for the first time" activity entry. Exits 1 otherwise, or on any non-2xx answer.
 * Prints p50/p99 per case and connections, their ratios to health's, and a Markdown table.
 *
 * 5. The rate-limit upsert alone, on one connection: as ADR 5 wrote it (its commit waits for the WAL flush) and as
 *    consumeRateLimit now runs it (synchronous_commit off for its transaction), --upserts of each, interleaved.
 *
 * Options: --seconds=S (1 per case and round), --rounds=N (9), --upserts=N (2000), --no-build (use dist/ as it is),
 * --cpu-prof=DIR (the server writes a V8 CPU profile there when it stops).
 */
import type { ChildProcess } from 'node:child_process';
import os from 'node:os';
import pg from 'pg';
import { buildServer, flag, option, startServer, stopServer, text } from './bench-support';
import {
  errorCount,
  httpClient,
  loadAverage,
  measure,
  merge,
  ms,
  percentiles,
  scratchDatabase,
  type Sample,
  type Target,
} from './latency';
import { freePort } from '../src/db/embedded-postgres';
import { consumeRateLimit } from '../src/plugins/rate-limit';
import { savedInvoiceBody } from '../test/saved-invoice-body';

const SECONDS = option('seconds', 1);
const ROUNDS = option('rounds', 9);
const UPSERTS = option('upserts', 2000);
const CONNECTION_COUNTS = [1, 10];
const log = (message: string) => console.log(`[bench:public] ${message}`);

const CASES = ['health', 'guest', 'owner'] as const;
type Case = (typeof CASES)[number];
const LABELS: Record<Case, string> = {
  health: 'GET /api/health (baseline)',
  guest: 'GET /api/public/invoices/{token}, a guest (counted view)',
  owner: 'GET /api/public/invoices/{token}, the owner (not counted)',
};

async function main() {
  const started = performance.now();
  const database = await scratchDatabase('invoicer_public_bench', log);
  let server: ChildProcess | undefined;
  let failed = false;
  try {
    if (!flag('no-build')) buildServer(log);
    const port = await freePort();
    const profileDir = text('cpu-prof', '');
    server = await startServer(
      database.databaseUrl,
      port,
      { RATE_LIMIT_PUBLIC_LINKS_PER_MINUTE: '100000000' },
      profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
    );
    const setup = httpClient(port, 1);
    const signup = await setup.send({
      method: 'POST',
      path: '/api/auth/signup',
      body: JSON.stringify({
        first_name: 'Ada',
        last_name: 'Bench',
        email: 'ada@example.com',
        password: 'correct horse',
      }),
    });
    if (signup.status !== 201) throw new Error(`sign-up answered ${signup.status}: ${signup.body}`);
    const cookie = String(signup.headers['set-cookie']?.find((value) => value.startsWith('sid='))).split(';')[0]!;
    const userId = (JSON.parse(signup.body) as { user: { id: string } }).user.id;
    const saved = await setup.send({
      method: 'POST',
      path: '/api/invoices',
      cookie,
      body: JSON.stringify(
        savedInvoiceBody(userId, {
          from: 'Ada Lovelace Consulting\n12 Analytical Row\nLondon',
          to: 'Acme Corp Ltd\n1 Main Street\nSpringfield',
          items: [
            {
              id: 'a1',
              name: 'Design work',
              description: 'Landing page',
              showDesc: true,
              quantity: 3,
              unit_cost: 10.05,
            },
            { id: 'a2', name: 'Hosting', quantity: 12, unit_cost: 4.99 },
          ],
          invoice_number: 'PUB-1',
          issued_date: '2026-11-21',
          due_date: '2026-11-28',
          payment_details: 'IBAN GB00 0000',
          terms: 'Please submit payment within 15 days of receipt of this invoice.',
          tax_percent: 7.5,
          tax_type: 'percent',
          show_tax: true,
          discount_percent: 5,
          discount_type: 'fixed',
          show_discount: true,
          shipping_amount: 12.5,
          show_shipping: true,
          logo_url: null,
          currency: 'EUR',
          currency_symbol: '€',
          currency_label: 'Euro (€)',
        }),
      ),
    });
    if (saved.status !== 201) throw new Error(`saving the invoice answered ${saved.status}: ${saved.body}`);
    const invoiceId = (JSON.parse(saved.body) as { id: string }).id;
    const shared = await setup.send({ method: 'POST', path: `/api/invoices/${invoiceId}/share`, cookie });
    if (shared.status !== 201) throw new Error(`sharing answered ${shared.status}: ${shared.body}`);
    const token = (JSON.parse(shared.body) as { token: string }).token;
    setup.close();

    const targets: Record<Case, Target> = {
      health: { path: '/api/health' },
      guest: { path: `/api/public/invoices/${token}` },
      owner: { path: `/api/public/invoices/${token}`, cookie },
    };
    let guestViews = 0;
    const run = async (client: ReturnType<typeof httpClient>, kind: Case, connections: number, seconds: number) => {
      const sample = await measure(
        client,
        connections,
        seconds,
        () => targets[kind],
        () => {
          if (kind === 'guest') guestViews++;
        },
      );
      if (errorCount(sample) > 0) throw new Error(`${kind}: ${JSON.stringify([...sample.errors])}`);
      return sample;
    };

    const loadBefore = loadAverage();
    log(`load average before: ${loadBefore}`);
    const results = new Map<string, Sample>();
    for (const connections of CONNECTION_COUNTS) {
      const client = httpClient(port, connections);
      for (const kind of CASES) await run(client, kind, connections, 1); // warm-up
      const samples = new Map<Case, Sample[]>(CASES.map((kind) => [kind, []]));
      for (let round = 0; round < ROUNDS; round++) {
        // Each round starts with another case, so none always follows the same one.
        const order = CASES.map((_, index) => CASES[(index + round) % CASES.length]!);
        for (const kind of order) samples.get(kind)!.push(await run(client, kind, connections, SECONDS));
      }
      for (const kind of CASES) results.set(`${kind}/${connections}`, merge(samples.get(kind)!));
      client.close();
      const health = percentiles(results.get(`health/${connections}`)!);
      for (const kind of CASES) {
        const p = percentiles(results.get(`${kind}/${connections}`)!);
        log(
          `${connections} conn. ${kind}: p50 ${ms(p.p50)} ms (${(p.p50 / health.p50).toFixed(2)}x health), p99 ${ms(p.p99)} ms (${(p.p99 / health.p99).toFixed(2)}x), ${Math.round(p.perSecond)} req/s`,
        );
      }
    }
    const loadAfter = loadAverage();
    const lastAnswer = performance.now();

    // Every counted view arrives, and the first view notified once.
    const db = new pg.Client({ connectionString: database.databaseUrl });
    await db.connect();
    let counted = 0;
    const deadline = Date.now() + 300_000;
    while (Date.now() < deadline) {
      counted = (await db.query(`select view_count from invoice_links where invoice_id = $1`, [invoiceId])).rows[0]
        .view_count as number;
      if (counted >= guestViews) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const arrivedMs = performance.now() - lastAnswer;
    const notifications = (
      await db.query(`select count(*)::int as n from notifications where user_id = $1 and title like '%was viewed'`, [
        userId,
      ])
    ).rows[0].n as number;
    const firsts = (
      await db.query(
        `select count(*)::int as n from invoice_activity where invoice_id = $1 and kind = 'viewed' and data->>'first' = 'true'`,
        [invoiceId],
      )
    ).rows[0].n as number;

    // What the commit of the rate-limit counter costs, synchronous or not (consumeRateLimit, plugins/rate-limit.ts).
    const upsert = `insert into rate_limits as r (key, count, reset_at) values ($1, 1, now() + interval '1 minute')
       on conflict (key) do update set count = case when r.reset_at <= now() then 1 else r.count + 1 end,
         reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end returning count`;
    const pool = new pg.Pool({ connectionString: database.databaseUrl, max: 1 });
    const upserts = { synchronous: [] as number[], off: [] as number[] };
    for (let n = 0; n < UPSERTS; n++) {
      let t0 = performance.now();
      await pool.query(upsert, ['bench:synchronous']);
      upserts.synchronous.push(performance.now() - t0);
      t0 = performance.now();
      await consumeRateLimit(pool, 'bench:off', 60_000);
      upserts.off.push(performance.now() - t0);
    }
    await pool.end();
    const upsertStats = (values: number[]) => percentiles({ latencies: values, errors: new Map(), seconds: 1 });
    const [syncUpsert, offUpsert] = [upsertStats(upserts.synchronous), upsertStats(upserts.off)];
    log(
      `rate-limit upsert: synchronous commit p50 ${ms(syncUpsert.p50)} ms, p99 ${ms(syncUpsert.p99)} ms; synchronous_commit off p50 ${ms(offUpsert.p50)} ms, p99 ${ms(offUpsert.p99)} ms`,
    );
    await db.end();
    log(
      `views: ${guestViews} guest answers, view_count ${counted} (all there ${(arrivedMs / 1000).toFixed(1)} s after the last answer); ${notifications} "was viewed" notification(s), ${firsts} first-view entr${firsts === 1 ? 'y' : 'ies'}`,
    );
    if (counted !== guestViews || notifications !== 1 || firsts !== 1) {
      failed = true;
      log('FAILED: views lost or counted twice, or the first view not notified exactly once');
    }

    const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
    console.log('');
    console.log(
      `Node ${process.version}, PostgreSQL ${database.version}, ${os.cpus().length} cores (${cpu}); ${ROUNDS} rounds of ${SECONDS} s per case, the cases taking turns; the server, PostgreSQL and the client share the machine (load average ${loadBefore} before, ${loadAfter} after). Views counted: ${counted} of ${guestViews}, all there ${(arrivedMs / 1000).toFixed(1)} s after the last answer; one first-view notification: ${notifications === 1 ? 'yes' : `no (${notifications})`}.`,
    );
    console.log('');
    console.log('| case | connections | p50 ms | p99 ms | req/s | p50 / health | p99 / health |');
    console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const connections of CONNECTION_COUNTS) {
      const health = percentiles(results.get(`health/${connections}`)!);
      for (const kind of CASES) {
        const p = percentiles(results.get(`${kind}/${connections}`)!);
        console.log(
          `| ${LABELS[kind]} | ${connections} | ${ms(p.p50)} | ${ms(p.p99)} | ${Math.round(p.perSecond)} | ${(p.p50 / health.p50).toFixed(2)}x | ${(p.p99 / health.p99).toFixed(2)}x |`,
        );
      }
    }
    console.log('');
    console.log(
      `The rate-limit upsert alone, ${UPSERTS} of each interleaved on one connection: its commit waiting for the WAL flush p50 ${ms(syncUpsert.p50)} ms, p99 ${ms(syncUpsert.p99)} ms; with synchronous_commit off p50 ${ms(offUpsert.p50)} ms, p99 ${ms(offUpsert.p99)} ms.`,
    );
    console.log('');
    log(`done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  } catch (error) {
    failed = true;
    console.error(error);
  } finally {
    if (server) await stopServer(server);
    await database.close();
  }
  process.exit(failed ? 1 : 0);
}

void main();
