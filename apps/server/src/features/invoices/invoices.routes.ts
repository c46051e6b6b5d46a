import { ACTIVITY_LIST_MAX, activityListResponseSchema } from '@invoicer/domain/api/activity';
import { idParamSchema, userIdQuerySchema } from '@invoicer/domain/api/common';
import {
  INVOICE_MESSAGES,
  idempotencyKeySchema,
  bulkDownloadBodySchema,
  editDataResponseSchema,
  invoiceDeleteResponseSchema,
  invoiceDetailQuerySchema,
  invoiceListQuerySchema,
  invoiceListResponseSchema,
  invoiceResponseSchema,
  invoiceStatusBodySchema,
  invoiceStatusResponseSchema,
  nextInvoiceNumberResponseSchema,
  savedInvoiceBodySchema,
  savedInvoiceResponseSchema,
} from '@invoicer/domain/api/invoices';
import { contentDisposition, invoiceFileName } from '@invoicer/domain/invoice-number';
import { statusLabel } from '@invoicer/domain/status';
import { EINVOICE_FORMAT_MESSAGE, EINVOICE_FORMATS } from '@invoicer/domain/einvoice/einvoice-formats';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendEInvoice, type EInvoiceMaker } from '../../shared/einvoice-output';
import { badRequest, notFound } from '../../plugins/errors';
import { requireSession } from '../../plugins/session';
import type { PdfPool } from '../../pdf/pdf-pool';
import { renderContext } from '../../pdf/render-client';
import { findInvoiceHeads } from './invoices.queries';
import { renderStoredInvoice, uniqueFileNames, zipStream, type ZipEntry } from './invoices.download';
import {
  createInvoice,
  getActivity,
  getEditData,
  getInvoice,
  getInvoiceDocument,
  getInvoicePdfSource,
  getNextInvoiceNumber,
  listUserInvoices,
  matchingInvoiceIds,
  removeInvoice,
  replaceInvoice,
  setInvoiceStatus,
} from './invoices.service';

/** The optional Idempotency-Key header of a save (ADR 12); a malformed one is refused, never ignored. */
function idempotencyKey(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  const parsed = idempotencyKeySchema.safeParse(Array.isArray(header) ? header.join(',') : header);
  if (!parsed.success) throw badRequest(INVOICE_MESSAGES.idempotencyKeyInvalid);
  return parsed.data;
}

/**
 * Saved invoices (docs/product/api.md#saved-invoices). Every route needs a session (the /api default); a
 * user_id in the query or body that is not the session user's is refused (403) before these run,
 * and another user's invoice answers 404 like one that does not exist.
 */
/** GET /api/invoices/{id}/einvoice?format=… (docs/decisions/0070-e-invoice-fields-and-outputs.md). */
const einvoiceQuerySchema = userIdQuerySchema.extend({
  format: z.enum(EINVOICE_FORMATS, { error: EINVOICE_FORMAT_MESSAGE }),
});

