import type { InvoiceDocument } from '@invoicer/domain/invoice-document';
import type { FastifyInstance } from 'fastify';
import type { ZodType } from 'zod';
import { InvoiceJson, LARGE_BODY_BYTES, type InspectedInvoice } from '../../pdf/invoice-json';
import type { PdfPool, PdfRenderOptions } from '../../pdf/pdf-pool';
import { zodValidatorCompiler } from '../../plugins/errors';

/**
 * In the routes of the plugin this is called in, a JSON body above LARGE_BODY_BYTES is not parsed
 * on the event loop: it reaches the handler as InvoiceJson, its bytes, for a PDF thread to parse
 * and validate (readInvoice). Smaller bodies are parsed and validated here, as everywhere else.
 * The answers are the same either way: Fastify's JSON parser and messages, the route's schema.
 */
export function deferLargeJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const bytes = body as Buffer;
    if (bytes.byteLength > LARGE_BODY_BYTES) return done(null, new InvoiceJson(bytes));
    parseJson(request, bytes.toString('utf8'), done);
  });
  app.setValidatorCompiler<ZodType>((route) => {
    const validate = zodValidatorCompiler(route);
    return (data) => (data instanceof InvoiceJson ? { value: data } : validate(data));
  });
}

/** The invoice of a body: parsed already, or read on a PDF thread (a 400 with the schema's messages when invalid). */
export async function readInvoice(
  pdf: PdfPool,
  body: InvoiceDocument | InvoiceJson,
  context: PdfRenderOptions,
): Promise<InvoiceDocument | InspectedInvoice> {
  return body instanceof InvoiceJson ? pdf.inspect(body, context) : body;
}
