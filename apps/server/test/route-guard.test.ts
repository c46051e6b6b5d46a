import { randomUUID } from 'node:crypto';
import type { HTTPMethods, RouteOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp } from './accounts';
import { createTestApp, type TestApp } from './app';

/**
 * Every route the server registers, walked without a session: only the routes listed here as
 * public may answer anything but 401. A new route is protected unless someone adds it to this
 * list on purpose (and it is registered with `config: { auth: 'public' }` or outside /api).
 */
const PUBLIC_ROUTES = new Set([
  'GET /api/health',
  'POST /generate-invoice',
  'POST /preview-invoice',
  // The templates' thumbnails: a sample invoice, nobody's data (docs/decisions/0062-three-templates-and-the-accent-colour.md).
  'GET /template-preview/:template',
  'POST /upload-logo',
  // Reading a received e-invoice: it reads the upload and stores nothing, for guests too, like /generate-invoice.
  'POST /api/einvoices/read',
  'GET /api/logos/:id',
  'POST /api/auth/signup',
  'POST /api/auth/signin',
  'POST /api/auth/signout',
  'GET /api/auth/session',
  'GET /api/auth/providers',
  'GET /api/auth/google',
  'GET /api/auth/google/callback',
  // The links of account e-mails: the token is the credential, the page may be opened signed out
  // (docs/decisions/0052-account-links-verification-and-sessions.md).
  'POST /api/auth/password-reset',
  'POST /api/auth/password-reset/check',
  'POST /api/auth/password-reset/confirm',
  'POST /api/auth/verify-email',
  // Public invoice links: the token is the credential (docs/decisions/0046-public-invoice-links-and-activity.md).
  'GET /api/public/invoices/:token',
  'GET /api/public/invoices/:token/pdf',
]);

interface Registered {
  method: string;
  url: string;
}

/** A concrete URL for a route pattern: ids for parameters, a word for wildcards. */
function concrete(url: string): string {
  return url.replace(/:[A-Za-z_]+/g, () => randomUUID()).replace(/\*/g, 'x');
}

describe('the sign-in guard covers every route', () => {
  const routes: Registered[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      {},
      {
        onRoute: (route: RouteOptions) => {
          const methods = Array.isArray(route.method) ? route.method : [route.method];
          for (const method of methods) routes.push({ method: String(method), url: route.url });
        },
      },
    );
  });

  it('sees the routes, including every public one listed', () => {
    const seen = new Set(routes.map((route) => `${route.method} ${route.url}`));
    for (const route of PUBLIC_ROUTES) expect(seen, route).toContain(route);
    expect(routes.filter((route) => !PUBLIC_ROUTES.has(`${route.method} ${route.url}`)).length).toBeGreaterThanOrEqual(
      5,
    );
  });

  it('answers 401 with the envelope on every other route without a session, and with a dead one', async () => {
    const protectedRoutes = routes.filter(
      (route) => !PUBLIC_ROUTES.has(`${route.method === 'HEAD' ? 'GET' : route.method} ${route.url}`),
    );
    for (const route of protectedRoutes) {
      for (const headers of [{}, { cookie: `sid=${'x'.repeat(43)}` }]) {
        const response = await t.app.inject({ method: route.method as HTTPMethods, url: concrete(route.url), headers });
        expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
        if (route.method !== 'HEAD') {
          expect(response.json()).toEqual({ success: false, error: 'Please sign in to continue.' });
        }
      }
    }
  });

  it('leaves the public routes open: none of them asks a guest to sign in', async () => {
    for (const route of PUBLIC_ROUTES) {
      const [method, url] = route.split(' ') as [HTTPMethods, string];
      const response = await t.app.inject({ method, url: concrete(url) });
      expect(response.statusCode, route).not.toBe(401);
    }
  });

  it('lets a signed-in user through the same routes (the guard is not what refuses them)', async () => {
    const account = await signUp(t.app);
    const probe = await t.app.inject({
      method: 'GET',
      url: `/api/users/${account.id}`,
      headers: { cookie: account.cookie },
    });
    expect(probe.statusCode).toBe(200);
  });
});
