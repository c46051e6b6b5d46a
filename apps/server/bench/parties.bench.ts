/**
 * Clients and businesses API benchmark: `npx tsx bench/parties.bench.ts` from apps/server
 * (`npm run bench:parties` from the root).
 *
 * Seeds 10,000 clients for one user (plus 30,000 of three other users, and 20,000 invoices of the
 * user referring to its clients, so invoice_count has work) in a fresh database: an embedded
 * PostgreSQL in a temporary directory, or a new database on TEST_DATABASE_URL's server. Then it
 * measures in-process, through the whole Fastify stack with `app.inject` (session lookup, guard,
 * validation, queries, serialisation): list pages, the pickers' 100-row list, a single client, and
 * searches with common, rare, accented and short terms. Prints median, p90 and p99 per case as a
 * Markdown table, and the query plans of the searches (to show where the trigram index is used).
 *
 * Options: --iterations=N (default 300, at least 200 recommended), --clients=N (default 10000).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../src/db/embedded-postgres';
import { runMigrations } from '../src/db/migrate';
import { seededRandom } from './bench-support';
import { partySearchText, TRIGRAM_MIN_LENGTH } from '../src/shared/search-text';
import { createPdfPool } from '../src/pdf/pdf-pool';
import { createPool } from '../src/plugins/database';

const arg = (name: string, fallback: number) => {
  const found = process.argv.find((entry) => entry.startsWith(`--${name}=`));
  return found ? Math.max(1, Number(found.split('=')[1])) : fallback;
};
const ITERATIONS = arg('iterations', 300);
const CLIENTS = arg('clients', 10_000);
const OTHER_USERS = 3;
const INVOICES = 20_000;
const WARM_UP = 50;

const FIRST = [
  'Jürgen',
  'Zoë',
  'François',
  'José',
  'Søren',
  'Łukasz',
  'Ana',
  'John',
  'Mary',
  'Chloé',
  'Ingrid',
  'Raúl',
];
const LAST = ['Müller', 'Dupont', 'Smith', 'García', 'Nørgaard', 'Kowalski', 'Rossi', 'Jones', 'Schäfer', 'Brown'];
const SUFFIX = ['GmbH', 'Ltd', 'SARL', 'Inc', 'S.L.', 'AB', '', '', '', ''];
const STREETS = ['Hauptstraße', 'High Street', 'Rue de la Paix', 'Calle Mayor', 'Storgatan', 'Main Street'];
const CITIES = ['Berlin', 'London', 'Paris', 'Madrid', 'Malmö', 'Kraków', 'New York', 'Zürich'];
const DOMAINS = ['gmail.com', 'example.com', 'outlook.com', 'firma.de', 'mail.fr'];

interface SeedClient {
  name: string;
  email: string;
  phone: string;
  address: string;
  taxId: string;
}

function makeClient(next: () => number, index: number): SeedClient {
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const first = pick(FIRST);
  const last = pick(LAST);
  const suffix = pick(SUFFIX);
  const name = `${first} ${last}${suffix ? ` ${suffix}` : ''}`;
  const ascii = `${first}.${last}`
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z.]/g, '')
    .toLowerCase();
  return {
    name,
    email: `${ascii}${index}@${pick(DOMAINS)}`,
    phone: next() < 0.8 ? `+${10 + Math.floor(next() * 89)} ${Math.floor(next() * 1e9)}` : '',
    address: `${1 + Math.floor(next() * 200)} ${pick(STREETS)}\n${pick(CITIES)}`,
    taxId: next() < 0.5 ? `VAT${String(index).padStart(6, '0')}${Math.floor(next() * 1000)}` : '',
  };
}

/** Inserts clients in batches with distinct created_at (one per second, oldest first), as real use gives. */
async function seedClients(
  client: pg.Client,
  userId: string,
  count: number,
  seed: number,
  special = new Map<number, SeedClient>(),
) {
  const next = seededRandom(seed);
  const ids: string[] = [];
  const BATCH = 1000;
  for (let start = 0; start < count; start += BATCH) {
    const values: unknown[] = [];
    const rows: string[] = [];
    for (let index = start; index < Math.min(count, start + BATCH); index += 1) {
      const party = special.get(index) ?? makeClient(next, index);
      const base = values.length;
      values.push(
        userId,
        party.name,
        party.email,
        party.phone,
        party.address,
        party.taxId,
        partySearchText(party),
        count - index,
      );
      rows.push(
        `($${base + 1}, $${base + 2}, $${base + 3}, $${base + 4}, $${base + 5}, $${base + 6}, $${base + 7}, now() - $${base + 8} * interval '1 second')`,
      );
    }
    const { rows: inserted } = await client.query<{ id: string }>(
      `insert into clients (user_id, name, email, phone, address, tax_id, search_text, created_at)
       values ${rows.join(', ')} returning id`,
      values,
    );
    ids.push(...inserted.map((row) => row.id));
  }
  return ids;
}

