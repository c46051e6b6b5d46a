import type { FastifyInstance, RouteOptions } from 'fastify';
import type pg from 'pg';
import { afterAll } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { createPdfPool, defaultThreadCount, type PdfPool } from '../src/pdf/pdf-pool';
import { createPool } from '../src/plugins/database';
import { createTestDatabase } from './database';

export interface TestApp {
  app: FastifyInstance;
  pool: pg.Pool;
  databaseUrl: string;
}

/**
 * What is closed when the test file ends. Registered here, at the file's top level (this module is
 * imported while the file is collected), so a shared app outlives the describe that made it.
 */
const closeAtFileEnd: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const close of closeAtFileEnd.splice(0).reverse()) await close();
});

/**
 * The file's PDF workers, started by the first render or preview, shared by the file's apps and
 * stopped when the file ends. Most route tests never render; starting a worker (tsx, pdf.js, the
 * fonts, a warm-up render) took 3-6 s of the loaded 2-core machine for each of the suite's 55 apps.
 */
const pdfPools = new Map<string, PdfPool>();
function filePdfPool(threads: number | undefined, fontsDir: string | undefined): PdfPool {
  const key = `${threads}:${fontsDir}`;
  let lazy = pdfPools.get(key);
  if (!lazy) {
    let started: PdfPool | undefined;
    const start = () => {
      if (!started) {
        // Under tsx a thread's heap is 310-330 MB from its first task (the transformed sources), past
        // the production recycling budget (pdf-pool.ts, RECYCLE_HEAP_BYTES): it was replaced after
        // every idle second, and each start took 3-13 s of the loaded machine. Tests of recycling
        // build their own pool with a budget of their own.
        started = createPdfPool({ threads, fontsDir, recycleHeapBytes: 2 * 1024 ** 3 });
        closeAtFileEnd.push(() => started!.close());
      }
      return started;
    };
    lazy = {
      threads: Math.max(1, Math.floor(threads ?? defaultThreadCount())),
      inspect: (...args) => start().inspect(...args),
      render: (...args) => start().render(...args),
      preview: (...args) => start().preview(...args),
      stats: () => start().stats(),
      close: async () => {}, // stopped when the file ends
    };
    pdfPools.set(key, lazy);
  }
  return lazy;
}

async function startTestApp(
  overrides: Partial<Record<string, string>>,
  onRoute: ((route: RouteOptions) => void) | undefined,
  sharedDatabaseUrl?: string,
): Promise<{ testApp: TestApp; close: () => Promise<void> }> {
  const databaseUrl = sharedDatabaseUrl ?? (await createTestDatabase());
  const config: Config = loadConfig({
    // TEST_LOG_LEVEL=error shows a failing route's logged error (a 500's cause) in the test output.
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATABASE_URL: databaseUrl,
    WEB_DIST_DIR: '/nonexistent',
    RATE_LIMIT_DOCUMENTS_PER_MINUTE: '100000',
    RATE_LIMIT_AUTH_PER_MINUTE: '100000',
    RATE_LIMIT_AUTH_PER_EMAIL: '100000',
    RATE_LIMIT_ACCOUNT_EMAILS_PER_HOUR: '100000',
    PDF_THREADS: '1',
    // No reminder passes unless a test asks for them (features/reminders): other tests' sent invoices past their
    // due dates would otherwise gain reminders and notifications they do not expect.
    REMINDERS_SCAN: 'off',
    ...overrides,
  });
  const pool = createPool(databaseUrl, 5);
  const pdf = filePdfPool(config.PDF_THREADS, config.FONTS_DIR);
  const app = await buildApp({ config, pool, pdf, ...(onRoute ? { onRoute } : {}) });
  await app.ready();
  return {
    testApp: { app, pool, databaseUrl },
    close: async () => {
      await app.close();
      await pool.end();
    },
  };
}

/**
 * The real application on a fresh database with real PDF workers; closed after the file.
 * Rate limits are raised out of the way unless a test sets them; `onRoute` sees every route.
 * For tests that need settings of their own or a database nobody else writes to; the others use
 * sharedTestApp().
 */
export async function createTestApp(
  overrides: Partial<Record<string, string>> = {},
  {
    onRoute,
    databaseUrl,
  }: {
    onRoute?: (route: RouteOptions) => void;
    /** Another app's database: a second server process on the same PostgreSQL. */
    databaseUrl?: string;
  } = {},
): Promise<TestApp> {
  const { testApp, close } = await startTestApp(overrides, onRoute, databaseUrl);
  afterAll(close);
  return testApp;
}

let shared: Promise<TestApp> | undefined;

/**
 * The file's one app with the default test settings (createTestApp()), made on first use and closed
 * when the file ends: describes that need nothing of their own share it, and its database, instead of
 * each cloning a database. Their tests make their own accounts, so what one writes is not another's.
 */
export function sharedTestApp(): Promise<TestApp> {
  shared ??= startTestApp({}, undefined).then(({ testApp, close }) => {
    closeAtFileEnd.push(close);
    return testApp;
  });
  return shared;
}
