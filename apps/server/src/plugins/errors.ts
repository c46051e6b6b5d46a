import { disallowedCharacterMessage, hasDisallowedCharacter } from '@invoicer/domain/api/common';
import type { Socket } from 'node:net';
import { toErrorEnvelope } from '@invoicer/domain/validation-error';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifySchemaCompiler } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodType } from 'zod';

/**
 * The one error envelope, `{ success: false, error, errors? }`, for every failure
 * (docs/product/api.md#the-error-envelope). Client mistakes are 4xx with a clear sentence; a database outage is 503;
 * nothing a client sends may produce a 5xx, so anything unexpected is logged in full and answered plainly.
 */

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: string[],
  ) {
    super(message);
  }
}

/**
 * Where a parsed body still holds a character no text may (U+0000, a lone surrogate: the domain's
 * hasDisallowedCharacter): the path of the first such string or key, '' for the value itself,
 * undefined when there is none. Every text schema refuses them itself, naming its field (the
 * domain's textSchema); this is the same rule and message once more at the edge, for a string
 * field a schema declares without that building block.
 */
function pathToDisallowed(value: unknown, path = '', depth = 0): string | undefined {
  if (typeof value === 'string') return hasDisallowedCharacter(value) ? path : undefined;
  if (depth > 16 || typeof value !== 'object' || value === null) return undefined;
  for (const [key, entry] of Object.entries(value)) {
    const at = Array.isArray(value) ? path : key;
    if (hasDisallowedCharacter(key)) return at;
    const found = pathToDisallowed(entry, at, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** last_name → "Last name"; the body itself → "The request". */
function fieldLabel(key: string): string {
  const words = key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replaceAll('_', ' ')
    .trim()
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : 'The request';
}

/**
 * Validates bodies, queries and params with their zod schemas and turns a failure into the
 * envelope through the domain's toErrorEnvelope, the one way a zod failure becomes a message.
 * Fastify passes an Error returned here straight to the error handler. Also run on the PDF
 * threads for request bodies too large to validate on the event loop (pdf/invoice-json.ts).
 */
export function validateWithSchema(
  schema: ZodType,
  data: unknown,
  httpPart: string | undefined,
): { value: unknown; error?: undefined } | { error: HttpError; value?: undefined } {
  const result = schema.safeParse(data);
  if (result.success) {
    const disallowed = httpPart === 'body' ? pathToDisallowed(result.data) : undefined;
    if (disallowed !== undefined) {
      const message = disallowedCharacterMessage(fieldLabel(disallowed));
      return { error: new HttpError(400, message, [message]) };
    }
    return { value: result.data };
  }
  const envelope = toErrorEnvelope(result.error);
  return { error: new HttpError(400, envelope.error, envelope.errors) };
}

export const zodValidatorCompiler: FastifySchemaCompiler<ZodType> =
  ({ schema, httpPart }) =>
  (data) =>
    validateWithSchema(schema, data, httpPart);

export const badRequest = (message: string, errors?: string[]) => new HttpError(400, message, errors);
export const notFound = (message = 'Not found') => new HttpError(404, message);

const DATABASE_UNAVAILABLE = 'The service is temporarily unavailable. Please try again in a moment.';

/**
 * Connection-level failures from pg: server down, restarting, or the pool unable to connect in time.
 * Drizzle wraps the driver's error (DrizzleQueryError, the original as `cause`), so causes are followed.
 */
function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  const e = error as { code?: string; message?: string; cause?: unknown } | null;
  if (!e) return false;
  if (depth < 3 && e.cause && isDatabaseUnavailable(e.cause, depth + 1)) return true;
  if (
    e.code &&
    [
      'ECONNREFUSED',
      'ECONNRESET',
      'ETIMEDOUT',
      'EPIPE',
      '57P01',
      '57P02',
      '57P03',
      '08006',
      '08001',
      '08003',
      '08004',
    ].includes(e.code)
  ) {
    return true;
  }
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/.test(
    e.message ?? '',
  );
}

const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large (at most 1 MB).',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type. Send JSON with Content-Type: application/json.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty. Send a JSON object.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The Content-Length header does not match the body.',
  FST_ERR_INVALID_MULTIPART_CONTENT_TYPE: 'Send the file as multipart/form-data.',
};

function send(reply: FastifyReply, statusCode: number, error: string, errors?: string[]) {
  return (
    reply
      .code(statusCode)
      .type('application/json; charset=utf-8')
      // `errors` whenever the failure has field messages, even one: the client and business modals put entries on fields.
      .send(errors && errors.length > 0 ? { success: false, error, errors } : { success: false, error })
  );
}

/**
 * Errors Fastify's router answers before any route or hook runs (a path parameter that is not
 * valid percent-encoding, or longer than the router allows): without this they would go out
 * as Fastify's own JSON, not our envelope. Passed as the `frameworkErrors` server option.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return send(reply, 414, 'The address is too long.');
  if (error.code === 'FST_ERR_BAD_URL') return send(reply, 400, 'The address is not valid.');
  return send(
    reply,
    error.statusCode && error.statusCode < 500 ? error.statusCode : 400,
    'The request could not be read.',
  );
}

/**
 * Connection-level errors Node's HTTP server reports before any request exists: a request that
 * did not arrive in full within requestTimeout / headersTimeout (408), headers over the size
 * limit (431), bytes that are not HTTP (400). Answered with the envelope, then the socket is
 * closed. Passed as the `clientErrorHandler` server option.
 */
export function clientErrors(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'Request Timeout', 'The request took too long to arrive. Please try again.']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', 'The request headers are too large.']
        : [400, 'Bad Request', 'The request could not be read.'];
  const body = JSON.stringify({ success: false, error: message });
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  // end() sends the answer and closes our side at once; destroying right after a write instead
  // left the client unaware until its next write (a slow client: up to its next byte, seconds).
  // A client that does not read its answer is cut off a second later all the same.
  const closing = setTimeout(() => socket.destroy(), 1_000);
  closing.unref();
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    () => {
      clearTimeout(closing);
      socket.destroy();
    },
  );
}

export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      if (error instanceof HttpError) return send(reply, error.statusCode, error.message, error.errors);
      if (isDatabaseUnavailable(error)) {
        request.log.warn({ err: error }, 'database unavailable');
        return send(reply.header('Retry-After', '5'), 503, DATABASE_UNAVAILABLE);
      }
      const known = error.code ? FRAMEWORK_MESSAGES[error.code] : undefined;
      if (known) return send(reply, 400, known); // the contract answers 400 for every malformed body
      if (error instanceof SyntaxError || error.code?.startsWith('FST_ERR_CTP')) {
        return send(reply, 400, 'The request body could not be read.');
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) return send(reply, status, error.message);
      request.log.error({ err: error }, 'unhandled error');
      return send(reply, 500, 'Unexpected error occurred');
    });
  },
  { name: 'errors' },
);

export { isDatabaseUnavailable };
