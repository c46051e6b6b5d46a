import { createHash, randomBytes } from 'node:crypto';
import cookie, { type CookieSerializeOptions } from '@fastify/cookie';
import { AUTH_MESSAGES } from '@invoicer/domain/api/auth';
import { and, eq, lt, ne, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { sessions } from '../db/schema';
import type { Database, DbExecutor } from './database';
import { HttpError } from './errors';

/**
 * Sessions: a random token in an HttpOnly cookie, stored only as its SHA-256 in `sessions`
 * (a copy of the table cannot be replayed as cookies). 30 days of sliding expiry, refreshed at
 * most once an hour so a busy page does not write on every request.
 *
 * Who may call what is decided here, once, for every route:
 * - `config: { auth: 'required' }` (the default for every /api route): without a valid session
 *   the route answers 401 before its body is even read; with one, `request.session` is set.
 * - `config: { auth: 'optional' }`: `request.session` is set when there is a session, else null.
 * - `config: { auth: 'public' }` (the default outside /api): nothing is looked up unless the
 *   handler calls `request.loadSession()`.
 * On every route that is not public, a `user_id` (or `userId`) in the query or the JSON body
 * that differs from the session user answers 403: older clients sent the id, the server only checks it
 * (docs/product/routes-and-access.md#a-user-id-in-a-request).
 */

export const SESSION_COOKIE = 'sid';
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** last_seen_at / expires_at (and the cookie's Max-Age) are renewed when older than this. */
export const SESSION_REFRESH_AFTER_MS = 60 * 60 * 1000;
/** Expired sessions are swept every hour (at minute 5, UTC), by whichever server process takes the job. */
const SWEEP_CRON = '5 * * * *';
/** 32 random bytes in base64url, nothing else is ever looked up. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** Keys under which older clients' calls name the user (support sends userId). */
const USER_ID_KEYS = ['user_id', 'userId'] as const;

export type AuthMode = 'required' | 'optional' | 'public';

export interface AuthSession {
  userId: string;
  /** sessions.id_hash of this request's session. */
  idHash: string;
}

declare module './jobs' {
  interface JobPayloads {
    'sessions.sweep': Record<string, never>;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** PUBLIC_URL is https: every cookie is Secure. */
    httpsPublicUrl: boolean;
  }
  interface FastifyRequest {
    /** The session of this request: set before the handler on 'required' and 'optional' routes, else null until loadSession(). */
    session: AuthSession | null;
    /** Resolves the session cookie, once per request (later calls answer the same promise). */
    loadSession(): Promise<AuthSession | null>;
  }
  interface FastifyContextConfig {
    /** Who may call the route; default 'required' for /api routes, 'public' elsewhere. */
    auth?: AuthMode;
  }
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The route's auth mode, as the guard applies it. */
export function authModeOf(route: Pick<RouteOptions, 'url' | 'config'>): AuthMode {
  const configured = (route.config as { auth?: AuthMode } | undefined)?.auth;
  return configured ?? (route.url === '/api' || route.url.startsWith('/api/') ? 'required' : 'public');
}

/** The session user of a request whose route is 'required'; a 401 if there is none (types stay honest). */
export function requireSession(request: FastifyRequest): AuthSession {
  if (!request.session) throw new HttpError(401, AUTH_MESSAGES.signInRequired);
  return request.session;
}

/** Per-request state, kept off the request object's shape. */
const loaded = new WeakMap<FastifyRequest, Promise<AuthSession | null>>();
/** A cookie to write when the response goes out: the renewed session, or a clearing of a dead one. */
const pendingCookie = new WeakMap<FastifyRequest, { token: string } | 'clear'>();

/** Secure cookies when the public URL is https or this request came over https (behind TRUST_PROXY: X-Forwarded-Proto). */
export function isSecureRequest(request: FastifyRequest): boolean {
  return request.server.httpsPublicUrl || request.protocol === 'https';
}

function cookieOptions(request: FastifyRequest): CookieSerializeOptions {
  return { httpOnly: true, sameSite: 'lax', path: '/', secure: isSecureRequest(request) };
}

function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string) {
  reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(request), maxAge: SESSION_TTL_MS / 1000 });
}

function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(request));
}

function cookieToken(request: FastifyRequest): string | undefined {
  const token = request.cookies[SESSION_COOKIE];
  return token !== undefined && TOKEN_PATTERN.test(token) ? token : undefined;
}

