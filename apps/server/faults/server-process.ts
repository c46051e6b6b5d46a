import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../src/db/embedded-postgres';
import { migrationsDir } from '../src/paths';
import { savedInvoiceBody } from '../test/saved-invoice-body';

/**
 * The fault suite drives the production build (`node dist/main.js`, built by `npm run test:faults`)
 * as separate processes, so SIGKILL hits the server itself as a crash would, and a PostgreSQL
 * cluster of its own that a test may stop and start again on the same port.
 */

const serverDir = fileURLToPath(new URL('..', import.meta.url));

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
}

export interface ServerExit {
  code: number | null;
  output: string;
}

/** Starts `node dist/main.js`; resolves once it prints its ready line, rejects with its output if it exits first. */
export function startServer(env: Record<string, string>, running?: Set<ChildProcess>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['dist/main.js'], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      PDF_THREADS: '1',
      WEB_DIST_DIR: '/nonexistent',
      RATE_LIMIT_AUTH_PER_MINUTE: '100000',
      RATE_LIMIT_AUTH_PER_EMAIL: '100000',
      RATE_LIMIT_DOCUMENTS_PER_MINUTE: '100000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running?.add(child);
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /Ready in \d+ ms: (http:\/\/\S+)/.exec(output);
      if (ready) resolve({ child, url: ready[1]!, output: () => output });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) =>
      reject(Object.assign(new Error(`server exited with ${code}: ${output}`), { code, output } satisfies ServerExit)),
    );
  });
}

export function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
}

/** SIGTERM every process still running (afterAll). */
export async function stopAll(running: Set<ChildProcess>): Promise<void> {
  for (const child of running) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exitOf(child);
    }
  }
}

/** A PostgreSQL cluster of the test's own (real binaries, temp directory), restartable on its port. */
export interface OwnPostgres {
  url: string;
  port: number;
  stop(): Promise<void>;
  start(): Promise<void>;
  remove(): Promise<void>;
}

export async function ownPostgres(): Promise<OwnPostgres> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'invoicer-faults-'));
  let cluster: EmbeddedPostgres | undefined = await startEmbeddedPostgres({ dataDir });
  const url = cluster.connectionString;
  const port = Number(new URL(url).port);
  return {
    url,
    port,
    async stop() {
      await cluster?.stop();
      cluster = undefined;
    },
    async start() {
      cluster ??= await startEmbeddedPostgres({ dataDir, port });
    },
    async remove() {
      await cluster?.stop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A fault test file's set-up: a PostgreSQL cluster of its own (before all), and at the end every
 * server it started stopped and the cluster removed.
 */
export function faultHarness() {
  const running = new Set<ChildProcess>();
  let cluster: OwnPostgres | undefined;
  beforeAll(async () => {
    cluster = await ownPostgres();
  });
  afterAll(async () => {
    await stopAll(running);
    await cluster?.remove();
  });
  return {
    running,
    get postgres(): OwnPostgres {
      if (!cluster) throw new Error('the PostgreSQL of this file starts in beforeAll');
      return cluster;
    },
  };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export async function createDatabase(adminUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  return withDatabase(adminUrl, name);
}

/** How many migrations the repository holds (drizzle's journal). */
export function migrationCount(): number {
  const journal = JSON.parse(readFileSync(path.join(migrationsDir, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

/** Signs up through the real route; answers the session cookie and the user id. */
export async function signUp(url: string, email: string): Promise<{ cookie: string; userId: string }> {
  const response = await fetch(`${url}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ first_name: 'Grace', last_name: 'Hopper', email, password: 'correct horse battery' }),
  });
  if (response.status !== 201) throw new Error(`sign-up: ${response.status} ${await response.text()}`);
  const sid = response.headers.getSetCookie().find((cookie) => cookie.startsWith('sid='));
  if (!sid) throw new Error('sign-up set no session cookie');
  const body = (await response.json()) as { user: { id: string } };
  return { cookie: sid.split(';')[0]!, userId: body.user.id };
}

/**
 * A saved-invoice body (docs/product/entities.md#saved-invoice-body) whose total is known without the product's code:
 * `items` lines of whole quantities at prices in cents, no tax, discount or shipping.
 */
export function invoiceBody(userId: string, number: string, seed: number) {
  const items = Array.from({ length: (seed % 4) + 1 }, (_, k) => ({
    id: `i${k}`,
    name: `Work package ${k + 1}`,
    description: `Save ${seed}, line ${k + 1}`,
    quantity: k + 1,
    unitCents: ((seed * 37 + k * 101) % 100_000) + 1,
  }));
  const totalCents = items.reduce((sum, item) => sum + item.quantity * item.unitCents, 0);
  const data = {
    from: 'Fault Tolerance Ltd\n1 Crash Street',
    to: `Client ${seed}\n2 Recovery Road`,
    items: items.map(({ unitCents, ...item }) => ({ ...item, unit_cost: unitCents / 100 })),
    invoice_number: number,
    issued_date: '2026-11-21',
    due_date: '2026-12-21',
    payment_details: '',
    terms: '',
    tax_percent: 0,
    tax_type: 'percent',
    show_tax: false,
    discount_percent: 0,
    discount_type: 'percent',
    show_discount: false,
    shipping_amount: 0,
    show_shipping: false,
    logo_url: null,
    currency: 'EUR',
    currency_symbol: '€',
    currency_label: 'Euro (€)',
  };
  return {
    body: savedInvoiceBody(userId, data),
    itemCount: items.length,
    totalCents,
  };
}
