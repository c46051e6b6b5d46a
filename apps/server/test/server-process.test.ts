import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The real server process on its embedded PostgreSQL: it recovers from being killed with
 * SIGKILL (its orphaned postmaster is stopped and the data kept), and a second server on the
 * same data directory refuses to start with a clear message.
 */

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const running = new Set<ChildProcess>();

interface Started {
  child: ChildProcess;
  url: string;
}

function startServer(dataDir: string): Promise<Started> {
  // One process (node with the tsx loader), so SIGKILL hits the server itself, as a crash would.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PDF_THREADS: '1',
      WEB_DIST_DIR: '/nonexistent',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /Ready in \d+ ms: (http:\/\/\S+)/.exec(output);
      if (ready) resolve({ child, url: ready[1]! });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) =>
      reject(Object.assign(new Error(`server exited with ${code}: ${output}`), { code, output })),
    );
  });
}

function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
}

afterAll(async () => {
  for (const child of running) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exitOf(child);
    }
  }
});

describe('the server process on the embedded PostgreSQL', () => {
  it('recovers after kill -9, keeps committed data, and refuses a second server on the same data directory', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'invoicer-process-'));
    try {
      const first = await startServer(dataDir);
      const firstHealth = await fetch(`${first.url}/api/health`);
      expect(firstHealth.status).toBe(200);

      // A second server on the same directory must refuse while the first lives.
      const second = await startServer(dataDir).then(
        () => null,
        (error: { code: number; output: string }) => error,
      );
      expect(second).not.toBeNull();
      expect(second!.code).toBe(1);
      expect(second!.output).toContain('already using the data directory');

      // Store something, then crash without any clean-up.
      const pixel = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } })
        .png()
        .toBuffer();
      const form = new FormData();
      form.append('logo', new Blob([pixel], { type: 'image/png' }), 'pixel.png');
      const stored = await fetch(`${first.url}/upload-logo`, { method: 'POST', body: form });
      expect(stored.status).toBe(201);
      const { logo_url } = (await stored.json()) as { logo_url: string };
      first.child.kill('SIGKILL');
      await exitOf(first.child);

      const restarted = await startServer(dataDir);
      const health = await fetch(`${restarted.url}/api/health`);
      expect(health.status).toBe(200);
      const logo = await fetch(`${restarted.url}${logo_url}`);
      expect(logo.status).toBe(200);

      restarted.child.kill('SIGTERM');
      expect(await exitOf(restarted.child)).toBe(0);
      // A clean stop releases the directory and stops PostgreSQL.
      await expect(fs.access(path.join(dataDir, 'server.pid'))).rejects.toThrow();
      await expect(fs.access(path.join(dataDir, 'postgres', 'postmaster.pid'))).rejects.toThrow();
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
