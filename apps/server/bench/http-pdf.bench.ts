/**
 * HTTP against Chromium (issue 16's target): `npm run bench:http-pdf` (= `cd apps/server && tsx bench/http-pdf.bench.ts`).
 *
 * 1. The production build (`npm run build -w apps/server`, skipped with --no-build), started as `node dist/main.js`
 *    on a scratch database (on TEST_DATABASE_URL / BENCH_DATABASE_URL if set, else an embedded PostgreSQL).
 * 2. In alternating rounds, each warm, sequential on one keep-alive connection, N requests in all per case:
 *    (a) POST /generate-invoice of pdf.bench's one-page Latin invoice as JSON, as a guest, timed to the last byte;
 *    (b) Chromium page.setContent(invoiceHtml) + page.pdf() with one reused page (pdf.bench's baseline);
 *    and, to find where the request's time goes, in the same rounds: the in-process render (renderInvoicePdf),
 *    the rate limit's PostgreSQL upsert
 *    (consumeRateLimit, as the route's counted-first limit runs it per request) and GET /api/health (HTTP,
 *    Fastify and one `select 1`: the floor of a request to this server).
 * 3. Throughput of (a) with autocannon at 1, 8 and 32 connections, 10 s each (PDFs/s, p99, non-2xx);
 *    "does not drop" = 32 connections' PDFs/s >= 8 connections'.
 * A PDF pool in this process is left out on purpose: from the source tree its threads run through tsx, whose
 * heaps (about 300 MB) pass the recycling budget every few dozen renders, and the replacements' start-up would
 * run behind the other cases. The server's own threads (the build) are timed by bench/request-phases-probe.mjs.
 * Prints a Markdown table; the ratio compares medians of this run (target: HTTP >= 5x faster than Chromium).
 *
 * Options: --iterations=N (default 200), --duration=S (default 10), --rounds=R (default 4), --no-build,
 * --port=P (default: a free port), --profile (the server runs with --cpu-prof for its whole life in this run, the
 * sequential rounds and the autocannon runs, and its main thread's self time is summarised by where it goes), CHROMIUM_PATH.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os, { availableParallelism, cpus } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { chromium, type Page } from 'playwright-core';
import { defaultThreadCount } from '../src/pdf/pdf-pool';
import { renderInvoicePdf } from '../src/pdf/render-invoice-pdf';
import { consumeRateLimit } from '../src/plugins/rate-limit';
import { freePort } from '../src/db/embedded-postgres';
import { buildServer, flag, option, serverRoot, startServer, stopServer } from './bench-support';
import { invoice, invoiceBody, invoiceHtml } from './invoice-fixtures';
import { httpClient, loadAverage, scratchDatabase } from './latency';
import { CHROMIUM_ARGS, chromiumPath, NO_CHROMIUM } from '../../../scripts/chromium.mjs';

const ITERATIONS = Math.max(20, option('iterations', 200));
const ROUNDS = Math.max(1, option('rounds', 4));
const DURATION = option('duration', 10);
const WARM_UP = 20;
const log = (message: string) => console.log(`[bench:http-pdf] ${message}`);

/** What bench/request-phases-probe.mjs writes: medians in ms, and counts per request. */
interface Phases {
  requests: number;
  /** PDF threads alive while the requests ran: above the pool's size, threads were replaced. */
  threadsSeen: number;
  total: number;
  bodyRead: number;
  rateLimit: number;
  otherQueries: number;
  pdfThread: number;
  rest: number;
  rateLimitCount: number;
  otherQueriesCount: number;
  pdfThreadCount: number;
}

interface Stats {
  median: number;
  p90: number;
  n: number;
}

function stats(times: number[]): Stats {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    median: sorted[Math.floor(sorted.length / 2)]!,
    p90: sorted[Math.floor(sorted.length * 0.9)]!,
    n: sorted.length,
  };
}

