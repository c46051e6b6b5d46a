import { readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { createAccount, signInPage } from './support/accounts';
import { seriousViolations } from './support/axe';

/**
 * Reading a received e-invoice (issue 17): an XRechnung (CII) uploaded on /einvoices/read is shown as a readable
 * invoice with the EN 16931 verdict; a file that is no e-invoice gets the server's sentence; a signed-in user saves
 * the seller as a client or a business, with its structured fields. The publisher's example is the one the server tests read back.
 */

const XRECHNUNG = readFileSync(new URL('../../apps/server/test/fixtures/einvoice/XRechnung-O.xml', import.meta.url));

test.beforeEach(async ({ page, isMobile }) => {
  await page.setViewportSize(isMobile ? { width: 320, height: 740 } : { width: 1280, height: 900 });
});

async function upload(page: Page, name: string, buffer: Buffer, mimeType = 'application/xml') {
  await page.getByLabel('E-invoice file (XML or PDF)').setInputFiles({ name, mimeType, buffer });
}

test('an uploaded XRechnung is displayed: the seller, a line, the total and the verdict', async ({
  page,
  isMobile,
}) => {
  await page.goto('/new');
  if (isMobile) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Read an e-invoice' }).click();
  } else {
    await page.getByRole('link', { name: 'Read an e-invoice' }).click();
  }
  await expect(page).toHaveURL(/\/einvoices\/read$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Read an e-invoice' })).toBeVisible();

  await upload(page, 'XRechnung-O.xml', XRECHNUNG);
  // The server's first reading starts the rules' thread, which loads the compiled rules (seconds on a busy machine).
  await expect(page.getByRole('heading', { level: 2, name: 'Invoice 150377292' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('Passes the EN 16931 rules', { exact: true })).toBeVisible();
  const seller = page.getByRole('region', { name: 'Seller' });
  await expect(seller).toContainText('Stuttgart');
  await expect(seller).toContainText('DE');
  const lines = page.getByRole('region', { name: /^Lines/ });
  await expect(lines.getByText('IndustriePolice').filter({ visible: true }).first()).toBeVisible();
  const totals = page.getByRole('region', { name: 'Totals' });
  await expect(totals).toContainText('Amount due');
  await expect(totals).toContainText('385,544.60 EUR');
  // Fits the width: nothing runs off the side, here and (on the desktop run) where the lines turn from cards to a table.
  const widths = isMobile ? [page.viewportSize()!.width] : [767, 768, 1024, 1280];
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${width} px`).toBeLessThanOrEqual(width);
  }
  expect(await seriousViolations(page)).toEqual([]);
});

test('a file that is no e-invoice gets a clear error, and a failing one lists its rules', async ({ page }) => {
  await page.goto('/einvoices/read');
  await upload(page, 'notes.txt', Buffer.from('Please pay invoice 42.'), 'text/plain');
  await expect(page.getByRole('alert')).toContainText('The file is neither XML nor PDF');

  const broken = XRECHNUNG.toString('utf8').replace(
    '<ram:DuePayableAmount>385544.60</ram:DuePayableAmount>',
    '<ram:DuePayableAmount>385544.61</ram:DuePayableAmount>',
  );
  await upload(page, 'broken.xml', Buffer.from(broken));
  await expect(page.getByText(/^Does not pass: \d+ problems?$/)).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('BR-CO-16')).toBeVisible();
  await expect(page.getByRole('alert')).toBeHidden();
  expect(await seriousViolations(page)).toEqual([]);
});

test('a Factur-X PDF is read from its attached factur-x.xml', async ({ page }) => {
  // A minimal PDF holding the XML as a compressed embedded file with its conventional name, as Factur-X writers do.
  const xml = deflateSync(XRECHNUNG);
  const pdf = Buffer.concat([
    Buffer.from(
      `%PDF-1.7\n1 0 obj\n<< /Type /EmbeddedFile /Subtype /text#2Fxml /Filter /FlateDecode /Length ${xml.byteLength} >>\nstream\n`,
    ),
    xml,
    Buffer.from(
      '\nendstream\nendobj\n2 0 obj\n<< /Type /Filespec /F (factur-x.xml) /UF (factur-x.xml) /EF << /F 1 0 R >> >>\nendobj\ntrailer\n<< >>\n%%EOF\n',
    ),
  ]);
  await page.goto('/einvoices/read');
  await upload(page, 'invoice.pdf', pdf, 'application/pdf');
  await expect(page.getByRole('heading', { level: 2, name: 'Invoice 150377292' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText(/attached to the PDF as factur-x\.xml/)).toBeVisible();
});

test('signed in: save the seller as a client', async ({ page }) => {
  const account = await createAccount(page.request);
  await signInPage(page, account);
  const email = `seller-${Date.now()}@example.com`;
  const named = XRECHNUNG.toString('utf8')
    .replace(/(<ram:SellerTradeParty>\s*<ram:Name>)XX/, '$1Lieferant GmbH')
    .replace(/(<ram:EmailURIUniversalCommunication>\s*<ram:URIID>)XX/, `$1${email}`);
  await page.goto('/einvoices/read');
  await upload(page, 'XRechnung-O.xml', Buffer.from(named));
  await page.getByRole('button', { name: 'Save seller as client' }).click({ timeout: 60_000 });
  await expect(page.getByRole('button', { name: 'Seller saved as a client' })).toBeDisabled();
  const clients = await page.request.get(`/api/clients?search=${encodeURIComponent('Lieferant GmbH')}`);
  const body = (await clients.json()) as { clients: Array<{ name: string; email: string; address: string }> };
  expect(body.clients).toEqual([
    expect.objectContaining({
      name: 'Lieferant GmbH',
      email,
      address: expect.stringContaining('Stuttgart'),
      // The structured fields the e-invoice has, not only the free text.
      postcode: '70376',
      city: 'Stuttgart',
      country: 'DE',
      endpoint_scheme: 'EM',
    }),
  ]);
});

test('signed in: save the seller as a business, with its bank account, and see it in Settings', async ({ page }) => {
  const account = await createAccount(page.request);
  await signInPage(page, account);
  const email = `own-${Date.now()}@example.com`;
  const named = XRECHNUNG.toString('utf8')
    .replace(/(<ram:SellerTradeParty>\s*<ram:Name>)XX/, '$1Studio Sommer')
    .replace(/(<ram:EmailURIUniversalCommunication>\s*<ram:URIID>)XX/, `$1${email}`)
    .replace('<ram:IBANID>XX</ram:IBANID>', '<ram:IBANID>DE89370400440532013000</ram:IBANID>');
  await page.goto('/einvoices/read');
  await upload(page, 'XRechnung-O.xml', Buffer.from(named));
  await page.getByRole('button', { name: 'Save seller as business' }).click({ timeout: 60_000 });
  await expect(page.getByRole('button', { name: 'Seller saved as a business' })).toBeDisabled();
  // The other save stays open: the same seller may be a client too.
  await expect(page.getByRole('button', { name: 'Save seller as client' })).toBeEnabled();

  const businesses = await page.request.get('/api/businesses');
  const body = (await businesses.json()) as { businesses: Array<Record<string, unknown>> };
  expect(body.businesses.filter((business) => business.name === 'Studio Sommer')).toEqual([
    expect.objectContaining({
      name: 'Studio Sommer',
      email,
      postcode: '70376',
      city: 'Stuttgart',
      country: 'DE',
      iban: 'DE89370400440532013000',
      bic: 'HELADEFFXXX',
    }),
  ]);

  await page.goto('/settings?section=business');
  const card = page.getByRole('article', { name: 'Studio Sommer' });
  await expect(card).toBeVisible();
  await expect(card).toContainText(email);
  await expect(card).toContainText('Stuttgart');
  await expect(card).toContainText('IBAN: DE89 3704 0044 0532 0130 00');
  const width = page.viewportSize()!.width;
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${width} px`).toBeLessThanOrEqual(width);
});

test('signed in: a save the route refuses says why in plain words', async ({ page }) => {
  const account = await createAccount(page.request);
  await signInPage(page, account);
  // An e-mail address the routes refuse: the reader shows it as written, the save answers 400.
  const named = XRECHNUNG.toString('utf8')
    .replace(/(<ram:SellerTradeParty>\s*<ram:Name>)XX/, '$1Lieferant GmbH')
    .replace(/(<ram:EmailURIUniversalCommunication>\s*<ram:URIID>)XX/, '$1not-an-address');
  await page.goto('/einvoices/read');
  await upload(page, 'XRechnung-O.xml', Buffer.from(named));
  await page.getByRole('button', { name: 'Save seller as business' }).click({ timeout: 60_000 });
  await expect(page.getByRole('alert')).toContainText('Invalid email format');
  await expect(page.getByRole('button', { name: 'Save seller as business' })).toBeEnabled();
  const businesses = await page.request.get('/api/businesses');
  const saved = ((await businesses.json()) as { businesses: Array<{ name: string }> }).businesses;
  expect(saved.filter((business) => business.name === 'Lieferant GmbH')).toEqual([]);
});
