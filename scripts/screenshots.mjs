// `npm run screenshots`: refreshes docs/screenshots/ from the production build served by the real
// server — the landing page, and /new holding a sample invoice (seeded as a browser draft, the same
// path a returning guest takes), at desktop (1440×900) and phone (375×812) width.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureSupportedNode, repoRoot } from './node-version.mjs';

ensureSupportedNode();
const { buildIfStale } = await import('./build-if-stale.mjs');
buildIfStale();
const { chromium } = await import('playwright-core');

const executablePath =
  process.env.CHROMIUM_PATH ?? spawnSync('sh', ['-c', 'command -v chromium'], { encoding: 'utf8' }).stdout.trim();
const port = 4598;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'invoicer-screenshots-'));
const server = spawn('node', ['apps/server/dist/main.js'], {
  cwd: repoRoot,
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
await new Promise((resolve, reject) => {
  server.stdout.on('data', (chunk) => chunk.toString().includes('Ready in') && resolve());
  server.on('exit', (code) => reject(new Error(`server exited (${code})`)));
});

const sampleDraft = {
  invoiceNumber: '0042',
  issuedDate: '2026-11-21',
  dueDate: '2026-11-28',
  currency: 'GBP',
  from: 'Ada Lovelace Studio\n12 Analytical Row\nLondon EC1A 1BB',
  to: 'Globex Corporation\n1 Cypress Creek Parkway\nSpringfield',
  items: [
    {
      id: 'a',
      name: 'Brand identity',
      description: 'Logo, colours and type',
      showDesc: true,
      quantity: 1,
      unit_cost: 1800,
    },
    { id: 'b', name: 'Website design', description: '', showDesc: false, quantity: 3, unit_cost: 650 },
    { id: 'c', name: 'Hosting (monthly)', description: '', showDesc: false, quantity: 12, unit_cost: 19.99 },
  ],
  showTax: true,
  taxType: 'percent',
  taxPercent: 20,
  showDiscount: true,
  discountType: 'fixed',
  discountPercent: 150,
  showShipping: false,
  shippingAmount: 0,
  paymentDetails: 'Sort code 00-00-00 · Account 12345678',
  terms: 'Please submit payment within 15 days of receipt of this invoice.',
  logoUrl: null,
};

const browser = await chromium.launch({
  executablePath,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
try {
  const shots = [
    ['landing-desktop', '/', { width: 1440, height: 900 }],
    ['landing-mobile', '/', { width: 375, height: 812 }],
    ['editor-desktop', '/new', { width: 1440, height: 900 }],
    ['editor-mobile', '/new', { width: 375, height: 812 }],
  ];
  for (const [name, route, viewport] of shots) {
    const context = await browser.newContext({ viewport, deviceScaleFactor: 1, isMobile: viewport.width < 768 });
    await context.addInitScript((draft) => {
      localStorage.setItem('invoiceData', JSON.stringify(draft));
      localStorage.setItem('lastSavedInvoice', '2026-11-21T09:30:00.000Z');
    }, sampleDraft);
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${port}${route}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    const file = path.join(repoRoot, 'docs', 'screenshots', `${name}.png`);
    await page.screenshot({ path: file, fullPage: route === '/new' && viewport.width >= 768, animations: 'disabled' });
    console.log(`wrote ${path.relative(repoRoot, file)}`);
    await context.close();
  }
} finally {
  await browser.close();
  server.kill('SIGTERM');
  await new Promise((resolve) => server.on('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
