// `npm run screenshots`: refreshes docs/screenshots/ from the production build served by the real
// server — the landing page, and /new holding a sample invoice (seeded as a browser draft, the same
// path a returning guest takes), at desktop (1440×900) and phone (375×812) width.
import path from 'node:path';
import { ensureSupportedNode, repoRoot } from './node-version.mjs';
import { chromiumPath, startProductionServer } from './production-server.mjs';

ensureSupportedNode();
const { buildIfStale } = await import('./build-if-stale.mjs');
buildIfStale();
const { chromium } = await import('playwright-core');

const executablePath = chromiumPath();
const server = await startProductionServer(4598);

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
    await page.goto(`${server.url}${route}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    const file = path.join(repoRoot, 'docs', 'screenshots', `${name}.png`);
    await page.screenshot({ path: file, fullPage: route === '/new' && viewport.width >= 768, animations: 'disabled' });
    console.log(`wrote ${path.relative(repoRoot, file)}`);
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
