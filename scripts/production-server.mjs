// The built server on a throw-away embedded PostgreSQL, for the scripts that measure or picture the
// product (bench:web, screenshots). Resolves once it serves; stop() ends it and removes its data.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from './node-version.mjs';

export async function startProductionServer(port) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'invoicer-script-'));
  const server = spawn('node', ['apps/server/dist/main.js'], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    server.stdout.on('data', (chunk) => chunk.toString().includes('Ready in') && resolve());
    server.on('exit', (code) => reject(new Error(`server exited (${code})`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.on('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
