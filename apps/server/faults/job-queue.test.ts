import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startSmtpServer, type TestSmtpServer } from '../test/smtp-test-server';
import { waitFor } from '../test/wait-for';
import { createDatabase, exitOf, faultHarness, signUp, startServer, type ServerProcess } from './server-process';

/**
 * The job queue (docs/decisions/0045-the-job-queue.md) with two production servers on one
 * database, its real jobs: support e-mails delivered to a real SMTP server that takes 250 ms to
 * accept each message, so deliveries are in flight most of the time. First every e-mail must
 * arrive once with both servers working; then one server is killed with SIGKILL while its delivery
 * waits for the SMTP server's reply, and started again, and still every e-mail arrives, its outbox
 * row is sent and its job completed, exactly once.
 *
 * The database side of a job (the outbox row marked sent, the job completed) commits in one
 * transaction, so it happens once. The SMTP delivery is outside the database: it repeats only if
 * the process dies between the SMTP server's "250 accepted" and that commit (milliseconds); such a
 * duplicate carries the same Message-ID. The kill aims outside that window, so the test allows at
 * most one duplicate, and only of a job that was running when the process died (its retry count
 * shows it), for the case where the SMTP server noticed the closed connection only after replying.
 */

const harness = faultHarness();
const { running } = harness;
let smtp: TestSmtpServer | undefined;
afterAll(async () => smtp?.close());

async function supportRequest(server: ServerProcess, cookie: string, details: string): Promise<void> {
  const response = await fetch(`${server.url}/api/support`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ issueType: 'other', details }),
  });
  if (response.status !== 200) throw new Error(`support request: ${response.status} ${await response.text()}`);
}

/** How many times each message (by Message-ID) reached the SMTP server. */
function deliveries(server: TestSmtpServer): Map<string, number> {
  const counts = new Map<string, number>();
  for (const mail of server.received) {
    const id = mail.headers.get('message-id') ?? '';
    counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}

describe('the job queue, two servers on one database', () => {
  it('delivers every e-mail exactly once, also across a kill -9 of one server mid-delivery', async () => {
    const databaseUrl = await createDatabase(harness.postgres.url, 'jobs');
    smtp = await startSmtpServer(0, { acceptDelayMs: 250 });
    const env = {
      DATABASE_URL: databaseUrl,
      SMTP_URL: smtp.url,
      SUPPORT_EMAIL: 'help@example.com',
      MAIL_RETRY_SECONDS: '1',
      RATE_LIMIT_SUPPORT_PER_HOUR: '100000',
    };
    // Each server sends from its own address, so the SMTP server tells their deliveries apart.
    const [a, b] = await Promise.all([
      startServer({ ...env, MAIL_FROM: 'a@example.com' }, running),
      startServer({ ...env, MAIL_FROM: 'b@example.com' }, running),
    ]);
    const account = await signUp(a.url, 'jobs@example.com');
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const outboxState = async () =>
        (
          await db.query<{ status: string; n: number }>(
            `select status, count(*)::int as n from outbox group by status order by status`,
          )
        ).rows;
      const allSent = async (n: number) => {
        const rows = await outboxState();
        return rows.length === 1 && rows[0]!.status === 'sent' && rows[0]!.n === n;
      };

      // Phase 1: 40 requests spread over both servers, no fault (beside the verification e-mail of the sign-up:
      // 41 messages).
      const calmStart = performance.now();
      for (let n = 0; n < 40; n++) await supportRequest(n % 2 ? a : b, account.cookie, `calm ${n}`);
      await waitFor(() => allSent(41), 60_000);
      await new Promise((resolve) => setTimeout(resolve, 1000)); // room for a duplicate to show
      const calmMs = performance.now() - calmStart;
      const calm = deliveries(smtp);
      expect(calm.size).toBe(41);
      expect([...calm.values()].every((count) => count === 1)).toBe(true);

      // Phase 2: 60 more; server A is killed mid-delivery after 15 of them arrived, then restarted.
      const before = smtp.received.length;
      await Promise.all(
        Array.from({ length: 60 }, (_, n) => supportRequest(n % 2 ? a : b, account.cookie, `storm ${n}`)),
      );
      // Killed just after A's delivery of a message began to wait for the SMTP server's reply: the
      // delivery is cut before it was accepted. (No timer runs between this check and the kill.)
      const deadline = Date.now() + 60_000;
      while (
        smtp.received.length < before + 15 ||
        !smtp.holds().some((hold) => hold.mailFrom === 'a@example.com' && hold.ms < 50)
      ) {
        if (Date.now() > deadline) throw new Error('server A never delivered');
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      a.child.kill('SIGKILL');
      await exitOf(a.child);
      const killedAt = smtp.received.length - before;
      const killTime = performance.now();
      const restarted = await startServer({ ...env, MAIL_FROM: 'a@example.com' }, running);

      // A job the dead server held is run again once its heartbeat is missed (about 20 s).
      await waitFor(() => allSent(101), 120_000);
      const recoveryMs = performance.now() - killTime;
      const jobs = await db.query<{ state: string; n: number; retried: number }>(
        `select state, count(*)::int as n, count(*) filter (where retry_count > 0)::int as retried
           from pgboss.job where name = 'mail.deliver' group by state`,
      );
      expect(jobs.rows.map(({ state, n }) => ({ state, n }))).toEqual([{ state: 'completed', n: 101 }]);
      await new Promise((resolve) => setTimeout(resolve, 1000));

      const counts = deliveries(smtp);
      expect(counts.size).toBe(101);
      const duplicated = [...counts].filter(([, count]) => count > 1);
      expect(duplicated.length).toBeLessThanOrEqual(1);
      for (const [messageId, count] of duplicated) {
        expect(count).toBe(2);
        // Message-ID <outbox-{id}-{created}@domain>: the duplicate's job was the one running at the kill.
        const outboxId = /^<outbox-(\d+)-/.exec(messageId)![1];
        const { rows } = await db.query<{ retry_count: number }>(
          `select j.retry_count from pgboss.job j join outbox o on o.job_id = j.id where o.id = $1`,
          [outboxId],
        );
        expect(rows[0]!.retry_count).toBeGreaterThan(0);
      }
      const outbox = await db.query<{ attempts: number; n: number }>(
        `select attempts, count(*)::int as n from outbox group by attempts order by attempts`,
      );
      console.info(
        `[faults] 40 e-mails by two servers in ${Math.round(calmMs)} ms; kill -9 after ${killedAt} of 60 more, ` +
          `all sent ${Math.round(recoveryMs)} ms after the kill: jobs retried ${jobs.rows[0]!.retried}, ` +
          `outbox attempts ${JSON.stringify(outbox.rows)}, duplicates ${duplicated.length}`,
      );

      for (const server of [b, restarted]) {
        server.child.kill('SIGTERM');
        expect(await exitOf(server.child)).toBe(0);
      }
    } finally {
      await db.end();
    }
  });
});