/**
 * The stored id of the request's session cookie, when it has a well-formed one (whether it is a live session is
 * not looked up): for a public route that asks, in its own statement, whether the caller is a given user
 * (sessionOfUserSql), instead of a lookup of its own (docs/decisions/0051-public-views-off-the-request-path.md).
 */
export function sessionIdHashOf(request: FastifyRequest): string | null {
  const token = cookieToken(request);
  return token ? hashToken(token) : null;
}

/**
 * SQL: true when `idHash` is a live session of `userId`, as resolveSession would accept it (not renewed: a
 * public route's reading is not the user's activity).
 */
export function sessionOfUserSql(idHash: SQL | Placeholder<string>, userId: AnyPgColumn | SQL): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${sessions} where ${sessions.idHash} = ${idHash} and ${sessions.userId} = ${userId} and ${sessions.expiresAt} > now())`;
}

/**
 * The lookup every signed-in request makes, as a named prepared statement: Drizzle builds its SQL
 * once and PostgreSQL plans it once per connection. Built per database instance, on first use.
 * Measured on the invoice list: building the query per request cost about 0.15 ms of the server's
 * CPU, a third of the request outside the handler.
 */
function preparedLookup(db: Database) {
  return db
    .select({
      userId: sessions.userId,
      expired: sql<boolean>`${sessions.expiresAt} <= now()`,
      stale: sql<boolean>`${sessions.lastSeenAt} < now() - ${sql.raw(String(SESSION_REFRESH_AFTER_MS))} * interval '1 millisecond'`,
    })
    .from(sessions)
    .where(eq(sessions.idHash, sql.placeholder('idHash')))
    .prepare('session_lookup');
}

const lookups = new WeakMap<Database, ReturnType<typeof preparedLookup>>();
function lookupSession(db: Database, idHash: string) {
  let lookup = lookups.get(db);
  if (!lookup) {
    lookup = preparedLookup(db);
    lookups.set(db, lookup);
  }
  return lookup.execute({ idHash });
}

async function resolveSession(db: Database, request: FastifyRequest): Promise<AuthSession | null> {
  const raw = request.cookies[SESSION_COOKIE];
  if (raw === undefined) return null;
  const token = cookieToken(request);
  if (!token) {
    pendingCookie.set(request, 'clear');
    return null;
  }
  const idHash = hashToken(token);
  const [row] = await lookupSession(db, idHash);
  if (!row) {
    pendingCookie.set(request, 'clear');
    return null;
  }
  if (row.expired) {
    await db.delete(sessions).where(eq(sessions.idHash, idHash));
    pendingCookie.set(request, 'clear');
    return null;
  }
  if (row.stale) {
    await db
      .update(sessions)
      .set({
        lastSeenAt: sql`now()`,
        expiresAt: sql`now() + ${SESSION_TTL_MS} * interval '1 millisecond'`,
      })
      .where(eq(sessions.idHash, idHash));
    pendingCookie.set(request, { token });
  }
  request.session = { userId: row.userId, idHash };
  return request.session;
}

/**
 * Signs the browser in as `userId`: a new session id every time (the one the browser had, if
 * any, is deleted), the cookie set on the reply. Pass the transaction when the sign-in belongs
 * to other writes (sign-up creates the user and its session together).
 */
export async function startSession(
  executor: DbExecutor,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
): Promise<AuthSession> {
  const previous = cookieToken(request);
  if (previous) await executor.delete(sessions).where(eq(sessions.idHash, hashToken(previous)));
  const token = randomBytes(32).toString('base64url');
  const idHash = hashToken(token);
  await executor.insert(sessions).values({
    idHash,
    userId,
    expiresAt: sql`now() + ${SESSION_TTL_MS} * interval '1 millisecond'`,
    userAgent: (request.headers['user-agent'] ?? '').slice(0, 500) || null,
    ip: request.ip,
  });
  setSessionCookie(request, reply, token);
  pendingCookie.delete(request);
  request.session = { userId, idHash };
  loaded.set(request, Promise.resolve(request.session));
  return request.session;
}

/** Ends this browser's session, if it has one, and clears the cookie. Idempotent. */
export async function endSession(db: DbExecutor, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const token = cookieToken(request);
  if (token) await db.delete(sessions).where(eq(sessions.idHash, hashToken(token)));
  forgetSession(request, reply);
}

/** Clears the cookie and the request's session, when the rows are already gone (account deleted). */
export function forgetSession(request: FastifyRequest, reply: FastifyReply): void {
  clearSessionCookie(request, reply);
  pendingCookie.delete(request);
  request.session = null;
  loaded.set(request, Promise.resolve(null));
}

/**
 * Ends every other session of the user (a password change, "Sign out all other sessions"), keeping the one making the
 * request; answers how many ended.
 */
export async function endOtherSessions(executor: DbExecutor, userId: string, keepIdHash: string): Promise<number> {
  const deleted = await executor
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.idHash, keepIdHash)));
  return deleted.rowCount ?? 0;
}

/** Deletes expired sessions; a job runs it every hour, requests also delete theirs on sight. */
export async function sweepExpiredSessions(db: DbExecutor): Promise<number> {
  const deleted = await db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`));
  return deleted.rowCount ?? 0;
}