/** Times `count` sequential runs of `run` into `into`. */
async function timeRuns(count: number, run: () => Promise<unknown>, into: number[]): Promise<void> {
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    await run();
    into.push(performance.now() - t0);
  }
}

const ms = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(1));
const row = (cells: string[]) => `| ${cells.join(' | ')} |`;

/** Self time of a V8 CPU profile by where it goes: our code, a package, Node's internals and native code, GC. */
async function summariseProfile(file: string): Promise<string[]> {
  if (!existsSync(file)) return ['(no profile written)'];
  interface Node {
    id: number;
    callFrame: { functionName: string; url: string };
  }
  const profile = JSON.parse(await fs.readFile(file, 'utf8')) as {
    nodes: Node[];
    samples: number[];
    timeDeltas: number[];
  };
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const where = (node: Node): string => {
    const { url, functionName } = node.callFrame;
    if (url === '' && functionName.startsWith('(')) return functionName;
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
    if (pkg) return pkg[1]!;
    if (url.startsWith('node:')) return 'Node (JavaScript internals)';
    if (url === '') return 'native (socket writes, crypto, zlib...)';
    if (url.includes('/dist/')) return 'our code (dist)';
    return url;
  };
  const totals = new Map<string, number>();
  const functions = new Map<string, number>();
  let all = 0;
  profile.samples.forEach((id, index) => {
    const node = byId.get(id)!;
    const delta = profile.timeDeltas[index] ?? 0;
    // The probe's own work (stopping the profiler, its medians) is not the server's.
    if (node.callFrame.url === 'node:inspector' || node.callFrame.url.endsWith('request-phases-probe.mjs')) return;
    all += delta;
    const key = where(node);
    totals.set(key, (totals.get(key) ?? 0) + delta);
    const name = `${node.callFrame.functionName || '(anonymous)'} ${node.callFrame.url.replace(/^.*node_modules\//, '').replace(/^.*\/dist\//, 'dist/')}`;
    functions.set(name, (functions.get(name) ?? 0) + delta);
  });
  const busy = all - (totals.get('(idle)') ?? 0);
  const lines = [
    `Server main thread during the sequential rounds: ${(all / 1000).toFixed(0)} ms profiled, ${(busy / 1000).toFixed(0)} ms busy.`,
  ];
  lines.push('', row(['self time in', '% of busy']), row(['---', '---:']));
  for (const [key, micros] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, 12)) {
    if (key === '(idle)') continue;
    lines.push(row([key, ((micros / busy) * 100).toFixed(1)]));
  }
  lines.push('', row(['function (self time)', '% of busy']), row(['---', '---:']));
  for (const [key, micros] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, 16)) {
    if (key.startsWith('(idle)')) continue;
    lines.push(row([key.replaceAll('|', '\\|'), ((micros / busy) * 100).toFixed(1)]));
  }
  return lines;
}

