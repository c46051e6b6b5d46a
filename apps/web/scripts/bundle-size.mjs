// Prints the JavaScript each page downloads before it can render: the entry chunk, the page's own
// route chunk, and every chunk those import statically — gzip-compressed, as served.
// Run after `vite build` (which writes dist/.vite/manifest.json): node scripts/bundle-size.mjs
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const dist = new URL('../dist/', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('.vite/manifest.json', dist), 'utf8'));
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);

function staticClosure(keys, seen = new Set()) {
  for (const key of keys) {
    if (seen.has(key)) continue;
    seen.add(key);
    staticClosure(manifest[key].imports ?? [], seen);
  }
  return seen;
}

const gzipKb = (key) => gzipSync(readFileSync(new URL(manifest[key].file, dist))).length / 1024;

const pages = {
  '/': 'src/app/routes/landing.tsx',
  '/new': 'src/app/routes/new-invoice.tsx',
  '/privacy-policy': 'src/app/routes/privacy-policy.tsx',
};

const rows = Object.entries(pages).map(([path, route]) => {
  const chunks = staticClosure([entryKey, route]);
  const total = [...chunks].reduce((sum, key) => sum + gzipKb(key), 0);
  return { page: path, chunks: chunks.size, 'initial JS (KB gzip)': Number(total.toFixed(1)) };
});
console.table(rows);
