/**
 * The one fetch wrapper of the web app: same-origin requests with the session cookie, JSON in
 * and out, and the server's `{ success: false, error }` envelope turned into an ApiError whose
 * message is the server's sentence.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: string[] = [],
  ) {
    super(message);
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestOptions {
  method?: Method;
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers (an invoice save's Idempotency-Key). */
  headers?: Record<string, string>;
}

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

async function toApiError(response: Response): Promise<ApiError> {
  try {
    const body = (await response.json()) as { error?: string; message?: string; errors?: string[] };
    return new ApiError(response.status, body.error ?? body.message ?? `FAIL: ${response.status}`, body.errors ?? []);
  } catch {
    return new ApiError(response.status, `FAIL: ${response.status}`);
  }
}

export async function apiJson<T>(path: string, options: RequestOptions = {}): Promise<T> {
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
