import {
  AUTH_MESSAGES,
  authProvidersResponseSchema,
  authResponseSchema,
  signinBodySchema,
  signupBodySchema,
  sessionResponseSchema,
} from '@invoicer/domain/api/auth';
import { okResponseSchema } from '@invoicer/domain/api/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import { HttpError } from '../../plugins/errors';
import { attemptsPerMinute } from '../../plugins/rate-limit';
import { endSession, isSecureRequest, startSession } from '../../plugins/session';
import { queueVerificationEmail } from '../../shared/accounts/account-emails';
import { getProfile, toUserProfile } from '../../shared/accounts/accounts.service';
import { insertOAuthState, OAUTH_STATE_TTL_MS, sweepOAuthStates, takeOAuthState } from './auth.queries';
import { authenticate, beginSignInAttempt, signInWithGoogle, signUp } from './auth.service';
import { accountDigest, rememberDevice } from './device-cookie';
import { GoogleSignIn } from './google';

declare module '../../plugins/jobs' {
  interface JobPayloads {
    'auth.oauth-states.sweep': Record<string, never>;
  }
}

/** Binds a Google sign-in to the browser that started it (login CSRF): the state, in a cookie only the callback sees. */
const OAUTH_STATE_COOKIE = 'oauth_state';
const OAUTH_COOKIE_PATH = '/api/auth/google';
const CALLBACK_PATH = '/api/auth/google/callback';

export interface AuthRoutesOptions {
  config: Pick<
    Config,
    | 'PUBLIC_URL'
    | 'GOOGLE_CLIENT_ID'
    | 'GOOGLE_CLIENT_SECRET'
    | 'GOOGLE_ISSUER'
    | 'RATE_LIMIT_AUTH_PER_MINUTE'
    | 'RATE_LIMIT_AUTH_PER_EMAIL'
  >;
}

/**
 * Sign-up, sign-in, sign-out, the session probe and Google sign-in (docs/product/api.md#accounts).
 * Sign-in and sign-up are limited per client address (route limit); failed sign-ins also per
 * known device or, from any other client, per account (ADR 0013).
 */
