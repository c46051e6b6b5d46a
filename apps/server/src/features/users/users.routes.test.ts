import { randomBytes, randomUUID } from 'node:crypto';
import { LANGUAGE_MESSAGE } from '@invoicer/domain/document-language';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  sessionCookie,
  sessionSetCookie,
  sessionStatus,
  signIn,
  signUp,
  type TestAccount,
} from '../../../test/accounts';
import { sharedTestApp, type TestApp } from '../../../test/app';
import { adaAndBob } from '../../../test/two-users';

describe('GET /api/users/:id', () => {
  let t: TestApp, ada: TestAccount, bob: TestAccount;
  beforeAll(async () => {
    ({ t, ada, bob } = await adaAndBob());
  });

  it('answers the signed-in user’s own profile', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/users/${ada.id}`,
      headers: { cookie: ada.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, user: { id: ada.id, user_id: ada.id, email: ada.email } });
  });

  it('answers another user’s id exactly like an unknown one: 404, nothing revealed', async () => {
    const other = await t.app.inject({ method: 'GET', url: `/api/users/${bob.id}`, headers: { cookie: ada.cookie } });
    const unknown = await t.app.inject({
      method: 'GET',
      url: `/api/users/${randomUUID()}`,
      headers: { cookie: ada.cookie },
    });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ success: false, error: 'User not found.' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toBe(other.body);
    const malformed = await t.app.inject({ method: 'GET', url: '/api/users/42', headers: { cookie: ada.cookie } });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({
      success: false,
      error: 'Id must be a valid id.',
      errors: ['Id must be a valid id.'],
    });
  });

  it('needs a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/users/${ada.id}` });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ success: false, error: 'Please sign in to continue.' });
  });
});

describe('PUT /api/users/profile', () => {
  let t: TestApp;
  let ada: TestAccount;
  beforeAll(async () => {
    t = await sharedTestApp();
    ada = await signUp(t.app);
  });

  it('changes first and last name (and the default currency), never the e-mail', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      payload: {
        user_id: ada.id,
        first_name: ' Augusta ',
        last_name: 'King',
        email: 'new@example.com',
        default_currency: 'gbp',
      },
      headers: { cookie: ada.cookie },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      success: true,
      message: 'Profile updated successfully',
      user: { first_name: 'Augusta', last_name: 'King', email: ada.email, default_currency: 'GBP' },
    });
    expect(body.user.updated_at > body.user.created_at).toBe(true);
    const { rows } = await t.pool.query(`select email, first_name from users where id = $1`, [ada.id]);
    expect(rows[0]).toEqual({ email: ada.email, first_name: 'Augusta' });
  });

  it('refuses blank and over-long names and unknown currencies, changing nothing', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ first_name: '', last_name: 'King' }, 'First name is required'],
      [{ first_name: 'Ada', last_name: '   ' }, 'Last name is required'],
      [{ first_name: 'x'.repeat(101), last_name: 'King' }, 'First name is too long (at most 100 characters).'],
      [{ first_name: 'Ada', last_name: 'x'.repeat(101) }, 'Last name is too long (at most 100 characters).'],
      [
        { first_name: 'Ada', last_name: 'King', default_currency: 'XXX' },
        expect.stringMatching(/^Unknown currency "XXX"/),
      ],
    ];
    for (const [payload, message] of cases) {
      const response = await t.app.inject({
        method: 'PUT',
        url: '/api/users/profile',
        payload,
        headers: { cookie: ada.cookie },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual(message);
    }
    const { rows } = await t.pool.query(`select first_name, last_name from users where id = $1`, [ada.id]);
    expect(rows[0]).toEqual({ first_name: 'Augusta', last_name: 'King' });
  });

  it('refuses a profile change posted from another site', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      payload: { first_name: 'Evil', last_name: 'Eve' },
      headers: { cookie: ada.cookie, origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('PUT /api/users/password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await sharedTestApp();
  });

  it('keeps this session, ends the others, and only the new password signs in', async () => {
    const laptop = await signUp(t.app, { password: 'old password' });
    const phone = sessionCookie(await signIn(t.app, laptop.email, 'old password'))!;
    const tablet = sessionCookie(await signIn(t.app, laptop.email, 'old password'))!;
    const bystander = await signUp(t.app);

    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/users/password',
      payload: { user_id: laptop.id, current_password: 'old password', new_password: 'new password' },
      headers: { cookie: laptop.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Password updated successfully' });

    expect(await sessionStatus(t.app, laptop.cookie)).toBe(200);
    expect(await sessionStatus(t.app, phone)).toBe(401);
    expect(await sessionStatus(t.app, tablet)).toBe(401);
    expect(await sessionStatus(t.app, bystander.cookie)).toBe(200);
    expect((await signIn(t.app, laptop.email, 'old password')).statusCode).toBe(401);
    expect((await signIn(t.app, laptop.email, 'new password')).statusCode).toBe(200);
  });

  it('refuses a wrong current password and a short new one, changing nothing', async () => {
    const account = await signUp(t.app, { password: 'right password' });
    const other = sessionCookie(await signIn(t.app, account.email, 'right password'))!;
    const wrong = await t.app.inject({
      method: 'PUT',
      url: '/api/users/password',
      payload: { current_password: 'wrong password', new_password: 'new password' },
      headers: { cookie: account.cookie },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ success: false, error: 'Current password is incorrect.' });

    const short = await t.app.inject({
      method: 'PUT',
      url: '/api/users/password',
      payload: { current_password: 'right password', new_password: '12345' },
      headers: { cookie: account.cookie },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({
      success: false,
      error: 'Password must be at least 6 characters long',
      errors: ['Password must be at least 6 characters long'],
    });

    const tooLong = await t.app.inject({
      method: 'PUT',
      url: '/api/users/password',
      payload: { current_password: 'right password', new_password: 'x'.repeat(1001) },
      headers: { cookie: account.cookie },
    });
    expect(tooLong.json()).toEqual({
      success: false,
      error: 'Password must be at most 1000 characters long',
      errors: ['Password must be at most 1000 characters long'],
    });

    const missing = await t.app.inject({
      method: 'PUT',
      url: '/api/users/password',
      payload: { new_password: 'new password' },
      headers: { cookie: account.cookie },
    });
    expect(missing.json().error).toBe('Please enter your current password');

    expect(await sessionStatus(t.app, other)).toBe(200);
    expect((await signIn(t.app, account.email, 'right password')).statusCode).toBe(200);
  });

  it('needs a session', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/users/password',
      payload: { current_password: 'a', new_password: 'bbbbbb' },
    });
    expect(response.statusCode).toBe(401);
  });
});

