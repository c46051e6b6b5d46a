// `npm run dev`: the API in watch mode on PORT (3000) and Vite with hot reload on 5173, proxying API paths.
// Each runs in its own process group, so Ctrl-C reaches the server behind tsx's watcher and it
// stops its embedded PostgreSQL.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ensureSupportedNode, repoRoot } from './node-version.mjs';

ensureSupportedNode();
// The repository's .env (see .env.example), for both processes; a variable already set in the environment wins.
const envFile = path.join(repoRoot, '.env');
if (existsSync(envFile)) process.loadEnvFile(envFile);
const apiPort = process.env.PORT ?? '3000';
const bin = (name) => path.join(repoRoot, 'node_modules', '.bin', name);
const processes = [
  {
    name: 'api',
    command: bin('tsx'),
    args: ['watch', '--clear-screen=false', 'src/main.ts'],
    cwd: path.join(repoRoot, 'apps/server'),
    env: { PORT: apiPort, DATA_DIR: process.env.DATA_DIR ?? path.join(repoRoot, 'data') },
  },
  { name: 'web', command: bin('vite'), args: [], cwd: path.join(repoRoot, 'apps/web'), env: { API_PORT: apiPort } },
];

const children = processes.map(({ name, command, args, cwd, env }) => {
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
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
  for (const child of children) {
    try {
      process.kill(-child.pid, 'SIGINT');
    } catch {
      // already gone
    }
  }
  setTimeout(() => process.exit(code), 3000).unref();
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));
console.log(`[invoicer] Open http://localhost:5173 (API on port ${apiPort})`);