async function requireSignIn(request: FastifyRequest): Promise<void> {
  if (!(await request.loadSession())) throw new HttpError(401, AUTH_MESSAGES.signInRequired);
}

async function loadOptionalSession(request: FastifyRequest): Promise<void> {
  await request.loadSession();
}

function namesAnotherUser(value: unknown, userId: string): boolean {
  if (value === undefined || value === null) return false;
  if (Array.isArray(value)) return value.some((entry) => namesAnotherUser(entry, userId));
  if (typeof value !== 'string' && typeof value !== 'number') return true;
  const text = String(value).trim().toLowerCase();
  return text !== '' && text !== 'undefined' && text !== 'null' && text !== userId.toLowerCase();
}

/**
 * For every non-public route: a user id in the query or body must be the session user's
 * (docs/decisions/0027-rules-that-hold-everywhere.md#rule-1-identity-comes-from-the-session).
 */
async function refuseOtherUserId(request: FastifyRequest): Promise<void> {
  const session = request.session ?? (await request.loadSession());
  if (!session) return;
  for (const source of [request.query, request.body]) {
    if (!source || typeof source !== 'object' || Array.isArray(source) || Buffer.isBuffer(source)) continue;
    for (const key of USER_ID_KEYS) {
      if (Object.hasOwn(source, key) && namesAnotherUser((source as Record<string, unknown>)[key], session.userId)) {
        throw new HttpError(403, AUTH_MESSAGES.otherUser);
      }
    }
  }
}

type Hook = (request: FastifyRequest) => Promise<void>;

function appendHook(route: RouteOptions, name: 'onRequest' | 'preValidation', hook: Hook) {
  const hooks = route as unknown as Record<string, unknown>;
  const existing = hooks[name];
  const list: unknown[] = Array.isArray(existing) ? existing : existing ? [existing] : [];
  // GET routes are cloned into HEAD routes after the hooks ran once; never add a guard twice.
  if (!list.includes(hook)) list.push(hook);
  hooks[name] = list;
}

export default fp<{ publicUrl?: string | undefined }>(
  async (app, { publicUrl }) => {
    app.decorate('httpsPublicUrl', publicUrl?.startsWith('https://') ?? false);

    // Added before the cookie plugin's own onSend hook, which writes the Set-Cookie headers.
    app.addHook('onSend', async (request, reply) => {
      // Every answer made for a signed-in user is theirs alone: no browser or shared cache may keep
      // it (a proxy, the back button after sign-out on a shared computer). Public routes never
      // load the session, so logos and the web app's files stay cacheable.
      if (request.session) reply.header('Cache-Control', 'no-store');
      const pending = pendingCookie.get(request);
      if (!pending) return;
      pendingCookie.delete(request);
      if (pending === 'clear') clearSessionCookie(request, reply);
      else setSessionCookie(request, reply, pending.token);
    });

    await app.register(cookie, { hook: 'onRequest' });

    app.decorateRequest('session', null);
    app.decorateRequest('loadSession', function (this: FastifyRequest) {
      let promise = loaded.get(this);
      if (!promise) {
        promise = resolveSession(app.db, this);
        loaded.set(this, promise);
      }
      return promise;
    });

    app.addHook('onRoute', (route) => {
      const mode = authModeOf(route);
      if (mode === 'required') appendHook(route, 'onRequest', requireSignIn);
      if (mode === 'optional') appendHook(route, 'onRequest', loadOptionalSession);
      if (mode !== 'public') appendHook(route, 'preValidation', refuseOtherUserId);
    });

    app.jobs.work('sessions.sweep', async (_job, tx) => {
      await sweepExpiredSessions(tx);
    });
    app.jobs.schedule('sessions.sweep', SWEEP_CRON, {});
  },
  { name: 'session', dependencies: ['errors', 'database', 'jobs'] },
);
