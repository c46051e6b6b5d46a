import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { HTTPMethods, InjectOptions, LightMyRequestResponse, RouteOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { signIn, sessionCookie, sessionStatus } from './accounts';
import { createTestApp, type TestApp } from './app';
import { dbFingerprint } from './db-fingerprint';
import { twoUsers, type TwoUsers } from './two-users';

/**
 * The fuzz suite (issue 8 item 2): more than 10,000 generated requests across every route the
 * server registers, signed in as a real user (B, who owns resources, next to A's). Bodies,
 * queries and path parameters come from each route's own zod schemas (through
 * z.toJSONSchema, so a new route or field is fuzzed without touching this file), with hostile
 * values mixed in at every level: very long strings, control characters, right-to-left marks,
 * SQL and HTML fragments, wrong types, unknown keys, broken JSON. Every answer must be below
 * 500, a 4xx must carry the envelope, no request may take longer than REQUEST_BOUND_MS, and
 * the requests a batch refused must leave every table exactly as it was (accepted requests are
 * set aside and the refused ones replayed alone, so a successful write never hides a refused
 * one's trace). A's rows must come out untouched. Seeded: FC_SEED reproduces a failure, whose
 * message names the route and the request.
 */

const seed = Number(process.env.FC_SEED ?? 20261121);
const TOTAL_REQUESTS = 10_500;
const BATCH = 25;
const REQUEST_BOUND_MS = 20_000;

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
  pattern?: string;
};

const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\u202e\u202dgnp.exe\u200f',
    '\u200b\ufeff',
    "'; drop table invoices; --",
    "' or '1'='1",
    "'); select pg_sleep(30); --",
    '$1',
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '"><svg onload=alert(1)>',
    '{{7*7}}${7*7}',
    '../../etc/passwd',
    '%00%2e%2e%2f',
    '\\',
    '\ud800',
    '😀'.repeat(40),
    'NaN',
    'Infinity',
    '-0',
    '1e400',
    '0x10',
    '９９',
    'null',
    'undefined',
    '__proto__',
    'x'.repeat(10_001),
    '€'.repeat(60_000),
    '\n'.repeat(5000),
  ),
  fc.string({ unit: 'binary', maxLength: 64 }),
  fc.string({ unit: fc.integer({ min: 0, max: 31 }).map((code) => String.fromCharCode(code)), maxLength: 20 }),
  fc.string({ maxLength: 40 }),
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.constantFrom(null, true, false, 0, -1, 1e308, -1e308, 2 ** 53 + 2, 0.1, [], {}),
  fc.constant(JSON.parse('{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}')),
  fc.integer(),
  fc.double(),
  fc.jsonValue({ maxDepth: 2 }),
);

function withHostile<T>(typed: fc.Arbitrary<T>, weight = 5): fc.Arbitrary<unknown> {
  return fc.oneof({ weight, arbitrary: typed }, { weight: 1, arbitrary: hostileValue });
}

/** Plausible values by field name, so the accepting paths are reached too (not only the 400s). */
function hinted(key: string, users: TwoUsers): fc.Arbitrary<unknown> | undefined {
  const { a, b } = users;
  const ids = [
    b.clientId,
    b.businessId,
    b.invoiceId,
    b.notificationId,
    a.clientId,
    a.businessId,
    a.invoiceId,
    a.notificationId,
    b.account.id,
  ];
  if (key === 'user_id' || key === 'userId') {
    return fc.oneof(
      { weight: 8, arbitrary: fc.constant(b.account.id) },
      { weight: 1, arbitrary: fc.constantFrom(a.account.id, b.account.id.toUpperCase(), ` ${b.account.id} `) },
    );
  }
  if (key === 'id' || key.endsWith('_id') || key.endsWith('_ids')) {
    return fc.oneof(fc.constantFrom(...ids), fc.uuid(), fc.constant(b.clientId.toUpperCase()));
  }
  if (key.includes('email')) return fc.oneof(fc.emailAddress(), fc.constant(a.account.email));
  if (key.endsWith('date')) {
    return fc.oneof(
      fc
        .date({ min: new Date('1000-01-01'), max: new Date('9999-12-31'), noInvalidDate: true })
        .map((date) => date.toISOString().slice(0, 10)),
      fc.constantFrom('2026-02-30', '2026-13-01', '21/11/2026', '2026-11-21T10:00:00Z'),
    );
  }
  if (key.includes('currency')) return fc.constantFrom('EUR', 'USD', 'usd', 'JPY', 'GBP', 'XXX', '', '€');
  if (key === 'status') return fc.constantFrom('draft', 'sent', 'paid', 'overdue', 'unpaid', 'all', 'Paid', 'deleted');
  if (key === 'logo_url') {
    return fc.constantFrom(
      null,
      a.logoUrl,
      b.logoUrl,
      `/api/logos/${randomUUID()}`,
      'http://127.0.0.1:5432/',
      'file:///etc/passwd',
      'data:image/png;base64,AAAA',
      'javascript:alert(1)',
    );
  }
  if (key === 'page' || key === 'per_page') return fc.oneof(fc.integer({ min: -5, max: 200 }), fc.constant('2'));
  return undefined;
}

