// `npm run dev`: the API in watch mode on PORT (3000) and Vite with hot reload on 5173, proxying API paths.
import { spawn } from 'node:child_process';
import { ensureSupportedNode, repoRoot } from './node-version.mjs';

ensureSupportedNode();
const apiPort = process.env.PORT ?? '3000';
const children = [
  [
    'api',
    'npm',
    ['run', 'dev', '-w', 'apps/server'],
    { NODE_ENV: 'development', PORT: apiPort, DATA_DIR: process.env.DATA_DIR ?? `${repoRoot}/data` },
  ],
  ['web', 'npm', ['run', 'dev', '-w', 'apps/web'], { API_PORT: apiPort }],
].map(([name, command, args, env]) => {
  const child = spawn(command, args, {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout, child.stderr]) {
    stream.on('data', (chunk) => {
      for (const line of chunk.toString().split('\n').filter(Boolean)) console.log(`[${name}] ${line}`);
    });
  }
  child.on('exit', (code) => {
    console.log(`[${name}] exited (${code})`);
    shutdown(code ?? 1);
  });
  return child;
});

let stopping = false;
function shutdown(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGINT');
  setTimeout(() => process.exit(code), 2000).unref();
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));
console.log('[invoicer] Open http://localhost:5173 (API on port ' + apiPort + ')');
