// `npm run bench:web`: the web app's budgets, measured on the production build served by the real
// server: each page's initial JavaScript (gzip) and Lighthouse's desktop performance score for / and /new.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ensureSupportedNode, repoRoot } from './node-version.mjs';
import { CHROMIUM_ARGS, chromiumPath, NO_CHROMIUM } from './chromium.mjs';
import { startProductionServer } from './production-server.mjs';

ensureSupportedNode();
const { buildIfStale } = await import('./build-if-stale.mjs');
buildIfStale();
spawnSync('node', ['scripts/bundle-size.mjs'], { cwd: path.join(repoRoot, 'apps/web'), stdio: 'inherit' });

const chromium = chromiumPath();
if (!chromium) {
  console.log(`Lighthouse skipped. ${NO_CHROMIUM}`);
  process.exit(0);
}

const server = await startProductionServer(4599);

const lighthouse = (await import('lighthouse')).default;
const chromeLauncher = await import('chrome-launcher');
const chrome = await chromeLauncher.launch({
  chromePath: chromium,
  chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
});
try {
  const rows = [];
  for (const page of ['/', '/new']) {
    const scores = [];
    for (let run = 0; run < 3; run++) {
      const result = await lighthouse(`${server.url}${page}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        formFactor: 'desktop',
        screenEmulation: { mobile: false, width: 1350, height: 940, deviceScaleFactor: 1, disabled: false },
        throttling: { rttMs: 40, throughputKbps: 10240, cpuSlowdownMultiplier: 1 },
      });
      const audits = result.lhr.audits;
      scores.push({
        score: Math.round(result.lhr.categories.performance.score * 100),
        fcp: audits['first-contentful-paint'].numericValue,
        lcp: audits['largest-contentful-paint'].numericValue,
        tbt: audits['total-blocking-time'].numericValue,
        cls: audits['cumulative-layout-shift'].numericValue,
      });
    }
    scores.sort((a, b) => a.score - b.score);
    const median = scores[1];
    rows.push({
      page,
      'performance (median of 3)': median.score,
      'FCP ms': Math.round(median.fcp),
      'LCP ms': Math.round(median.lcp),
      'TBT ms': Math.round(median.tbt),
      CLS: Number(median.cls.toFixed(3)),
    });
  }
  console.log('Lighthouse, desktop preset:');
  console.table(rows);
} finally {
  await chrome.kill();
  await server.stop();
}