function typed(schema: JsonSchema, key: string, users: TwoUsers, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return fc.oneof(...choices.map((choice) => typed(choice, key, users, depth)));
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length > 1) return fc.oneof(...types.map((type) => typed({ ...schema, type }, key, users, depth)));
  const hint = hinted(key, users);
  switch (types[0]) {
    case 'string': {
      if (hint) return hint;
      const max = Math.min(schema.maxLength ?? 60, 80);
      const edges = schema.maxLength
        ? [fc.constant('x'.repeat(schema.maxLength)), fc.constant('x'.repeat(schema.maxLength + 1))]
        : [];
      return fc.oneof(
        { weight: 6, arbitrary: fc.string({ minLength: Math.min(schema.minLength ?? 0, max), maxLength: max }) },
        ...edges.map((arbitrary) => ({ weight: 1, arbitrary })),
      );
    }
    case 'integer':
      return hint ?? fc.integer({ min: schema.minimum ?? -(2 ** 31), max: schema.maximum ?? 2 ** 31 });
    case 'number':
      return fc.oneof(fc.integer({ min: -1000, max: 100_000 }), fc.double({ min: -1e12, max: 1e12, noNaN: true }));
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const items = schema.items ? arbitraryFor(schema.items, key, users, depth + 1) : hostileValue;
      return fc.array(items, {
        minLength: Math.min(schema.minItems ?? 0, 3),
        maxLength: Math.min(schema.maxItems ?? 4, 4),
      });
    }
    case 'object': {
      const properties = Object.entries(schema.properties ?? {});
      const record = fc.record(
        Object.fromEntries(
          properties.map(([name, property]) => [name, arbitraryFor(property, name, users, depth + 1)]),
        ),
        { requiredKeys: (schema.required ?? []).filter((name) => properties.some(([known]) => known === name)) },
      );
      const extra = fc.dictionary(
        hostileString.filter((name) => name.length < 100),
        hostileValue,
        { maxKeys: 2 },
      );
      return fc.oneof(
        { weight: 8, arbitrary: record },
        { weight: 1, arbitrary: fc.tuple(record, extra).map(([known, more]) => ({ ...more, ...known })) },
      );
    }
    default:
      return hint ?? hostileValue;
  }
}

function arbitraryFor(schema: JsonSchema, key: string, users: TwoUsers, depth = 0): fc.Arbitrary<unknown> {
  return withHostile(typed(schema, key, users, depth), depth === 0 ? 12 : 5);
}

