// `npm start`: build what is stale, then run the production server in this process.
import { ensureSupportedNode, repoRoot } from './node-version.mjs';

ensureSupportedNode();
const { buildIfStale } = await import('./build-if-stale.mjs');
buildIfStale();
process.chdir(repoRoot); // DATA_DIR defaults to ./data at the repository root
await import('../apps/server/dist/main.js');
