/**
 * "Export my data" benchmark: `npm run bench:export` (= `cd apps/server && npx tsx bench/export.bench.ts`), the
 * issue's target "export of a 20,000-invoice account in under 60 s with the server's memory growing by less than
 * 100 MB while it runs" (docs/benchmarks.md, docs/decisions/0053-account-export-storage-and-streaming.md).
 *
 * 1. An empty database `invoicer_export_bench`, migrated (BENCH_DATABASE_URL or TEST_DATABASE_URL, else an embedded
 *    PostgreSQL in a temp dir), seeded with bench/seed-invoices.ts: --users=20 users × 10 invoices and the big user
 *    with --big=20,000 invoices (1-5 items each, 500 clients).
 * 2. The production build, `node dist/main.js` with its default settings (PDF threads: min(4, cores)).
 * 3. Baseline, same server, same run: the big user's PDFs rendered by the pool alone, with no ZIP and no database
 *    writes: GET /api/invoices/{id}/pdf for every invoice, as many requests at once as the export keeps renders in
 *    flight (2 × threads, at least 4), for the first --baseline=N (2,000; the time is scaled to all of them: rendering
 *    them all twice doubled a run that a loaded machine already stretches to many minutes).
 * 4. The export: POST /api/users/export, then GET /api/users/export/{id} every 200 ms until it is ready. Wall time
 *    from the POST to ready; the server process's RSS sampled every 100 ms (from /proc) during each phase, growth =
 *    peak − RSS just before the phase.
 * 5. The download, streamed and counted (never held): its bytes must equal size_bytes and start with "PK".
 * Prints the times, the ratio of export to baseline, the RSS growth of each, and a Markdown row. Exits 1 when the
 * export fails or the download does not match.
 *
 * Options: --users=N (20), --per-user=N (10), --big=N (20000), --baseline=N (2000), --no-build (use dist/ as it is).
 */
