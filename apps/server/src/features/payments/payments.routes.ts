import { idParamSchema, userIdQuerySchema } from '@invoicer/domain/api/common';
import {
  PAYMENT_MESSAGES,
  paymentBodySchema,
  paymentDeleteResponseSchema,
  paymentListResponseSchema,
  paymentParamsSchema,
  paymentResponseSchema,
} from '@invoicer/domain/api/payments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSession } from '../../plugins/session';
import { addPayment, getPayments, removePayment } from './payments.service';

/**
 * Payments on an invoice (docs/product/api.md#payments): record, list, delete. Every route needs a session (the
 * /api default); a user_id in the query or body that is not the session user's is refused (403) before these run.
 */
const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/invoices/:id/payments',
    { schema: { params: idParamSchema, querystring: userIdQuerySchema, response: { 200: paymentListResponseSchema } } },
    async (request) => {
      const { userId } = requireSession(request);
      const { payments, invoice } = await getPayments(app.db, userId, request.params.id.toLowerCase());
      return { success: true as const, payments, invoice };
    },
  );

  app.post(
    '/api/invoices/:id/payments',
    { schema: { params: idParamSchema, body: paymentBodySchema, response: { 201: paymentResponseSchema } } },
    async (request, reply) => {
      const { userId } = requireSession(request);
      const { payment, invoice } = await addPayment(app.db, userId, request.params.id.toLowerCase(), request.body);
      return reply.code(201).send({ success: true as const, message: PAYMENT_MESSAGES.recorded, payment, invoice });
    },
  );

  app.delete(
    '/api/invoices/:id/payments/:paymentId',
    {
      schema: {
        params: paymentParamsSchema,
        querystring: userIdQuerySchema,
        response: { 200: paymentDeleteResponseSchema },
      },
    },
    async (request) => {
      const { userId } = requireSession(request);
      const { id, paymentId } = request.params;
      const { invoice } = await removePayment(app.db, userId, id.toLowerCase(), paymentId.toLowerCase());
      return { success: true as const, message: PAYMENT_MESSAGES.deleted, invoice };
    },
  );
};

export default paymentsRoutes;
