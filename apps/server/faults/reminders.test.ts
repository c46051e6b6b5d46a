import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startSmtpServer, type TestSmtpServer } from '../test/smtp-test-server';
import { waitFor } from '../test/wait-for';
import {
  createDatabase,
  exitOf,
  faultHarness,
  invoiceBody,
  signUp,
  startServer,
  type ServerProcess,
} from './server-process';

/**
 * Automatic reminders (docs/decisions/0050-automatic-reminders.md) with two production servers on one database:
 * invoices due in the past are reminded exactly once, by whichever server's pass finds them first, also when one
 * server is killed with SIGKILL while the reminders' e-mails are being delivered; and once every reminder went, a
 * kill -9 and restart of a server (whose start-up pass looks at everything again) sends none a second time.
 *
 * Counted twice: the rows (invoice_reminders, whose unique keys are written in the transaction that completes each
 * reminder job) and the messages the SMTP server received. As in faults/job-queue.test.ts, an e-mail can only repeat
 * if a process dies between the SMTP server's "250" and its commit; the kill aims outside that window, and a
 * duplicate (at most one) must carry the same Message-ID and come from a retried delivery job.
 */

const harness = faultHarness();
const { running } = harness;
let smtp: TestSmtpServer | undefined;
afterAll(async () => smtp?.close());

const INVOICES = 60;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function createSentInvoice(server: ServerProcess, account: { cookie: string; userId: string }, n: number) {
  const { body } = invoiceBody(account.userId, `R-${n}`, n);
  const payload = {
    ...body,
    status: 'sent',
    issued_date: day(-40),
    due_date: day(-10),
    data: { ...body.data, issued_date: day(-40), due_date: day(-10), to: `Client ${n}\nclient${n}@example.com` },
  };
  const response = await fetch(`${server.url}/api/invoices`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: account.cookie },
    body: JSON.stringify(payload),
  });
  if (response.status !== 201) throw new Error(`invoice: ${response.status} ${await response.text()}`);
}

/** Messages received per recipient. */
function received(server: TestSmtpServer): Map<string, number> {
  const counts = new Map<string, number>();
  for (const mail of server.received) {
    for (const to of mail.rcptTo) counts.set(to, (counts.get(to) ?? 0) + 1);
  }
  return counts;
}

