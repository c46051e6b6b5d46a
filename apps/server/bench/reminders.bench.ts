/**
 * The reminder scheduler's pass among 1,000,000 invoices: `npm run bench:reminders` (= `cd apps/server && npx tsx
 * bench/reminders.bench.ts`). docs/decisions/0050-automatic-reminders.md has the design it measures; the target
 * (issue 15): under 50 ms of database time per pass, an index, not a scan.
 *
 * 1. An embedded PostgreSQL (or BENCH_DATABASE_URL / TEST_DATABASE_URL), a database migrated as production is,
 *    filled in bulk SQL (generate_series): 1,000 accounts, 1,000,000 sent or overdue invoices (every one of them has
 *    a reminder state row, written by the trigger of migration 0017: the worst case for the pass). Their next checks
 *    are spread as a running system has them: most over the next 90 days, 40% done (null), 1,000 due now; and
 *    invoice_reminders holds what such a system has done (about 2.3 million rows: the overdue notices and most of
 *    the "before" and "due" reminders of the invoices past due).
 *    `--reuse` keeps and reuses the filled database (`--keep` keeps it).
 * 2. Each statement of one pass (features/reminders: claimDueChecks, findPlanRows, storeNextChecks), run by
 *    EXPLAIN (ANALYZE, BUFFERS) inside a transaction rolled back after each round, 11 rounds, the first 2 dropped
 *    as warm-up: the median and range of their execution times, and the scans of their plans. Also the idle pass
 *    (nothing due: what most minutes are).
 * 3. The baseline of the same run: the claim with index scans turned off (enable_indexscan, enable_bitmapscan),
 *    i.e. what the pass would cost without invoice_reminder_state_due_idx, and the ratio.
 *
 * Prints a Markdown table, with the load average before and after.
 */
