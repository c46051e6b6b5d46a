/**
 * Outgoing mail benchmark: `npm run bench:mail` (= `cd apps/server && npx tsx bench/mail.bench.ts`), the
 * issue's target "sending 1,000 queued e-mails to a local SMTP server never delays other requests' p99 by
 * more than 2x" (docs/benchmarks.md).
 *
 * 1. An empty database `invoicer_mail_bench`, migrated (BENCH_DATABASE_URL or TEST_DATABASE_URL, else an
 *    embedded PostgreSQL in a temp dir), seeded with bench/seed-invoices.ts (--users=100 users × 100
 *    invoices and one user with --big=2,000).
 * 2. A real SMTP server in this process (smtp-server, src/features/support/smtp-test-server.ts) and the
 *    production build, `node dist/main.js` with its default settings and SMTP_URL pointing at it: the
 *    server's own mail worker delivers.
 * 3. Signed-in requests of seeded users, --connections loops (default 4), each request GET /api/invoices
 *    (page 1) or GET /api/dashboard/summary, alternately, timed to the last byte:
 *      at rest      --seconds (default 10)
 *      draining     from the moment --messages (1,000) e-mails are queued until the SMTP server has
 *                   accepted all of them
 *      at rest again --seconds
 *    The messages are queued through the product's mailer (plugins/mailer.ts `enqueue`: an outbox row and its
 *    `mail.deliver` job each; each attaches one of the user's invoices, whose PDF the delivery job renders, as
 *    Send Invoice's e-mails do, unless --no-attach), by a second instance of the queue in this process that does not deliver (no
 *    SMTP_URL), all in one transaction, so the whole backlog is there at once and the server's worker drains
 *    it exactly as it drains support e-mails.
 * 4. Every message must arrive once and every outbox row be `sent`. Exits 1 otherwise or on any non-2xx answer.
 * Prints p50/p99 of each phase, the ratio of the draining p99 to the rest's (the worse of the two rests and
 * their mean), the drain time and messages per second, and a Markdown table.
 *
 * Options: --messages=N (1000), --connections=N (4), --seconds=S (10), --users=N (100), --per-user=N (100),
 * --big=N (2000), --no-attach (plain-text messages), --no-build (use dist/ as it is).
 */
import type { ChildProcess } from 'node:child_process';
import os from 'node:os';
import Fastify from 'fastify';
import pg from 'pg';
import { buildServer, flag, option, sessionFor, startServer, stopServer } from './bench-support';
import {
  errorCount,
  httpClient,
  loadAverage,
  measure,
  ms,
  percentiles,
  scratchDatabase,
  type Sample,
  type Target,
} from './latency';
import { seedInvoices } from './seed-invoices';
import { startSmtpServer } from '../test/smtp-test-server';
import { freePort } from '../src/db/embedded-postgres';
import database, { createPool } from '../src/plugins/database';
import jobs from '../src/plugins/jobs';
import mailer from '../src/plugins/mailer';

const MESSAGES = option('messages', 1000);
const CONNECTIONS = option('connections', 4);
const SECONDS = option('seconds', 10);
const log = (message: string) => console.log(`[bench:mail] ${message}`);

