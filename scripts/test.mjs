// `npm test`: unit and route tests (domain, server, web) against real PostgreSQL, then the
// browser tests against the production build served by the real server, in shards run side by side.
import { spawnSync } from 'node:child_process';
import { ensureSupportedNode, repoRoot } from './node-version.mjs';

ensureSupportedNode();
const run = (command, args, env = {}) => {
  console.log(`\n[test] ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: repoRoot, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

const only = process.argv[2];
if (!only || only === 'unit') run('npx', ['vitest', 'run']);
if (!only || only === 'e2e') {
  const { buildIfStale } = await import('./build-if-stale.mjs');
  buildIfStale();
  // Shards side by side (scripts/e2e-shards.mjs); `npm test e2e -- tests/x.spec.ts` passes the filter on.
  const { runE2eShards } = await import('./e2e-shards.mjs');
  console.log('\n[test] browser tests (Playwright shards)');
  const code = await runE2eShards(only === 'e2e' ? process.argv.slice(3) : []);
  if (code !== 0) process.exit(code);
}