function jsonSchemaOf(schema: unknown): JsonSchema | undefined {
  if (!schema || typeof schema !== 'object' || !('_zod' in schema)) return undefined;
  return z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** encodeURIComponent that survives lone surrogates (they become U+FFFD, as a browser would send). */
function encode(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return encodeURIComponent(
    text.replace(/[\ud800-\udfff]/g, (char, index, whole: string) => {
      const code = char.charCodeAt(0);
      const next = whole.charCodeAt(index + 1);
      const previous = whole.charCodeAt(index - 1);
      const paired = code < 0xdc00 ? next >= 0xdc00 && next <= 0xdfff : previous >= 0xd800 && previous < 0xdc00;
      return paired ? char : '\ufffd';
    }),
  );
}

function queryString(query: unknown): string {
  if (query === undefined) return '';
  if (!query || typeof query !== 'object' || Array.isArray(query)) return `?${encode(query)}`;
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    for (const single of Array.isArray(value) ? value : [value]) parts.push(`${encode(key)}=${encode(single)}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

interface FuzzRoute {
  method: string;
  url: string;
  params?: JsonSchema;
  querystring?: JsonSchema;
  body?: JsonSchema;
}

interface Generated {
  params: Record<string, unknown>;
  query: unknown;
  body: { kind: 'json'; value: unknown } | { kind: 'raw'; text: string; contentType: string } | { kind: 'none' };
}

function requestArbitrary(route: FuzzRoute, users: TwoUsers): fc.Arbitrary<Generated> {
  const paramNames = [...route.url.matchAll(/:([A-Za-z_]+)/g)].map((match) => match[1]!);
  const params = fc.record(
    Object.fromEntries(
      paramNames.map((name) => [
        name,
        route.params?.properties?.[name]
          ? arbitraryFor(route.params.properties[name]!, name, users)
          : withHostile(hinted(name, users) ?? hostileString),
      ]),
    ),
  );
  const query = route.querystring
    ? fc.option(arbitraryFor(route.querystring, '', users), { nil: undefined, freq: 6 })
    : fc.option(fc.dictionary(hostileString, hostileValue, { maxKeys: 3 }), { nil: undefined, freq: 2 });
  const hasBody = !['GET', 'HEAD'].includes(route.method);
  const jsonBody = route.body
    ? arbitraryFor(route.body, '', users)
    : fc.oneof(hostileValue, fc.jsonValue({ maxDepth: 3 }));
  const body: fc.Arbitrary<Generated['body']> = hasBody
    ? fc.oneof(
        { weight: 12, arbitrary: jsonBody.map((value) => ({ kind: 'json' as const, value })) },
        {
          weight: 1,
          arbitrary: fc
            .tuple(
              hostileString,
              fc.constantFrom(
                'application/json',
                'text/plain',
                'application/x-www-form-urlencoded',
                'multipart/form-data; boundary=x',
              ),
            )
            .map(([text, contentType]) => ({ kind: 'raw' as const, text, contentType })),
        },
        { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
      )
    : fc.constant({ kind: 'none' as const });
  return fc.record({ params, query, body });
}

function toInject(route: FuzzRoute, generated: Generated, cookie: string): InjectOptions {
  const path = route.url.replace(/:([A-Za-z_]+)/g, (_match, name: string) => encode(generated.params[name]) || '%20');
  const options: InjectOptions = {
    method: route.method as HTTPMethods,
    url: path + queryString(generated.query),
    headers: { cookie },
  };
  if (generated.body.kind === 'json') {
    options.payload = JSON.stringify(generated.body.value) ?? 'null';
    options.headers = { ...options.headers, 'content-type': 'application/json' };
  } else if (generated.body.kind === 'raw') {
    options.payload = generated.body.text;
    options.headers = { ...options.headers, 'content-type': generated.body.contentType };
  }
  return options;
}

const EXPENSIVE = /\/pdf$|\/download$|^\/(generate|preview)-invoice$/;

describe('fuzzing every route with schema-derived and hostile input', () => {
  const routes: FuzzRoute[] = [];
  let t: TestApp;
  let users: TwoUsers;

  beforeAll(async () => {
    t = await createTestApp(
      {},
      {
        onRoute: (route: RouteOptions) => {
          const schema = (route.schema ?? {}) as Record<string, unknown>;
          for (const method of [route.method].flat()) {
            routes.push({
              method: String(method),
              url: route.url,
              ...(jsonSchemaOf(schema.params) ? { params: jsonSchemaOf(schema.params)! } : {}),
              ...(jsonSchemaOf(schema.querystring) ? { querystring: jsonSchemaOf(schema.querystring)! } : {}),
              ...(jsonSchemaOf(schema.body) ? { body: jsonSchemaOf(schema.body)! } : {}),
            });
          }
        },
      },
    );
    users = await twoUsers(t.app, t.pool);
  });

  /** A's rows in every table that names a user: B's requests must never touch them. */
  async function rowsOfA(): Promise<string> {
    const id = users.a.account.id;
    const { rows } = await t.pool.query(
      `select md5(coalesce((select string_agg(u::text, '') from users u where id = $1), '')) as users,
              md5(coalesce((select string_agg(c::text, '' order by id) from clients c where user_id = $1), '')) as clients,
              md5(coalesce((select string_agg(b::text, '' order by id) from businesses b where user_id = $1), '')) as businesses,
              md5(coalesce((select string_agg(i::text, '' order by id) from invoices i where user_id = $1), '')) as invoices,
              md5(coalesce((select string_agg(n::text, '' order by id) from notifications n where user_id = $1), '')) as notifications,
              (select count(*)::int from sessions where user_id = $1) as sessions`,
      [id],
    );
    return JSON.stringify(rows[0]);
  }

  async function send(route: FuzzRoute, options: InjectOptions, label: () => string): Promise<LightMyRequestResponse> {
    const started = Date.now();
    let timer: NodeJS.Timeout | undefined;
    const response = await Promise.race([
      t.app.inject(options),
      new Promise<never>((_resolve, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no answer within ${REQUEST_BOUND_MS} ms: ${label()}`)),
          REQUEST_BOUND_MS,
        );
      }),
    ]).finally(() => clearTimeout(timer));
    expect(Date.now() - started, label()).toBeLessThan(REQUEST_BOUND_MS);
    expect(response.statusCode, `${label()}\n→ ${response.statusCode} ${response.body.slice(0, 300)}`).toBeLessThan(
      500,
    );
    if (response.statusCode >= 400 && route.method !== 'HEAD') {
      let envelope: { success?: unknown; error?: unknown } = {};
      try {
        envelope = response.json();
      } catch {
        // asserted just below
      }
      expect(
        envelope.success,
        `${label()}\n→ ${response.statusCode} without the envelope: ${response.body.slice(0, 200)}`,
      ).toBe(false);
      expect(typeof envelope.error === 'string' && envelope.error.length > 0, label()).toBe(true);
    }
    return response;
  }

  it('answers every request below 500, in time, and refused requests change nothing', async () => {
    const weight = (route: FuzzRoute) => (route.method === 'HEAD' || EXPENSIVE.test(route.url) ? 1 : 4);
    const totalWeight = routes.reduce((sum, route) => sum + weight(route), 0);
    const aBefore = await rowsOfA();
    let cookie = users.b.account.cookie;
    let sent = 0;
    let refusedChecked = 0;
    const statuses = new Map<number, number>();

    for (const [index, route] of routes.entries()) {
      const count = Math.ceil((TOTAL_REQUESTS * weight(route)) / totalWeight);
      const samples = fc.sample(requestArbitrary(route, users), { seed: seed + index, numRuns: count });
      for (let start = 0; start < samples.length; start += BATCH) {
        let pending = samples
          .slice(start, start + BATCH)
          .map((generated, offset) => ({ generated, n: start + offset }));
        // Refused requests must leave no trace; accepted ones are set aside and the rest replayed alone.
        for (let round = 0; round < 3 && pending.length > 0; round++) {
          const before = await dbFingerprint(t.pool);
          const refused: typeof pending = [];
          let accepted = 0;
          for (const item of pending) {
            const options = toInject(route, item.generated, cookie);
            const label = () =>
              `FC_SEED=${seed} ${route.method} ${route.url} request #${item.n}: ${JSON.stringify({ url: options.url, payload: options.payload })?.slice(0, 600)}`;
            const response = await send(route, options, label);
            if (round === 0) {
              sent++;
              statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
            }
            if (response.statusCode >= 400) refused.push(item);
            else accepted++;
          }
          if (accepted === 0 || ['GET', 'HEAD'].includes(route.method)) {
            // Reads change nothing whatever they answer; a batch of refusals changes nothing either.
            expect(
              await dbFingerprint(t.pool),
              `FC_SEED=${seed} ${route.method} ${route.url} batch at #${start} changed rows`,
            ).toEqual(before);
            refusedChecked += refused.length;
            break;
          }
          pending = refused;
        }
        // Some requests end B's session (sign-out, a sign-up over it): sign in again to go on.
        if ((await sessionStatus(t.app, cookie)) !== 200) {
          const again = await signIn(t.app, users.b.account.email, users.b.account.password);
          expect(again.statusCode, again.body).toBe(200);
          cookie = sessionCookie(again)!;
        }
      }
    }

    expect(sent).toBeGreaterThanOrEqual(10_000);
    expect(refusedChecked).toBeGreaterThan(sent / 2);
    expect(await rowsOfA()).toEqual(aBefore);
    console.info(
      `fuzz: ${sent} requests over ${routes.length} routes, ${refusedChecked} refusals checked against the database, statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`,
    );
  }, 600_000);
});
