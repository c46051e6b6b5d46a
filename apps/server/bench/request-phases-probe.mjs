/**
 * Loaded into the server by `npm run bench:http-pdf` only (`node --import bench/request-phases-probe.mjs
 * dist/main.js`): where the time of a POST /generate-invoice goes inside the server, for requests sent one
 * at a time. For each such request, from Node's HTTP diagnostics channels (request start = headers read,
 * to response finish = last byte handed to the socket): its whole time, the PostgreSQL queries it ran
 * (pg.Pool.prototype.query, timed to their answer; the rate limit's upsert among them) and the PDF
 * thread tasks (Piscina.prototype.run, timed to their result), the rest being the event loop's own work
 * (body parse, validation, hooks, reply), and how many PDF threads took them. Only the main thread is probed. On SIGUSR2 it appends the
 * medians since the previous signal to BENCH_PHASES_FILE as a JSON line and starts again.
 * With BENCH_PROFILE_FILE, the main thread is also CPU-profiled (node:inspector) from the first SIGUSR2 to the
 * second, and the profile written there: the measured rounds without the start-up.
 */
import diagnostics from 'node:diagnostics_channel';
import { appendFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { performance } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';
import pg from 'pg';
import { Piscina } from 'piscina';

const file = process.env.BENCH_PHASES_FILE;
if (isMainThread && file) {
  /** The request being timed (requests come one at a time), or null. */
  let current = null;
  let done = [];

  const timed = (kind, started, promise) => {
    const request = current;
    if (!request) return promise;
    const settle = () => {
      request[kind] += performance.now() - started;
      request[`${kind}Count`] += 1;
    };
    promise.then(settle, settle);
    return promise;
  };

  const query = pg.Pool.prototype.query;
  pg.Pool.prototype.query = function (...args) {
    const result = query.apply(this, args);
    const text = typeof args[0] === 'string' ? args[0] : (args[0]?.text ?? '');
    const kind = text.includes('rate_limits') ? 'rateLimit' : 'otherQueries';
    return result && typeof result.then === 'function' ? timed(kind, performance.now(), result) : result;
  };
  // PDF threads seen taking tasks: more than the pool's size means threads were replaced (recycled) meanwhile.
  let threadsSeen = new Set();
  const run = Piscina.prototype.run;
  Piscina.prototype.run = function (...args) {
    if (current) for (const worker of this.threads) threadsSeen.add(worker.threadId);
    return timed('pdfThread', performance.now(), run.apply(this, args));
  };

  diagnostics.subscribe('http.server.request.start', ({ request }) => {
    if (request.method !== 'POST' || !request.url.startsWith('/generate-invoice')) return;
    current = {
      start: performance.now(),
      rateLimit: 0,
      rateLimitCount: 0,
      otherQueries: 0,
      otherQueriesCount: 0,
      pdfThread: 0,
      pdfThreadCount: 0,
    };
    request.on('end', () => {
      if (current) current.bodyRead = performance.now() - current.start;
    });
  });
  diagnostics.subscribe('http.server.response.finish', ({ request }) => {
    if (!current || request.method !== 'POST' || !request.url.startsWith('/generate-invoice')) return;
    const total = performance.now() - current.start;
    done.push({ ...current, total, rest: total - current.rateLimit - current.otherQueries - current.pdfThread });
    current = null;
  });

  const profileFile = process.env.BENCH_PROFILE_FILE;
  let signals = 0;
  const session = profileFile ? new Session() : null;
  if (session) {
    session.connect();
    session.post('Profiler.enable');
    session.post('Profiler.setSamplingInterval', { interval: 200 });
  }

  process.on('SIGUSR2', () => {
    signals += 1;
    if (session && signals === 1) session.post('Profiler.start');
    if (session && signals === 2) {
      session.post('Profiler.stop', (error, result) => {
        writeFileSync(profileFile, error ? JSON.stringify({ error: String(error) }) : JSON.stringify(result.profile));
      });
    }
    const median = (key) => {
      const values = done.map((entry) => entry[key] ?? 0).sort((a, b) => a - b);
      return values[Math.floor(values.length / 2)] ?? 0;
    };
    const keys = ['total', 'bodyRead', 'rateLimit', 'otherQueries', 'pdfThread', 'rest'];
    const line = { requests: done.length, threadsSeen: threadsSeen.size };
    threadsSeen = new Set();
    for (const key of keys) line[key] = median(key);
    line.rateLimitCount = median('rateLimitCount');
    line.otherQueriesCount = median('otherQueriesCount');
    line.pdfThreadCount = median('pdfThreadCount');
    appendFileSync(file, `${JSON.stringify(line)}\n`);
    done = [];
  });
}
