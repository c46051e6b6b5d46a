import { idParamSchema } from '@invoicer/domain/api/common';
import {
  NOTIFICATION_MESSAGES,
  notificationListResponseSchema,
  notificationOkResponseSchema,
  notificationQuerySchema,
  readAllResponseSchema,
  unreadCountResponseSchema,
} from '@invoicer/domain/api/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSession } from '../../plugins/session';
import {
  listNotifications,
  readAllNotifications,
  readNotification,
  removeNotification,
  unreadCount,
} from './notifications.service';

/**
 * The notification calls (docs/product/api.md#notifications). Every route needs a session (the /api
 * default; the old client's bearer token is our session cookie); a user_id other than the session user's is refused
 * (403) by the session plugin before these run. Ids in paths are compared in lower case, as stored.
 */
const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/notifications',
    { schema: { querystring: notificationQuerySchema, response: { 200: notificationListResponseSchema } } },
    async (request) => {
      const { userId } = requireSession(request);
      return { success: true as const, notifications: await listNotifications(app.db, userId) };
    },
  );

  app.get(
    '/api/notifications/unread-count',
    { schema: { querystring: notificationQuerySchema, response: { 200: unreadCountResponseSchema } } },
    async (request) => {
      const { userId } = requireSession(request);
      return { count: await unreadCount(app.db, userId) };
    },
  );

  app.put(
    '/api/notifications/read-all',
    { schema: { querystring: notificationQuerySchema, response: { 200: readAllResponseSchema } } },
    async (request) => {
      const { userId } = requireSession(request);
      return { success: true as const, updated_count: await readAllNotifications(app.db, userId) };
    },
  );

  app.put(
    '/api/notifications/:id/read',
    {
      schema: {
        params: idParamSchema,
        querystring: notificationQuerySchema,
        response: { 200: notificationOkResponseSchema },
      },
    },
    async (request) => {
      const { userId } = requireSession(request);
      await readNotification(app.db, userId, request.params.id.toLowerCase());
      return { success: true as const, message: NOTIFICATION_MESSAGES.markedRead };
    },
  );

  app.delete(
    '/api/notifications/:id',
    {
      schema: {
        params: idParamSchema,
        querystring: notificationQuerySchema,
        response: { 200: notificationOkResponseSchema },
      },
    },
    async (request) => {
      const { userId } = requireSession(request);
      await removeNotification(app.db, userId, request.params.id.toLowerCase());
      return { success: true as const, message: NOTIFICATION_MESSAGES.deleted };
    },
  );
};

export default notificationsRoutes;
