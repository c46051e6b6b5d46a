import { invoiceDocumentInputSchema } from '@invoicer/domain/invoice-document';
import { contentDisposition, pdfDownloadName } from '@invoicer/domain/invoice-number';
import { accentColorInputSchema, TEMPLATE_MESSAGES, TEMPLATE_NAMES } from '@invoicer/domain/invoice-templates';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../plugins/errors';
import { PageOutOfRangeError } from '../../pdf/render-preview-png';
import type { PdfPool, PdfRenderOptions } from '../../pdf/pdf-pool';
import { renderContext } from '../../pdf/render-client';
import { resolveLogo } from '../../shared/logos/resolve-logo';
import { readTemplateDefaults } from '../../shared/template-defaults';
import { EINVOICE_FORMAT_MESSAGE, EINVOICE_FORMATS } from '@invoicer/domain/einvoice/einvoice-formats';
import { InvoiceJson, readInvoiceJson } from '../../pdf/invoice-json';
import { sendEInvoice, type EInvoiceMaker } from '../../shared/einvoice-output';
import { templateThumbnail } from './template-preview';
import { deferLargeJsonBodies, readInvoice } from './large-bodies';

const thumbnailParams = z.object({ template: z.enum(TEMPLATE_NAMES, { error: TEMPLATE_MESSAGES.template }) });
const thumbnailQuery = z.object({ accent_color: accentColorInputSchema });

/** No format: the PDF; a format: the e-invoice XML (docs/decisions/0070-e-invoice-fields-and-outputs.md). */
const generateQuery = z.object({
  format: z.enum(EINVOICE_FORMATS, { error: EINVOICE_FORMAT_MESSAGE }).optional(),
});

const previewQuery = z.object({
  page: z.coerce
    .number({ error: 'Page must be a whole number from 1.' })
    .int({ error: 'Page must be a whole number from 1.' })
    .min(1, { error: 'Page must be a whole number from 1.' })
    .max(10_000, { error: 'Page must be a whole number from 1.' })
    .default(1),
});

/**
 * The product's core job, open to guests: an invoice as JSON in, a PDF or a page preview out.
 * Bodies above 64 KB are parsed and validated on a PDF thread, not on the event loop
 * (large-bodies.ts).
 */
const documentsRoutes: FastifyPluginAsyncZod<{ pdf: PdfPool; perMinute: number; einvoice: EInvoiceMaker }> = async (
  app,
  { pdf, perMinute, einvoice },
) => {
  const rateLimit = { max: perMinute, timeWindow: 60_000 };
  deferLargeJsonBodies(app);

  app.post(
    '/generate-invoice',
    { schema: { body: invoiceDocumentInputSchema, querystring: generateQuery }, config: { rateLimit } },
    async (request, reply) => {
      const { format } = request.query;
      if (format) {
        // An e-invoice needs the whole document; a body too large to validate here (above 64 KB) is read on
        // the event loop too, which the rules' own run (hundreds of ms, on their thread) dwarfs.
        const body = request.body as unknown;
        let document = request.body;
        if (body instanceof InvoiceJson) {
          const read = readInvoiceJson(body.bytes);
          if ('invalid' in read) throw badRequest(read.invalid.message, read.invalid.errors);
          document = read.document;
        }
        // Factur-X: the same PDF as without a format, the checked XML attached (ADR 71).
        const renderFacturX = async (xml: string) => {
          const context = await renderContext(request, reply);
          const logo = await resolveLogo(app.db, document.logo);
          const defaults = await accountTemplate(app, request);
          return pdf.render(document, { logo, ...defaults, ...context, facturx: { xml } });
        };
        return sendEInvoice(reply, einvoice, document, format, renderFacturX);
      }
      const context = await renderContext(request, reply);
      const document = await readInvoice(pdf, request.body, context);
      const logo = await resolveLogo(app.db, document.logo);
      const defaults = await accountTemplate(app, request);
      const bytes = await pdf.render(document, { logo, ...defaults, ...context });
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', contentDisposition(pdfDownloadName(document.to)))
        .header('Cache-Control', 'no-store')
        .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    },
  );

  app.post(
    '/preview-invoice',
    { schema: { body: invoiceDocumentInputSchema, querystring: previewQuery }, config: { rateLimit } },
    async (request, reply) => {
      const context = await renderContext(request, reply);
      const document = await readInvoice(pdf, request.body, context);
      const logo = await resolveLogo(app.db, document.logo);
      try {
        const defaults = await accountTemplate(app, request);
        const preview = await pdf.preview(document, { logo, page: request.query.page, ...defaults, ...context });
        return reply
          .header('Content-Type', 'image/png')
          .header('X-Page-Count', String(preview.pageCount))
          .header('X-Page', String(preview.page))
          .header('Access-Control-Expose-Headers', 'X-Page-Count, X-Page')
          .header('Cache-Control', 'no-store')
          .send(Buffer.from(preview.png.buffer, preview.png.byteOffset, preview.png.byteLength));
      } catch (error) {
        if (error instanceof PageOutOfRangeError) {
          throw badRequest((error as Error).message);
        }
        throw error;
      }
    },
  );

  // Settings > Invoice Templates: a sample invoice in a template and colour, cached (template-preview.ts).
  app.get(
    '/template-preview/:template',
    { schema: { params: thumbnailParams, querystring: thumbnailQuery }, config: { rateLimit } },
    async (request, reply) => {
      const { client } = await renderContext(request, reply);
      const png = await templateThumbnail(pdf, request.params.template, request.query.accent_color, { client });
      return reply
        .header('Content-Type', 'image/png')
        .header('Cache-Control', 'public, max-age=86400')
        .send(Buffer.from(png.buffer, png.byteOffset, png.byteLength));
    },
  );
};

/**
 * The signed-in user's template and accent colour, for an invoice whose body names none
 * (docs/decisions/0062-three-templates-and-the-accent-colour.md); a guest's, or when the database cannot
 * be read, the template's own: invoices sent in the body need no database.
 */
async function accountTemplate(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<Pick<PdfRenderOptions, 'template' | 'accentColor'>> {
  const session = request.session ?? (await request.loadSession().catch(() => null));
  if (!session) return {};
  const defaults = await readTemplateDefaults(app.db, session.userId).catch(() => null);
  return defaults ? { template: defaults.template, accentColor: defaults.accent_color } : {};
}

export default documentsRoutes;
