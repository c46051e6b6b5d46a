import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../plugins/errors';

/** For load balancers and `npm start`'s own readiness: the process is up and the database answers. */
const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/health', { config: { auth: 'public' } }, async () => {
    try {
      await app.pool.query('select 1');
    } catch {
      throw new HttpError(503, 'The database is not reachable.');
    }
    return { success: true, status: 'ok', database: 'ok' };
  });
};

export default healthRoutes;
