/**
 * Loaded into the server by `npm run bench:fairness` only (`node --import bench/event-loop-probe.mjs
 * dist/main.js`): how late the server's event loop ran (perf_hooks.monitorEventLoopDelay: a timer
 * every 10 ms, and how late it fired, whether the loop was busy or the thread was waiting for a
 * core) and how busy it was (event loop utilisation). On each SIGUSR2 it appends what it saw since
 * the previous one to BENCH_EVENT_LOOP_FILE as a JSON line, then starts again. The benchmark uses it
 * to tell the server's own delays from the rest of a request's way (client, PostgreSQL, the
 * machine's other work). Worker threads (the PDF engine) are left alone.
 */
import { appendFileSync } from 'node:fs';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';

const file = process.env.BENCH_EVENT_LOOP_FILE;
if (isMainThread && file) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let since = performance.eventLoopUtilization();
  process.on('SIGUSR2', () => {
    const utilization = performance.eventLoopUtilization(since).utilization;
    const ms = (ns) => Math.max(0, ns / 1e6 - 10);
    appendFileSync(
      file,
      `${JSON.stringify({ p50: ms(delay.percentile(50)), p99: ms(delay.percentile(99)), max: ms(delay.max), utilization })}\n`,
    );
    delay.reset();
    since = performance.eventLoopUtilization();
  });
}