describe('automatic reminders, two servers on one database', () => {
  it('reminds each invoice due in the past exactly once, across a kill -9 mid-delivery and a restart', async () => {
    const databaseUrl = await createDatabase(harness.postgres.url, 'reminders');
    smtp = await startSmtpServer(0, { acceptDelayMs: 150 });
    const env = { DATABASE_URL: databaseUrl, SMTP_URL: smtp.url, MAIL_RETRY_SECONDS: '1' };

    // The invoices are written through a server that does not look for reminders, so both servers below start
    // with all of them due and race for them from their first (start-up) pass.
    // Without SMTP_URL: the verification e-mail of the sign-up waits in the outbox, and is dropped below.
    const writer = await startServer({ DATABASE_URL: databaseUrl, REMINDERS_SCAN: 'off' }, running);
    const account = await signUp(writer.url, 'reminders@example.com');
    {
      // An unverified account's reminders wait (docs/decisions/0052-account-links-verification-and-sessions.md);
      // verification is not what this test is about, and its e-mail is not among the ones it counts.
      const setup = new pg.Client({ connectionString: databaseUrl });
      await setup.connect();
      await setup.query(`update users set email_verified = true where id = $1`, [account.userId]);
      await setup.query(`delete from outbox where kind = 'email_verification'`);
      await setup.end();
    }
    for (let n = 1; n <= INVOICES; n++) await createSentInvoice(writer, account, n);
    writer.child.kill('SIGTERM');
    expect(await exitOf(writer.child)).toBe(0);

    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const reminderRows = async () =>
        (
          await db.query<{ stage: string; outcome: string; n: number; invoices: number }>(
            `select stage, outcome, count(*)::int as n, count(distinct invoice_id)::int as invoices
               from invoice_reminders group by 1, 2 order by 1, 2`,
          )
        ).rows;
      const sentOutbox = async () =>
        (await db.query<{ n: number }>(`select count(*)::int as n from outbox where status = 'sent'`)).rows[0]!.n;

      const [a, b] = await Promise.all([
        startServer({ ...env, MAIL_FROM: 'a@example.com' }, running),
        startServer({ ...env, MAIL_FROM: 'b@example.com' }, running),
      ]);

      // Server A dies while one of its deliveries waits for the SMTP server's reply (not yet accepted).
      const deadline = Date.now() + 90_000;
      while (
        smtp.received.length < 15 ||
        !smtp.holds().some((hold) => hold.mailFrom === 'a@example.com' && hold.ms < 50)
      ) {
        if (Date.now() > deadline) throw new Error(`server A delivered no reminder (${smtp.received.length} received)`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      a.child.kill('SIGKILL');
      await exitOf(a.child);
      const killedAfter = smtp.received.length;
      const restarted = await startServer({ ...env, MAIL_FROM: 'a@example.com' }, running);

      await waitFor(async () => (await sentOutbox()) === INVOICES, 120_000);
      await waitFor(async () => {
        const { rows } = await db.query<{ open: number }>(
          `select count(*)::int as open from pgboss.job
            where name in ('reminders.process', 'mail.deliver') and state < 'completed'`,
        );
        return rows[0]!.open === 0;
      }, 60_000);
      await new Promise((resolve) => setTimeout(resolve, 1000)); // room for a duplicate to show

      const expectedRows = [
        { stage: 'after', outcome: 'sent', n: INVOICES, invoices: INVOICES },
        { stage: 'overdue', outcome: 'notified', n: INVOICES, invoices: INVOICES },
      ];
      expect(await reminderRows()).toEqual(expectedRows);
      const counts = received(smtp);
      expect([...counts.keys()].sort()).toEqual(
        Array.from({ length: INVOICES }, (_, n) => `client${n + 1}@example.com`).sort(),
      );
      const duplicated = [...counts].filter(([, count]) => count > 1);
      expect(duplicated.length).toBeLessThanOrEqual(1);
      for (const [to] of duplicated) {
        const ids = new Set(
          smtp.received.filter((mail) => mail.rcptTo.includes(to)).map((mail) => mail.headers.get('message-id')),
        );
        expect(ids.size).toBe(1);
      }
      const { rows: activity } = await db.query<{ n: number }>(
        `select count(*)::int as n from invoice_activity where kind = 'reminder'`,
      );
      expect(activity[0]!.n).toBe(INVOICES);
      const { rows: noteCounts } = await db.query<{ overdue: number; sent: number }>(
        `select count(*) filter (where title like '% is overdue')::int as overdue,
                count(*) filter (where title like 'Reminder sent%')::int as sent from notifications`,
      );
      expect(noteCounts[0]).toEqual({ overdue: INVOICES, sent: INVOICES });
      const messagesBefore = smtp.received.length;

      // Every reminder went. Server B is killed with SIGKILL and started again: its start-up pass, and A's
      // every-minute passes, look at all the invoices again, and send nothing a second time.
      await db.query(`update invoice_reminder_state set next_check_at = now()`);
      b.child.kill('SIGKILL');
      await exitOf(b.child);
      const again = await startServer({ ...env, MAIL_FROM: 'b@example.com' }, running);
      await waitFor(async () => {
        const { rows } = await db.query<{ n: number }>(
          `select count(*)::int as n from invoice_reminder_state where next_check_at <= now()`,
        );
        return rows[0]!.n === 0;
      }, 90_000);
      await waitFor(async () => {
        const { rows } = await db.query<{ open: number }>(
          `select count(*)::int as open from pgboss.job
            where name in ('reminders.scan', 'reminders.process', 'mail.deliver') and state < 'completed'`,
        );
        return rows[0]!.open === 0;
      }, 60_000);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(await reminderRows()).toEqual(expectedRows);
      expect(smtp.received.length).toBe(messagesBefore);
      console.info(
        `[faults] ${INVOICES} reminders by two servers; kill -9 after ${killedAfter} e-mails, all reminded once ` +
          `(${messagesBefore} messages, duplicates ${duplicated.length}); kill -9 and restart: none again`,
      );

      for (const server of [restarted, again]) {
        server.child.kill('SIGTERM');
        expect(await exitOf(server.child)).toBe(0);
      }
    } finally {
      await db.end();
    }
  });
});
