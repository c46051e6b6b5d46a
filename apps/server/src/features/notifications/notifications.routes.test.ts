import { randomUUID } from 'node:crypto';
import {
  NOTIFICATIONS_LIST_LIMIT,
  notificationListResponseSchema,
  readAllResponseSchema,
  unreadCountResponseSchema,
} from '@invoicer/domain/api/notifications';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestAccount } from '../../../test/accounts';
import { sharedTestApp, type TestApp } from '../../../test/app';
import { as, createInvoice } from '../../../test/invoice-fixtures';
import { adaAndBob } from '../../../test/two-users';

describe('notifications', () => {
  let t: TestApp, ada: TestAccount, bob: TestAccount;

  const list = async (account: TestAccount) => {
    const response = await as(t.app, account)({ method: 'GET', url: `/api/notifications?user_id=${account.id}` });
    expect(response.statusCode, response.body).toBe(200);
    return notificationListResponseSchema.parse(response.json()).notifications;
  };
  const unread = async (account: TestAccount) => {
    const response = await as(
      t.app,
      account,
    )({ method: 'GET', url: `/api/notifications/unread-count?user_id=${account.id}` });
    expect(response.statusCode, response.body).toBe(200);
    return unreadCountResponseSchema.parse(response.json()).count;
  };
  const isRead = async (id: string) =>
    (await t.pool.query<{ is_read: boolean }>(`select is_read from notifications where id = $1`, [id])).rows[0]
      ?.is_read;

  beforeAll(async () => {
    ({ t, ada, bob } = await adaAndBob());
  });

  it('records the real events, each pointing at what it is about, and lists them newest first', async () => {
    const client = await as(
      t.app,
      ada,
    )({
      method: 'POST',
      url: '/api/clients',
      payload: { name: 'Acme', email: 'ap@acme.example' },
    });
    const clientId = client.json().client.id as string;
    const business = await as(
      t.app,
      ada,
    )({
      method: 'POST',
      url: '/api/businesses',
      payload: { name: 'Ada Studio', email: 'hi@ada.example' },
    });
    const businessId = business.json().business.id as string;
    const invoiceId = await createInvoice(t.app, ada, { invoice_number: '0042' });
    const status = await as(
      t.app,
      ada,
    )({
      method: 'PUT',
      url: `/api/invoices/${invoiceId}/status`,
      payload: { status: 'paid' },
    });
    expect(status.statusCode).toBe(200);

    const notifications = await list(ada);
    expect(notifications.map((n) => [n.type, n.title, n.related_entity_type, n.related_entity_id, n.is_read])).toEqual([
      ['success', 'Invoice 0042 marked as paid', 'invoice', invoiceId, false],
      ['success', 'Invoice created', 'invoice', invoiceId, false],
      ['success', 'Business created', 'business', businessId, false],
      ['success', 'Client created', 'client', clientId, false],
      ['success', 'Welcome to Invoicer!', 'create', null, false],
    ]);
    expect(notifications[0]).toEqual({
      id: expect.any(String),
      type: 'success',
      title: 'Invoice 0042 marked as paid',
      message: 'Invoice 0042 changed from Draft to Paid.',
      is_read: false,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      related_entity_type: 'invoice',
      related_entity_id: invoiceId,
    });
    expect(await unread(ada)).toBe(5);
    // Bob sees only his welcome.
    expect((await list(bob)).map((n) => n.title)).toEqual(['Welcome to Invoicer!']);
    expect(await unread(bob)).toBe(1);
  });

  it('answers what the page can show for a type or entity it does not know', async () => {
    const carol = await signUp(t.app);
    await t.pool.query(
      `insert into notifications (user_id, type, title, message, related_entity_type, related_entity_id)
       values ($1, 'reminder', 'Old', 'From an older version', 'vendor', $2)`,
      [carol.id, randomUUID()],
    );
    const [first] = await list(carol);
    expect(first).toMatchObject({ type: 'info', title: 'Old', related_entity_type: null, related_entity_id: null });
  });

  it(`lists at most ${NOTIFICATIONS_LIST_LIMIT}, the newest, while the count covers every unread one`, async () => {
    const dave = await signUp(t.app);
    await t.pool.query(
      `insert into notifications (user_id, title, created_at)
       select $1, 'Note ' || n, now() - n * interval '1 minute' from generate_series(1, 130) as n`,
      [dave.id],
    );
    const notifications = await list(dave);
    expect(notifications).toHaveLength(NOTIFICATIONS_LIST_LIMIT);
    expect(notifications[0]!.title).toBe('Welcome to Invoicer!');
    expect(notifications.slice(1, 4).map((n) => n.title)).toEqual(['Note 1', 'Note 2', 'Note 3']);
    expect(notifications.at(-1)!.title).toBe(`Note ${NOTIFICATIONS_LIST_LIMIT - 1}`);
    expect(await unread(dave)).toBe(131);
    const readAll = await as(t.app, dave)({ method: 'PUT', url: '/api/notifications/read-all' });
    expect(readAllResponseSchema.parse(readAll.json())).toEqual({ success: true, updated_count: 131 });
    expect(await unread(dave)).toBe(0);
  });

  it('marks one read (idempotently); another user’s or an unknown one is 404, a malformed id 400', async () => {
    const [target] = await list(ada);
    const before = await unread(ada);
    const read = await as(t.app, ada)({ method: 'PUT', url: `/api/notifications/${target!.id}/read` });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ success: true, message: 'Notification marked as read' });
    expect(await unread(ada)).toBe(before - 1);
    const again = await as(t.app, ada)({ method: 'PUT', url: `/api/notifications/${target!.id.toUpperCase()}/read` });
    expect(again.statusCode).toBe(200);
    expect(await unread(ada)).toBe(before - 1);

    const [bobs] = await list(bob);
    const foreign = await as(t.app, ada)({ method: 'PUT', url: `/api/notifications/${bobs!.id}/read` });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ success: false, error: 'Notification not found' });
    expect(await isRead(bobs!.id)).toBe(false);
    const unknown = await as(t.app, ada)({ method: 'PUT', url: `/api/notifications/${randomUUID()}/read` });
    expect(unknown.statusCode).toBe(404);
    const malformed = await as(t.app, ada)({ method: 'PUT', url: '/api/notifications/42/read' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ success: false, error: 'Id must be a valid id.' });
  });

  it('marks all of the user’s unread ones read, and only theirs', async () => {
    const remaining = await unread(ada);
    expect(remaining).toBeGreaterThan(0);
    const response = await as(t.app, ada)({ method: 'PUT', url: `/api/notifications/read-all?user_id=${ada.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, updated_count: remaining });
    expect(await unread(ada)).toBe(0);
    expect((await list(ada)).every((n) => n.is_read)).toBe(true);
    const again = await as(t.app, ada)({ method: 'PUT', url: '/api/notifications/read-all' });
    expect(again.json()).toEqual({ success: true, updated_count: 0 });
    expect(await unread(bob)).toBe(1);
  });

  it('deletes one of the user’s own; another user’s or an already deleted one is 404', async () => {
    const [first, second] = await list(ada);
    const response = await as(t.app, ada)({ method: 'DELETE', url: `/api/notifications/${first!.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Notification deleted' });
    expect((await list(ada))[0]!.id).toBe(second!.id);
    const again = await as(t.app, ada)({ method: 'DELETE', url: `/api/notifications/${first!.id}` });
    expect(again.statusCode).toBe(404);

    const [bobs] = await list(bob);
    const foreign = await as(t.app, ada)({ method: 'DELETE', url: `/api/notifications/${bobs!.id}` });
    expect(foreign.statusCode).toBe(404);
    expect(await isRead(bobs!.id)).toBe(false); // still there, untouched
    expect((await as(t.app, ada)({ method: 'DELETE', url: '/api/notifications/not-an-id' })).statusCode).toBe(400);
  });

  it('refuses a user_id naming someone else (403) and a guest (401) on every call', async () => {
    const [bobs] = await list(bob);
    const calls = [
      { method: 'GET' as const, url: '/api/notifications' },
      { method: 'GET' as const, url: '/api/notifications/unread-count' },
      { method: 'PUT' as const, url: '/api/notifications/read-all' },
      { method: 'PUT' as const, url: `/api/notifications/${bobs!.id}/read` },
      { method: 'DELETE' as const, url: `/api/notifications/${bobs!.id}` },
    ];
    for (const call of calls) {
      const forbidden = await as(t.app, ada)({ ...call, url: `${call.url}?user_id=${bob.id}` });
      expect(forbidden.statusCode, `${call.method} ${call.url}`).toBe(403);
      const guest = await t.app.inject(call);
      expect(guest.statusCode, `${call.method} ${call.url}`).toBe(401);
    }
    expect(await unread(bob)).toBe(1);
    expect(await list(bob)).toHaveLength(1);
  });
});

describe('the list indexes serve ORDER BY created_at DESC without sorting', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await sharedTestApp();
  });

  /** The plan with sequential scans and sorts priced out, so only an index in the right order can win. */
  async function plan(query: string): Promise<string> {
    const client = await t.pool.connect();
    try {
      await client.query('begin');
      await client.query('set local enable_seqscan = off');
      await client.query('set local enable_sort = off');
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(`explain ${query}`);
      await client.query('rollback');
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    } finally {
      client.release();
    }
  }

  it('notifications: the newest first for one user is a range of notifications_user_created_idx', async () => {
    const text = await plan(
      `select * from notifications where user_id = '${randomUUID()}' order by created_at desc, id desc limit 100`,
    );
    expect(text).toMatch(/Index Scan using notifications_user_created_idx/);
    expect(text).not.toMatch(/Sort/);
  });

  it('support requests: the newest first for one user is a range of support_requests_user_idx', async () => {
    const text = await plan(
      `select * from support_requests where user_id = '${randomUUID()}' order by created_at desc limit 20`,
    );
    expect(text).toMatch(/Index Scan using support_requests_user_idx/);
    expect(text).not.toMatch(/Sort/);
  });
});