import type { ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';
import { buildServer, flag, option, processMemoryMb, sessionFor, startServer, stopServer } from './bench-support';
import { loadAverage, scratchDatabase } from './latency';
import { seedInvoices } from './seed-invoices';
import { freePort } from '../src/db/embedded-postgres';
import { exportRenderWindow } from '../src/features/account-export/account-export.job';
import { defaultThreadCount } from '../src/pdf/pdf-pool';

const log = (message: string) => console.log(`[bench:export] ${message}`);
const mb = (value: number) => `${value.toFixed(0)} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Samples the process's RSS every 100 ms until stopped; answers the peak, and the RSS when it began. */
function sampleRss(pid: number) {
  let peak = 0;
  let stopped = false;
  const begin = processMemoryMb(pid).then((memory) => memory?.rss ?? 0);
  const loop = (async () => {
    while (!stopped) {
      const memory = await processMemoryMb(pid);
      if (memory) peak = Math.max(peak, memory.rss);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      const start = await begin;
      return { start, peak, growth: peak - start };
    },
  };
}

async function main() {
  const started = performance.now();
  const scratch = await scratchDatabase('invoicer_export_bench', log);
  let server: ChildProcess | undefined;
  let failed = false;
  const db = new pg.Client({ connectionString: scratch.databaseUrl });
  try {
    log('seeding...');
    const big = option('big', 20_000);
    const seed = await seedInvoices(scratch.databaseUrl, {
      users: option('users', 20),
      invoicesPerUser: option('per-user', 10),
      bigUserInvoices: big,
    });
    log(`seeded ${seed.invoices} invoices in ${seed.seconds.toFixed(1)} s`);
    await db.connect();
    const { cookie, userId } = await sessionFor(db, 'bench-big@example.com');
    const ids = (
      await db.query<{ id: string }>('select id from invoices where user_id = $1 order by id', [userId])
    ).rows.map((row) => row.id);

    if (!flag('no-build')) buildServer(log);
    const port = await freePort();
    server = await startServer(scratch.databaseUrl, port);
    const pid = server.pid!;
    const origin = `http://127.0.0.1:${port}`;
    const threads = defaultThreadCount();
    const window = exportRenderWindow(threads);
    const get = (path: string) => fetch(`${origin}${path}`, { headers: { cookie } });

    // Warm-up: the workers' fonts and first renders, outside both measurements.
    for (const id of ids.slice(0, window * 2)) await (await get(`/api/invoices/${id}/pdf`)).arrayBuffer();

    const loadBefore = loadAverage();
    log(`load average before: ${loadBefore}; PDF threads ${threads}, ${window} renders in flight`);

    // Baseline: the pool alone.
    const baselineIds = ids.slice(0, option('baseline', 2_000));
    let next = 0;
    let completed = 0;
    let baselineBytes = 0;
    const baselineRss = sampleRss(pid);
    const baselineCpu = cpuSeconds(pid);
    const baselineStarted = performance.now();
    await Promise.all(
      Array.from({ length: window }, async () => {
        while (next < baselineIds.length) {
          const id = baselineIds[next++]!;
          const response = await get(`/api/invoices/${id}/pdf`);
          if (response.status !== 200) throw new Error(`baseline: ${response.status} for ${id}`);
          baselineBytes += (await response.arrayBuffer()).byteLength;
          if (++completed % 500 === 0) log(`  baseline: ${completed} of ${baselineIds.length}`);
        }
      }),
    );
    const baselineMs = ((performance.now() - baselineStarted) * ids.length) / baselineIds.length;
    const baselineCpuPerPdf = ((cpuSeconds(pid) - baselineCpu) * 1000) / baselineIds.length;
    const baselineMemory = await baselineRss.stop();
    log(
      `baseline: ${baselineIds.length} PDFs (${mb(baselineBytes / 1024 / 1024)}) → ${seconds(baselineMs)} for ${ids.length}; RSS ${mb(baselineMemory.start)} → peak ${mb(baselineMemory.peak)} (+${mb(baselineMemory.growth)})`,
    );

    // The export, through the job.
    const exportRss = sampleRss(pid);
    const exportCpu = cpuSeconds(pid);
    const threadsBefore = cpuByThread(pid);
    const exportStarted = performance.now();
    const startedResponse = await fetch(`${origin}/api/users/export`, { method: 'POST', headers: { cookie } });
    if (startedResponse.status !== 202)
      throw new Error(`start: ${startedResponse.status} ${await startedResponse.text()}`);
    const { id } = (await startedResponse.json()) as { id: string };
    let status: { status: string; progress: { done: number; total: number }; size_bytes: number | null } | undefined;
    let lastLogged = 0;
    for (;;) {
      status = (await (await get(`/api/users/export/${id}`)).json()) as typeof status;
      if (status!.status === 'ready' || status!.status === 'failed') break;
      if (performance.now() - lastLogged > 10_000) {
        lastLogged = performance.now();
        log(`  ${status!.status}: ${status!.progress.done} of ${status!.progress.total}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const exportMs = performance.now() - exportStarted;
    const exportCpuPerPdf = ((cpuSeconds(pid) - exportCpu) * 1000) / ids.length;
    const byThread = new Map<string, number>();
    for (const [tid, { name, seconds: used }] of cpuByThread(pid)) {
      const spent = used - (threadsBefore.get(tid)?.seconds ?? 0);
      byThread.set(name, (byThread.get(name) ?? 0) + spent);
    }
    const perPdf = (name: string) => `${(((byThread.get(name) ?? 0) * 1000) / ids.length).toFixed(2)} ms`;
    const exportMemory = await exportRss.stop();
    if (status!.status !== 'ready') throw new Error(`the export ${status!.status}`);
    const loadAfter = loadAverage();
    log(
      `export: ${seconds(exportMs)}, ${mb(status!.size_bytes! / 1024 / 1024)} ZIP; RSS ${mb(exportMemory.start)} → peak ${mb(exportMemory.peak)} (+${mb(exportMemory.growth)})`,
    );

    // The download, streamed and counted.
    const downloadRss = sampleRss(pid);
    const downloadStarted = performance.now();
    const download = await get(`/api/users/export/${id}/download`);
    let downloaded = 0;
    let head = '';
    for await (const chunk of download.body!) {
      if (downloaded === 0) head = Buffer.from(chunk).subarray(0, 2).toString('latin1');
      downloaded += chunk.byteLength;
    }
    const downloadMs = performance.now() - downloadStarted;
    const downloadMemory = await downloadRss.stop();
    log(`download: ${mb(downloaded / 1024 / 1024)} in ${seconds(downloadMs)}; RSS +${mb(downloadMemory.growth)}`);
    if (downloaded !== status!.size_bytes || head !== 'PK') throw new Error('the download does not match the export');

    const ratio = exportMs / baselineMs;
    console.log('');
    console.log(`load average: ${loadBefore} before, ${loadAfter} after`);
    console.log(
      '| invoices | baseline (pool alone) | export | ratio | server CPU per PDF, baseline | server CPU per PDF, export | RSS growth baseline | RSS growth export | ZIP | download |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|---|');
    console.log(
      `| ${ids.length.toLocaleString('en-US')} | ${seconds(baselineMs)} | ${seconds(exportMs)} | ${ratio.toFixed(2)}x | ${baselineCpuPerPdf.toFixed(2)} ms | ${exportCpuPerPdf.toFixed(2)} ms | +${mb(baselineMemory.growth)} | +${mb(exportMemory.growth)} | ${mb(status!.size_bytes! / 1024 / 1024)} | ${seconds(downloadMs)}, +${mb(downloadMemory.growth)} |`,
    );
    // Node names its threads: MainThread (the event loop), WorkerThread (the PDF threads), V8Worker (V8's own
    // helpers: concurrent garbage collection and compilation), libuv-worker (file system, zlib streams, DNS).
    console.log(
      `server CPU per PDF in the export, by thread: main ${perPdf('MainThread')}, PDF threads ${perPdf('WorkerThread')}, V8 helpers ${perPdf('V8Worker')}, libuv ${perPdf('libuv-worker')}`,
    );
    console.log(
      `targets: < 60 s ${exportMs < 60_000 ? 'met' : 'NOT met'}; < 100 MB growth ${exportMemory.growth < 100 ? 'met' : 'NOT met'}`,
    );
  } catch (error) {
    failed = true;
    console.error(error);
  } finally {
    if (server) await stopServer(server);
    await db.end().catch(() => undefined);
    await scratch.close();
    log(`done in ${seconds(performance.now() - started)}`);
  }
  process.exit(failed ? 1 : 0);
}

/**
 * CPU time the server process has used (every thread, user and system), in seconds: unlike wall time, it hardly
 * moves when other work shares the machine, so runs on a busy machine still compare.
 */
function cpuSeconds(pid: number): number {
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th, in clock ticks.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}
const CLOCK_TICKS_PER_SECOND = 100;

/** The same, for each thread of the process, with the name the process gave it. */
function cpuByThread(pid: number): Map<string, { name: string; seconds: number }> {
  const threads = new Map<string, { name: string; seconds: number }>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const name = readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim();
      threads.set(tid, { name, seconds: (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND });
    } catch {
      // The thread ended between the listing and the read (a recycled PDF thread): its time is gone with it.
    }
  }
  return threads;
}

void main();
