// The browser tests as E2E_SHARDS Playwright shards running side by side (2 by default). Each shard is
// a whole Playwright run of its share of the test files, with its own servers, OpenID provider, ports,
// data directories and test-results folder: shard i (from 0) uses E2E_PORT + 10 i (E2E_PORT defaults
// to 4173), and the config derives the rest from that port, so shards share no account, rate limit or
// server.
// A shard's lines are prefixed with its number; the run fails when any shard fails.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from './node-version.mjs';

/**
 * Shard i listens on E2E_PORT + 10 i, that + 1 (the server without Google or e-mail), + 2 and + 3 (the
 * SMTP capture and its messages) and + 307 (the OpenID provider): no two shards meet while there are
 * fewer than 30.
 */
export const PORT_STRIDE = 10;

/** Runs the shards; answers the exit code (0 when every shard passed). `args` go to each `playwright test`. */
export async function runE2eShards(args = []) {
  const shards = Math.max(1, Number(process.env.E2E_SHARDS ?? 2));
  const basePort = Number(process.env.E2E_PORT ?? 4173);
  const startedAt = Date.now();
  const runs = Array.from({ length: shards }, (_, index) => {
    const label = shards > 1 ? `[e2e ${index + 1}/${shards}] ` : '';
    // A filter may leave a shard without tests, which is not a failure of that shard.
    const shardArgs =
      shards > 1 ? [`--shard=${index + 1}/${shards}`, ...(args.length > 0 ? ['--pass-with-no-tests'] : [])] : [];
    const port = basePort + index * PORT_STRIDE;
    console.log(`${label}playwright test ${[...shardArgs, ...args].join(' ')} on E2E_PORT=${port}`);
    const child = spawn('npx', ['playwright', 'test', ...shardArgs, ...args], {
      cwd: path.join(repoRoot, 'e2e'),
      env: {
        ...process.env,
        E2E_PORT: String(port),
        ...(shards > 1 ? { E2E_OUTPUT_DIR: `test-results/shard-${index + 1}` } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const [stream, out] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      let pending = '';
      stream.on('data', (chunk) => {
        const lines = (pending + chunk.toString()).split('\n');
        pending = lines.pop() ?? '';
        for (const line of lines) out.write(`${label}${line}\n`);
      });
      stream.on('end', () => pending && out.write(`${label}${pending}\n`));
    }
    return new Promise((resolve) => child.on('close', (code, signal) => resolve({ label, code: code ?? 1, signal })));
  });
  const results = await Promise.all(runs);
  const minutes = ((Date.now() - startedAt) / 60_000).toFixed(1);
  for (const { label, code, signal } of results) {
    console.log(`${label}${code === 0 ? 'passed' : `failed (exit ${code}${signal ? `, ${signal}` : ''})`}`);
  }
  console.log(`e2e: ${shards} shard(s) in ${minutes} min`);
  return results.every((result) => result.code === 0) ? 0 : 1;
}