import os from 'node:os';
import pg from 'pg';
import { type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { runMigrations } from '../src/db/migrate';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../src/db/embedded-postgres';
import { SCAN_BATCH } from '../src/features/reminders/reminders.service';
import { claimDueChecksSql, findPlanRowsSql, storeNextChecksSql } from '../src/features/reminders/reminders.queries';
import { flag, option, text, withDatabase } from './bench-support';
import fs from 'node:fs/promises';
import path from 'node:path';

const log = (message: string) => console.error(`[bench:reminders] ${message}`);
const INVOICES = option('invoices', 1_000_000);
const USERS = option('users', 1_000);
const DUE_NOW = option('due', 1_000);
const ROUNDS = option('rounds', 11);
const WARMUP = 2;
const database = text('database', 'invoicer_bench_reminders');

const dialect = new PgDialect();
const toQuery = (query: SQL) => dialect.sqlToQuery(query);

async function fill(client: pg.Client): Promise<void> {
  const started = performance.now();
  await client.query(`
    insert into users (email, first_name, last_name)
    select 'bench' || n || '@example.com', 'Bench', 'User ' || n from generate_series(1, ${USERS}) as n`);
  // One INSERT ... SELECT: the statistics trigger sees one statement, the reminder trigger writes a state row per
  // invoice (all are sent or overdue).
  await client.query(`
    with u as (select id, row_number() over (order by id) - 1 as k from users)
    insert into invoices (user_id, invoice_number, status, currency, issued_date, due_date, client_name,
                          subtotal_minor, total_minor, data, search_text)
    select u.id, lpad((n / ${USERS})::text, 6, '0'),
           case when n % 5 = 0 then 'overdue' else 'sent' end, 'EUR',
           current_date - (n % 400) - 30, current_date - (n % 400) + (n % 60),
           'Client ' || (n % 97), 10000 + n % 90000, 10000 + n % 90000,
           jsonb_build_object('v', 2, 'from', 'Bench Ltd', 'to', 'Client ' || (n % 97) || E'\\nclient' || (n % 97) || '@example.com'),
           'client ' || (n % 97)
      from generate_series(0, ${INVOICES - 1}) as n
      join u on u.k = n % ${USERS}`);
  log(`invoices in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  // Next checks as a running system has them: most in the next 90 days, 40% with nothing more to do, DUE_NOW due.
  await client.query(`
    with s as (select invoice_id, row_number() over (order by invoice_id) as n from invoice_reminder_state)
    update invoice_reminder_state r set next_check_at =
      case when s.n <= ${DUE_NOW} then now() - (s.n % 60) * interval '1 minute'
           when s.n % 5 < 2 then null
           else date_trunc('day', now()) + (1 + s.n % 90) * interval '1 day' end
      from s where s.invoice_id = r.invoice_id`);
  // The stages already done, as such a system has them: the overdue notice of every invoice past due, and the
  // "before" and "due" reminders of most of them (the plan input reads them through invoice_reminders_stage_key).
  await client.query(`
    insert into invoice_reminders (invoice_id, user_id, due_date, stage, outcome, recipient, created_at)
    select i.id, i.user_id, i.due_date, s.stage, s.outcome, s.recipient, now() - (i.due_date < current_date)::int * interval '1 day'
      from invoices i
      cross join (values ('overdue', 'notified', null), ('before', 'sent', 'client@example.com'),
                         ('due', 'sent', 'client@example.com')) as s(stage, outcome, recipient)
     where i.due_date < current_date and (s.stage = 'overdue' or hashtext(i.id::text) % 4 <> 0)`);
  log(`reminders done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  await client.query('vacuum analyze');
  log(`filled in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

interface Measured {
  times: number[];
  scans: Set<string>;
  buffers: string;
}

/** The plan's node types with their relation or index ("Index Scan using invoice_reminder_state_due_idx"). */
function scansOf(plan: Record<string, unknown>, into: Set<string>): void {
  const type = String(plan['Node Type']);
  if (/Scan/.test(type)) {
    const target = plan['Index Name']
      ? ` using ${String(plan['Index Name'])}`
      : plan['Relation Name']
        ? ` on ${String(plan['Relation Name'])}`
        : '';
    into.add(`${type}${target}`);
  }
  for (const child of (plan.Plans as Record<string, unknown>[] | undefined) ?? []) scansOf(child, into);
}

async function explain(
  client: pg.Client,
  query: { sql: string; params: unknown[] },
  into: Measured,
): Promise<unknown[]> {
  const { rows } = await client.query(`explain (analyze, buffers, format json) ${query.sql}`, query.params);
  const [result] = rows[0]['QUERY PLAN'] as Array<{ Plan: Record<string, unknown>; 'Execution Time': number }>;
  into.times.push(result!['Execution Time']);
  scansOf(result!.Plan, into.scans);
  const plan = result!.Plan;
  into.buffers = `shared hit ${String(plan['Shared Hit Blocks'])}, read ${String(plan['Shared Read Blocks'])}`;
  return [];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => `${value.toFixed(2)} ms`;
const span = (values: number[]) => `${ms(median(values))} (${ms(Math.min(...values))}-${ms(Math.max(...values))})`;

async function main() {
  const load = os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
  let embedded: EmbeddedPostgres | undefined;
  let tempDir: string | undefined;
  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  let adminUrl: string;
  if (serverUrl) adminUrl = serverUrl;
  else {
    tempDir = await fs.mkdtemp(path.join(os.tmpdir(), 'invoicer-bench-'));
    embedded = await startEmbeddedPostgres({ dataDir: tempDir });
    adminUrl = embedded.connectionString;
  }
  const databaseUrl = withDatabase(adminUrl, database);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [database])).rowCount === 1;
  const reuse = flag('reuse') && exists;
  if (!reuse) {
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.query(`create database ${database}`);
    await runMigrations(databaseUrl);
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    if (!reuse) {
      log(`filling ${INVOICES.toLocaleString('en-US')} invoices of ${USERS.toLocaleString('en-US')} accounts...`);
      await fill(client);
    }
    const version = (await client.query<{ server_version: string }>('show server_version')).rows[0]!.server_version;
    const counts = (
      await client.query<{ invoices: number; states: number; due: number; waiting: number; done: number }>(
        `select (select count(*) from invoices)::int as invoices,
                (select count(*) from invoice_reminders)::int as done,
                (select count(*) from invoice_reminder_state)::int as states,
                (select count(*) from invoice_reminder_state where next_check_at <= now())::int as due,
                (select count(*) from invoice_reminder_state where next_check_at > now())::int as waiting`,
      )
    ).rows[0]!;
    log(`${JSON.stringify(counts)}`);

    const claim = toQuery(claimDueChecksSql(SCAN_BATCH));
    const measured = {
      claim: { times: [], scans: new Set<string>(), buffers: '' } as Measured,
      plan: { times: [], scans: new Set<string>(), buffers: '' } as Measured,
      store: { times: [], scans: new Set<string>(), buffers: '' } as Measured,
      idle: { times: [], scans: new Set<string>(), buffers: '' } as Measured,
      seq: { times: [], scans: new Set<string>(), buffers: '' } as Measured,
    };
    for (let round = 0; round < ROUNDS; round++) {
      const keep = round >= WARMUP;
      const sink = (m: Measured): Measured => (keep ? m : { times: [], scans: new Set(), buffers: '' });
      // The pass as the job runs it, in one transaction (rolled back: every round finds the same due invoices).
      await client.query('begin');
      await explain(client, claim, sink(measured.claim));
      const ids = (await client.query<{ invoice_id: string }>(claim.sql, claim.params)).rows.map(
        (row) => row.invoice_id,
      );
      await explain(client, toQuery(findPlanRowsSql(ids)), sink(measured.plan));
      const next = ids.map((id, index) => ({
        id,
        at: index % 2 ? null : new Date(Date.now() + 86_400_000).toISOString(),
      }));
      await explain(client, toQuery(storeNextChecksSql(next)), sink(measured.store));
      await client.query('rollback');
      // A minute with nothing due: the claim reads an empty range.
      await client.query('begin');
      await client.query(
        `update invoice_reminder_state set next_check_at = now() + interval '1 hour' where next_check_at <= now()`,
      );
      await explain(client, claim, sink(measured.idle));
      await client.query('rollback');
      // Baseline: the same claim without the index.
      await client.query('begin');
      await client.query('set local enable_indexscan = off');
      await client.query('set local enable_bitmapscan = off');
      await explain(client, claim, sink(measured.seq));
      await client.query('rollback');
    }
    const pass = measured.claim.times.map(
      (value, index) => value + measured.plan.times[index]! + measured.store.times[index]!,
    );
    const loadAfter = os
      .loadavg()
      .map((value) => value.toFixed(1))
      .join(' ');
    const row = (name: string, m: Measured, extra = '') =>
      `| ${name} | ${span(m.times)} | ${[...m.scans].join('; ')} | ${m.buffers}${extra} |`;
    console.log(
      [
        `PostgreSQL ${version}; ${counts.invoices.toLocaleString('en-US')} invoices, ${counts.states.toLocaleString('en-US')} reminder states, ${counts.done.toLocaleString('en-US')} reminders done, ${counts.due.toLocaleString('en-US')} due now, ${counts.waiting.toLocaleString('en-US')} waiting; load average ${load} → ${loadAfter}; ${ROUNDS - WARMUP} rounds (median, range).`,
        '',
        '| statement of one pass | execution time | scans | buffers (last round) |',
        '| --- | --- | --- | --- |',
        row(`claim ${SCAN_BATCH} due (claimDueChecks)`, measured.claim),
        row(`their plans (findPlanRows)`, measured.plan),
        row(`their next dates (storeNextChecks)`, measured.store),
        `| **a pass, database time** | **${span(pass)}** | target under 50 ms | |`,
        row('an idle pass (nothing due)', measured.idle),
        row('baseline: the claim without the index', measured.seq),
        `| ratio claim / baseline | ${(median(measured.claim.times) / median(measured.seq.times)).toFixed(3)}x | | |`,
      ].join('\n'),
    );
    const indexed = [...measured.claim.scans, ...measured.idle.scans];
    if (indexed.some((scan) => scan.startsWith('Seq Scan'))) throw new Error('the pass scanned a table');
    if (median(pass) >= 50) log(`TARGET MISSED: a pass took ${ms(median(pass))} of database time`);
  } finally {
    await client.end();
    if (!flag('keep') && !reuse) await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
    await embedded?.stop();
    if (tempDir) await fs.rm(tempDir, { recursive: true, force: true });
  }
}

await main();