async function seedInvoices(client: pg.Client, userId: string, clientIds: string[], count: number) {
  const next = seededRandom(99);
  const BATCH = 2000;
  for (let start = 0; start < count; start += BATCH) {
    const values: unknown[] = [];
    const rows: string[] = [];
    for (let index = start; index < Math.min(count, start + BATCH); index += 1) {
      // Skewed: a few clients have many invoices, most have one or none.
      const clientId = clientIds[Math.floor(next() ** 3 * clientIds.length)]!;
      const base = values.length;
      values.push(userId, clientId, String(index + 1).padStart(5, '0'));
      rows.push(`($${base + 1}, $${base + 2}, $${base + 3}, 'EUR', '{}'::jsonb)`);
    }
    await client.query(
      `insert into invoices (user_id, client_id, invoice_number, currency, data) values ${rows.join(', ')}`,
      values,
    );
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function main() {
  let embedded: EmbeddedPostgres | undefined;
  let dataDir: string | undefined;
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    dataDir = await fs.mkdtemp(path.join(tmpdir(), 'invoicer-bench-'));
    embedded = await startEmbeddedPostgres({ dataDir });
    adminUrl = embedded.connectionString;
  }
  const database = `invoicer_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${database}`);
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  const databaseUrl = url.toString();

  const pool = createPool(databaseUrl, 10);
  const pdf = createPdfPool({ threads: 1 });
  try {
    await runMigrations(databaseUrl);
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      DATABASE_URL: databaseUrl,
      WEB_DIST_DIR: '/nonexistent',
      RATE_LIMIT_AUTH_PER_MINUTE: '100000',
      RATE_LIMIT_AUTH_PER_EMAIL: '100000',
    });
    const app = await buildApp({ config, pool, pdf });
    await app.ready();

    const signUp = async (email: string) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { first_name: 'Bench', last_name: 'User', email, password: 'bench password' },
      });
      const sid = response.cookies.find((cookie) => cookie.name === 'sid')!.value;
      return { id: response.json().user.id as string, cookie: `sid=${sid}` };
    };
    const user = await signUp('bench@example.com');
    const seeder = new pg.Client({ connectionString: databaseUrl });
    // The clean-up drops the database with (force): without a listener that would end the process
    // with an unhandled 'error' event and hide the failure that led there.
    seeder.on('error', () => undefined);
    await seeder.connect();
    const started = performance.now();
    const special = new Map<number, SeedClient>([
      [
        4242,
        {
          name: 'Þórunn Ævarsdóttir ehf.',
          email: 'thorunn@example.is',
          phone: '',
          address: 'Laugavegur 1\nReykjavík',
          taxId: 'IS-RARE-42',
        },
      ],
    ]);
    const ids = await seedClients(seeder, user.id, CLIENTS, 1, special);
    for (let other = 0; other < OTHER_USERS; other += 1) {
      const account = await signUp(`other${other}@example.com`);
      await seedClients(seeder, account.id, CLIENTS, 100 + other);
    }
    await seedInvoices(seeder, user.id, ids, INVOICES);
    await seeder.query('vacuum analyze');
    const seedSeconds = (performance.now() - started) / 1000;

    const count = async (search: string) =>
      (
        await app.inject({
          method: 'GET',
          url: '/api/clients',
          query: { search, per_page: '1' },
          headers: { cookie: user.cookie },
        })
      ).json().pagination.total as number;

    const cases: { name: string; url: string; query?: Record<string, string> }[] = [
      { name: 'list, page 1 (per_page 10)', url: '/api/clients', query: { page: '1', per_page: '10' } },
      { name: 'list, page 500 (per_page 10)', url: '/api/clients', query: { page: '500', per_page: '10' } },
      { name: 'list, last page 1000 (per_page 10)', url: '/api/clients', query: { page: '1000', per_page: '10' } },
      { name: 'list, picker (no per_page: 100 rows)', url: '/api/clients' },
      { name: 'one client by id', url: `/api/clients/${ids[5000]}` },
      { name: "search common 'gmail'", url: '/api/clients', query: { search: 'gmail', per_page: '10' } },
      { name: "search common accented 'Müller'", url: '/api/clients', query: { search: 'Müller', per_page: '10' } },
      {
        name: "search accented, lower case 'muller', page 50",
        url: '/api/clients',
        query: { search: 'muller', per_page: '10', page: '50' },
      },
      { name: "search two words 'jose berlin'", url: '/api/clients', query: { search: 'jose berlin', per_page: '10' } },
      {
        name: "search rare 'thorunn' (finds Þórunn)",
        url: '/api/clients',
        query: { search: 'thorunn', per_page: '10' },
      },
      { name: "search rare tax id 'is-rare-42'", url: '/api/clients', query: { search: 'is-rare-42', per_page: '10' } },
      { name: "search short 'ab' (2 letters)", url: '/api/clients', query: { search: 'ab', per_page: '10' } },
      { name: "search one letter 'e'", url: '/api/clients', query: { search: 'e', per_page: '10' } },
      { name: "search without match 'zzqx'", url: '/api/clients', query: { search: 'zzqx', per_page: '10' } },
    ];

    const results: { name: string; matches: string; median: number; p90: number; p99: number; runs: number }[] = [];
    for (const bench of cases) {
      const request = () =>
        app.inject({ method: 'GET', url: bench.url, query: bench.query ?? {}, headers: { cookie: user.cookie } });
      const first = await request();
      if (first.statusCode !== 200) throw new Error(`${bench.name}: ${first.statusCode} ${first.body}`);
      for (let i = 0; i < WARM_UP; i += 1) await request();
      const times: number[] = [];
      for (let i = 0; i < ITERATIONS; i += 1) {
        const start = performance.now();
        const response = await request();
        times.push(performance.now() - start);
        if (response.statusCode !== 200) throw new Error(`${bench.name}: ${response.statusCode}`);
      }
      times.sort((a, b) => a - b);
      const body = first.json();
      const matches = body.pagination ? String(body.pagination.total) : '1';
      results.push({
        name: bench.name,
        matches,
        median: percentile(times, 50),
        p90: percentile(times, 90),
        p99: percentile(times, 99),
        runs: ITERATIONS,
      });
    }

    const { rows: version } = await seeder.query<{ server_version: string }>('show server_version');
    console.log(
      `\n${CLIENTS} clients for the measured user, ${CLIENTS * OTHER_USERS} of ${OTHER_USERS} other users, ` +
        `${INVOICES} invoices; seeded in ${seedSeconds.toFixed(1)} s. PostgreSQL ${version[0]!.server_version}` +
        `${embedded ? ' (embedded)' : ''}, Node ${process.version}, ${availableParallelism()} cores (${cpus()[0]?.model ?? '?'}).\n`,
    );
    console.log('| case | matches | median ms | p90 ms | p99 ms | runs |');
    console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
    for (const row of results) {
      console.log(
        `| ${row.name} | ${row.matches} | ${row.median.toFixed(2)} | ${row.p90.toFixed(2)} | ${row.p99.toFixed(2)} | ${row.runs} |`,
      );
    }
    const slowest = Math.max(...results.map((row) => row.median));
    console.log(
      `\nTarget: median < 20 ms for every case; slowest median ${slowest.toFixed(2)} ms (${slowest < 20 ? 'met' : 'NOT met'}).`,
    );

    // Where the indexes are used: the page statement of the plain list, and the count statement of
    // each search (the count visits every match; the page statement stops after LIMIT rows).
    const plan = async (statement: string, params: unknown[]) => {
      const { rows } = await seeder.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, costs off, timing on, summary on) ${statement}`,
        params,
      );
      return rows
        .map((row) => row['QUERY PLAN'])
        .filter((line) => /Scan|Sort|Execution Time/.test(line) && !/Sort (Key|Method)/.test(line))
        .map((line) =>
          line
            .trim()
            .replace(/^->\s+/, '')
            .replace(/\s+\(actual.*$/, ''),
        )
        .join(' / ');
    };
    console.log('\nQuery plans (EXPLAIN ANALYZE):');
    console.log(
      `- keys of list page 500: ${await plan(
        'select id, created_at from clients where user_id = $1 order by created_at desc, id desc limit 10 offset 4990',
        [user.id],
      )}`,
    );
    for (const term of ['gmail', 'muller', 'thorunn', 'is-rare-42', 'ab']) {
      // As searchCondition asks it: LIKE for words of 3 characters or more, strpos below.
      const [condition, parameter] =
        term.length >= TRIGRAM_MIN_LENGTH
          ? ['search_text like $2', `%${term}%`]
          : ['strpos(search_text, $2) > 0', term];
      const statement = `select count(*)::int from clients where user_id = $1 and ${condition}`;
      console.log(`- count '${term}' (${await count(term)} matches): ${await plan(statement, [user.id, parameter])}`);
    }
    await seeder.end();
    await app.close();
  } finally {
    await pdf.close();
    await pool.end();
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
    await embedded?.stop();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  }
}

await main();
