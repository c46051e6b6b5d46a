import { userResponseSchema } from '@invoicer/domain/api/auth';
import { idParamSchema, okResponseSchema, userIdQuerySchema } from '@invoicer/domain/api/common';
import {
  USER_MESSAGES,
  changeEmailBodySchema,
  changePasswordBodySchema,
  deleteAccountBodySchema,
  updateProfileBodySchema,
  updateProfileResponseSchema,
} from '@invoicer/domain/api/users';
import { REMINDER_MESSAGES, userSettingsBodySchema, userSettingsResponseSchema } from '@invoicer/domain/api/reminders';
import { accountEmailSentResponseSchema } from '@invoicer/domain/api/auth';
import { templateDefaultsBodySchema, templateDefaultsResponseSchema } from '@invoicer/domain/invoice-templates';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../plugins/errors';
import { attemptsPerMinute } from '../../plugins/rate-limit';
import { forgetSession, requireSession } from '../../plugins/session';
import { getProfile } from '../../shared/accounts/accounts.service';
import { limitAccountEmails } from '../../shared/accounts/account-emails';
import {
  changePassword,
  deleteAccount,
  getSettings,
  getTemplateDefaults,
  requestEmailChange,
  setTemplateDefaults,
  updateSettings,
  updateProfile,
} from './users.service';

const USER_NOT_FOUND = 'User not found.';

/**
 * The signed-in user's own account (docs/product/api.md#accounts). Every route needs a session
 * (the /api default); a user_id in the query or body that is not the session user's is refused
 * by the session plugin before these handlers run.
 */
export interface UsersRoutesOptions {
  /** RATE_LIMIT_AUTH_PER_MINUTE: password, e-mail and deletion attempts per client address. */
  attemptsPerMinute: number;
  /** RATE_LIMIT_ACCOUNT_EMAILS_PER_HOUR: confirmation links of new addresses per account. */
  accountEmailsPerHour: number;
}

const usersRoutes: FastifyPluginAsyncZod<UsersRoutesOptions> = async (app, options) => {
  const attempts = attemptsPerMinute(options.attemptsPerMinute);

  // The account's settings: the schedule of automatic reminders (docs/product/reminders.md#the-schedule).
  app.get(
    '/api/users/settings',
    { schema: { querystring: userIdQuerySchema, response: { 200: userSettingsResponseSchema } } },
    async (request) => {
      const session = requireSession(request);
      return { success: true as const, settings: await getSettings(app.db, session.userId) };
    },
  );

  app.put(
    '/api/users/settings',
    { schema: { body: userSettingsBodySchema, response: { 200: userSettingsResponseSchema } } },
    async (request) => {
      const session = requireSession(request);
      const settings = await updateSettings(app.db, session.userId, request.body);
      return { success: true as const, message: REMINDER_MESSAGES.saved, settings };
    },
  );

  // Settings > Invoice Templates: the template and accent colour of every invoice that names none.
  app.get(
    '/api/users/invoice-template',
    { schema: { querystring: userIdQuerySchema, response: { 200: templateDefaultsResponseSchema } } },
    async (request) => {
      const session = requireSession(request);
      return { success: true as const, defaults: await getTemplateDefaults(app.db, session.userId) };
    },
  );

  app.put(
    '/api/users/invoice-template',
    { schema: { body: templateDefaultsBodySchema, response: { 200: templateDefaultsResponseSchema } } },
    async (request) => {
      const session = requireSession(request);
      return { success: true as const, defaults: await setTemplateDefaults(app.db, session.userId, request.body) };
    },
  );

  app.get(
    '/api/users/:id',
    { schema: { params: idParamSchema, querystring: userIdQuerySchema, response: { 200: userResponseSchema } } },
    async (request) => {
      const session = requireSession(request);
      // Another user's id answers exactly like an id that does not exist.
      if (request.params.id.toLowerCase() !== session.userId) throw notFound(USER_NOT_FOUND);
      return { success: true as const, user: await getProfile(app.db, session.userId) };
    },
  );

  app.put(
    '/api/users/profile',
    { schema: { body: updateProfileBodySchema, response: { 200: updateProfileResponseSchema } } },
    async (request) => {
      const session = requireSession(request);
      const user = await updateProfile(app.db, session.userId, request.body);
      return { success: true as const, message: 'Profile updated successfully', user };
    },
  );

  app.put(
    '/api/users/password',
    {
      schema: { body: changePasswordBodySchema, response: { 200: okResponseSchema } },
      config: { rateLimit: attempts },
    },
    async (request) => {
      await changePassword(app.db, requireSession(request), request.body);
      return { success: true as const, message: 'Password updated successfully' };
    },
  );

  app.post(
    '/api/users/email',
    {
      schema: { body: changeEmailBodySchema, response: { 202: accountEmailSentResponseSchema } },
      config: { rateLimit: attempts },
    },
    async (request, reply) => {
      const { userId } = requireSession(request);
      const email = await requestEmailChange(app, userId, request.body, () =>
        limitAccountEmails(app.pool, reply, `change:${userId}`, options.accountEmailsPerHour),
      );
      return reply.code(202).send({ success: true as const, message: USER_MESSAGES.emailChangeSent(email) });
    },
  );

  app.delete(
    '/api/users/delete',
    { schema: { body: deleteAccountBodySchema, response: { 200: okResponseSchema } }, config: { rateLimit: attempts } },
    async (request, reply) => {
      await deleteAccount(app.db, requireSession(request), request.body);
      forgetSession(request, reply); // the rows went with the user; the cookie goes now
      return { success: true as const, message: 'Account deleted successfully' };
    },
  );
};

export default usersRoutes;
