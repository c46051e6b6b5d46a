import fp from 'fastify-plugin';
import helmet from 'helmet';
import { HttpError } from './errors';

/**
 * The headers helmet sets for this configuration, computed once. They depend on nothing in the
 * request, and @fastify/helmet built helmet's middleware anew for every request (about 9 µs of
 * CPU each, more than a tenth of what GET /api/health costs the server).
 */
function securityHeaders(options: Parameters<typeof helmet>[0]): Array<[string, string]> {
  const headers: Array<[string, string]> = [];
  const collector = {
    setHeader: (name: string, value: string) => headers.push([name, String(value)]),
    removeHeader: () => undefined,
  };
  helmet(options)(
    {} as Parameters<ReturnType<typeof helmet>>[0],
    collector as unknown as Parameters<ReturnType<typeof helmet>>[1],
    () => undefined,
  );
  return headers;
}

/**
 * Response headers (a strict CSP for the SPA, nosniff, no framing) and the refusal of
 * state-changing requests sent from another site: the session cookie is SameSite=Lax,
 * and this check covers the rest (same-site subdomains, old browsers).
 */
const crossSite = () => new HttpError(403, 'Cross-site requests are not allowed.');

/** The health check a load balancer calls by the machine's address: exempt from the Host check. */
const HEALTH_PATH = '/api/health';

/** host[:port] in canonical form (lower case, the scheme's default port left out). */
function canonicalHost(protocol: string, host: string): string | null {
  try {
    return new URL(`${protocol}://${host}`).host;
  } catch {
    return null;
  }
}

export default fp<{ publicUrl?: string | undefined }>(
  async (app, { publicUrl }) => {
    const headers = securityHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          // Google profile pictures are shown by the browser (our server fetches nothing).
          imgSrc: ["'self'", 'data:', 'blob:', 'https://*.googleusercontent.com'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          workerSrc: ["'self'", 'blob:'],
        },
      },
      crossOriginEmbedderPolicy: false,
      // Google's sign-in popup/redirect needs to keep an opener relation with our page.
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
      hsts: publicUrl?.startsWith('https://') ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    });
    app.addHook('onRequest', (_request, reply, done) => {
      for (const [name, value] of headers) reply.header(name, value);
      done();
    });

    // With PUBLIC_URL set, the product answers only for that host: a request naming another one
    // (DNS rebinding, a stray virtual host, a forged Host used to build links) answers 421
    // Misdirected Request. Behind TRUST_PROXY the proxy's X-Forwarded-Host is the host (Fastify's
    // request.host). GET/HEAD /api/health is exempt: load balancers probe by address, and it
    // answers nothing about anyone.
    if (publicUrl) {
      const expected = new URL(publicUrl);
      app.addHook('onRequest', async (request) => {
        if (request.routeOptions.url === HEALTH_PATH && (request.method === 'GET' || request.method === 'HEAD')) return;
        if (canonicalHost(expected.protocol.slice(0, -1), request.host) !== expected.host) {
          throw new HttpError(421, `This server answers only for ${expected.host}.`);
        }
      });
    }

    const allowedOrigin = publicUrl ? new URL(publicUrl).origin : undefined;
    app.addHook('onRequest', async (request) => {
      if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return;
      if (request.headers['sec-fetch-site'] === 'cross-site') throw crossSite();
      const origin = request.headers.origin;
      if (origin === undefined) return; // not a browser (curl, server-to-server): no ambient cookie to abuse
      const expected = allowedOrigin ?? `${request.protocol}://${request.headers.host ?? ''}`;
      if (origin !== expected) throw crossSite(); // includes the opaque origin "null"
    });
  },
  { name: 'security', dependencies: ['errors'] },
);
