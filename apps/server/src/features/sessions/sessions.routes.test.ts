import { createHash, randomUUID } from 'node:crypto';
import { sessionsResponseSchema } from '@invoicer/domain/api/users';
import { beforeAll, describe, expect, it } from 'vitest';
import { sessionCookie, sessionSetCookie, sessionStatus, signUp, type TestAccount } from '../../../test/accounts';
import { sharedTestApp, type TestApp } from '../../../test/app';
import { dbFingerprint } from '../../../test/db-fingerprint';

/**
 * Signed-in devices (docs/product/accounts.md#signed-in-devices): the list, signing out one session, and all others.
 * A revoked cookie is signed out at its next request.
 */

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('GET and DELETE /api/users/sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await sharedTestApp();
  });

  /** The account signed in from a browser of its own; its cookie. */
  async function signInFrom(account: TestAccount, userAgent: string): Promise<string> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { 'user-agent': userAgent },
      payload: { email: account.email, password: account.password },
    });
    expect(response.statusCode).toBe(200);
    return sessionCookie(response)!;
  }

  const list = async (cookie: string) => {
    const response = await t.app.inject({ method: 'GET', url: '/api/users/sessions', headers: { cookie } });
    expect(response.statusCode, response.body).toBe(200);
    return { body: response.body, sessions: sessionsResponseSchema.parse(response.json()).sessions };
  };
  const end = (cookie: string, id: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/users/sessions/${id}`, headers: { cookie } });

  it('lists the browsers in words, this one first, with when each was made and last used; no cookie hash leaves', async () => {
    const ada = await signUp(t.app);
    const laptop = await signInFrom(ada, CHROME_WINDOWS);
    const phone = await signInFrom(ada, SAFARI_IPHONE);
    const { body, sessions } = await list(phone);
    expect(sessions.map((session) => [session.device, session.current])).toEqual([
      ['Safari on iPhone', true],
      ['Chrome on Windows', false],
      ['Unknown browser', false], // sign-up, from the test's own client
    ]);
    for (const session of sessions) {
      expect(session.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(Date.parse(session.created_at)).not.toBeNaN();
      expect(Date.parse(session.last_seen_at)).toBeGreaterThanOrEqual(Date.parse(session.created_at) - 1000);
    }
    for (const cookie of [ada.cookie, laptop, phone]) {
      const token = cookie.slice('sid='.length);
      expect(body).not.toContain(token);
      expect(body).not.toContain(sha256(token));
    }
    expect(body).not.toContain('Mozilla');
  });

  it('signs out another browser, whose next request is signed out; and this one, clearing its cookie', async () => {
    const ada = await signUp(t.app);
    const laptop = await signInFrom(ada, CHROME_WINDOWS);
    const { sessions } = await list(ada.cookie);
    const laptopId = sessions.find((session) => session.device === 'Chrome on Windows')!.id;

    const ended = await end(ada.cookie, laptopId);
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toEqual({ success: true, message: 'The session was signed out.', signed_out: false });
    expect(sessionSetCookie(ended)).toBeUndefined();
    const revoked = await t.app.inject({ method: 'GET', url: '/api/users/sessions', headers: { cookie: laptop } });
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json()).toEqual({ success: false, error: 'Please sign in to continue.' });
    expect(await sessionStatus(t.app, ada.cookie)).toBe(200);

    const again = await end(ada.cookie, laptopId);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ success: false, error: 'This session has already ended.' });

    const [own] = (await list(ada.cookie)).sessions;
    expect(own!.current).toBe(true);
    const self = await end(ada.cookie, own!.id);
    expect(self.json()).toEqual({ success: true, message: 'You are signed out.', signed_out: true });
    expect(sessionSetCookie(self)).toMatchObject({ value: '' });
    expect(await sessionStatus(t.app, ada.cookie)).toBe(401);
  });

  it('answers another user’s session exactly like one that does not exist, and ends nothing', async () => {
    const [ada, bob] = await Promise.all([signUp(t.app), signUp(t.app)]);
    const [bobs] = (await list(bob.cookie)).sessions;
    const before = await dbFingerprint(t.pool);
    const foreign = await end(ada.cookie, bobs!.id);
    const unknown = await end(ada.cookie, randomUUID());
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe(unknown.body);
    const malformed = await end(ada.cookie, 'not-a-uuid');
    expect(malformed.statusCode).toBe(400);
    expect(await dbFingerprint(t.pool)).toEqual(before);
    expect(await sessionStatus(t.app, bob.cookie)).toBe(200);
  });

  it('signs out every other session and keeps this one', async () => {
    const ada = await signUp(t.app);
    const others = [await signInFrom(ada, CHROME_WINDOWS), await signInFrom(ada, FIREFOX_LINUX)];
    const bob = await signUp(t.app);
    const response = await t.app.inject({
      method: 'DELETE',
      url: '/api/users/sessions',
      headers: { cookie: ada.cookie },
    });
    expect(response.json()).toEqual({ success: true, message: 'Signed out of 2 other sessions.', ended: 2 });
    for (const cookie of others) expect(await sessionStatus(t.app, cookie)).toBe(401);
    expect(await sessionStatus(t.app, ada.cookie)).toBe(200);
    expect(await sessionStatus(t.app, bob.cookie)).toBe(200);
    expect((await list(ada.cookie)).sessions).toHaveLength(1);
    const none = await t.app.inject({ method: 'DELETE', url: '/api/users/sessions', headers: { cookie: ada.cookie } });
    expect(none.json()).toEqual({ success: true, message: 'There were no other sessions to sign out.', ended: 0 });
  });

  it('lists no expired session', async () => {
    const ada = await signUp(t.app);
    const old = await signInFrom(ada, CHROME_WINDOWS);
    await t.pool.query(`update sessions set expires_at = now() - interval '1 second' where id_hash = $1`, [
      sha256(old.slice('sid='.length)),
    ]);
    expect((await list(ada.cookie)).sessions.map((session) => session.device)).toEqual(['Unknown browser']);
  });
});
