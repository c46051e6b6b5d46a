import { idParamSchema, userIdQuerySchema } from '@invoicer/domain/api/common';
import {
  REMINDER_MESSAGES,
  invoiceRemindersBodySchema,
  invoiceRemindersResponseSchema,
} from '@invoicer/domain/api/reminders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSession } from '../../plugins/session';
import { queueInvoiceEmail } from '../../shared/invoice-email';
import {
  getInvoiceReminders,
  processInvoiceReminders,
  scanPass,
  setInvoiceRemindersPaused,
  type ProcessDeps,
} from './reminders.service';

declare module '../../plugins/jobs' {
  interface JobPayloads {
    /** One pass of the scheduler: every minute, at start-up, and again after a full batch. */
    'reminders.scan': Record<string, never>;
    /** What is due for one invoice: its reminder and its owner's overdue notice. */
    'reminders.process': { invoiceId: string };
  }
}

export interface RemindersRoutesOptions {
  /** REMINDERS_SCAN: this process looks for due reminders at start-up and every minute. */
  scan: boolean;
  /** REMINDERS_PER_ACCOUNT_PER_DAY. */
  perDay: number;
}

/**
 * Automatic reminders (docs/product/reminders.md, docs/decisions/0050-automatic-reminders.md): an invoice's
 * reminders and its "Pause reminders" (a session, the user's own invoice, else 404), and the scheduler's two jobs on
 * the one job queue (docs/decisions/0045-the-job-queue.md). The account's schedule is under /api/users/settings.
 */
const remindersRoutes: FastifyPluginAsyncZod<RemindersRoutesOptions> = async (app, { scan, perDay }) => {
  app.get(
    '/api/invoices/:id/reminders',
    {
      schema: {
        params: idParamSchema,
        querystring: userIdQuerySchema,
        response: { 200: invoiceRemindersResponseSchema },
      },
    },
    async (request) => {
      const { userId } = requireSession(request);
      const reminders = await getInvoiceReminders(app.db, userId, request.params.id.toLowerCase());
      return { success: true as const, reminders };
    },
  );

  app.put(
    '/api/invoices/:id/reminders',
    {
      schema: {
        params: idParamSchema,
        body: invoiceRemindersBodySchema,
        response: { 200: invoiceRemindersResponseSchema },
      },
    },
    async (request) => {
      const { userId } = requireSession(request);
      const reminders = await setInvoiceRemindersPaused(
        app.db,
        userId,
        request.params.id.toLowerCase(),
        request.body.paused,
      );
      return {
        success: true as const,
        message: request.body.paused ? REMINDER_MESSAGES.pausedNow : REMINDER_MESSAGES.resumedNow,
        reminders,
      };
    },
  );

  const deps: ProcessDeps = {
    perDay,
    async queueEmail(tx, email) {
      await queueInvoiceEmail(app, tx, {
        invoiceId: email.invoiceId,
        userId: email.userId,
        to: [email.to],
        ccMe: false,
        subject: email.subject,
        message: email.message,
        kind: 'reminder',
      });
    },
  };

  app.jobs.work('reminders.process', (job, tx) => processInvoiceReminders(tx, job.data.invoiceId, deps), {
    concurrency: 2,
    attempts: 5,
    retryDelaySeconds: 30,
  });

  app.jobs.work(
    'reminders.scan',
    async (_job, tx) => {
      const { claimed, queued } = await scanPass(tx, {
        queueInvoice: async (scanTx, invoiceId) => {
          await app.jobs.send('reminders.process', { invoiceId }, { tx: scanTx });
        },
        queueNextPass: async (scanTx) => {
          await app.jobs.send('reminders.scan', {}, { tx: scanTx });
        },
      });
      if (queued > 0) app.log.info({ claimed, queued }, 'reminders: invoices with something due queued');
    },
    { concurrency: 1, attempts: 3, retryDelaySeconds: 10 },
  );

  if (scan) {
    // At least once a minute, once across all processes; and at start-up, so a server that was down catches up now.
    app.jobs.schedule('reminders.scan', '* * * * *', {});
    app.addHook('onReady', async () => {
      await app.jobs
        .send('reminders.scan', {})
        .catch((error: unknown) => app.log.warn({ err: error }, 'reminders: the start-up pass was not queued'));
    });
  }
};

export default remindersRoutes;
