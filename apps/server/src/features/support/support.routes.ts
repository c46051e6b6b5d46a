import { SUPPORT_MESSAGES, supportRequestBodySchema, supportResponseSchema } from '@invoicer/domain/api/support';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../plugins/errors';
import { requireSession } from '../../plugins/session';
import { submitSupportRequest } from './support.service';

const HOUR_MS = 60 * 60 * 1000;

/**
 * POST /api/support (docs/product/api.md#post-apisupport). Needs a session (the /api default); a userId other than the
 * session user's is refused (403) by the session plugin. Limited to `perHour` accepted requests
 * per user: counted after validation (a rejected form does not use one up), keyed by the session
 * user, in PostgreSQL like every limit.
 */
const supportRoutes: FastifyPluginAsyncZod<{ supportEmail: string; perHour: number }> = async (
  app,
  { supportEmail, perHour },
) => {
  app.post(
    '/api/support',
    {
      schema: { body: supportRequestBodySchema, response: { 200: supportResponseSchema } },
      config: {
        rateLimit: {
          max: perHour,
          timeWindow: HOUR_MS,
          hook: 'preHandler',
          keyGenerator: (request) => request.session?.userId ?? request.ip,
          errorResponseBuilder: (_request, context) =>
            new HttpError(
              429,
              `You have sent too many support requests. Please wait ${Math.max(1, Math.ceil(context.ttl / 60_000))} minutes and try again.`,
            ),
        },
      },
    },
    async (request) => {
      const { userId } = requireSession(request);
      await submitSupportRequest(app.db, app.mailer, supportEmail, userId, request.body);
      return { success: true as const, message: SUPPORT_MESSAGES.sent };
    },
  );
};

export default supportRoutes;
