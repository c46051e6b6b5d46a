import { DEFAULT_REMINDER_SCHEDULE } from '@invoicer/domain/reminders';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestAccount } from '../../../test/accounts';
import { sharedTestApp, type TestApp } from '../../../test/app';
import { as, createInvoice, utcDate } from '../../../test/invoice-fixtures';

/** GET/PUT /api/users/settings and GET/PUT /api/invoices/{id}/reminders against a real PostgreSQL. */

const custom = { enabled: true, before_days: 5, on_due: false, after_days: 10, repeat_days: 7, max: 2 };

describe('the reminder settings', () => {
  let t: TestApp, ada: TestAccount;
  beforeAll(async () => {
    t = await sharedTestApp();
    ada = await signUp(t.app);
  });

  it('answers the defaults until saved, then what was saved', async () => {
    const before = await as(t.app, ada)({ method: 'GET', url: '/api/users/settings' });
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ success: true, settings: { reminders: DEFAULT_REMINDER_SCHEDULE } });

    const saved = await as(t.app, ada)({ method: 'PUT', url: '/api/users/settings', payload: { reminders: custom } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      success: true,
      message: 'Reminder settings saved',
      settings: { reminders: custom },
    });
    const after = await as(t.app, ada)({ method: 'GET', url: '/api/users/settings' });
    expect(after.json().settings.reminders).toEqual(custom);
  });

  it('refuses bad input with the envelope and changes nothing', async () => {
    const cases: Array<[unknown, string]> = [
      [{ reminders: { ...custom, before_days: 31 } }, 'Days before the due date must be a whole number from 0 to 30.'],
      [{ reminders: { ...custom, after_days: -1 } }, 'Days after the due date must be a whole number from 0 to 90.'],
      [{ reminders: { ...custom, repeat_days: 0 } }, 'Repeat every must be a whole number of days from 1 to 90.'],
      [{ reminders: { ...custom, max: 2.5 } }, 'Repeats must be a whole number from 0 to 10.'],
      [{ reminders: { ...custom, enabled: 'yes' } }, 'Automatic reminders must be on or off.'],
      [{ reminders: { ...custom, on_due: null } }, 'The due-day reminder must be on or off.'],
      [{}, 'Please send the reminder settings.'],
      [{ reminders: 'weekly' }, 'Please send the reminder settings.'],
    ];
    for (const [payload, error] of cases) {
      const response = await as(t.app, ada)({ method: 'PUT', url: '/api/users/settings', payload: payload as object });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ success: false, error });
    }
    const broken = await as(
      t.app,
      ada,
    )({
      method: 'PUT',
      url: '/api/users/settings',
      payload: '{"reminders":',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
    const after = await as(t.app, ada)({ method: 'GET', url: '/api/users/settings' });
    expect(after.json().settings.reminders).toEqual(custom);
  });

  it('needs a session and refuses naming another user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/users/settings' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/users/settings', payload: { reminders: custom } })).statusCode,
    ).toBe(401);
    const bob = await signUp(t.app);
    const spoofed = await as(
      t.app,
      bob,
    )({
      method: 'PUT',
      url: '/api/users/settings',
      payload: { user_id: ada.id, reminders: DEFAULT_REMINDER_SCHEDULE },
    });
    expect(spoofed.statusCode).toBe(403);
    const adas = await as(t.app, ada)({ method: 'GET', url: '/api/users/settings' });
    expect(adas.json().settings.reminders).toEqual(custom);
  });

  it('has the scheduler look again at the account’s sent invoices when it changes', async () => {
    const grace = await signUp(t.app);
    const sent = await createInvoice(t.app, grace, { due_date: utcDate(30) }, { status: 'sent' });
    const draft = await createInvoice(t.app, grace, { invoice_number: '0002' });
    await t.pool.query(`update invoice_reminder_state set next_check_at = null where user_id = $1`, [grace.id]);
    await as(t.app, grace)({ method: 'PUT', url: '/api/users/settings', payload: { reminders: custom } });
    const { rows } = await t.pool.query(
      `select invoice_id, next_check_at is not null and next_check_at <= now() as due
         from invoice_reminder_state where user_id = $1`,
      [grace.id],
    );
    // A draft never had a row: nothing to look at until it is sent.
    expect(rows).toEqual([{ invoice_id: sent, due: true }]);
    expect(draft).toBeTruthy();
  });
});

describe('an invoice’s reminders and its pause', () => {
  let t: TestApp, ada: TestAccount, bob: TestAccount;
  beforeAll(async () => {
    t = await sharedTestApp();
    ada = await signUp(t.app);
    bob = await signUp(t.app);
  });

  it('new invoices follow the schedule; the next reminder and where it goes', async () => {
    const due = utcDate(10);
    const id = await createInvoice(
      t.app,
      ada,
      { due_date: due, issued_date: utcDate(-5), to: 'Acme Corp\naccounts@acme.example' },
      { status: 'sent' },
    );
    const response = await as(t.app, ada)({ method: 'GET', url: `/api/invoices/${id}/reminders` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      reminders: {
        paused: false,
        account_enabled: true,
        account_verified: false,
        recipient: 'accounts@acme.example',
        next: { stage: 'before', date: utcDate(7) },
        sent: [],
      },
    });
  });

  it('pauses and resumes; the scheduler looks again at each change', async () => {
    const id = await createInvoice(t.app, ada, { invoice_number: '0100', due_date: utcDate(10) }, { status: 'sent' });
    await t.pool.query(`update invoice_reminder_state set next_check_at = null where invoice_id = $1`, [id]);
    const paused = await as(
      t.app,
      ada,
    )({ method: 'PUT', url: `/api/invoices/${id}/reminders`, payload: { paused: true } });
    expect(paused.statusCode).toBe(200);
    expect(paused.json()).toMatchObject({
      success: true,
      message: 'Reminders paused for this invoice',
      reminders: { paused: true, next: null, recipient: null },
    });
    const state = await t.pool.query(
      `select next_check_at <= now() as due from invoice_reminder_state where invoice_id = $1`,
      [id],
    );
    expect(state.rows).toEqual([{ due: true }]);
    const resumed = await as(
      t.app,
      ada,
    )({ method: 'PUT', url: `/api/invoices/${id}/reminders`, payload: { paused: false } });
    expect(resumed.json()).toMatchObject({
      message: 'Reminders resumed for this invoice',
      reminders: { paused: false, next: { stage: 'before' } },
    });
  });

  it('answers another user’s invoice like an unknown one, refuses bad input, changes nothing', async () => {
    const id = await createInvoice(t.app, ada, { invoice_number: '0200' }, { status: 'sent' });
    for (const method of ['GET', 'PUT'] as const) {
      const foreign = await as(
        t.app,
        bob,
      )({ method, url: `/api/invoices/${id}/reminders`, ...(method === 'PUT' ? { payload: { paused: true } } : {}) });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toEqual({ success: false, error: 'Invoice not found' });
    }
    for (const payload of [{}, { paused: 'yes' }, { paused: 1 }]) {
      const response = await as(t.app, ada)({ method: 'PUT', url: `/api/invoices/${id}/reminders`, payload });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, error: 'Paused must be true or false.' });
    }
    const malformed = await as(t.app, ada)({ method: 'GET', url: '/api/invoices/not-an-id/reminders' });
    expect(malformed.statusCode).toBe(400);
    const { rows } = await t.pool.query(`select reminders_paused from invoices where id = $1`, [id]);
    expect(rows).toEqual([{ reminders_paused: false }]);
    expect((await t.app.inject({ method: 'GET', url: `/api/invoices/${id}/reminders` })).statusCode).toBe(401);
  });
});
