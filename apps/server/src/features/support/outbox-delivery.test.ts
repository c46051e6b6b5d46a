import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/database';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { createPdfPool } from '../../pdf/pdf-pool';
import { createPool } from '../../plugins/database';
import { retryDelayMs } from '../../plugins/mailer';
import { startSmtpServer, waitFor } from './smtp-test-server';

/**
 * Several server processes on one database: each runs the outbox loop at start-up and finds the
 * messages an earlier run left pending. Every message must reach the SMTP server exactly once.
 */
describe('the outbox across server processes', () => {
  const closers: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const close of closers.reverse()) await close();
  });

  /** One "process": its own pool, app and workers against the shared database. */
  async function startServer(databaseUrl: string, smtpUrl: string): Promise<FastifyInstance> {
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      DATABASE_URL: databaseUrl,
      WEB_DIST_DIR: '/nonexistent',
      PDF_THREADS: '1',
      SMTP_URL: smtpUrl,
      SUPPORT_EMAIL: 'help@example.com',
      MAIL_RETRY_SECONDS: '0.2',
    });
    const pool = createPool(databaseUrl, 4);
    const pdf = createPdfPool({ threads: 1 });
    const app = await buildApp({ config, pool, pdf });
    closers.push(
      () => pool.end(),
      () => pdf.close(),
      () => app.close(),
    );
    return app;
  }

  it('delivers what was left pending at start-up, each message once, with two processes racing', async () => {
    const databaseUrl = await createTestDatabase();
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    closers.push(() => admin.end());
    // Left by an earlier run that had no mail server (or crashed before sending).
    await admin.query(
      `insert into outbox (kind, recipient, subject, body)
       select 'test', 'help@example.com', 'Message ' || n, 'Body ' || n from generate_series(1, 40) as n`,
    );

    const smtp = await startSmtpServer();
    closers.push(() => smtp.close());
    const [one, two] = await Promise.all([startServer(databaseUrl, smtp.url), startServer(databaseUrl, smtp.url)]);
    // Both become ready (which starts their loops) at the same moment.
    await Promise.all([one.ready(), two.ready()]);
    // And both are asked to deliver again while their loops run: nothing may go out twice.
    await Promise.all([one.mailer.deliverDue(), two.mailer.deliverDue()]);

    await waitFor(() => smtp.received.length >= 40);
    await Promise.all([one.mailer.idle(), two.mailer.idle()]);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const subjects = smtp.received.map((mail) => mail.headers.get('subject')).sort();
    expect(subjects).toEqual(Array.from({ length: 40 }, (_, index) => `Message ${index + 1}`).sort());
    const { rows } = await admin.query(`select status, attempts, count(*)::int as n from outbox group by 1, 2`);
    expect(rows).toEqual([{ status: 'sent', attempts: 1, n: 40 }]);
  });

  it('backs off, doubling from the configured delay up to an hour', () => {
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs(30, attempt))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(30, 9)).toBe(3_600_000);
    expect(retryDelayMs(30, 1000)).toBe(3_600_000);
  });
});