async function main(): Promise<void> {
  const load = { before: loadAverage() };
  const doc = invoice(3);
  const body = JSON.stringify(invoiceBody(doc));
  const html = invoiceHtml(doc);
  const chromiumExe = chromiumPath();
  if (!chromiumExe || !existsSync(chromiumExe)) throw new Error(NO_CHROMIUM);

  const database = await scratchDatabase('invoicer_bench_http_pdf', log);
  let server: ChildProcess | undefined;
  const browser = await chromium.launch({ executablePath: chromiumExe, args: [...CHROMIUM_ARGS] });
  const db = new pg.Pool({ connectionString: database.databaseUrl, max: 2 });
  const probeDir = await fs.mkdtemp(path.join(os.tmpdir(), 'invoicer-http-pdf-'));
  const phasesFile = path.join(probeDir, 'phases.jsonl');
  const profileFile = path.join(probeDir, 'server.cpuprofile');
  try {
    if (!flag('no-build')) buildServer(log);
    const port = option('port', 0) || (await freePort());
    server = await startServer(
      database.databaseUrl,
      port,
      { BENCH_PHASES_FILE: phasesFile, ...(flag('profile') ? { BENCH_PROFILE_FILE: profileFile } : {}) },
      ['--import', path.join(serverRoot, 'bench/request-phases-probe.mjs')],
    );
    // The probe's next line of medians (and the profile, on the second signal).
    let signals = 0;
    const signal = async (): Promise<Phases> => {
      signals += 1;
      server!.kill('SIGUSR2');
      for (let waited = 0; waited < 10_000; waited += 20) {
        const lines = existsSync(phasesFile) ? (await fs.readFile(phasesFile, 'utf8')).trim().split('\n') : [];
        const profiled = !flag('profile') || signals !== 2 || existsSync(profileFile);
        if (lines.length >= signals && profiled) return JSON.parse(lines[signals - 1]!) as Phases;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error('the request-phases probe did not answer');
    };
    const client = httpClient(port, 1);
    const generate = async () => {
      const answer = await client.send({ method: 'POST', path: '/generate-invoice', body });
      if (answer.status !== 200 || answer.headers['content-type'] !== 'application/pdf') {
        throw new Error(`/generate-invoice: ${answer.status} ${answer.body.slice(0, 200)}`);
      }
      return answer;
    };
    const health = async () => {
      const answer = await client.send({ path: '/api/health' });
      if (answer.status !== 200) throw new Error(`/api/health: ${answer.status}`);
    };
    const page: Page = await browser.newPage();
    const printChromium = async () => {
      await page.setContent(html);
      return page.pdf({ format: 'A4', printBackground: true });
    };
    const sizes = {
      http: (await generate()).body.length,
      chromium: (await printChromium()).byteLength,
      ours: (await renderInvoicePdf(doc)).byteLength,
    };
    const cases: { name: string; run: () => Promise<unknown>; times: number[] }[] = [
      { name: '(a) HTTP: POST /generate-invoice, one-page Latin invoice', run: generate, times: [] },
      { name: '(b) Chromium: setContent + page.pdf, one reused page', run: printChromium, times: [] },
      { name: 'in-process render (renderInvoicePdf)', run: () => renderInvoicePdf(doc), times: [] },
      {
        name: 'rate limit upsert (consumeRateLimit, one per request)',
        run: () => consumeRateLimit(db, 'bench:http-pdf', 60_000),
        times: [],
      },
      { name: 'GET /api/health (HTTP + Fastify + select 1)', run: health, times: [] },
    ];
    for (const item of cases) await timeRuns(WARM_UP, item.run, []);
    await signal(); // the warm-up's requests are left out; the profile starts
    const perRound = Math.ceil(ITERATIONS / ROUNDS);
    for (let round = 0; round < ROUNDS; round++) {
      for (const item of cases) await timeRuns(perRound, item.run, item.times);
    }
    const phases = await signal();
    const results = cases.map((item) => ({ name: item.name, ...stats(item.times) }));
    const ratio = results[1]!.median / results[0]!.median;

    // Throughput of (a) under concurrency. The rate limit of the bench server is raised (bench-support).
    const throughput: {
      connections: number;
      perSecond: number;
      p50: number;
      p99: number;
      non2xx: number;
      errors: number;
    }[] = [];
    await autocannon({
      url: `http://127.0.0.1:${port}/generate-invoice`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      connections: 8,
      duration: 2,
    });
    for (const connections of [1, 8, 32]) {
      const result = await autocannon({
        url: `http://127.0.0.1:${port}/generate-invoice`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        connections,
        duration: DURATION,
      });
      throughput.push({
        connections,
        perSecond: result.requests.total / DURATION,
        p50: result.latency.p50,
        p99: result.latency.p99,
        non2xx: result.non2xx,
        errors: result.errors + result.timeouts,
      });
      log(`${connections} connections: ${Math.round(result.requests.average)} PDFs/s, p99 ${result.latency.p99} ms`);
    }
    client.close();
    await stopServer(server);
    server = undefined;
    const profile = flag('profile') ? await summariseProfile(profileFile) : [];

    const cpu = cpus()[0]?.model ?? 'unknown CPU';
    console.log('');
    console.log(
      `HTTP against Chromium, Node ${process.version}, ${availableParallelism()} cores (${cpu}), PostgreSQL ${database.version}, Chromium ${browser.version()}`,
    );
    console.log(`Load average (1, 5, 15 min): ${load.before} before, ${loadAverage()} after.`);
    console.log(
      `PDF sizes: HTTP ${(sizes.http / 1024).toFixed(1)} KB, in-process ${(sizes.ours / 1024).toFixed(1)} KB, Chromium ${(sizes.chromium / 1024).toFixed(1)} KB.`,
    );
    console.log('');
    console.log(row(['sequential, warm, one connection', 'median ms', 'p90 ms', 'runs']));
    console.log(row(['---', '---:', '---:', '---:']));
    for (const result of results) console.log(row([result.name, ms(result.median), ms(result.p90), String(result.n)]));
    console.log('');
    console.log(
      `HTTP ${ratio.toFixed(1)}x faster than Chromium (medians, ${ROUNDS} alternating rounds; target >= 5x): ${ratio >= 5 ? 'met' : 'NOT met'}.`,
    );
    console.log('');
    console.log(row(['POST /generate-invoice, autocannon', 'PDFs/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors']));
    console.log(row(['---', '---:', '---:', '---:', '---:', '---:']));
    for (const item of throughput) {
      console.log(
        row([
          `${item.connections} connection${item.connections === 1 ? '' : 's'}, ${DURATION} s`,
          item.perSecond.toFixed(0),
          String(item.p50),
          String(item.p99),
          String(item.non2xx),
          String(item.errors),
        ]),
      );
    }
    console.log('');
    console.log(
      row([`inside the server, (a)'s ${phases.requests} requests (medians of each phase)`, 'median ms', 'per request']),
    );
    console.log(row(['---', '---:', '---:']));
    const phase = (name: string, value: number, count = '') => console.log(row([name, ms(value), count]));
    phase('request in the server: headers read to last byte written', phases.total);
    phase(
      '  of which headers to end of body (onRequest hooks, the rate limit upsert among them, run first)',
      phases.bodyRead,
    );
    phase('  PostgreSQL: rate limit upsert', phases.rateLimit, String(phases.rateLimitCount));
    phase('  PostgreSQL: other queries', phases.otherQueries, String(phases.otherQueriesCount));
    phase('  PDF thread task (queue, hand-over, render, result back)', phases.pdfThread, String(phases.pdfThreadCount));
    phase('  the rest on the event loop (parse, validation, hooks, reply)', phases.rest);
    console.log(
      row([
        `PDF threads alive while they ran (the pool has ${defaultThreadCount()}: more = threads replaced)`,
        '',
        String(phases.threadsSeen),
      ]),
    );
    phase(
      'outside the server: (a) median minus the server median (client, loopback)',
      results[0]!.median - phases.total,
    );
    const at8 = throughput.find((item) => item.connections === 8)!.perSecond;
    const at32 = throughput.find((item) => item.connections === 32)!.perSecond;
    console.log('');
    console.log(
      `Throughput at 32 connections ${at32 >= at8 ? 'does not drop' : 'DROPS'} (${at32.toFixed(0)} against ${at8.toFixed(0)} PDFs/s at 8).`,
    );
    if (profile.length > 0) {
      console.log('');
      for (const line of profile) console.log(line);
    }
  } finally {
    if (server) await stopServer(server);
    await browser.close();
    await db.end();
    await database.close();
    await fs.rm(probeDir, { recursive: true, force: true });
  }
}

await main();
