import {
  accountExportResponseSchema,
  accountExportStartedResponseSchema,
  latestAccountExportResponseSchema,
} from '@invoicer/domain/api/account-export';
import { userIdQuerySchema } from '@invoicer/domain/api/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession } from '../../plugins/session';
import type { ExportSources } from './account-export.job';
import {
  getExport,
  getLatestExport,
  openDownload,
  recordFailure,
  runExport,
  startExport,
  sweepExports,
  type AccountExportPayload,
} from './account-export.service';

export interface AccountExportRoutesOptions {
  sources: ExportSources;
  /** RATE_LIMIT_DOCUMENTS_PER_MINUTE: starts and downloads per client address. */
  perMinute: number;
}

/** Any text: a malformed id answers 404 like an unknown one (the service checks it), not a 400. */
const exportIdParamsSchema = z.object({ id: z.string().max(100) });

/**
 * "Export my data" (docs/decisions/0053-account-export-storage-and-streaming.md): start, follow, download, and the
 * job and sweep on the one job queue. Every route needs a session; an export of another account answers 404.
 */
const accountExportRoutes: FastifyPluginAsyncZod<AccountExportRoutesOptions> = async (app, { sources, perMinute }) => {
  const rateLimit = { max: perMinute, timeWindow: 60_000 };

  app.post(
    '/api/users/export',
    {
      config: { rateLimit },
      schema: { querystring: userIdQuerySchema, response: { 202: accountExportStartedResponseSchema } },
    },
    async (request, reply) => {
      const { userId } = requireSession(request);
      const started = await startExport(app, userId);
      return reply.code(202).send({ success: true as const, id: started.id, status: started.status });
    },
  );

  app.get(
    '/api/users/export',
    { schema: { querystring: userIdQuerySchema, response: { 200: latestAccountExportResponseSchema } } },
    async (request) => {
      const { userId } = requireSession(request);
      return { success: true as const, export: await getLatestExport(app.db, userId) };
    },
  );

  app.get(
    '/api/users/export/:id',
    {
      schema: {
        params: exportIdParamsSchema,
        querystring: userIdQuerySchema,
        response: { 200: accountExportResponseSchema },
      },
    },
    async (request) => {
      const { userId } = requireSession(request);
      return { success: true as const, ...(await getExport(app.db, userId, request.params.id)) };
    },
  );

  app.get(
    '/api/users/export/:id/download',
    { config: { rateLimit }, schema: { params: exportIdParamsSchema, querystring: userIdQuerySchema } },
    async (request, reply) => {
      const { userId } = requireSession(request);
      const { fileName, size, stream } = await openDownload(app.db, userId, request.params.id);
      return reply
        .header('Content-Type', 'application/zip')
        .header('Content-Length', String(size))
        .header('Content-Disposition', `attachment; filename="${fileName}"`)
        .header('Cache-Control', 'private, no-store')
        .send(stream);
    },
  );

  app.jobs.work<'account-export.run'>('account-export.run', (job, tx) => runExport(app, sources, job, tx), {
    concurrency: 1,
    attempts: 3,
    retryDelaySeconds: 30,
    // A 20,000-invoice account takes about a minute on two threads; a run past this is taken as stuck.
    timeoutSeconds: 30 * 60,
    pollSeconds: 5,
    onFailure: (job, _error, db) => recordFailure(db, job as typeof job & { data: AccountExportPayload }),
  });

  app.jobs.work('account-export.sweep', async (_job, tx) => {
    const deleted = await sweepExports(tx);
    if (deleted > 0) app.log.info({ deleted }, 'account export: expired exports deleted');
  });
  app.jobs.schedule('account-export.sweep', '45 * * * *', {});
};

export default accountExportRoutes;