const invoicesRoutes: FastifyPluginAsyncZod<{ pdf: PdfPool; perMinute: number; einvoice: EInvoiceMaker }> = async (
  app,
  { pdf, perMinute, einvoice },
) => {
  const rateLimit = { max: perMinute, timeWindow: 60_000 };

  app.get(
    '/api/invoices',
    { schema: { querystring: invoiceListQuerySchema, response: { 200: invoiceListResponseSchema } } },
    async (request) => {
      const { userId } = requireSession(request);
      const { invoices, pagination } = await listUserInvoices(app.db, userId, request.query);
      return { success: true as const, invoices, pagination };
    },
  );

  // Static paths before /:id (find-my-way prefers them anyway; this keeps the intent visible).
  app.get(
    '/api/invoices/next-number',
    { schema: { querystring: userIdQuerySchema, response: { 200: nextInvoiceNumberResponseSchema } } },
    async (request) => {
      const { userId } = requireSession(request);
      return { success: true as const, invoice_number: await getNextInvoiceNumber(app.db, userId) };
    },
  );

  app.post(
    '/api/invoices/download',
    { schema: { body: bulkDownloadBodySchema }, config: { rateLimit } },
    async (request, reply) => {
      const { userId } = requireSession(request);
      const { invoice_ids: chosen, all_matching: matching } = request.body;
      const ids = matching ? await matchingInvoiceIds(app.db, userId, matching) : (chosen ?? []);
      const heads = await findInvoiceHeads(app.db, userId, ids);
      // All or nothing: one unknown or foreign id and no byte of any invoice is sent.
      if (heads.length !== ids.length) throw notFound(INVOICE_MESSAGES.notFound);
      const byId = new Map(heads.map((head) => [head.id, head]));
      const ordered = ids.map((id) => byId.get(id)!);
      const names = uniqueFileNames(
        ordered.map((head) => ({ invoiceNumber: head.invoiceNumber, issuedDate: head.issuedDate })),
      );
      // Every PDF of the archive is one task of this user's in the engine's fair queue, and reads its
      // invoice only when it is about to render (an invoice deleted meanwhile ends the archive early).
      const context = await renderContext(request, reply);
      const entries: ZipEntry[] = ordered.map((head, index) => ({
        name: names[index]!,
        mtime: head.updatedAt,
        render: async () =>
          renderStoredInvoice(app.db, pdf, await getInvoicePdfSource(app.db, userId, head.id), context),
      }));
      const today = new Date().toISOString().slice(0, 10);
      return reply
        .header('Content-Type', 'application/zip')
        .header('Content-Disposition', contentDisposition(`invoices_${today}.zip`))
        .header('Cache-Control', 'no-store')
        .send(zipStream(entries, Math.min(8, pdf.threads * 2)));
    },
  );

  app.post(
    '/api/invoices',
    { schema: { body: savedInvoiceBodySchema, response: { 201: savedInvoiceResponseSchema } } },
    async (request, reply) => {
      const { userId } = requireSession(request);
      const { invoice, replayed } = await createInvoice(
        app.db,
        userId,
        request.body,
        idempotencyKey(request.headers['idempotency-key']),
      );
      if (replayed) reply.header('Idempotent-Replayed', 'true');
      return reply.code(201).send({
        success: true as const,
        message: 'Invoice saved successfully',
        id: invoice.id,
        invoice_id: invoice.id,
        invoice,
      });
    },
  );

  app.get(
    '/api/invoices/:id',
    {
      schema: {
        params: idParamSchema,
        querystring: invoiceDetailQuerySchema,
        response: { 200: invoiceResponseSchema },
      },
    },
    async (request) => {
      const { userId } = requireSession(request);
      const { include_client: client, include_business: business } = request.query;
      const invoice = await getInvoice(app.db, userId, request.params.id.toLowerCase(), { client, business });
      return { success: true as const, invoice };
    },
  );

  app.put(
    '/api/invoices/:id',
    { schema: { params: idParamSchema, body: savedInvoiceBodySchema, response: { 200: savedInvoiceResponseSchema } } },
    async (request) => {
      const { userId } = requireSession(request);
      const invoice = await replaceInvoice(app.db, userId, request.params.id.toLowerCase(), request.body);
      return {
        success: true as const,
        message: 'Invoice updated successfully',
        id: invoice.id,
        invoice_id: invoice.id,
        invoice,
      };
    },
  );

  app.delete(
    '/api/invoices/:id',
    {
      schema: { params: idParamSchema, querystring: userIdQuerySchema, response: { 200: invoiceDeleteResponseSchema } },
    },
    async (request) => {
      const { userId } = requireSession(request);
      await removeInvoice(app.db, userId, request.params.id.toLowerCase());
      return { success: true as const, message: 'Invoice deleted successfully' };
    },
  );

  app.get(
    '/api/invoices/:id/edit',
    { schema: { params: idParamSchema, querystring: userIdQuerySchema, response: { 200: editDataResponseSchema } } },
    async (request) => {
      const { userId } = requireSession(request);
      return { success: true as const, editData: await getEditData(app.db, userId, request.params.id.toLowerCase()) };
    },
  );

  app.put(
    '/api/invoices/:id/status',
    {
      schema: { params: idParamSchema, body: invoiceStatusBodySchema, response: { 200: invoiceStatusResponseSchema } },
    },
    async (request) => {
      const { userId } = requireSession(request);
      const invoice = await setInvoiceStatus(app.db, userId, request.params.id.toLowerCase(), request.body.status);
      return {
        success: true as const,
        message: `Invoice status updated to ${statusLabel(request.body.status)}`,
        invoice,
      };
    },
  );

  app.get(
    '/api/invoices/:id/activity',
    {
      schema: { params: idParamSchema, querystring: userIdQuerySchema, response: { 200: activityListResponseSchema } },
    },
    async (request) => {
      const { userId } = requireSession(request);
      const activity = await getActivity(app.db, userId, request.params.id.toLowerCase(), ACTIVITY_LIST_MAX);
      return { success: true as const, activity };
    },
  );

  // The saved invoice as an e-invoice, checked by the official rules before it is answered.
  app.get(
    '/api/invoices/:id/einvoice',
    { schema: { params: idParamSchema, querystring: einvoiceQuerySchema }, config: { rateLimit } },
    async (request, reply) => {
      const { userId } = requireSession(request);
      const id = request.params.id.toLowerCase();
      const document = await getInvoiceDocument(app.db, userId, id);
      // Factur-X: the saved invoice's PDF as GET …/pdf renders it, the checked XML attached (ADR 71), without the
      // payments received: the XML states no amount paid, so the PDF's amount due stays its total too.
      const renderFacturX = async (xml: string) => {
        const source = await getInvoicePdfSource(app.db, userId, id);
        const context = await renderContext(request, reply);
        return renderStoredInvoice(app.db, pdf, source, { ...context, paid: null, facturx: { xml } });
      };
      return sendEInvoice(reply, einvoice, document, request.query.format, renderFacturX);
    },
  );

  app.get(
    '/api/invoices/:id/pdf',
    { schema: { params: idParamSchema, querystring: userIdQuerySchema }, config: { rateLimit } },
    async (request, reply) => {
      const { userId } = requireSession(request);
      const source = await getInvoicePdfSource(app.db, userId, request.params.id.toLowerCase());
      const bytes = await renderStoredInvoice(app.db, pdf, source, await renderContext(request, reply));
      const { document } = source;
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', contentDisposition(invoiceFileName(document.invoiceNumber, document.issuedDate)))
        .header('Cache-Control', 'no-store')
        .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    },
  );
};

export default invoicesRoutes;
