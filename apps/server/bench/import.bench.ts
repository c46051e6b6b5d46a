/**
 * Import benchmark: `npm run bench:import` (from the root).
 *
 * Target (issue 18): 10,000 clients from a CSV file in under 10 s. Runs in-process through the whole Fastify stack
 * (`app.inject`: multipart parsing, session, the import's read, checks and one transaction) on a fresh database (an
 * embedded PostgreSQL, or a new database on BENCH_DATABASE_URL / TEST_DATABASE_URL's server). Each case gets a fresh
 * account, so every import writes all its rows.
 *
 * Baseline, in the same run: the same 10,000 clients written by one multi-row INSERT ... SELECT in SQL (no parsing, no
 * checks: the floor), and, for 500 of them, POST /api/clients one by one (what a user without an import does; the
 * per-client time is scaled to 10,000). Also: the preview of the same file (nothing written), the file of 50,000 rows
 * (the limit), a 100,000-row file (refused), and an Invoify file of 1,000 invoices.
 *
 * Options: --clients=N (default 10000), --runs=N (default 3; the median is printed).
 */
import { performance } from 'node:perf_hooks';
import { IMPORT_LIMITS } from '@invoicer/domain/api/imports';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createPdfPool } from '../src/pdf/pdf-pool';
import { createPool } from '../src/plugins/database';
import { option, seededRandom } from './bench-support';
import { scratchDatabase } from './latency';

const CLIENTS = option('clients', 10_000);
const RUNS = option('runs', 3);
const log = (message: string) => console.log(message);

const FIRST = ['Jürgen', 'Zoë', 'François', 'José', 'Søren', 'Łukasz', 'Ana', 'John', 'Mary', 'Chloé'];
const LAST = ['Müller', 'Dupont', 'Smith', 'García', 'Nørgaard', 'Kowalski', 'Rossi', 'Jones', 'Schäfer'];
const STREETS = ['Hauptstraße', 'High Street', 'Rue de la Paix', 'Calle Mayor', 'Storgatan', 'Main Street'];
const CITIES = ['Berlin', 'London', 'Paris', 'Madrid', 'Malmö', 'Kraków', 'New York', 'Zürich'];

function csv(rows: number, random: () => number): Buffer {
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)]!;
  const lines = ['Company;E-mail;Phone;Street;Postcode;City;VAT number'];
  for (let index = 0; index < rows; index++) {
    const name = `${pick(FIRST)} ${pick(LAST)} ${index}`;
    lines.push(
      `"${name}";c${index}@example.com;+49 30 ${100000 + index};"${pick(STREETS)} ${index % 200}";${10000 + (index % 89999)};${pick(CITIES)};DE${100000000 + index}`,
    );
  }
  return Buffer.from(lines.join('\r\n'), 'utf8');
}

