import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../test/accounts';
import { createTestDatabase } from '../../../test/database';
import { as } from '../../../test/invoice-fixtures';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { createPdfPool } from '../../pdf/pdf-pool';
import { createPool } from '../../plugins/database';
import { waitFor } from '../../../test/wait-for';
import { startSmtpServer } from '../../../test/smtp-test-server';

/**
 * Several server processes on one database, each working the job queue: every message reaches the
 * SMTP server exactly once, whether its job was queued by a request on a server without SMTP_URL or
 * the message was left in the outbox before the job queue existed.
 */
describe('the outbox across server processes', () => {
  const closers: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const close of closers.reverse()) await close();
  });

  /** One "process": its own pool, app and workers against the shared database. */
  async function startServer(databaseUrl: string, smtpUrl?: string): Promise<FastifyInstance> {
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      DATABASE_URL: databaseUrl,
      WEB_DIST_DIR: '/nonexistent',
      PDF_THREADS: '1',
      SMTP_URL: smtpUrl,
      SUPPORT_EMAIL: 'help@example.com',
      MAIL_RETRY_SECONDS: '1',
      RATE_LIMIT_SUPPORT_PER_HOUR: '1000',
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

  it('delivers what waited for a mail server, each message once, with two processes racing', async () => {
    const databaseUrl = await createTestDatabase();
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    closers.push(() => admin.end());

    // A server without SMTP_URL takes 20 support requests: their e-mails and jobs wait.
    const withoutSmtp = await startServer(databaseUrl);
    await withoutSmtp.ready();
    const ada = await signUp(withoutSmtp);
    for (let n = 1; n <= 20; n++) {
      const response = await as(
        withoutSmtp,
        ada,
      )({ method: 'POST', url: '/api/support', payload: { issueType: 'other', details: `Request ${n}` } });
      expect(response.statusCode).toBe(200);
    }
    // And 20 messages were left by a version before the job queue: pending, without a job.
    await admin.query(
      `insert into outbox (kind, recipient, subject, body)
       select 'test', 'help@example.com', 'Message ' || n, 'Body ' || n from generate_series(1, 20) as n`,
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    // With the verification e-mail of Ada's sign-up: 41.
    const waiting = await admin.query(`select status, count(*)::int as n from outbox group by 1`);
    expect(waiting.rows).toEqual([{ status: 'pending', n: 41 }]);

    const smtp = await startSmtpServer();
    closers.push(() => smtp.close());
    const [one, two] = await Promise.all([startServer(databaseUrl, smtp.url), startServer(databaseUrl, smtp.url)]);
    // Both become ready (which starts their workers, and queues the messages without a job) at once.
    await Promise.all([one.ready(), two.ready()]);

    await waitFor(() => smtp.received.length >= 41);
    await waitFor(async () => {
      const { rows } = await admin.query(`select count(*)::int as n from outbox where status = 'sent'`);
      return rows[0].n === 41;
    });
    // Time for a duplicate to show up, if a job were to run twice.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await Promise.all([one.jobs.idle(), two.jobs.idle()]);
    const subjects = smtp.received.map((mail) => mail.headers.get('subject')).sort();
    expect(subjects).toEqual(
      [
        ...Array.from({ length: 20 }, (_, index) => `Message ${index + 1}`),
        ...Array.from({ length: 20 }, () => 'Support request: Other issue (Ada Lovelace)'),
        'Verify your e-mail address for Invoicer',
      ].sort(),
    );
    const bodies = smtp.received.filter((mail) => mail.headers.get('subject')?.startsWith('Support'));
    expect(bodies.map((mail) => /Details:\n(Request \d+)/.exec(mail.body)?.[1]).sort()).toEqual(
      Array.from({ length: 20 }, (_, index) => `Request ${index + 1}`).sort(),
    );
    const { rows } = await admin.query(
      `select status, attempts, job_id is not null as has_job, count(*)::int as n from outbox group by 1, 2, 3`,
    );
    expect(rows).toEqual([{ status: 'sent', attempts: 1, has_job: true, n: 41 }]);
    // One job per message, each completed once.
    const jobs = await admin.query(
      `select state, retry_count, count(*)::int as n from pgboss.job where name = 'mail.deliver' group by 1, 2`,
    );
    expect(jobs.rows).toEqual([{ state: 'completed', retry_count: 0, n: 41 }]);
  });
});
