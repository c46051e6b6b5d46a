// `npm run screenshots`: refreshes docs/screenshots/ from the production build served by the real
// server — the landing page, and /new holding a sample invoice (seeded as a browser draft, the same
// path a returning guest takes), then the signed-in pages of an account filled through the real API
// (dashboard, invoices, an invoice, clients, Settings > Businesses), at desktop (1440×900), tablet
// (768×1024, where the lists show cards beside the collapsed sidebar) and phone (375×812) width.
// SCREENSHOTS_PORT moves the server off 4598 when that port is taken.
import path from 'node:path';
import { ensureSupportedNode, repoRoot } from './node-version.mjs';
import { CHROMIUM_ARGS, chromiumPath, NO_CHROMIUM } from './chromium.mjs';
import { startProductionServer } from './production-server.mjs';

ensureSupportedNode();
const { buildIfStale } = await import('./build-if-stale.mjs');
buildIfStale();
const { chromium, request } = await import('playwright-core');

const executablePath = chromiumPath();
if (!executablePath) throw new Error(NO_CHROMIUM);
const server = await startProductionServer(Number(process.env.SCREENSHOTS_PORT ?? 4598));

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

const browser = await chromium.launch({ executablePath, args: [...CHROMIUM_ARGS] });
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

  const account = await seedAccount(server.url);
  const signedInShots = [
    ['dashboard', '/dashboard'],
    ['invoices', '/invoices'],
    ['invoice-detail', `/invoice/${account.invoiceId}`],
    ['clients', '/clients'],
    ['settings-businesses', '/settings?section=business'],
  ];
  const formats = [
    ['desktop', { width: 1440, height: 900 }],
    ['tablet', { width: 768, height: 1024 }],
    ['mobile', { width: 375, height: 812 }],
  ];
  for (const [format, viewport] of formats) {
    const context = await browser.newContext({ viewport, deviceScaleFactor: 1, isMobile: viewport.width < 768 });
    const signIn = await context.request.post(`${server.url}/api/auth/signin`, { data: account.credentials });
    if (!signIn.ok()) throw new Error(`sign-in failed: ${signIn.status()}`);
    const page = await context.newPage();
    for (const [name, route] of signedInShots) {
      await page.goto(`${server.url}${route}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      const file = path.join(repoRoot, 'docs', 'screenshots', `${name}-${format}.png`);
      await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
      console.log(`wrote ${path.relative(repoRoot, file)}`);
    }
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}

/** YYYY-MM-DD, n days from today in UTC. */
function day(offset) {
  return new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
}

/** A freelancer's account through the real API: a business, clients, and invoices over half a year. */
async function seedAccount(baseURL) {
  const api = await request.newContext({ baseURL });
  const credentials = { email: `demo-${Date.now()}@example.com`, password: 'correct horse battery' };
  const call = async (method, url, data) => {
    const response = await api.fetch(url, { method, data });
    if (!response.ok()) throw new Error(`${method} ${url}: ${response.status()} ${await response.text()}`);
    return response.json();
  };
  await call('POST', '/api/auth/signup', { first_name: 'Ada', last_name: 'Lovelace', ...credentials });
  const { business } = await call('POST', '/api/businesses', {
    name: 'Ada Lovelace Studio',
    email: 'hello@lovelace.studio',
    phone: '+44 20 7946 0018',
    address: '12 Analytical Row, London EC1A 1BB',
    tax_id: 'GB123456789',
  });
  const clients = [];
  for (const [name, email, address] of [
    ['Globex Corporation', 'accounts@globex.example', '1 Cypress Creek Parkway, Springfield'],
    ['Müller & Söhne GmbH', 'buchhaltung@mueller.example', 'Hafenstraße 4, Hamburg'],
    ['Initech', 'ap@initech.example', '4120 Freidrich Lane, Austin'],
    ['Kraków Joinery', 'biuro@joinery.example', 'ul. Długa 7, Kraków'],
  ]) {
    clients.push((await call('POST', '/api/clients', { name, email, address, phone: '' })).client);
  }
  const plan = [
    [0, 'Brand identity', 1, 1800, 'paid', -150, 'GBP'],
    [1, 'Website design', 3, 650, 'paid', -120, 'GBP'],
    [2, 'Support retainer', 10, 85, 'paid', -90, 'GBP'],
    [3, 'Shop fittings', 2, 1240, 'sent', -60, 'EUR'],
    [0, 'Landing page', 1, 950, 'sent', -45, 'GBP'],
    [1, 'Hosting (yearly)', 12, 19.99, 'paid', -30, 'GBP'],
    [2, 'Consulting', 6, 120, 'sent', -10, 'GBP'],
    [3, 'Kitchen cabinets', 1, 3100, 'draft', -2, 'EUR'],
  ];
  let invoiceId = '';
  for (const [index, [clientIndex, item, quantity, unitCost, status, issuedOffset, currency]] of plan.entries()) {
    const client = clients[clientIndex];
    const data = {
      from: `${business.name}\n${business.address}\n${business.email}`,
      to: `${client.name}\n${client.address}\n${client.email}`,
      items: [{ id: 'a', name: item, description: '', showDesc: false, quantity, unit_cost: unitCost }],
      invoice_number: String(index + 1).padStart(4, '0'),
      issued_date: day(issuedOffset),
      due_date: day(issuedOffset + 30),
      payment_details: 'Sort code 00-00-00 · Account 12345678',
      terms: 'Please submit payment within 15 days of receipt of this invoice.',
      tax_percent: 20,
      tax_type: 'percent',
      show_tax: true,
      discount_percent: 0,
      discount_type: 'percent',
      show_discount: false,
      shipping_amount: 0,
      show_shipping: false,
      logo_url: null,
      currency,
      currency_symbol: currency === 'EUR' ? '€' : '£',
      currency_label: currency === 'EUR' ? 'Euro (€)' : 'British Pound (£)',
    };
    const saved = await call('POST', '/api/invoices', {
      client_id: client.id,
      business_id: business.id,
      data,
      issued_date: data.issued_date,
      due_date: data.due_date,
      status: 'draft',
      currency,
    });
    if (status !== 'draft') await call('PUT', `/api/invoices/${saved.id}/status`, { status });
    if (index === 3) invoiceId = saved.id;
  }
  await api.dispose();
  return { credentials, invoiceId };
}
