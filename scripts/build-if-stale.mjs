// Builds the web app and the server only when their sources changed since the last build,
// so the first `npm start` builds and later ones start at once.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './node-version.mjs';

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

const at = (...parts) => path.join(repoRoot, ...parts);
const domain = newestMtime(at('packages/domain/src'));
const targets = [
  {
    workspace: 'apps/web',
    output: at('apps/web/dist/index.html'),
    sources: [at('apps/web/src'), at('apps/web/index.html'), at('apps/web/public'), at('apps/web/vite.config.ts')],
  },
  {
    workspace: 'apps/server',
    output: at('apps/server/dist/main.js'),
    sources: [at('apps/server/src'), at('apps/server/scripts')],
  },
];

export function buildIfStale({ force = false } = {}) {
  for (const target of targets) {
    const built = existsSync(target.output) ? statSync(target.output).mtimeMs : 0;
    const changed = Math.max(domain, ...target.sources.map(newestMtime));
    if (!force && built > changed) continue;
    console.log(`[invoicer] Building ${target.workspace}...`);
    const result = spawnSync('npm', ['run', 'build', '--silent', '-w', target.workspace], {
      cwd: repoRoot,
      stdio: 'inherit',
    });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}
