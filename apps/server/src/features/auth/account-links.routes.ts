import {
  ACCOUNT_MESSAGES,
  accountEmailSentResponseSchema,
  accountTokenBodySchema,
  passwordResetBodySchema,
  passwordResetCheckResponseSchema,
  passwordResetConfirmBodySchema,
  passwordResetConfirmResponseSchema,
  verifyEmailResponseSchema,
} from '@invoicer/domain/api/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import { attemptsPerMinute } from '../../plugins/rate-limit';
import { requireSession, startSession } from '../../plugins/session';
import { limitAccountEmails } from '../../shared/accounts/account-emails';
import { sweepAccountTokens } from '../../shared/accounts/account-tokens';
import { toUserProfile } from '../../shared/accounts/accounts.service';
import {
  checkPasswordResetLink,
  confirmPasswordReset,
  queuePasswordReset,
  resendVerification,
  resetCounterKey,
  sendPasswordResetLink,
  verifyEmailLink,
} from './account-links.service';
import { accountDigest, rememberDevice } from './device-cookie';

declare module '../../plugins/jobs' {
  interface JobPayloads {
    /** A reset link for the account asked for, or nothing (docs/product/accounts.md#password-reset). */
    'auth.password-reset': { userId: string | null };
    'auth.account-tokens.sweep': Record<string, never>;
  }
}

export interface AccountLinksRoutesOptions {
  config: Pick<Config, 'RATE_LIMIT_AUTH_PER_MINUTE' | 'RATE_LIMIT_ACCOUNT_EMAILS_PER_HOUR' | 'SUPPORT_EMAIL'>;
}

/**
 * The links of account e-mails (docs/product/api.md#password-reset-and-e-mail-verification): asking for a password
 * reset and using its link, and verifying an address (or confirming a new one). Every route is limited per client
 * address (the route limit); the ones that send an e-mail also per address or account.
 */
const accountLinksRoutes: FastifyPluginAsyncZod<AccountLinksRoutesOptions> = async (app, { config }) => {
  const attempts = attemptsPerMinute(config.RATE_LIMIT_AUTH_PER_MINUTE);
  const perHour = config.RATE_LIMIT_ACCOUNT_EMAILS_PER_HOUR;

  // Always 202 with the same body, after the same work (two counters, one lookup, one job), account or not: the job
  // makes the link, off the request's path (docs/decisions/0052-account-links-verification-and-sessions.md).
  app.post(
    '/api/auth/password-reset',
    {
      schema: { body: passwordResetBodySchema, response: { 202: accountEmailSentResponseSchema } },
      config: { auth: 'public', rateLimit: attempts },
    },
    async (request, reply) => {
      await limitAccountEmails(app.pool, reply, resetCounterKey(request.body.email), perHour);
      await queuePasswordReset(app, request.body.email);
      return reply.code(202).send({ success: true as const, message: ACCOUNT_MESSAGES.resetRequested });
    },
  );

  app.post(
    '/api/auth/password-reset/check',
    {
      schema: { body: accountTokenBodySchema, response: { 200: passwordResetCheckResponseSchema } },
      config: { auth: 'public', rateLimit: attempts },
    },
    async (request) => ({ success: true as const, email: await checkPasswordResetLink(app, request.body.token) }),
  );

  app.post(
    '/api/auth/password-reset/confirm',
    {
      schema: { body: passwordResetConfirmBodySchema, response: { 200: passwordResetConfirmResponseSchema } },
      config: { auth: 'public', rateLimit: attempts },
    },
    async (request, reply) => {
      const user = await confirmPasswordReset(app, request.body, (tx, reset) =>
        startSession(tx, request, reply, reset.id),
      );
      // The browser that proved the mailbox is known for the account from now on (docs/decisions/0013-sign-in-lock-out-with-device-cookies.md).
      rememberDevice(request, reply, await app.serverSecret('device-cookie'), accountDigest(user.email));
      return { success: true as const, message: ACCOUNT_MESSAGES.resetDone, user: toUserProfile(user) };
    },
  );

  // Public: the link is often opened on another device than the one signed in (a phone's mail program).
  app.post(
    '/api/auth/verify-email',
    {
      schema: { body: accountTokenBodySchema, response: { 200: verifyEmailResponseSchema } },
      config: { auth: 'public', rateLimit: attempts },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return verifyEmailLink(app, request.body.token, config.SUPPORT_EMAIL);
    },
  );

  app.post(
    '/api/auth/verify-email/resend',
    {
      schema: { response: { 202: accountEmailSentResponseSchema } },
      config: { rateLimit: attempts },
    },
    async (request, reply) => {
      const { userId } = requireSession(request);
      await limitAccountEmails(app.pool, reply, `verify:${userId}`, perHour);
      const email = await resendVerification(app, userId);
      return reply.code(202).send({ success: true as const, message: ACCOUNT_MESSAGES.verificationSent(email) });
    },
  );

  app.jobs.work('auth.password-reset', (job, tx) => sendPasswordResetLink(app, tx, job.data.userId), {
    concurrency: 2,
    attempts: 5,
    retryDelaySeconds: 5,
  });

  // Links a week past their expiry are swept every hour (minute 35, UTC).
  app.jobs.work('auth.account-tokens.sweep', async (_job, tx) => {
    await sweepAccountTokens(tx);
  });
  app.jobs.schedule('auth.account-tokens.sweep', '35 * * * *', {});
};

export default accountLinksRoutes;
