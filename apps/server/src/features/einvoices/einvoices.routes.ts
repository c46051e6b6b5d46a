import { EINVOICE_UPLOAD_MAX_BYTES, readEInvoiceResponseSchema } from '@invoicer/domain/api/einvoices';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acceptUploads, readUpload } from '../../shared/uploads';
import { closeEInvoiceValidation } from './einvoice-validation';
import { readReceivedEInvoice } from './einvoices.service';

export interface EInvoicesRoutesOptions {
  /** Uploads per client address and minute (RATE_LIMIT_DOCUMENTS_PER_MINUTE, the documents routes' family). */
  perMinute: number;
}

/**
 * POST /api/einvoices/read (issue 17): a received e-invoice, CII or UBL XML or a Factur-X / ZUGFeRD PDF, as one
 * multipart file in the field `file`; answers its data and the EN 16931 rules' verdict. Open to guests, like
 * /generate-invoice: it reads what it is sent and stores nothing. A plugin of its own, so the multipart parser
 * serves this route only.
 */
const einvoicesRoutes: FastifyPluginAsyncZod<EInvoicesRoutesOptions> = async (app, { perMinute }) => {
  await acceptUploads(app, EINVOICE_UPLOAD_MAX_BYTES);
  // The rules' thread starts on the first upload and must not outlive the server.
  app.addHook('onClose', () => closeEInvoiceValidation());

  app.post(
    '/api/einvoices/read',
    {
      schema: { response: { 200: readEInvoiceResponseSchema } },
      config: { auth: 'optional', rateLimit: { max: perMinute, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const upload = await readUpload(request, EINVOICE_UPLOAD_MAX_BYTES, { guests: true });
      return reply.header('Cache-Control', 'no-store').send(await readReceivedEInvoice(upload.bytes));
    },
  );
};

export default einvoicesRoutes;
