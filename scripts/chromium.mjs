// The system Chromium, and the flags every tool starts it with (browser tests, screenshots, the web and
// PDF benchmarks): one list, so a flag is added or dropped in one place. Downloaded browsers are not used.
import { spawnSync } from 'node:child_process';

/** No sandbox (CI runs as root), no GPU, and nothing the browser would fetch or sync on its own. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

/** The system Chromium: CHROMIUM_PATH, or `chromium` (or `chromium-browser`) on PATH; '' when there is none. */
export function chromiumPath() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  const found = spawnSync('sh', ['-c', 'command -v chromium || command -v chromium-browser'], { encoding: 'utf8' });
  return found.stdout.trim().split('\n')[0] ?? '';
}

export const NO_CHROMIUM = 'No Chromium found: run "apt-get install chromium" or set CHROMIUM_PATH.';
