// `npm test`: unit and route tests (domain, server, web) against real PostgreSQL, then the
// browser tests against the production build served by the real server.
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
  run('npm', ['test', '-w', 'e2e']);
}
