import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { exitOf, startServer, stopAll, type ServerExit } from './server-process';

/**
 * The server on its embedded PostgreSQL (the product's default): it recovers from being killed
 * with SIGKILL (its orphaned postmaster is stopped and the data kept), and a second server on
 * the same data directory refuses to start with a clear message, even when both start at once.
 */

const running = new Set<ChildProcess>();
const IN_USE = /Another server \(pid \d+\) is already using the data directory/;

afterAll(async () => {
  await stopAll(running);
});

async function tempDataDir(): Promise<string> {
  return fs.mkdtemp(path.join(os.tmpdir(), 'invoicer-process-'));
}

describe('one data directory, two servers', () => {
  it('recovers after kill -9, keeps committed data, and refuses a second server on the same data directory', async () => {
    const dataDir = await tempDataDir();
    try {
      const first = await startServer({ DATA_DIR: dataDir }, running);
      const firstHealth = await fetch(`${first.url}/api/health`);
      expect(firstHealth.status).toBe(200);

      // A second server on the same directory must refuse while the first lives.
      const second = await startServer({ DATA_DIR: dataDir }, running).then(
        () => null,
        (error: ServerExit) => error,
      );
      expect(second).not.toBeNull();
      expect(second!.code).toBe(1);
      expect(second!.output).toMatch(IN_USE);
      expect((await fetch(`${first.url}/api/health`)).status).toBe(200);

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

      const restarted = await startServer({ DATA_DIR: dataDir }, running);
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
  });

  // Both claims land in the same instant: a fresh directory, and one a crashed server left behind.
  for (const left of ['a fresh data directory', 'a data directory left by a killed server']) {
    it(`lets exactly one of two servers started at once run on ${left}`, async () => {
      const dataDir = await tempDataDir();
      try {
        if (left !== 'a fresh data directory') {
          const crashed = await startServer({ DATA_DIR: dataDir }, running);
          crashed.child.kill('SIGKILL');
          await exitOf(crashed.child);
        }
        const outcomes = await Promise.allSettled([
          startServer({ DATA_DIR: dataDir }, running),
          startServer({ DATA_DIR: dataDir }, running),
        ]);
        const started = outcomes.filter((outcome) => outcome.status === 'fulfilled');
        const refused = outcomes.filter((outcome) => outcome.status === 'rejected');
        expect(started).toHaveLength(1);
        expect(refused).toHaveLength(1);
        const exit = refused[0]!.reason as ServerExit;
        expect(exit.code).toBe(1);
        expect(exit.output).toMatch(IN_USE);
        const winner = started[0]!.value;
        expect((await fetch(`${winner.url}/api/health`)).status).toBe(200);
        winner.child.kill('SIGTERM');
        expect(await exitOf(winner.child)).toBe(0);
      } finally {
        await fs.rm(dataDir, { recursive: true, force: true });
      }
    });
  }
});
