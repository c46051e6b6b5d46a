/**
 * What the latency benchmarks share (bench/public.bench.ts, bench/mail.bench.ts): keep-alive HTTP
 * loops against the production server that time each request to its last byte with
 * performance.now() (sub-millisecond: autocannon's histogram counts whole milliseconds, too coarse
 * for GET /api/health), percentiles, and a throwaway database for one run.
 */
import http from 'node:http';
import os from 'node:os';
import pg from 'pg';
import { runMigrations } from '../src/db/migrate';
import { benchPostgres, withDatabase } from './bench-support';

export interface Answer {
  status: number;
  body: string;
  headers: http.IncomingHttpHeaders;
}

export interface Target {
  method?: string;
  path: string;
  cookie?: string | null;
  body?: string | null;
}

/** A client of one server: `connections` keep-alive sockets at most. */
export function httpClient(port: number, connections: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const send = ({ method = 'GET', path: url, cookie = null, body = null }: Target) =>
    new Promise<Answer>((resolve, reject) => {
      const headers: Record<string, string> = {};
      if (cookie) headers.cookie = cookie;
      if (body !== null) {
        headers['content-type'] = 'application/json';
        headers['content-length'] = String(Buffer.byteLength(body));
      }
      const request = http.request({ host: '127.0.0.1', port, method, path: url, agent, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            headers: response.headers,
          }),
        );
        response.on('error', reject);
      });
      request.setTimeout(30_000, () => request.destroy(new Error('no answer in 30 s')));
      request.on('error', reject);
      request.end(body ?? undefined);
    });
  return { send, close: () => agent.destroy() };
}

export interface Sample {
  /** Latencies in ms of the 2xx answers. */
  latencies: number[];
  /** Answers that were not 2xx, and socket errors, by status or code. */
  errors: Map<string, number>;
  seconds: number;
}

/**
 * `connections` loops, each sending `next()` one request after the other for `seconds`; every
 * answer is timed from the request's start to its last byte.
 */
export async function measure(
  client: ReturnType<typeof httpClient>,
  connections: number,
  seconds: number,
  next: (connection: number) => Target,
  onOk: (answer: Answer) => void = () => undefined,
): Promise<Sample> {
  const sample: Sample = { latencies: [], errors: new Map(), seconds };
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  const fail = (key: string) => sample.errors.set(key, (sample.errors.get(key) ?? 0) + 1);
  await Promise.all(
    Array.from({ length: connections }, async (_, connection) => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        try {
          const answer = await client.send(next(connection));
          const ms = performance.now() - t0;
          if (answer.status >= 200 && answer.status < 300) {
            sample.latencies.push(ms);
            onOk(answer);
          } else fail(`${answer.status} ${answer.body.slice(0, 120)}`);
        } catch (error) {
          fail((error as NodeJS.ErrnoException).code ?? String(error));
        }
      }
    }),
  );
  sample.seconds = (performance.now() - started) / 1000;
  return sample;
}

/** Joins samples of one case (taken in several rounds). */
export function merge(samples: Sample[]): Sample {
  const errors = new Map<string, number>();
  for (const sample of samples) for (const [key, n] of sample.errors) errors.set(key, (errors.get(key) ?? 0) + n);
  return {
    latencies: samples.flatMap((sample) => sample.latencies),
    errors,
    seconds: samples.reduce((sum, sample) => sum + sample.seconds, 0),
  };
}

export interface Percentiles {
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  max: number;
}

export function percentiles(sample: Sample): Percentiles {
  const sorted = Float64Array.from(sample.latencies).sort();
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;
  return {
    requests: sorted.length,
    perSecond: sorted.length / sample.seconds,
    p50: at(0.5),
    p99: at(0.99),
    max: sorted.at(-1) ?? 0,
  };
}

export const errorCount = (sample: Sample) => [...sample.errors.values()].reduce((sum, n) => sum + n, 0);

export const ms = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(1));

export const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');

export interface ScratchDatabase {
  databaseUrl: string;
  version: string;
  close(): Promise<void>;
}

/**
 * An empty database `name`, migrated as the server does: on BENCH_DATABASE_URL or
 * TEST_DATABASE_URL (created there, dropped at the end), else on an embedded PostgreSQL in a temp dir.
 */
export async function scratchDatabase(name: string, log: (message: string) => void): Promise<ScratchDatabase> {
  const { adminUrl, stop } = await benchPostgres(name, log);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const close = async () => {
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
    await admin.end();
    await stop();
  };
  try {
    const version = (await admin.query<{ server_version: string }>('show server_version')).rows[0]!.server_version;
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    const databaseUrl = withDatabase(adminUrl, name);
    await runMigrations(databaseUrl);
    return { databaseUrl, version, close };
  } catch (error) {
    await close();
    throw error;
  }
}