/** Every table in the public schema with its row count. */
async function countRows(t: TestApp): Promise<Record<string, number>> {
  const { rows: tables } = await t.pool.query<{ table_name: string }>(
    `select table_name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const counts: Record<string, number> = {};
  for (const { table_name } of tables) {
    const { rows } = await t.pool.query<{ n: number }>(`select count(*)::int as n from "${table_name}"`);
    counts[table_name] = rows[0]!.n;
  }
  return counts;
}

/** One row in every table that holds a user's data (plus what sign-up made: user, session, notification). */
async function fillEveryTable(t: TestApp, userId: string): Promise<void> {
  const q = (text: string, values: unknown[] = []) => t.pool.query(text, values);
  const business = await q(`insert into businesses (user_id, name) values ($1, 'Biz') returning id`, [userId]);
  const client = await q(`insert into clients (user_id, name) values ($1, 'Client') returning id`, [userId]);
  const invoice = await q(
    `insert into invoices (user_id, client_id, business_id, invoice_number, currency, data)
     values ($1, $2, $3, '0001', 'EUR', '{}') returning id`,
    [userId, client.rows[0].id, business.rows[0].id],
  );
  await q(`insert into invoice_items (invoice_id, user_id, position, name, quantity) values ($1, $2, 0, 'Work', 1)`, [
    invoice.rows[0].id,
    userId,
  ]);
  await q(
    `insert into invoice_links (invoice_id, user_id, token_hash, token_sealed, link_created_at, view_count)
     values ($1, $2, md5(random()::text), '\\x00', now(), 1)`,
    [invoice.rows[0].id, userId],
  );
  await q(`insert into invoice_activity (invoice_id, user_id, kind) values ($1, $2, 'created')`, [
    invoice.rows[0].id,
    userId,
  ]);
  await q(
    `insert into payments (invoice_id, user_id, amount_minor, paid_on, method) values ($1, $2, 100, '2026-01-15', 'cash')`,
    [invoice.rows[0].id, userId],
  );
  await q(
    `insert into support_requests (user_id, issue_type, details, name, email) values ($1, 'other', 'x', 'A', 'a@b.co')`,
    [userId],
  );
  await q(
    `insert into logos (user_id, mime_type, bytes, byte_size, width, height, sha256)
     values ($1, 'image/png', '\\x00', 1, 1, 1, 'x')`,
    [userId],
  );
  await q(`insert into outbox (user_id, kind, recipient, subject, body) values ($1, 'support', 'a@b.co', 's', 'b')`, [
    userId,
  ]);
}

/** Tables that hold no user's rows: counters, sign-in handshakes and drizzle's own bookkeeping. */
const NOT_USER_DATA = new Set(['rate_limits', 'oauth_states', 'server_secrets']);

describe('DELETE /api/users/delete', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await sharedTestApp();
  });

  it('every table holding user data has a user_id that cascades from users', async () => {
    const { rows } = await t.pool.query<{ table_name: string; cascades: boolean }>(
      `select c.table_name,
              exists (
                select 1 from pg_constraint k
                 where k.conrelid = format('%I.%I', c.table_schema, c.table_name)::regclass
                   and k.contype = 'f' and k.confrelid = 'public.users'::regclass and k.confdeltype = 'c'
                   and k.conkey = array[(select attnum from pg_attribute
                                          where attrelid = k.conrelid and attname = 'user_id')]
              ) as cascades
         from information_schema.columns c
        where c.table_schema = 'public' and c.column_name = 'user_id'`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(9);
    for (const row of rows) expect(row, row.table_name).toMatchObject({ cascades: true });
    const { rows: tables } = await t.pool.query<{ table_name: string }>(
      `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    const withUserId = new Set(rows.map((row) => row.table_name));
    const unowned = tables.map((table) => table.table_name).filter((name) => !withUserId.has(name) && name !== 'users');
    // A new table without user_id must be added here on purpose, after checking it holds no user's data.
    expect(unowned.sort()).toEqual([...NOT_USER_DATA].sort());
  });

  it('deletes the user and every row of theirs in one go, ends all sessions, and leaves others alone', async () => {
    const keep = await signUp(t.app);
    await fillEveryTable(t, keep.id);
    const gone = await signUp(t.app, { password: 'delete me' });
    const otherDevice = sessionCookie(await signIn(t.app, gone.email, 'delete me'))!;
    await fillEveryTable(t, gone.id);

    const before = await countRows(t);
    const { rows: owned } = await t.pool.query(`select count(*)::int as n from sessions where user_id = $1`, [gone.id]);
    expect(owned[0].n).toBe(2);

    const response = await t.app.inject({
      method: 'DELETE',
      url: '/api/users/delete',
      payload: { user_id: gone.id, password: 'delete me' },
      headers: { cookie: gone.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Account deleted successfully' });
    expect(sessionSetCookie(response)).toMatchObject({ value: '', maxAge: 0 });

    const after = await countRows(t);
    const expectedDrop: Record<string, number> = {
      users: 1,
      sessions: 2,
      notifications: 1,
      businesses: 1,
      clients: 1,
      invoices: 1,
      invoice_items: 1,
      invoice_links: 1,
      invoice_activity: 1,
      payments: 1,
      invoice_stats: 1, // the aggregate's one group of that invoice
      support_requests: 1,
      logos: 1,
      outbox: 2, // the row above, and sign-up's verification e-mail
      account_tokens: 1, // sign-up's verification link
    };
    for (const table of Object.keys(before)) {
      if (NOT_USER_DATA.has(table)) continue; // the delete request itself counts in rate_limits
      expect(before[table]! - after[table]!, table).toBe(expectedDrop[table] ?? 0);
    }
    // Nothing anywhere still names the user.
    const { rows: columns } = await t.pool.query<{ table_name: string }>(
      `select table_name from information_schema.columns where table_schema = 'public' and column_name = 'user_id'`,
    );
    for (const { table_name } of columns) {
      const { rows } = await t.pool.query(`select count(*)::int as n from "${table_name}" where user_id = $1`, [
        gone.id,
      ]);
      expect(rows[0].n, table_name).toBe(0);
    }

    expect(await sessionStatus(t.app, gone.cookie)).toBe(401);
    expect(await sessionStatus(t.app, otherDevice)).toBe(401);
    const signin = await signIn(t.app, gone.email, 'delete me');
    expect(signin.statusCode).toBe(401);
    expect(signin.json()).toEqual({ success: false, error: 'Invalid e-mail or password.' });
    expect(await sessionStatus(t.app, keep.cookie)).toBe(200);
    // The address is free again.
    await signUp(t.app, { email: gone.email });
  });

  it('refuses a wrong or missing password and deletes nothing', async () => {
    const account = await signUp(t.app, { password: 'keep me' });
    const wrong = await t.app.inject({
      method: 'DELETE',
      url: '/api/users/delete',
      payload: { password: 'not it' },
      headers: { cookie: account.cookie },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ success: false, error: 'The password is incorrect. Your account was not deleted.' });
    for (const payload of [{}, { password: '' }]) {
      const missing = await t.app.inject({
        method: 'DELETE',
        url: '/api/users/delete',
        payload,
        headers: { cookie: account.cookie },
      });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({
        success: false,
        error: 'Please enter your password to confirm account deletion',
        errors: ['Please enter your password to confirm account deletion'],
      });
    }
    // An account with a password cannot confirm with its e-mail instead.
    const byEmail = await t.app.inject({
      method: 'DELETE',
      url: '/api/users/delete',
      payload: { confirm_email: account.email },
      headers: { cookie: account.cookie },
    });
    expect(byEmail.statusCode).toBe(400);
    expect(await sessionStatus(t.app, account.cookie)).toBe(200);
    const { rows } = await t.pool.query(`select 1 from users where id = $1`, [account.id]);
    expect(rows).toHaveLength(1);
  });

  it('needs a session, refuses another site, and refuses naming another user', async () => {
    const account = await signUp(t.app, { password: 'keep me' });
    const victim = await signUp(t.app);
    const anonymous = await t.app.inject({
      method: 'DELETE',
      url: '/api/users/delete',
      payload: { password: 'keep me' },
    });
    expect(anonymous.statusCode).toBe(401);
    const crossSite = await t.app.inject({
      method: 'DELETE',
      url: '/api/users/delete',
      payload: { password: 'keep me' },
      headers: { cookie: account.cookie, origin: 'https://evil.example' },
    });
    expect(crossSite.statusCode).toBe(403);
    const other = await t.app.inject({
      method: 'DELETE',
      url: '/api/users/delete',
      payload: { user_id: victim.id, password: 'keep me' },
      headers: { cookie: account.cookie },
    });
    expect(other.statusCode).toBe(403);
    const { rows } = await t.pool.query(`select count(*)::int as n from users where id = any($1)`, [
      [account.id, victim.id],
    ]);
    expect(rows[0].n).toBe(2);
  });

  it('keeps a signed-in user’s uploaded logo with the account, and deletes it with it', async () => {
    const account = await signUp(t.app, { password: 'logo owner' });
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const boundary = `----b${randomBytes(4).toString('hex')}`;
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename="l.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const upload = await t.app.inject({
      method: 'POST',
      url: '/upload-logo',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie: account.cookie },
    });
    expect(upload.statusCode).toBe(201);
    const { rows } = await t.pool.query(`select count(*)::int as n from logos where user_id = $1`, [account.id]);
    expect(rows[0].n).toBe(1);
    await t.app.inject({
      method: 'DELETE',
      url: '/api/users/delete',
      payload: { password: 'logo owner' },
      headers: { cookie: account.cookie },
    });
    const { rows: left } = await t.pool.query(`select count(*)::int as n from logos where user_id = $1`, [account.id]);
    expect(left[0].n).toBe(0);
  });
});

