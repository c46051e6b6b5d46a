import type { FastifyInstance, RouteOptions } from 'fastify';
import type pg from 'pg';
import { afterAll } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { createPdfPool } from '../src/features/pdf/pdf-pool';
import { createPool } from '../src/plugins/database';
import { createTestDatabase } from './database';

export interface TestApp {
  app: FastifyInstance;
  pool: pg.Pool;
  databaseUrl: string;
}

/**
 * The real application on a fresh database with real PDF workers; closed after the file.
 * Rate limits are raised out of the way unless a test sets them; `onRoute` sees every route.
 */
export async function createTestApp(
  overrides: Partial<Record<string, string>> = {},
  {
    onRoute,
    databaseUrl: sharedDatabaseUrl,
  }: {
    onRoute?: (route: RouteOptions) => void;
    /** Another app's database: a second server process on the same PostgreSQL. */
    databaseUrl?: string;
  } = {},
): Promise<TestApp> {
  const databaseUrl = sharedDatabaseUrl ?? (await createTestDatabase());
  const config: Config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: databaseUrl,
    WEB_DIST_DIR: '/nonexistent',
    RATE_LIMIT_DOCUMENTS_PER_MINUTE: '100000',
    RATE_LIMIT_AUTH_PER_MINUTE: '100000',
    RATE_LIMIT_AUTH_PER_EMAIL: '100000',
    PDF_THREADS: '1',
    ...overrides,
  });
  const pool = createPool(databaseUrl, 5);
  const pdf = createPdfPool({ threads: config.PDF_THREADS });
  const app = await buildApp({ config, pool, pdf, ...(onRoute ? { onRoute } : {}) });
  await app.ready();
  afterAll(async () => {
    await app.close();
    await pdf.close();
    await pool.end();
  });
  return { app, pool, databaseUrl };
}