function multipart(bytes: Buffer, name: string) {
  const boundary = '----bench-import';
  return {
    payload: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n\r\n`),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => `${value.toFixed(0)} ms`;

async function main() {
  const scratch = await scratchDatabase('bench_import', log);
  const pool = createPool(scratch.databaseUrl, 10);
  const pdf = createPdfPool({ threads: 1 });
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATABASE_URL: scratch.databaseUrl,
    WEB_DIST_DIR: '/nonexistent',
    RATE_LIMIT_AUTH_PER_MINUTE: '100000',
    RATE_LIMIT_AUTH_PER_EMAIL: '100000',
    REMINDERS_SCAN: 'off',
  });
  const app = await buildApp({ config, pool, pdf });
  await app.ready();
  let accounts = 0;
  const account = async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: {
        first_name: 'Bench',
        last_name: 'User',
        email: `bench-${accounts++}-${Date.now()}@example.com`,
        password: 'correct horse battery',
      },
    });
    const sid = response.cookies.find((cookie) => cookie.name === 'sid')!;
    return { cookie: `sid=${sid.value}`, id: response.json().user.id as string };
  };
  const timed = async (run: () => Promise<void>) => {
    const start = performance.now();
    await run();
    return performance.now() - start;
  };
  const upload = async (url: string, bytes: Buffer, name: string, expected: number) => {
    const who = await account();
    const form = multipart(bytes, name);
    const elapsed = await timed(async () => {
      const response = await app.inject({
        method: 'POST',
        url,
        headers: { ...form.headers, cookie: who.cookie },
        payload: form.payload,
      });
      if (response.statusCode !== expected)
        throw new Error(`${url}: ${response.statusCode} ${response.body.slice(0, 300)}`);
    });
    return elapsed;
  };

  try {
    const random = seededRandom(18);
    const file = csv(CLIENTS, random);
    log(
      `PostgreSQL ${scratch.version}; ${CLIENTS.toLocaleString('en-US')} clients, ${(file.length / 1024 / 1024).toFixed(1)} MB of CSV; median of ${RUNS} runs\n`,
    );

    // Baseline 1: the floor, the same rows in one INSERT ... SELECT.
    const floor: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const who = await account();
      floor.push(
        await timed(async () => {
          await pool.query(
            `insert into clients (user_id, name, email, phone, address, tax_id, search_text)
             select $1, 'Client ' || i, 'c' || i || '@example.com', '+49 30 ' || i, 'Street ' || i || E'\\n10000 Berlin', 'DE' || i,
                    'client ' || i || E'\\nc' || i || '@example.com'
             from generate_series(1, $2::int) as i`,
            [who.id, CLIENTS],
          );
        }),
      );
    }
    // Baseline 2: the clients one by one through POST /api/clients (500 of them, scaled).
    const oneByOne = await (async () => {
      const who = await account();
      const count = 500;
      const elapsed = await timed(async () => {
        for (let index = 0; index < count; index++) {
          const response = await app.inject({
            method: 'POST',
            url: '/api/clients',
            headers: { cookie: who.cookie },
            payload: {
              name: `Client ${index}`,
              email: `c${index}@example.com`,
              phone: '+49 30 1',
              address: 'Street 1\n10000 Berlin',
            },
          });
          if (response.statusCode !== 201) throw new Error(response.body);
        }
      });
      return (elapsed / count) * CLIENTS;
    })();

    const imports: number[] = [];
    const previews: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      previews.push(await upload('/api/clients/import/preview', file, 'clients.csv', 200));
      imports.push(await upload('/api/clients/import', file, 'clients.csv', 201));
    }
    const atLimit = await upload('/api/clients/import', csv(IMPORT_LIMITS.csvRows, random), 'limit.csv', 201);
    const refused = await upload('/api/clients/import', csv(100_000, random), 'too-many.csv', 400);

    const invoify = Array.from({ length: 1_000 }, (_, index) => ({
      sender: {
        name: 'Studio',
        address: '1 Row',
        zipCode: '1',
        city: 'Berlin',
        country: 'DE',
        email: 'studio@example.com',
        phone: '1',
      },
      receiver: {
        name: `Client ${index % 50}`,
        address: '2 Row',
        zipCode: '2',
        city: 'Paris',
        country: 'FR',
        email: `c${index % 50}@example.com`,
        phone: '2',
      },
      details: {
        invoiceNumber: `INV-${index}`,
        invoiceDate: '2026-01-15T00:00:00.000Z',
        dueDate: '2026-02-15T00:00:00.000Z',
        currency: 'EUR',
        items: [
          { name: 'Design', description: 'Work', quantity: 3, unitPrice: 120.5 },
          { name: 'Hosting', description: '', quantity: 12, unitPrice: 9.99 },
        ],
        taxDetails: { amount: 19, amountType: 'percentage' },
        discountDetails: { amount: 10, amountType: 'amount' },
        shippingDetails: { cost: 0, costType: 'amount' },
      },
    }));
    const invoices = await upload('/api/invoices/import', Buffer.from(JSON.stringify(invoify)), 'invoices.json', 201);

    const importMedian = median(imports);
    const floorMedian = median(floor);
    log('| case | time | vs the SQL floor |');
    log('| --- | ---: | ---: |');
    log(`| SQL floor: one INSERT ... SELECT of ${CLIENTS.toLocaleString('en-US')} rows | ${ms(floorMedian)} | 1.0x |`);
    log(
      `| **POST /api/clients/import, ${CLIENTS.toLocaleString('en-US')} rows** (target < 10 s) | **${ms(importMedian)}** | ${(importMedian / floorMedian).toFixed(1)}x |`,
    );
    log(
      `| POST /api/clients/import/preview, the same file (nothing written) | ${ms(median(previews))} | ${(median(previews) / floorMedian).toFixed(1)}x |`,
    );
    log(
      `| POST /api/clients one by one, scaled from 500 to ${CLIENTS.toLocaleString('en-US')} | ${ms(oneByOne)} | ${(oneByOne / floorMedian).toFixed(1)}x |`,
    );
    log(
      `| POST /api/clients/import, ${IMPORT_LIMITS.csvRows.toLocaleString('en-US')} rows (the limit) | ${ms(atLimit)} | |`,
    );
    log(`| POST /api/clients/import, 100,000 rows: refused (400) | ${ms(refused)} | |`);
    log(`| POST /api/invoices/import, Invoify list of 1,000 invoices (2,000 items, 50 clients) | ${ms(invoices)} | |`);
    log(`\nimport / one by one: ${(oneByOne / importMedian).toFixed(1)}x faster; runs: ${imports.map(ms).join(', ')}`);
  } finally {
    await app.close();
    await pdf.close();
    await pool.end();
    await scratch.close();
  }
}

await main();
