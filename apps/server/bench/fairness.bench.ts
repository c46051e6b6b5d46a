/**
 * Fairness benchmark: `npm run bench:fairness` (= `cd apps/server && npx tsx bench/fairness.bench.ts`).
 *
 * Issue 13's targets, measured against the production build (`node dist/main.js`, NODE_ENV=production,
 * default settings: PDF threads = cores up to 4, 60 s request timeout) on an embedded PostgreSQL in a
 * temp directory, behind TRUST_PROXY so that clients are told apart by X-Forwarded-For:
 *
 * 1. Idle baseline of the same run: another client's one-page PDF (POST /generate-invoice, one at a
 *    time, --samples=N, default 60) and GET /api/health (one at a time, 4 x N), and the server's
 *    resident memory (VmRSS, /proc, Linux) after a warm-up of one-page PDFs.
 * 2. The flood, for --duration=S (default 60): one address keeps eight POST /generate-invoice of the
 *    largest invoice the contract allows (test/largest-invoice.ts: 1,000 items, 988 KB, 201 pages)
 *    in flight and, signed in, three bulk ZIPs of 30 such stored invoices. Meanwhile the other
 *    client sends its one-page PDF one after the other, and a third probes GET /api/health every
 *    50 ms. Memory is sampled every second.
 * 3. After the flood stops, 60 s (--settle=S) of nothing, then the resident memory again.
 * 4. Slow bodies (--slow=0 leaves them out): --slow=N (default 200) connections each announcing a 900 KB body and sending a
 *    byte every 10 s; when does the server close them (the documented limit: REQUEST_TIMEOUT_MS,
 *    60 s, checked every 2 s)?
 *
 * Prints the one-page PDF p50 idle and under the flood (target: within 3x), health p99 under the
 * flood (target: within 50 ms), RSS idle, peak, and 60 s after (target: within 25% of idle), the
 * slow connections' closing times, and a Markdown table for docs/reliability.md. Exits 1 when a
 * request of the other client fails. The server also runs bench/event-loop-probe.mjs, so that the
 * health probe's latency can be told apart: how late the server's event loop ran (idle and during
 * the flood) and how busy it was, against what the client measured end to end.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort, startEmbeddedPostgres } from '../src/db/embedded-postgres';
import { largestInvoiceData, onePageInvoiceData } from '../test/largest-invoice';
import { buildServer, option, processMemoryMb, startServer, stopServer } from './bench-support';

const log = (message: string) => console.log(`[bench:fairness] ${message}`);
const SAMPLES = option('samples', 60);
const DURATION_S = option('duration', 60);
const SETTLE_S = option('settle', 60);
const SLOW = option('slow', 200);
const FLOOD = '10.66.0.1';
const OTHER = '10.77.0.1';
const PROBE = '10.88.0.1';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function timed(request: () => Promise<Response>): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const response = await request();
  await response.arrayBuffer();
  return { ms: performance.now() - started, status: response.status };
}

interface FloodPlan {
  url: string;
  cookie: string;
  largeIds: string[];
}

/**
 * The flood, in a process of its own (`--flood`, the plan in FLOOD_PLAN): its own event loop, so
 * handling its big answers never delays the measuring client's. Runs until SIGTERM, then prints
 * its counts as JSON.
 */
async function floodProcess(plan: FloodPlan) {
  const stop = new AbortController();
  const statuses: Record<number, number> = {};
  let done = 0;
  const largeBody = JSON.stringify(largestInvoiceData());
  const headers = (cookie?: string) => ({
    'content-type': 'application/json',
    'x-forwarded-for': FLOOD,
    ...(cookie ? { cookie } : {}),
  });
  const loop = async (request: () => Promise<Response>) => {
    while (!stop.signal.aborted) {
      try {
        const response = await request();
        await response.arrayBuffer();
        done++;
        statuses[response.status] = (statuses[response.status] ?? 0) + 1;
      } catch {
        if (stop.signal.aborted) return;
        statuses[0] = (statuses[0] ?? 0) + 1;
      }
    }
  };
  const loops = [
    ...Array.from({ length: 8 }, () =>
      loop(() =>
        fetch(`${plan.url}/generate-invoice`, {
          method: 'POST',
          headers: headers(),
          body: largeBody,
          signal: stop.signal,
        }),
      ),
    ),
    ...Array.from({ length: 3 }, () =>
      loop(() =>
        fetch(`${plan.url}/api/invoices/download`, {
          method: 'POST',
          headers: headers(plan.cookie),
          body: JSON.stringify({ invoice_ids: plan.largeIds }),
          signal: stop.signal,
        }),
      ),
    ),
  ];
  process.once('SIGTERM', () => stop.abort());
  await Promise.all(loops);
  process.stdout.write(`${JSON.stringify({ done, statuses })}\n`);
}

