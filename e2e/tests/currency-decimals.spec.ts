import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';

/**
 * Currency decimals from ISO 4217 (issue 16, ADR 59): a JPY invoice is in whole yen in the editor, the preview
 * and the PDF, and a fraction of a yen is named under its box (the shared schema's sentence) and refused by the
 * server instead of being rounded.
 */

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const item = (page: Page, position: number, part: 'name' | 'quantity' | 'rate' | 'amount') =>
  page.getByLabel(`Item ${position} ${part}`, { exact: true });

async function pdfText(file: string): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(await readFile(file)));
  const { text } = await extractText(pdf, { mergePages: true });
  return text;
}

async function chooseCurrency(page: Page, code: string, name: RegExp) {
  const wide = await page.evaluate(() => window.matchMedia('(min-width: 768px)').matches);
  if (!wide) {
    await page.getByLabel('Currency', { exact: true }).selectOption(code);
    return;
  }
  await page.getByRole('button', { name: /Change currency/ }).click();
  await page.getByRole('listbox', { name: 'Currencies' }).getByRole('option', { name }).click();
}

test('a JPY invoice is in whole yen, and a fraction of a yen is named, refused and never rounded', async ({ page }) => {
  await page.goto('/new');
  await expect(page.getByTestId('invoice-editor')).toBeVisible();
  await field(page, 'From').fill('Acme Studio\nTokyo');
  await field(page, 'To').fill('Globex KK\nOsaka');
  await item(page, 1, 'name').fill('Design work');
  await item(page, 1, 'quantity').fill('2');
  await item(page, 1, 'rate').fill('1234.50');
  await expect(item(page, 1, 'amount')).toHaveText('€2,469.00');

  // Switching to JPY keeps what was typed and says what is wrong with it, in the server's words.
  await chooseCurrency(page, 'JPY', /Japanese Yen \(¥\)/);
  const message = page.getByTestId('item-row').first().getByText('Rate must be a whole number in JPY.');
  await expect(message).toBeVisible();
  await expect(item(page, 1, 'rate')).toHaveValue('1234.50');
  await expect(item(page, 1, 'rate')).toHaveAttribute('aria-invalid', 'true');
  await expect(item(page, 1, 'amount')).toHaveText('¥0');

  // The server refuses the fraction too: the download answers the same sentence.
  await page.getByRole('button', { name: 'Download', exact: true }).click();
  await expect(page.getByTestId('editor-error')).toContainText('Rate must be a whole number in JPY.');
  await page.getByRole('button', { name: 'Dismiss error' }).click();
  await expect(page.getByTestId('editor-error')).toHaveCount(0);

  // Whole yen: no message, amounts without decimals in the editor, the preview and the PDF.
  await item(page, 1, 'rate').fill('1234');
  await expect(message).toBeHidden();
  await expect(item(page, 1, 'amount')).toHaveText('¥2,468');
  await page.getByRole('switch', { name: 'Tax' }).click();
  await field(page, 'Tax rate (%)').fill('10');
  // 10 % of ¥2,468 is ¥246.8: rounded once, on the subtotal, to ¥247.
  await expect(page.getByTestId('invoice-tax-amount')).toHaveText('¥247');
  await expect(page.getByTestId('invoice-total')).toHaveText('¥2,715');

  const previewRequest = page.waitForRequest((request) => request.url().includes('/preview-invoice'));
  await page.getByRole('button', { name: 'Preview' }).click();
  const previewBody = (await previewRequest).postDataJSON() as {
    currency: string;
    items: Array<{ unit_cost: number }>;
  };
  expect(previewBody).toMatchObject({ currency: 'JPY', items: [{ unit_cost: 1234 }] });
  const preview = page.getByRole('dialog', { name: 'Invoice preview' });
  await expect(preview.getByRole('img', { name: 'Invoice preview, page 1 of 1' })).toBeVisible();
  await preview.getByRole('button', { name: 'Close' }).click();

  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download', exact: true }).click();
  const text = await pdfText(await (await downloadPromise).path());
  for (const expected of ['¥1,234', '¥2,468', '¥247', '¥2,715']) expect(text).toContain(expected);
  expect(text).not.toMatch(/¥[\d,]+\.\d/);
  await expect(page.getByTestId('editor-error')).toHaveCount(0);
});
