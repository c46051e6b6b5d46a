import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RETURN_PATH, returnPathOr, safeReturnPath } from './return-path';

const ORIGIN = 'https://app.example';

/** What "stays on this site" means, checked by the URL parser as a browser would. */
function staysHere(path: string): boolean {
  return new URL(path, ORIGIN).origin === ORIGIN;
}

/** A plain segment: letters, digits and the URL-safe punctuation the app's ids and names use. */
const segment = fc.stringMatching(/^[A-Za-z0-9._~-]{1,12}$/).filter((text) => text !== '.' && text !== '..');
const appPath = fc.array(segment, { minLength: 1, maxLength: 4 }).map((parts) => `/${parts.join('/')}`);
const query = fc
  .dictionary(fc.stringMatching(/^[a-z]{1,6}$/), fc.string({ maxLength: 12 }), { maxKeys: 3 })
  .map((entries) => {
    const text = new URLSearchParams(entries).toString();
    return text ? `?${text}` : '';
  });
const host = fc.domain();

/** Ways to write "go to another site" that a naive startsWith('/') check lets through or that browsers repair. */
const attack = fc.oneof(
  host.map((domain) => `//${domain}`),
  host.map((domain) => `/\\${domain}`),
  host.map((domain) => `\\\\${domain}`),
  host.map((domain) => `/\\/${domain}`),
  host.map((domain) => `https://${domain}/`),
  host.map((domain) => `HTTPS:${domain}`),
  host.map((domain) => `//${domain}/invoices?status=paid`),
  host.map((domain) => `/%2F${domain}`),
  host.map((domain) => `/%2f%2f${domain}`),
  host.map((domain) => `/%5C${domain}`),
  host.map((domain) => `/%252F%252F${domain}`),
  host.map((domain) => `/%25252F${domain}`),
  host.map((domain) => `\t//${domain}`),
  host.map((domain) => `/\t/${domain}`),
  host.map((domain) => `/\n/${domain}`),
  host.map((domain) => ` //${domain}`),
  host.map((domain) => `/%09/${domain}`),
  host.map((domain) => `/%0a/${domain}`),
  host.map((domain) => `/\u0000/${domain}`),
  host.map((domain) => `/\u3000/${domain}`),
  host.map((domain) => `/.//${domain}`),
  host.map((domain) => `/a/..//${domain}`),
  host.map((domain) => `/%2e//${domain}`),
  fc.constantFrom('javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'data:text/html,hi', 'mailto:a@b.c', 'about:blank'),
);

describe('safeReturnPath', () => {
  it('keeps a same-origin page with its query and fragment, unchanged', () => {
    fc.assert(
      fc.property(appPath, query, fc.constantFrom('', '#top', '#a-1'), (path, search, hash) => {
        fc.pre(!/^\/(auth|api)(\/|$)/i.test(path));
        const value = `${path}${search}${hash}`;
        expect(safeReturnPath(value)).toBe(value);
      }),
    );
    expect(safeReturnPath('/invoice/7f1c2a4e-0b5d-4c1e-9a7b-3d2e1f0a9b8c')).toBe(
      '/invoice/7f1c2a4e-0b5d-4c1e-9a7b-3d2e1f0a9b8c',
    );
    expect(safeReturnPath('/invoices?status=paid&search=x')).toBe('/invoices?status=paid&search=x');
    expect(safeReturnPath('/settings?section=business&edit=1')).toBe('/settings?section=business&edit=1');
    expect(safeReturnPath('/clients?search=100%25')).toBe('/clients?search=100%25');
    expect(safeReturnPath('/clients?search=a%2F%2Fb')).toBe('/clients?search=a%2F%2Fb');
  });

  it('refuses every way of pointing at another site', () => {
    fc.assert(
      fc.property(
        attack,
        fc.option(
          appPath.map((path) => path.slice(1)),
          { nil: '' },
        ),
        (value, tail) => {
          expect(safeReturnPath(value + tail)).toBeNull();
        },
      ),
    );
  });

  it('answers null or a path that starts with one "/" and stays on this site, whatever it is given', () => {
    // Mostly the characters that matter here, so odd combinations of them come up often. (fast-check's
    // webUrl and webPath would do too, but take seconds to build.)
    const tricky = fc.constantFrom('/', '\\', '%', '2', '5', 'F', 'f', 'C', 'c', 'e', '.', ':', '@', '?', '#', 'a');
    const odd = fc.constantFrom('\t', '\n', '\r', ' ', '\u0000', '\u007f', '\u00a0', '\u3000', '\ufeff', '\uff0f');
    const anything = fc.oneof(
      fc.string(),
      fc.string({ unit: 'grapheme-composite' }),
      fc.string({ unit: fc.oneof({ weight: 9, arbitrary: tricky }, { weight: 1, arbitrary: odd }), maxLength: 16 }),
      appPath,
      fc
        .tuple(fc.constantFrom('http://', 'https://', '//', '/\\', '\\\\', ''), fc.domain(), appPath)
        .map(([scheme, domain, path]) => scheme + domain + path),
      fc.tuple(fc.constantFrom('/', '//', '/\\', '\\', '/%2F', '%2F', '/.', '/..'), fc.string()).map(([a, b]) => a + b),
    );
    fc.assert(
      fc.property(anything, (value) => {
        const result = safeReturnPath(value);
        if (result === null) return true;
        const path = result.split(/[?#]/, 1)[0]!;
        return (
          path.startsWith('/') &&
          !path.startsWith('//') &&
          !path.includes('\\') &&
          // eslint-disable-next-line no-control-regex -- finding control characters is the point
          !/[\u0000-\u0020\u007f]/.test(result) &&
          staysHere(result) &&
          // Once safe, always safe: the result passes again as it is.
          safeReturnPath(result) === result
        );
      }),
      { numRuns: 1000 },
    );
  });

  it('refuses what is not a path of a page: empty, not a string, overlong, the sign-in pages, the API', () => {
    for (const value of [
      undefined,
      null,
      42,
      {},
      ['/invoices'],
      '',
      'invoices',
      '?next=/x',
      '#x',
      `/${'a'.repeat(2048)}`,
    ])
      expect(safeReturnPath(value)).toBeNull();
    for (const value of ['/auth', '/auth?mode=signup', '/AUTH', '/auth/callback', '/auth/', '/api/invoices'])
      expect(safeReturnPath(value)).toBeNull();
    // Dot segments resolve the way the browser resolves them, and stay here.
    expect(safeReturnPath('/a/../invoices')).toBe('/invoices');
    expect(safeReturnPath('/../../invoices')).toBe('/invoices');
    expect(safeReturnPath('/authors')).toBe('/authors');
  });
});

describe('returnPathOr', () => {
  it('falls back to /new, or to the fallback given', () => {
    expect(returnPathOr('//evil.com')).toBe(DEFAULT_RETURN_PATH);
    expect(DEFAULT_RETURN_PATH).toBe('/new');
    expect(returnPathOr(null, '/dashboard')).toBe('/dashboard');
    expect(returnPathOr('/clients')).toBe('/clients');
  });
});
