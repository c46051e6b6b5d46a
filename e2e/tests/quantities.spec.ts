import { expect, test, type Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';

/**
 * Decimal quantities and units (issue 16, ADR 60): 1.5 hours at $80 is $120.00 in the editor and in the
 * document the preview shows.
 */

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const item = (page: Page, position: number, part: 'name' | 'quantity' | 'unit' | 'rate' | 'amount') =>
  page.getByLabel(`Item ${position} ${part}`, { exact: true });

async function chooseCurrency(page: Page, code: string, name: RegExp) {
  const wide = await page.evaluate(() => window.matchMedia('(min-width: 768px)').matches);
  if (!wide) {
    await page.getByLabel('Currency', { exact: true }).selectOption(code);
    return;
  }
  await page.getByRole('button', { name: /Change currency/ }).click();
  await page.getByRole('listbox', { name: 'Currencies' }).getByRole('option', { name }).click();
}

test('1.5 hours at $80 is $120.00 in the editor total and in the preview', async ({ page }) => {
  await page.goto('/new');
  await expect(page.getByTestId('invoice-editor')).toBeVisible();
  await chooseCurrency(page, 'USD', /US Dollar/);
  await field(page, 'From').fill('Ada Studio\nLondon');
  await field(page, 'To').fill('Globex Inc\nSpringfield');
  await item(page, 1, 'name').fill('Consulting');
  // A decimal comma is taken as the point, so the box shows what is billed.
  await item(page, 1, 'quantity').fill('');
  await item(page, 1, 'quantity').pressSequentially('1,5');
  await expect(item(page, 1, 'quantity')).toHaveValue('1.5');
  await item(page, 1, 'unit').fill('hours');
  await item(page, 1, 'rate').fill('80');
  await expect(item(page, 1, 'amount')).toContainText('$120.00');
  await expect(page.getByTestId('invoice-total')).toContainText('$120.00');

  const previewRequest = page.waitForRequest((request) => request.url().includes('/preview-invoice'));
  await page.getByRole('button', { name: 'Preview' }).click();
  const body = (await previewRequest).postDataJSON() as Record<string, unknown>;
  expect(body).toMatchObject({ items: [{ quantity: 1.5, unit: 'hours', unit_cost: 80 }] });
  const preview = page.getByRole('dialog', { name: 'Invoice preview' });
  await expect(preview.getByRole('img', { name: 'Invoice preview, page 1 of 1' })).toBeVisible();

  // The preview image is this body's PDF (one renderer): its text says 1.5 hours and $120.00.
  const pdf = await page.request.post('/generate-invoice', { data: body });
  expect(pdf.status()).toBe(200);
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(await pdf.body())), { mergePages: true });
  expect(text).toContain('1.5 hours');
  expect(text).toContain('$120.00');
});