const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { config }) => {
  const attempts = attemptsPerMinute(config.RATE_LIMIT_AUTH_PER_MINUTE);
  const google =
    config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET
      ? new GoogleSignIn({
          clientId: config.GOOGLE_CLIENT_ID,
          clientSecret: config.GOOGLE_CLIENT_SECRET,
          issuer: config.GOOGLE_ISSUER,
        })
      : null;
  const publicOrigin = config.PUBLIC_URL ? new URL(config.PUBLIC_URL).origin : undefined;

  /** The origin the browser uses: PUBLIC_URL, else this request's (Host, or X-Forwarded-* behind TRUST_PROXY). */
  const originOf = (request: FastifyRequest) => publicOrigin ?? `${request.protocol}://${request.host}`;
  /** A page of the web app: absolute on PUBLIC_URL, else relative to wherever the browser is. */
  const pageUrl = (path: string) => (publicOrigin ? `${publicOrigin}${path}` : path);
  const oauthCookie = (request: FastifyRequest) => ({
    httpOnly: true,
    sameSite: 'lax' as const,
    path: OAUTH_COOKIE_PATH,
    secure: isSecureRequest(request),
  });

  app.post(
    '/api/auth/signup',
    {
      schema: { body: signupBodySchema, response: { 201: authResponseSchema } },
      config: { auth: 'public', rateLimit: attempts },
    },
    async (request, reply) => {
      // Limited per client address (the route limit) only: a failed sign-up never counts against
      // anyone's sign-in (issue 13: ten of them naming an address locked its owner out).
      // The account, its first session and its verification e-mail are written together.
      const user = await signUp(app.db, request.body, async (tx, created) => {
        await startSession(tx, request, reply, created.id);
        await queueVerificationEmail(app, tx, { id: created.id, email: created.email, firstName: created.firstName });
      });
      rememberDevice(request, reply, await app.serverSecret('device-cookie'), accountDigest(user.email));
      return reply.code(201).send({ success: true as const, user: toUserProfile(user) });
    },
  );

  app.post(
    '/api/auth/signin',
    {
      schema: { body: signinBodySchema, response: { 200: authResponseSchema } },
      config: { auth: 'public', rateLimit: attempts },
    },
    async (request, reply) => {
      const deviceKey = await app.serverSecret('device-cookie');
      const attempt = await beginSignInAttempt(
        app.pool,
        request,
        reply,
        request.body.email,
        config.RATE_LIMIT_AUTH_PER_EMAIL,
        deviceKey,
      );
      const user = await authenticate(app.db, request.body);
      await attempt.succeeded();
      await startSession(app.db, request, reply, user.id);
      rememberDevice(request, reply, deviceKey, attempt.account);
      return { success: true as const, user: toUserProfile(user) };
    },
  );

  // Public, so an expired session still signs out cleanly; a POST, so the cross-site check applies.
  app.post(
    '/api/auth/signout',
    { schema: { response: { 200: okResponseSchema } }, config: { auth: 'public' } },
    async (request, reply) => {
      await endSession(app.db, request, reply);
      return { success: true as const };
    },
  );

  /** The web app's probe on start: the user, or null for a guest. */
  app.get(
    '/api/auth/session',
    { config: { auth: 'optional' }, schema: { response: { 200: sessionResponseSchema } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const session = request.session;
      return { success: true as const, user: session ? await getProfile(app.db, session.userId) : null };
    },
  );

  app.get(
    '/api/auth/providers',
    { schema: { response: { 200: authProvidersResponseSchema } }, config: { auth: 'public' } },
    async () => ({ success: true as const, google: google !== null }),
  );

  const oauthFailed = (request: FastifyRequest, reply: FastifyReply, reason: string, error?: unknown) => {
    request.log.warn({ reason, err: error }, 'Google sign-in failed');
    reply.clearCookie(OAUTH_STATE_COOKIE, oauthCookie(request));
    return reply.header('Cache-Control', 'no-store').redirect(pageUrl('/auth?error=oauth_failed'), 302);
  };

  app.get('/api/auth/google', { config: { auth: 'public', rateLimit: attempts } }, async (request, reply) => {
    if (!google) throw new HttpError(404, AUTH_MESSAGES.googleNotConfigured);
    try {
      const authorization = await google.authorizationRequest(`${originOf(request)}${CALLBACK_PATH}`);
      await insertOAuthState(app.db, {
        state: authorization.state,
        codeVerifier: authorization.codeVerifier,
        nonce: authorization.nonce,
      });
      reply.setCookie(OAUTH_STATE_COOKIE, authorization.state, {
        ...oauthCookie(request),
        maxAge: OAUTH_STATE_TTL_MS / 1000,
      });
      return reply.header('Cache-Control', 'no-store').redirect(authorization.url.href, 302);
    } catch (error) {
      return oauthFailed(request, reply, 'could not start (provider discovery or database)', error);
    }
  });

  // The provider sends the browser here; every failure goes back to the sign-in page, never to a JSON error.
  app.get(CALLBACK_PATH, { config: { auth: 'public' } }, async (request, reply) => {
    if (!google) return oauthFailed(request, reply, 'not configured');
    const query = request.query as Record<string, unknown>;
    const state = typeof query.state === 'string' ? query.state : '';
    if (!state || state.length > 256 || request.cookies[OAUTH_STATE_COOKIE] !== state) {
      return oauthFailed(request, reply, 'state missing or not from this browser');
    }
    try {
      const saved = await takeOAuthState(app.db, state);
      if (!saved) return oauthFailed(request, reply, 'state unknown or expired');
      if (query.error !== undefined) return oauthFailed(request, reply, `provider answered ${String(query.error)}`);
      const identity = await google.identity(new URL(request.url, originOf(request)), { state, ...saved });
      const user = await signInWithGoogle(app.db, identity);
      await startSession(app.db, request, reply, user.id);
      reply.clearCookie(OAUTH_STATE_COOKIE, oauthCookie(request));
      return reply.header('Cache-Control', 'no-store').redirect(pageUrl('/auth/callback'), 302);
    } catch (error) {
      return oauthFailed(request, reply, 'code exchange or account lookup', error);
    }
  });

  // Sign-ins abandoned at Google leave their state behind: swept every hour (minute 15, UTC).
  app.jobs.work('auth.oauth-states.sweep', async (_job, tx) => {
    await sweepOAuthStates(tx);
  });
  app.jobs.schedule('auth.oauth-states.sweep', '15 * * * *', {});
};

export default authRoutes;
