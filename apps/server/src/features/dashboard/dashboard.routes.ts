import { dashboardQuerySchema, dashboardSummaryResponseSchema } from '@invoicer/domain/api/dashboard';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSession } from '../../plugins/session';
import { getDashboardSummary } from './dashboard.service';

/**
 * GET /api/dashboard/summary?user_id&currency (docs/product/api.md#get-apidashboardsummary). Needs a session (the /api
 * default); a user_id other than the session user's is refused (403) by the session plugin, an
 * unknown currency code by the domain's schema (400, naming the codes it accepts).
 */
const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/dashboard/summary',
    { schema: { querystring: dashboardQuerySchema, response: { 200: dashboardSummaryResponseSchema } } },
    async (request) => {
      const { userId } = requireSession(request);
      return { success: true as const, data: await getDashboardSummary(app.pool, userId, request.query.currency) };
    },
  );
};

export default dashboardRoutes;
