import { idParamSchema, userIdQuerySchema } from '@invoicer/domain/api/common';
import {
  SEND_MESSAGES,
  sendDefaultsResponseSchema,
  sendInvoiceBodySchema,
  sendInvoiceResponseSchema,
} from '@invoicer/domain/api/sending';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../plugins/errors';
import { requireSession } from '../../plugins/session';
import { getSendDefaults, sendInvoice } from './sending.service';

const HOUR_MS = 60 * 60 * 1000;

export interface SendingRoutesOptions {
  /** Sends per hour per account (RATE_LIMIT_SEND_PER_HOUR). */
  perHour: number;
  /** PUBLIC_URL: the origin of the link in the e-mail; unset, the origin the user's request came to. */
  publicUrl?: string | undefined;
}

/**
 * Sending an invoice by e-mail (docs/product/api.md#sending-invoices): the dialog's defaults and the send. Both
 * need a session and the user's own invoice (another's answers 404). The send is limited per account, counted
 * after validation (a refused body does not use one up), in PostgreSQL like every limit.
 */
const sendingRoutes: FastifyPluginAsyncZod<SendingRoutesOptions> = async (app, { perHour, publicUrl }) => {
  const fixedOrigin = publicUrl ? new URL(publicUrl).origin : null;

  app.get(
    '/api/invoices/:id/send',
    {
      schema: { params: idParamSchema, querystring: userIdQuerySchema, response: { 200: sendDefaultsResponseSchema } },
    },
    async (request) => {
      const { userId } = requireSession(request);
      return getSendDefaults(app, userId, request.params.id.toLowerCase());
    },
  );

  app.post(
    '/api/invoices/:id/send',
    {
      schema: { params: idParamSchema, body: sendInvoiceBodySchema, response: { 202: sendInvoiceResponseSchema } },
      config: {
        rateLimit: {
          max: perHour,
          timeWindow: HOUR_MS,
          hook: 'preHandler',
          keyGenerator: (request) => request.session?.userId ?? request.ip,
          errorResponseBuilder: (_request, context) =>
            new HttpError(429, SEND_MESSAGES.tooMany(Math.max(1, Math.ceil(context.ttl / 60_000)))),
        },
      },
    },
    async (request, reply) => {
      const { userId } = requireSession(request);
      const origin = fixedOrigin ?? `${request.protocol}://${request.host}`;
      const answer = await sendInvoice(app, userId, request.params.id.toLowerCase(), request.body, origin);
      return reply.code(202).send(answer);
    },
  );
};

export default sendingRoutes;
