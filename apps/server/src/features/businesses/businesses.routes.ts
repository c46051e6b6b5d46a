import {
  businessBodySchema,
  businessDeleteResponseSchema,
  businessListQuerySchema,
  businessListResponseSchema,
  businessResponseSchema,
  businessSaveResponseSchema,
} from '@invoicer/domain/api/businesses';
import { idParamSchema, userIdQuerySchema } from '@invoicer/domain/api/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSession } from '../../plugins/session';
import {
  businessMessages,
  createBusiness,
  deleteBusiness,
  getBusiness,
  listBusinesses,
  updateBusiness,
} from './businesses.service';

/**
 * The business calls (docs/product/api.md#businesses). Every route needs a session (the /api
 * default); a user_id other than the session user's is refused (403) by the session plugin.
 */
const businessesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/businesses',
    { schema: { querystring: businessListQuerySchema, response: { 200: businessListResponseSchema } } },
    async (request) => {
      const { userId } = requireSession(request);
      return { success: true as const, ...(await listBusinesses(app.db, userId, request.query)) };
    },
  );

  app.get(
    '/api/businesses/:id',
    {
      schema: { params: idParamSchema, querystring: userIdQuerySchema, response: { 200: businessResponseSchema } },
    },
    async (request) => {
      const { userId } = requireSession(request);
      return { success: true as const, business: await getBusiness(app.db, userId, request.params.id) };
    },
  );

  app.post(
    '/api/businesses',
    { schema: { body: businessBodySchema, response: { 201: businessSaveResponseSchema } } },
    async (request, reply) => {
      const { userId } = requireSession(request);
      const business = await createBusiness(app.db, userId, request.body);
      return reply
        .code(201)
        .send({ success: true as const, message: businessMessages.created(business.name), business });
    },
  );

  app.put(
    '/api/businesses/:id',
    { schema: { params: idParamSchema, body: businessBodySchema, response: { 200: businessSaveResponseSchema } } },
    async (request) => {
      const { userId } = requireSession(request);
      const business = await updateBusiness(app.db, userId, request.params.id, request.body);
      return { success: true as const, message: businessMessages.updated(business.name), business };
    },
  );

  app.delete(
    '/api/businesses/:id',
    {
      schema: {
        params: idParamSchema,
        querystring: userIdQuerySchema,
        response: { 200: businessDeleteResponseSchema },
      },
    },
    async (request) => {
      const { userId } = requireSession(request);
      await deleteBusiness(app.db, userId, request.params.id);
      return { success: true as const, message: businessMessages.deleted };
    },
  );
};

export default businessesRoutes;
