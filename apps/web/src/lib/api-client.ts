/**
 * The one fetch wrapper of the web app: same-origin requests with the session cookie, JSON in
 * and out, answers read with the domain's schema of the call (packages/domain/src/api), and
 * every failure an ApiError: a refusal with the server's own sentence when it sent one, or an
 * answer that is not the one the contract describes.
 */
export class ApiError extends Error {
  constructor(
    /** The HTTP status of the answer. */
    readonly status: number,
    /** The server's own sentence (`error` of the envelope), or null when the answer carried none. */
    readonly serverMessage: string | null,
    /** The envelope's field messages, when it had any. */
    readonly errors: readonly string[] = [],
    options?: ErrorOptions,
    /**
     * The envelope's problems placed on fields (`{ field, message }`, field a contract path or null), as an
     * e-invoice check answers them (422; docs/decisions/0070-e-invoice-fields-and-outputs.md).
     */
    readonly problems: readonly FieldProblem[] = [],
  ) {
    super(serverMessage ?? `The server answered ${status}`, options);
    this.name = 'ApiError';
  }
}

/** One problem of an error envelope on the field it belongs to (null: no field is to blame). */
export interface FieldProblem {
  field: string | null;
  message: string;
}

/**
 * A successful status whose body is not the answer of the call: unreadable, `success: false`, or
 * refused by the domain's schema. The server did answer, so the outcome of a write is known.
 */
export class UnexpectedAnswerError extends ApiError {
  constructor(status: number, serverMessage: string | null, options?: ErrorOptions) {
    super(status, serverMessage, [], options);
    this.name = 'UnexpectedAnswerError';
  }
}

/**
 * The server's sentence for a failed call, else the page's own
 * (docs/product/messages-and-limits.md#how-a-message-reaches-the-user).
 */
export function failureMessage(error: unknown, fallback: string): string {
  return (error instanceof ApiError && error.serverMessage) || fallback;
}

/** fetch() rejects with a TypeError when no answer arrived at all (offline, connection refused). */
export function isNetworkError(error: unknown): boolean {
  return error instanceof TypeError;
}

/** What the wrapper needs of a schema: zod's safeParse (kept structural, so this module loads no zod). */
export interface AnswerSchema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false; error: unknown };
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestOptions {
  method?: Method;
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers (an invoice save's Idempotency-Key). */
  headers?: Record<string, string>;
}

export interface JsonRequestOptions<T> extends RequestOptions {
  /**
   * The domain's schema of the answer, or a promise of it: pages that keep zod out of their first
   * load import the schema module lazily, and the request does not wait for it.
   */
  schema: AnswerSchema<T> | Promise<AnswerSchema<T>>;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : null);

async function send(path: string, { method = 'GET', body, signal, headers }: RequestOptions): Promise<Response> {
  const init: RequestInit = {
    method,
    credentials: 'same-origin',
    headers: { Accept: 'application/json', ...headers },
  };
  if (signal) init.signal = signal;
  if (body instanceof FormData) {
    init.body = body; // multipart (logo upload): the browser writes the Content-Type with its boundary
  } else if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { ...init.headers, 'Content-Type': 'application/json' };
  }
  const response = await fetch(path, init);
  if (!response.ok) throw await toApiError(response);
  return response;
}

/** A refusal: the envelope `{ success: false, error, errors? }` when the body is one, else the status alone. */
async function toApiError(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON (a proxy's page, an empty body): the status is all there is.
  }
  const envelope = isRecord(body) ? body : {};
  const entries: unknown[] = Array.isArray(envelope.errors) ? envelope.errors : [];
  const errors = entries.filter((entry) => typeof entry === 'string');
  const problems = entries.flatMap((entry): FieldProblem[] =>
    isRecord(entry) && text(entry.message) && (entry.field === null || typeof entry.field === 'string')
      ? [{ field: entry.field === null ? null : entry.field.trim() || null, message: entry.message as string }]
      : [],
  );
  return new ApiError(response.status, text(envelope.error) ?? text(envelope.message), errors, undefined, problems);
}

/** A JSON call whose answer is read with the domain's schema of that call. */
export async function apiJson<T>(path: string, { schema, ...options }: JsonRequestOptions<T>): Promise<T> {
  const [response, answerSchema] = await Promise.all([send(path, options), schema]);
  let body: unknown;
  try {
    body = await response.json();
  } catch (cause) {
    throw new UnexpectedAnswerError(response.status, null, { cause });
  }
  if (isRecord(body) && body.success === false) {
    throw new UnexpectedAnswerError(response.status, text(body.error) ?? text(body.message));
  }
  const parsed = answerSchema.safeParse(body);
  if (!parsed.success) throw new UnexpectedAnswerError(response.status, null, { cause: parsed.error });
  return parsed.data;
}

/**
 * The session probe's answer, read without a schema: every page waits for it before rendering,
 * and its schema would bring zod into the first load of every page (docs/benchmarks.md budgets).
 * The only call read this way.
 */
export async function apiJsonUnchecked<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(path, options);
  return (await response.json()) as T;
}

export async function apiBlob(path: string, options: RequestOptions = {}): Promise<{ blob: Blob; headers: Headers }> {
  const response = await send(path, options);
  return { blob: await response.blob(), headers: response.headers };
}

/** The raw response of a successful call, for bodies read as a stream (a ZIP whose progress is shown). */
export function apiResponse(path: string, options: RequestOptions = {}): Promise<Response> {
  return send(path, options);
}