async function main() {
  buildServer(log);
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'invoicer-fairness-'));
  const postgres = await startEmbeddedPostgres({ dataDir });
  const admin = new pg.Client({ connectionString: postgres.connectionString });
  await admin.connect();
  await admin.query('create database invoicer_fairness');
  await admin.end();
  const databaseUrl = new URL(postgres.connectionString);
  databaseUrl.pathname = '/invoicer_fairness';
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let server: ChildProcess | undefined;
  try {
    const loopFile = path.join(dataDir, 'event-loop.jsonl');
    server = await startServer(
      databaseUrl.toString(),
      port,
      { TRUST_PROXY: 'true', RATE_LIMIT_AUTH_PER_MINUTE: '100000', BENCH_EVENT_LOOP_FILE: loopFile },
      ['--import', fileURLToPath(new URL('./event-loop-probe.mjs', import.meta.url))],
    );
    const pid = server.pid!;
    const probed = server;
    // The server's event loop since the previous mark (bench/event-loop-probe.mjs).
    const eventLoopMark = async () => {
      const before = await fs.readFile(loopFile, 'utf8').catch(() => '');
      probed.kill('SIGUSR2');
      for (let i = 0; i < 100; i++) {
        const after = await fs.readFile(loopFile, 'utf8').catch(() => '');
        if (after.length > before.length) {
          return JSON.parse(after.slice(before.length).trim()) as {
            p50: number;
            p99: number;
            max: number;
            utilization: number;
          };
        }
        await sleep(20);
      }
      throw new Error('the event-loop probe did not answer');
    };
    const loopText = (loop: Awaited<ReturnType<typeof eventLoopMark>>) =>
      `delay p99 ${ms(loop.p99)}, max ${ms(loop.max)}, busy ${(loop.utilization * 100).toFixed(0)}%`;
    const headers = (address: string, cookie?: string) => ({
      'content-type': 'application/json',
      'x-forwarded-for': address,
      ...(cookie ? { cookie } : {}),
    });
    const signUp = async (email: string, address: string) => {
      const response = await fetch(`${url}/api/auth/signup`, {
        method: 'POST',
        headers: headers(address),
        body: JSON.stringify({ first_name: 'Bench', last_name: 'Fair', email, password: 'bench fairness run' }),
      });
      if (response.status !== 201) throw new Error(`sign-up: ${response.status} ${await response.text()}`);
      return response.headers
        .getSetCookie()
        .find((cookie) => cookie.startsWith('sid='))!
        .split(';')[0]!;
    };
    const flooder = await signUp('flood@example.com', FLOOD);
    log('saving 30 of the largest invoices for the ZIPs...');
    const largeIds: string[] = [];
    for (let i = 0; i < 30; i++) {
      const response = await fetch(`${url}/api/invoices`, {
        method: 'POST',
        headers: headers(FLOOD, flooder),
        body: JSON.stringify({ data: largestInvoiceData(`LARGE-${i}`) }),
      });
      if (response.status !== 201) throw new Error(`save: ${response.status} ${await response.text()}`);
      largeIds.push(((await response.json()) as { id: string }).id);
    }
    const smallBody = JSON.stringify(onePageInvoiceData());
    const onePage = () =>
      timed(() => fetch(`${url}/generate-invoice`, { method: 'POST', headers: headers(OTHER), body: smallBody }));
    const health = () => timed(() => fetch(`${url}/api/health`, { headers: { 'x-forwarded-for': PROBE } }));

    // 1. Idle.
    for (let i = 0; i < 20; i++) await onePage();
    // Settled: the engine gives memory back a second or two after its last render (pdf-pool.ts).
    await sleep(5_000);
    const idleRss = (await processMemoryMb(pid))!.rss;
    await eventLoopMark();
    const idlePdf: number[] = [];
    for (let i = 0; i < SAMPLES; i++) idlePdf.push((await onePage()).ms);
    const idleHealth: number[] = [];
    for (let i = 0; i < SAMPLES * 4; i++) idleHealth.push((await health()).ms);
    const idleLoop = await eventLoopMark();
    // The machine is shared: its load tells how much of a latency is other work's.
    const load = () => os.loadavg()[0]!.toFixed(1);
    log(
      `idle: one-page PDF p50 ${ms(percentile(idlePdf, 50))}, health p99 ${ms(percentile(idleHealth, 99))}, RSS ${idleRss.toFixed(0)} MB, server event loop ${loopText(idleLoop)} (load average ${load()}, ${os.cpus().length} cores)`,
    );

    // 2. The flood, from a process of its own.
    const flood = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--flood'], {
      env: { ...process.env, FLOOD_PLAN: JSON.stringify({ url, cookie: flooder, largeIds } satisfies FloodPlan) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let floodOutput = '';
    flood.stdout!.on('data', (chunk: Buffer) => (floodOutput += chunk.toString()));
    const floodExited = new Promise((resolve) => flood.once('exit', resolve));
    let peakRss = idleRss;
    const sampler = setInterval(() => {
      void processMemoryMb(pid).then((memory) => {
        if (memory) peakRss = Math.max(peakRss, memory.rss);
      });
    }, 1_000);
    await sleep(3_000); // the queue fills
    await eventLoopMark();
    const floodPdf: number[] = [];
    const floodHealth: number[] = [];
    let otherFailures = 0;
    const until = performance.now() + DURATION_S * 1_000;
    const probing = (async () => {
      while (performance.now() < until) {
        floodHealth.push((await health()).ms);
        await sleep(50);
      }
    })();
    while (performance.now() < until) {
      const answer = await onePage();
      if (answer.status !== 200) otherFailures++;
      floodPdf.push(answer.ms);
    }
    await probing;
    const floodLoop = await eventLoopMark();
    flood.kill('SIGTERM');
    await floodExited;
    const { done: floodDone, statuses: floodStatuses } = JSON.parse(floodOutput.trim() || '{}') as {
      done: number;
      statuses: Record<string, number>;
    };
    const endRss = (await processMemoryMb(pid))!.rss;
    log(
      `flood (${DURATION_S} s, ${floodDone} large PDFs and ZIPs done, statuses ${JSON.stringify(floodStatuses)}): ` +
        `one-page PDF p50 ${ms(percentile(floodPdf, 50))} (${floodPdf.length} requests, ${otherFailures} failed), ` +
        `health p99 ${ms(percentile(floodHealth, 99))} (${floodHealth.length}), RSS ${endRss.toFixed(0)} MB, peak ${peakRss.toFixed(0)} MB, ` +
        `server event loop ${loopText(floodLoop)} (load average ${load()})`,
    );

    // 3. Settle.
    await sleep(SETTLE_S * 1_000);
    clearInterval(sampler);
    const settledRss = (await processMemoryMb(pid))!.rss;
    log(`${SETTLE_S} s after the flood: RSS ${settledRss.toFixed(0)} MB`);

    // 4. Slow bodies.
    if (SLOW > 0) log(`${SLOW} connections announcing a 900 KB body, a byte every 10 s...`);
    const started = performance.now();
    let answered408 = 0;
    const closedAfter = await Promise.all(
      Array.from(
        { length: SLOW },
        () =>
          new Promise<number>((resolve) => {
            const socket = connect(port, '127.0.0.1');
            let timer: NodeJS.Timeout | undefined;
            socket.on('connect', () => {
              socket.write(
                `POST /generate-invoice HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 900000\r\n\r\n{`,
              );
              timer = setInterval(() => socket.write(' '), 10_000);
            });
            socket.on('data', (chunk) => {
              if (chunk.toString('latin1').startsWith('HTTP/1.1 408')) answered408++;
            });
            socket.on('error', () => undefined);
            socket.on('close', () => {
              clearInterval(timer);
              resolve((performance.now() - started) / 1_000);
            });
            // A bound of our own, so the benchmark ends whatever the server does.
            setTimeout(() => socket.destroy(), 300_000).unref();
          }),
      ),
    );
    if (SLOW > 0)
      log(
        `slow bodies closed after ${Math.min(...closedAfter).toFixed(1)}-${Math.max(...closedAfter).toFixed(1)} s, ` +
          `${answered408} answered 408 (limit: 60 s, checked every 2 s)`,
      );

    const pdfRatio = percentile(floodPdf, 50) / percentile(idlePdf, 50);
    const rssRatio = settledRss / idleRss;
    console.log('\n| measure | idle | under the flood | target |');
    console.log('| --- | ---: | ---: | --- |');
    console.log(
      `| other client's one-page PDF, p50 | ${ms(percentile(idlePdf, 50))} | ${ms(percentile(floodPdf, 50))} (${pdfRatio.toFixed(2)}x) | within 3x |`,
    );
    console.log(
      `| GET /api/health, p99 | ${ms(percentile(idleHealth, 99))} | ${ms(percentile(floodHealth, 99))} | within 50 ms |`,
    );
    console.log(`| the server's event loop (not a target) | ${loopText(idleLoop)} | ${loopText(floodLoop)} | |`);
    console.log(
      `| server RSS | ${idleRss.toFixed(0)} MB | peak ${peakRss.toFixed(0)} MB; ${SETTLE_S} s after: ${settledRss.toFixed(0)} MB (${((rssRatio - 1) * 100).toFixed(0)}%) | within 25% of idle |`,
    );
    if (SLOW > 0)
      console.log(
        `| ${SLOW} slow-body connections | | closed after ${Math.min(...closedAfter).toFixed(1)}-${Math.max(...closedAfter).toFixed(1)} s | 60 s limit + 2 s check |`,
      );
    if (otherFailures > 0) process.exitCode = 1;
  } finally {
    if (server) await stopServer(server);
    await postgres.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

if (process.argv.includes('--flood')) await floodProcess(JSON.parse(process.env.FLOOD_PLAN!) as FloodPlan);
else await main();
