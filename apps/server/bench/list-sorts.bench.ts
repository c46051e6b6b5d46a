/**
 * The invoice list's sorts, statement by statement: `npm run bench:sorts` (= `cd apps/server && npx tsx
 * bench/list-sorts.bench.ts`). docs/decisions/0043-sorting-the-invoice-list.md has what it measured.
 *
 * 1. The database of bench:api (bench/bench-support.ts: BENCH_DATABASE_URL or TEST_DATABASE_URL, else an
 *    embedded PostgreSQL; seeded by bench/seed-invoices.ts unless --reuse finds it seeded).
 * 2. For the big user, every sort in both orders (page 1, the middle page, the last page), and each sort
 *    with status=overdue, status=paid page 50 and a search: the statements listInvoices sends, captured
 *    through Drizzle's logger, each PREPAREd and run by EXPLAIN (ANALYZE, BUFFERS) with a generic plan
 *    (as a long-lived connection runs them), 9 rounds, the first 2 dropped as warm-up.
 * Prints a Markdown table of the median and range of the statements' execution times per page, with the
 * load average before and after (the default order, `created`, is the baseline of the same run).
 *
 * Options: as bench:api (--users=N --per-user=N --big=N --reuse --keep --database=NAME, default
 * invoicer_bench), --only=SORT,SORT (some sorts), --plans (print each plan's scans).
 */
import os from 'node:os';
import { INVOICE_SORTS, type InvoiceSort } from '@invoicer/domain/api/invoices';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from '../src/db/schema';
import { listInvoices, type ListParams } from '../src/features/invoices/invoices.list.queries';
import type { Database } from '../src/plugins/database';
import { flag, openBenchDatabase, text } from './bench-support';

const DATABASE = text('database', 'invoicer_bench');
const ONLY = text('only', '');
const log = (message: string) => console.log(`[bench:sorts] ${message}`);
const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');

async function main() {
  const bench = await openBenchDatabase(DATABASE, log);
  const pool = new pg.Pool({ connectionString: bench.databaseUrl, max: 1 });
  const client = new pg.Client({ connectionString: bench.databaseUrl });
  await client.connect();
  try {
    const big = (await client.query<{ id: string }>(`select id from users where email = 'bench-big@example.com'`))
      .rows[0]!.id;
    const total = (
      await client.query<{ n: number }>('select count(*)::int as n from invoices where user_id = $1', [big])
    ).rows[0]!.n;
    let captured: Array<{ query: string; params: unknown[] }> = [];
    const db = drizzle(pool, {
      schema,
      logger: { logQuery: (query, params) => captured.push({ query, params }) },
    }) as unknown as Database;
    await client.query('set plan_cache_mode = force_generic_plan');
    let counter = 0;

    const explain = async (label: string, params: ListParams) => {
      captured = [];
      await listInvoices(db, big, params);
      const statements = captured;
      const times: number[] = [];
      let plans: string[] = [];
      for (let round = 0; round < 9; round += 1) {
        let sum = 0;
        plans = [];
        for (const { query, params: values } of statements) {
          const name = `bench_sorts_${(counter += 1)}`;
          await client.query(`prepare ${name} as ${query}`);
          const args = values.map((value) =>
            typeof value === 'string' ? `'${value.replaceAll("'", "''")}'` : String(value),
          );
          const { rows } = await client.query<{ 'QUERY PLAN': string }>(
            `explain (analyze, buffers) execute ${name}${args.length > 0 ? `(${args.join(', ')})` : ''}`,
          );
          const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
          plans.push(plan);
          sum += Number(/Execution Time: ([\d.]+) ms/.exec(plan)![1]);
          await client.query(`deallocate ${name}`);
        }
        times.push(sum);
      }
      const kept = times.slice(2).sort((a, b) => a - b);
      const median = kept[Math.floor(kept.length / 2)]!;
      console.log(
        `| ${label} | ${statements.length} | ${median.toFixed(2)} | ${kept[0]!.toFixed(2)}-${kept.at(-1)!.toFixed(2)} |`,
      );
      if (flag('plans')) {
        for (const plan of plans) {
          console.log(
            plan
              .split('\n')
              .filter((line) => /Scan|Sort|Append|Limit|Execution|Heap Fetches|Rows Removed|Merge/.test(line))
              .join('\n'),
          );
        }
      }
    };

    console.log(
      `\nbig user: ${total.toLocaleString('en-US')} invoices; PostgreSQL ${bench.version}; load average ${load()}`,
    );
    if (bench.seedLine) console.log(bench.seedLine);
    console.log('| case | statements | median ms | range ms |');
    console.log('| --- | ---: | ---: | ---: |');
    const perPage = 10;
    const pages = Math.max(1, Math.ceil(total / perPage));
    const middle = Math.max(1, Math.floor(pages / 2));
    const sorts = ONLY ? INVOICE_SORTS.filter((sort) => ONLY.split(',').includes(sort)) : INVOICE_SORTS;
    for (const sort of sorts as readonly InvoiceSort[]) {
      for (const order of ['asc', 'desc'] as const) {
        const base = { perPage, status: 'all' as const, words: [], sort, order };
        await explain(`${sort} ${order}, page 1`, { ...base, page: 1 });
        await explain(`${sort} ${order}, page ${middle} of ${pages}`, { ...base, page: middle });
        await explain(`${sort} ${order}, last page`, { ...base, page: pages });
      }
      const asc = { perPage, words: [], sort, order: 'asc' as const };
      await explain(`${sort}, status=overdue, page 1`, { ...asc, page: 1, status: 'overdue' });
      await explain(`${sort}, status=paid, page 50`, { ...asc, page: 50, status: 'paid' });
      await explain(`${sort}, search "lumière", page 1`, { ...asc, page: 1, status: 'all', words: ['lumiere'] });
    }
    console.log(`load average after: ${load()}`);
  } finally {
    await client.end();
    await pool.end();
    await bench.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
