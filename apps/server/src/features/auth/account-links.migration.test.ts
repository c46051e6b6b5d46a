import { describe, expect, it } from 'vitest';
import { withDatabaseBefore } from '../../../test/migration-before';

/**
 * Migration 0018 (docs/decisions/0052-account-links-verification-and-sessions.md): accounts that already e-mailed
 * invoices or reminders before verification existed keep doing so (their address counts as verified); every other
 * unverified account stays unverified. Sessions that exist get an id of their own.
 */
describe('migration 0018_account_links_and_session_ids', () => {
  it('counts accounts that already sent e-mail as verified, and only them; gives every session an id', async () => {
    await withDatabaseBefore('_account_links_and_session_ids', async ({ client, migrateRest }) => {
      const user = async (email: string, verified = false) =>
        (
          await client.query<{ id: string }>(`insert into users (email, email_verified) values ($1, $2) returning id`, [
            email,
            verified,
          ])
        ).rows[0]!.id;
      const sender = await user('sender@example.com');
      const reminded = await user('reminded@example.com');
      const sentLogOnly = await user('logged@example.com');
      const skipped = await user('skipped@example.com');
      const supportOnly = await user('support@example.com');
      const quiet = await user('quiet@example.com');
      const google = await user('google@example.com', true);
      const invoice = async (userId: string) =>
        (
          await client.query<{ id: string }>(
            `insert into invoices (user_id, invoice_number, currency, data) values ($1, '1', 'EUR', '{}') returning id`,
            [userId],
          )
        ).rows[0]!.id;
      await client.query(
        `insert into outbox (user_id, kind, recipient, subject, body) values ($1, 'invoice', 'c@x.test', 's', 'b'),
                ($2, 'reminder', 'c@x.test', 's', 'b'), ($3, 'support', 'help@x.test', 's', 'b')`,
        [sender, reminded, supportOnly],
      );
      await client.query(`insert into invoice_activity (invoice_id, user_id, kind, data) values ($1, $2, 'sent', $3)`, [
        await invoice(sentLogOnly),
        sentLogOnly,
        { to: ['c@x.test'] },
      ]);
      // A reminder recorded as not sent (no address) e-mailed nobody.
      await client.query(
        `insert into invoice_activity (invoice_id, user_id, kind, data) values ($1, $2, 'reminder', $3)`,
        [await invoice(skipped), skipped, { stage: 'after', skipped: 'no_recipient' }],
      );
      await client.query(
        `insert into sessions (id_hash, user_id, expires_at) values ('a', $1, now() + interval '1 day'),
                ('b', $2, now() + interval '1 day')`,
        [quiet, sender],
      );

      await migrateRest();

      const { rows } = await client.query<{ email: string; email_verified: boolean }>(
        `select email, email_verified from users order by email`,
      );
      expect(Object.fromEntries(rows.map((row) => [row.email, row.email_verified]))).toEqual({
        'google@example.com': true,
        'logged@example.com': true,
        'quiet@example.com': false,
        'reminded@example.com': true,
        'sender@example.com': true,
        'skipped@example.com': false,
        'support@example.com': false,
      });
      expect(google).toBeTruthy();
      const { rows: sessions } = await client.query<{ id: string }>(`select id from sessions`);
      expect(sessions).toHaveLength(2);
      expect(new Set(sessions.map((session) => session.id)).size).toBe(2);
      for (const session of sessions) expect(session.id).toMatch(/^[0-9a-f-]{36}$/);
    });
  });
});