async function main() {
  const started = performance.now();
  const scratch = await scratchDatabase('invoicer_mail_bench', log);
  const { databaseUrl } = scratch;
  const smtp = await startSmtpServer();
  let server: ChildProcess | undefined;
  let failed = false;
  const db = new pg.Client({ connectionString: databaseUrl });
  try {
    log('seeding...');
    const seed = await seedInvoices(databaseUrl, {
      users: option('users', 100),
      invoicesPerUser: option('per-user', 100),
      bigUserInvoices: option('big', 2000),
    });
    log(`seeded ${seed.invoices} invoices in ${seed.seconds.toFixed(1)} s`);
    await db.connect();
    const cookies: string[] = [];
    for (let n = 0; n < CONNECTIONS; n++) {
      const email = n === 0 ? 'bench-big@example.com' : `bench-${n}@example.com`;
      cookies.push((await sessionFor(db, email)).cookie);
    }
    const mailUserId = (await db.query(`select id from users where email = 'bench-1@example.com'`)).rows[0]
      .id as string;
    // Like Send Invoice's e-mails, each attaches one of the user's invoices, rendered by the delivery job.
    const attachIds = flag('no-attach')
      ? []
      : (
          await db.query<{ id: string }>(`select id from invoices where user_id = $1 order by id`, [mailUserId])
        ).rows.map((row) => row.id);

    if (!flag('no-build')) buildServer(log);
    const port = await freePort();
    server = await startServer(databaseUrl, port, { SMTP_URL: smtp.url });

    // The product's mailer, as a second process that keeps messages without delivering them (no SMTP_URL): its
    // enqueue writes the outbox row and the delivery job, which the server's worker takes.
    const queuePool = createPool(databaseUrl, 2);
    const queue = Fastify({ logger: false });
    await queue.register(database, { pool: queuePool });
    await queue.register(jobs, { pool: queuePool, stopTimeoutMs: 10_000 });
    await queue.register(mailer, {
      from: 'bench@example.com',
      retrySeconds: 10,
      maxAttempts: 5,
      linkOrigin: 'https://invoices.example.com',
    });
    await queue.ready();

    const client = httpClient(port, CONNECTIONS);
    let turn = 0;
    const next = (connection: number): Target => ({
      path: turn++ % 2 === 0 ? '/api/invoices?page=1' : '/api/dashboard/summary',
      cookie: cookies[connection]!,
    });
    const run = async (label: string, seconds: number) => {
      const sample = await measure(client, CONNECTIONS, seconds, next);
      if (errorCount(sample) > 0) throw new Error(`${label}: ${JSON.stringify([...sample.errors])}`);
      return sample;
    };

    await run('warm-up', 3);
    const loadBefore = loadAverage();
    log(`load average before: ${loadBefore}`);
    const rest = await run('at rest', SECONDS);
    log(`at rest: p50 ${ms(percentiles(rest).p50)} ms, p99 ${ms(percentiles(rest).p99)} ms`);

    // The backlog, in one transaction: all of it is waiting when the commit wakes the worker.
    const queuedAt = performance.now();
    await queue.db.transaction(async (tx) => {
      for (let n = 1; n <= MESSAGES; n++) {
        await queue.mailer.enqueue(tx, {
          kind: 'bench',
          userId: mailUserId,
          to: `client-${n}@example.com`,
          replyTo: 'bench-1@example.com',
          subject: `Invoice BENCH-${n} from Bench Ltd`,
          text: `Dear client,\n\nplease find invoice BENCH-${n} at https://invoices.example.com/i/xxxxxxxxxxxxxxxxxxxxxxxx.\n\nBench Ltd`,
          ...(attachIds.length > 0 ? { attachInvoiceId: attachIds[n % attachIds.length]! } : {}),
        });
      }
    });
    const enqueueMs = performance.now() - queuedAt;
    log(
      `${MESSAGES} messages${attachIds.length > 0 ? ' (each with an invoice PDF attached)' : ''} queued in ${enqueueMs.toFixed(0)} ms; measuring while they are delivered...`,
    );
    const drainStarted = performance.now();
    const samples: Sample[] = [];
    let drainedMs: number | null = null;
    while (drainedMs === null && performance.now() - drainStarted < 600_000) {
      samples.push(await run('draining', 1));
      if (smtp.received.length >= MESSAGES) drainedMs = performance.now() - queuedAt;
    }
    const draining: Sample = {
      latencies: samples.flatMap((sample) => sample.latencies),
      errors: new Map(),
      seconds: samples.reduce((sum, sample) => sum + sample.seconds, 0),
    };
    const after = await run('at rest again', SECONDS);
    const loadAfter = loadAverage();
    client.close();
    await queue.close();
    await queuePool.end();

    const { rows } = await db.query<{ status: string; n: number }>(
      `select status, count(*)::int as n from outbox where kind = 'bench' group by 1`,
    );
    const sent = rows.find((row) => row.status === 'sent')?.n ?? 0;
    const recipients = new Set(smtp.received.map((mail) => mail.rcptTo.join(',')));
    log(
      `outbox: ${JSON.stringify(rows)}; SMTP server received ${smtp.received.length} messages for ${recipients.size} recipients`,
    );
    if (drainedMs === null || sent !== MESSAGES || smtp.received.length !== MESSAGES || recipients.size !== MESSAGES) {
      failed = true;
      log('FAILED: not every message arrived exactly once');
    }

    const [p0, p1, p2] = [percentiles(rest), percentiles(draining), percentiles(after)];
    const restP99 = Math.max(p0.p99, p2.p99);
    const meanRestP99 = (p0.p99 + p2.p99) / 2;
    const drainSeconds = (drainedMs ?? NaN) / 1000;
    const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
    console.log('');
    console.log(
      `Node ${process.version}, PostgreSQL ${scratch.version}, ${os.cpus().length} cores (${cpu}); ${CONNECTIONS} connections, each request GET /api/invoices?page=1 or GET /api/dashboard/summary (alternately) of a seeded user; ${MESSAGES} messages${attachIds.length > 0 ? ' (each with an invoice PDF attached)' : ''} queued in ${(enqueueMs / 1000).toFixed(1)} s (one transaction) and delivered to a local smtp-server in ${drainSeconds.toFixed(1)} s (${(MESSAGES / drainSeconds).toFixed(0)} messages/s); load average ${loadBefore} before, ${loadAfter} after.`,
    );
    console.log('');
    console.log('| phase | requests | p50 ms | p99 ms | req/s |');
    console.log('| --- | ---: | ---: | ---: | ---: |');
    for (const [label, p] of [
      ['at rest', p0],
      [`while ${MESSAGES} e-mails are delivered`, p1],
      ['at rest again', p2],
    ] as const) {
      console.log(`| ${label} | ${p.requests} | ${ms(p.p50)} | ${ms(p.p99)} | ${Math.round(p.perSecond)} |`);
    }
    console.log('');
    console.log(
      `p99 while delivering / at rest: ${(p1.p99 / restP99).toFixed(2)}x against the worse rest, ${(p1.p99 / meanRestP99).toFixed(2)}x against their mean (p50: ${(p1.p50 / ((p0.p50 + p2.p50) / 2)).toFixed(2)}x).`,
    );
    log(`done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  } catch (error) {
    failed = true;
    console.error(error);
  } finally {
    if (server) await stopServer(server);
    await db.end().catch(() => undefined);
    await smtp.close();
    await scratch.close();
  }
  process.exit(failed ? 1 : 0);
}

void main();
