import { expect, test, type Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { signedInAccount } from './support/accounts';
import { seedInvoice } from './support/invoices';

/**
 * The account's default language (issue 16; docs/decisions/0075-the-account-default-language.md): choose German in
 * Settings > Invoice Templates, and a new invoice at /new starts in German: its picker says Deutsch and its preview
 * prints German labels. An invoice saved through the API without a language is German too, and so is its public page.
 */

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** The text of a PDF (NFKC: the no-break spaces of the locales read as spaces). */
async function pdfText(bytes: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text.normalize('NFKC').replace(/\s+/g, ' ');
}

test('German as the account default: a new invoice previews in German', async ({ page }) => {
  await signedInAccount(page);
  await page.goto('/settings?section=templates');
  await expect(page.getByRole('heading', { name: 'Invoice Templates' })).toBeVisible();
  const setting = field(page, 'Default invoice language');
  await expect(setting).toHaveValue('en');
  const saved = page.waitForResponse(
    (response) => response.url().includes('/api/users/invoice-template') && response.request().method() === 'PUT',
  );
  await setting.selectOption({ label: 'Deutsch' });
  expect((await saved).status()).toBe(200);
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Default language saved' })).toBeVisible();
  await expect(setting).toHaveValue('de');
  // Kept: the page read again shows it.
  await page.reload();
  await expect(field(page, 'Default invoice language')).toHaveValue('de');

  await page.goto('/new');
  await expect(page.getByTestId('invoice-editor')).toBeVisible();
  await expect(field(page, 'Language')).toHaveValue('de');
  await field(page, 'From').fill('Acme Studio GmbH\nHauptstraße 1\nBerlin');
  await field(page, 'To').fill('Globex AG\nBahnhofstraße 42\nZürich');
  await field(page, 'Item 1 name').fill('Design work');
  await field(page, 'Item 1 rate').fill('1234.56');

  const answer = page.waitForResponse((response) => response.url().includes('/preview-invoice'));
  await page.getByRole('button', { name: 'Preview' }).click();
  const response = await answer;
  expect(response.status()).toBe(200);
  const dialog = page.getByRole('dialog', { name: 'Invoice preview' });
  const image = dialog.getByRole('img', { name: 'Invoice preview, page 1 of 1' });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const body = response.request().postDataJSON() as Record<string, unknown>;
  expect(body).toMatchObject({ language: 'de' });

  // What the preview drew, as text: the same body printed by the same engine (the preview is that PDF's page).
  const printed = await page.request.post('/generate-invoice', { data: body });
  expect(printed.status()).toBe(200);
  const text = await pdfText(await printed.body());
  for (const expected of ['RECHNUNG', 'Rechnungsdatum', 'Zwischensumme']) expect(text).toContain(expected);
  expect(text).not.toContain('INVOICE');
  await dialog.getByRole('button', { name: 'Close' }).click();
});

test('an invoice saved without a language takes the account’s, and its public page prints in it', async ({
  page,
  browser,
}) => {
  await signedInAccount(page);
  const saved = await page.request.put('/api/users/invoice-template', {
    data: { template: 'modern', accent_color: null, language: 'de' },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const id = await seedInvoice(page.request, { status: 'sent' });
  const shared = await page.request.post(`/api/invoices/${id}/share`, { data: {} });
  const { url } = (await shared.json()) as { url: string };

  const guestContext = await browser.newContext();
  try {
    const guest = await guestContext.newPage();
    await guest.goto(new URL(url).pathname);
    await expect(guest.getByRole('heading', { level: 1, name: 'Nr. 0001' })).toBeVisible();
    await expect(guest.locator('article')).toHaveAttribute('lang', 'de');
    await expect(guest.getByText('Rechnungsdatum', { exact: true })).toBeVisible();
    await expect(guest.getByText('21. November 2026', { exact: true })).toBeVisible();
    // The figures of the one totals rule, in German formats (NBSP between the amount and the symbol).
    const totals = guest.getByTestId('public-totals');
    await expect(totals.locator('dt')).toHaveText([
      'Zwischensumme',
      'Steuer (7,5\u00a0%)',
      'Rabatt',
      'Versand',
      'Gesamtbetrag',
    ]);
    await expect(guest.getByTestId('public-total')).toHaveText('104,28\u00a0£');
    await expect(guest.getByRole('heading', { name: 'Zahlungsinformationen' })).toBeVisible();
  } finally {
    await guestContext.close();
  }
});