describe('"Apply discounts before tax" (GET/PUT /api/users/invoice-template, ADR 72)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await sharedTestApp();
  });

  const call = (account: TestAccount, method: 'GET' | 'PUT', payload?: Record<string, unknown>) =>
    t.app.inject({
      method,
      url: '/api/users/invoice-template',
      headers: { cookie: account.cookie },
      ...(payload ? { payload } : {}),
    });

  it('is on for a new account, is saved off and on, and is kept when a body leaves it out', async () => {
    const ada = await signUp(t.app);
    expect((await call(ada, 'GET')).json().defaults).toMatchObject({ discount_before_tax: true });

    const off = await call(ada, 'PUT', { template: 'modern', accent_color: null, discount_before_tax: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().defaults).toEqual({
      template: 'modern',
      accent_color: null,
      discount_before_tax: false,
      language: 'en',
    });
    const { rows } = await t.pool.query(`select discount_before_tax from users where id = $1`, [ada.id]);
    expect(rows).toEqual([{ discount_before_tax: false }]);

    // A client that only knows the template (the editor's older build) leaves the setting as it is.
    const templateOnly = await call(ada, 'PUT', { template: 'classic', accent_color: null });
    expect(templateOnly.json().defaults).toEqual({
      template: 'classic',
      accent_color: null,
      discount_before_tax: false,
      language: 'en',
    });
    const on = await call(ada, 'PUT', { template: 'classic', accent_color: null, discount_before_tax: true });
    expect(on.json().defaults.discount_before_tax).toBe(true);
  });

  it('refuses a value that is not true or false with 400 and the envelope, changing nothing', async () => {
    const ada = await signUp(t.app);
    for (const value of ['yes', 1, null]) {
      const response = await call(ada, 'PUT', { template: 'modern', accent_color: null, discount_before_tax: value });
      expect(response.statusCode, String(value)).toBe(400);
      expect(response.json()).toMatchObject({
        success: false,
        errors: ['Apply discounts before tax must be true or false.'],
      });
    }
    expect((await call(ada, 'GET')).json().defaults.discount_before_tax).toBe(true);
  });
});

