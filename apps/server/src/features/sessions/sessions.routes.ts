import { idParamSchema, userIdQuerySchema } from '@invoicer/domain/api/common';
import {
  USER_MESSAGES,
  endOtherSessionsResponseSchema,
  endSessionResponseSchema,
  sessionsResponseSchema,
} from '@invoicer/domain/api/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forgetSession, requireSession } from '../../plugins/session';
import { endOthers, endSession, getSessions } from './sessions.service';

/**
 * The signed-in user's sessions (docs/product/api.md#sessions): list, sign out one, sign out all others. Every route
 * needs a session; the user comes from it, so only the user's own sessions can be named.
 */
const sessionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/users/sessions',
    { schema: { querystring: userIdQuerySchema, response: { 200: sessionsResponseSchema } } },
    async (request) => ({ success: true as const, sessions: await getSessions(app.db, requireSession(request)) }),
  );

  app.delete(
    '/api/users/sessions/:id',
    { schema: { params: idParamSchema, querystring: userIdQuerySchema, response: { 200: endSessionResponseSchema } } },
    async (request, reply) => {
      const signedOut = await endSession(app.db, requireSession(request), request.params.id.toLowerCase());
      // This browser's own: its row is gone, the cookie goes now.
      if (signedOut) forgetSession(request, reply);
      return {
        success: true as const,
        message: signedOut ? USER_MESSAGES.signedOutHere : USER_MESSAGES.sessionEnded,
        signed_out: signedOut,
      };
    },
  );

  app.delete(
    '/api/users/sessions',
    { schema: { querystring: userIdQuerySchema, response: { 200: endOtherSessionsResponseSchema } } },
    async (request) => {
      const ended = await endOthers(app.db, requireSession(request));
      return { success: true as const, message: USER_MESSAGES.otherSessionsEnded(ended), ended };
    },
  );
};

export default sessionsRoutes;
