import { idParamSchema } from '@invoicer/domain/api/common';
import {
  PUBLIC_LINK_MESSAGES,
  publicInvoicePath,
  publicInvoiceResponseSchema,
  publicTokenParamSchema,
  shareBodySchema,
  shareDeleteResponseSchema,
  shareResponseSchema,
  shareStateResponseSchema,
} from '@invoicer/domain/api/public-links';
import { contentDisposition, invoiceFileName } from '@invoicer/domain/invoice-number';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PdfPool } from '../../pdf/pdf-pool';
import { renderContext } from '../../pdf/render-client';
import { requireSession, sessionIdHashOf } from '../../plugins/session';
import { countedAfterReply } from '../../plugins/rate-limit';
import { mergeLinkViews, type LinkState, type LinkViews } from '../../shared/public-links';
import { renderStoredInvoice } from './invoices.download';
import {
  countViews,
  getPublicLink,
  linkedInvoicePdfSource,
  openLinkedInvoice,
  sharePublicLink,
  toPublicInvoice,
  turnOffPublicLink,
} from './invoices.links';
import { storedInvoicePaymentQr } from './invoices.payment-qr';

export interface InvoiceLinksRoutesOptions {
  pdf: PdfPool;
  /** PUBLIC_URL: the origin of the links; unset, the origin the owner's request came to. */
  publicUrl?: string | undefined;
  /** Opened links (the JSON) per minute per client address. */
  viewsPerMinute: number;
  /** PDFs of links per minute per client address (the documents limit). */
  documentsPerMinute: number;
}

/**
 * Headers of every public answer, errors included: search engines must not index an invoice whose link leaked
 * into a page, and no cache may keep one (the link can be turned off; a view must reach the server to count).
 * The Content-Security-Policy and the rest are the security plugin's, as on every answer.
 */
async function publicHeaders(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header('X-Robots-Tag', 'noindex, nofollow').header('Cache-Control', 'no-store');
}

/**
 * Public invoice links (docs/product/api.md#public-invoice-links): the owner's calls under
 * /api/invoices/{id}/share (a session, their own invoice, else 404) and the recipient's under
 * /api/public/invoices/{token} (no session; rate limited per client address; any token that does not lead to
 * an invoice answers the same 404).
 */
const invoiceLinksRoutes: FastifyPluginAsyncZod<InvoiceLinksRoutesOptions> = async (
  app,
  { pdf, publicUrl, viewsPerMinute, documentsPerMinute },
) => {
  const linkKey = () => app.serverSecret('public-links');
  const fixedOrigin = publicUrl ? new URL(publicUrl).origin : null;
  const toLink = (request: FastifyRequest, link: LinkState) => ({
    url: `${fixedOrigin ?? `${request.protocol}://${request.host}`}${publicInvoicePath(link.token)}`,
    token: link.token,
    created_at: link.createdAt.toISOString(),
  });

  // Views are counted after the answer, by a job (docs/decisions/0051-public-views-off-the-request-path.md): the
  // answer waits for one lookup and nothing else. An invoice's views become at most one job a second per process.
  // A retry (a failed count) is found within 5 s of coming due, not the default 30.
  app.jobs.work('invoice-links.views', (job, tx) => countViews(tx, job.data), { pollSeconds: 5 });
  const views = app.jobs.merging('invoice-links.views', {
    key: (batch) => batch.invoiceId,
    merge: mergeLinkViews,
    everyMs: 1_000,
  });
  const viewsToCount = new WeakMap<FastifyRequest, LinkViews>();

  // The recipient's calls first: the fuzz suite walks routes in this order, and reaches them before it has
  // replaced or turned off the links it opens.
  app.get(
    '/api/public/invoices/:token',
    {
      schema: { params: publicTokenParamSchema, response: { 200: publicInvoiceResponseSchema } },
      config: { auth: 'public', rateLimit: countedAfterReply({ max: viewsPerMinute, timeWindow: 60_000 }) },
      onRequest: publicHeaders,
      onResponse: async (request) => {
        const batch = viewsToCount.get(request);
        if (batch) views.add(batch);
      },
    },
    async (request) => {
      const { token } = request.params;
      const row = await openLinkedInvoice(app.db, token, sessionIdHashOf(request));
      // A HEAD is not someone looking. The owner opening their own link is not a view either (their session is
      // looked up in the same statement as the invoice).
      if (request.method === 'GET' && !row.byOwner) {
        const at = new Date().toISOString();
        viewsToCount.set(request, { invoiceId: row.id, views: 1, firstAt: at, lastAt: at });
      }
      // Only a EUR invoice from a business can carry a SEPA code: the others never pay for its lookup.
      const paymentQr = await storedInvoicePaymentQr(app.db, row);
      return { success: true as const, invoice: toPublicInvoice(row, token, paymentQr) };
    },
  );

  app.get(
    '/api/public/invoices/:token/pdf',
    {
      schema: { params: publicTokenParamSchema },
      config: { auth: 'public', rateLimit: { max: documentsPerMinute, timeWindow: 60_000 } },
      onRequest: publicHeaders,
    },
    async (request, reply) => {
      // The PDF is reached from the page, whose opening was the view.
      const source = await linkedInvoicePdfSource(app.db, request.params.token);
      // The engine's fair queue counts the render as this client's (renderContext), like a guest's download.
      const bytes = await renderStoredInvoice(app.db, pdf, source, await renderContext(request, reply));
      const { document } = source;
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', contentDisposition(invoiceFileName(document.invoiceNumber, document.issuedDate)))
        .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    },
  );

  app.get(
    '/api/invoices/:id/share',
    { schema: { params: idParamSchema, response: { 200: shareStateResponseSchema } } },
    async (request) => {
      const { userId } = requireSession(request);
      const link = await getPublicLink(app.db, await linkKey(), userId, request.params.id.toLowerCase());
      return { success: true as const, link: link && toLink(request, link) };
    },
  );

  app.post(
    '/api/invoices/:id/share',
    {
      schema: {
        params: idParamSchema,
        body: shareBodySchema,
        response: { 200: shareResponseSchema, 201: shareResponseSchema },
      },
    },
    async (request, reply) => {
      const { userId } = requireSession(request);
      const id = request.params.id.toLowerCase();
      const link = await sharePublicLink(app.db, await linkKey(), userId, id, request.body.replace);
      return reply.code(link.created ? 201 : 200).send({ success: true as const, ...toLink(request, link) });
    },
  );

  app.delete(
    '/api/invoices/:id/share',
    { schema: { params: idParamSchema, response: { 200: shareDeleteResponseSchema } } },
    async (request) => {
      const { userId } = requireSession(request);
      await turnOffPublicLink(app.db, userId, request.params.id.toLowerCase());
      return { success: true as const, message: PUBLIC_LINK_MESSAGES.turnedOff };
    },
  );
};

export default invoiceLinksRoutes;

declare module '../../plugins/jobs' {
  interface JobPayloads {
    'invoice-links.views': LinkViews;
  }
}
