import { IMPORT_LIMITS, invoiceImportResponseSchema } from '@invoicer/domain/api/imports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSession } from '../../plugins/session';
import { acceptUploads, readUpload } from '../../shared/uploads';
import { importInvoices } from './invoices.import';

/**
 * POST /api/invoices/import (docs/product/api.md#post-apiinvoicesimport): an Invoify invoice or an Invoicer export,
 * as one multipart file. A plugin of its own, so the multipart parser serves this route and no other invoice route.
 */
export interface InvoiceImportRoutesOptions {
  /** Uploads per client address and minute (RATE_LIMIT_DOCUMENTS_PER_MINUTE). */
  perMinute: number;
}

const invoiceImportRoutes: FastifyPluginAsyncZod<InvoiceImportRoutesOptions> = async (app, { perMinute }) => {
  await acceptUploads(app, IMPORT_LIMITS.invoiceBytes);

  app.post(
    '/api/invoices/import',
    {
      schema: { response: { 200: invoiceImportResponseSchema, 201: invoiceImportResponseSchema } },
      config: { rateLimit: { max: perMinute, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const { userId } = requireSession(request);
      const upload = await readUpload(request, IMPORT_LIMITS.invoiceBytes);
      const result = await importInvoices(app.db, userId, upload.bytes);
      const wrote = result.imported.invoices + result.imported.clients + result.imported.businesses > 0;
      return reply.code(wrote ? 201 : 200).send({ success: true as const, ...result });
    },
  );
};

export default invoiceImportRoutes;