describe("the account's default language (GET/PUT /api/users/invoice-template, ADR 75)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await sharedTestApp();
  });

  const call = (account: TestAccount, method: 'GET' | 'PUT', payload?: Record<string, unknown>) =>
    t.app.inject({
      method,
      url: '/api/users/invoice-template',
      headers: { cookie: account.cookie },
      ...(payload ? { payload } : {}),
    });
  const stored = async (account: TestAccount) =>
    (await t.pool.query(`select default_language from users where id = $1`, [account.id])).rows[0].default_language;

  it('is English for a new account, is saved canonical, kept when left out, and English again with null or en', async () => {
    const ada = await signUp(t.app);
    expect((await call(ada, 'GET')).json().defaults).toMatchObject({ language: 'en' });
    expect(await stored(ada)).toBeNull();

    const german = await call(ada, 'PUT', { template: 'modern', accent_color: null, language: 'DE-ch' });
    expect(german.statusCode, german.body).toBe(200);
    expect(german.json().defaults).toEqual({
      template: 'modern',
      accent_color: null,
      discount_before_tax: true,
      language: 'de-CH',
    });
    expect(await stored(ada)).toBe('de-CH');

    // A client that only knows the template leaves the language as it is.
    const templateOnly = await call(ada, 'PUT', { template: 'classic', accent_color: null });
    expect(templateOnly.json().defaults.language).toBe('de-CH');
    expect((await call(ada, 'GET')).json().defaults.language).toBe('de-CH');

    for (const english of [null, '', 'en']) {
      await call(ada, 'PUT', { template: 'classic', accent_color: null, language: 'ja' });
      const back = await call(ada, 'PUT', { template: 'classic', accent_color: null, language: english });
      expect(back.statusCode, String(english)).toBe(200);
      expect(back.json().defaults.language).toBe('en');
      expect(await stored(ada)).toBeNull();
    }
  });

  it('refuses a language outside the 13 with 400 and the envelope, changing nothing', async () => {
    const ada = await signUp(t.app);
    await call(ada, 'PUT', { template: 'modern', accent_color: null, language: 'fr' });
    for (const value of ['ru', 'xx', 'de-DE-x-private', 42, 'a'.repeat(100)]) {
      const response = await call(ada, 'PUT', {
        template: 'minimal',
        accent_color: '#112233',
        discount_before_tax: false,
        language: value,
      });
      expect(response.statusCode, String(value)).toBe(400);
      expect(response.json()).toMatchObject({ success: false, errors: [LANGUAGE_MESSAGE] });
    }
    expect((await call(ada, 'GET')).json().defaults).toEqual({
      template: 'modern',
      accent_color: null,
      discount_before_tax: true,
      language: 'fr',
    });
    await expect(t.pool.query(`update users set default_language = 'german' where id = $1`, [ada.id])).rejects.toThrow(
      /users_default_language_shape/,
    );
  });
});
