import { expect, test, type Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { signedInAccount } from './support/accounts';

/**
 * The document's language (issue 16; docs/decisions/0061-the-document-language.md): pick German beside the currency and
 * the preview prints German labels and German amounts (1.234,56 €); a client's preferred language sets the picker.
 */

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** The text of a PDF (NFKC: the no-break spaces of the locales read as spaces). */
async function pdfText(bytes: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text.normalize('NFKC').replace(/\s+/g, ' ');
}

/** Opens the preview and answers the body it was drawn from and a hash of the page image it showed. */
async function preview(page: Page): Promise<{ body: Record<string, unknown>; pixels: string }> {
  const answer = page.waitForResponse((response) => response.url().includes('/preview-invoice'));
  await page.getByRole('button', { name: 'Preview' }).click();
  const response = await answer;
  expect(response.status()).toBe(200);
  const dialog = page.getByRole('dialog', { name: 'Invoice preview' });
  const image = dialog.getByRole('img', { name: 'Invoice preview, page 1 of 1' });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const pixels = await image.evaluate((img: HTMLImageElement) => {
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const context = canvas.getContext('2d')!;
    context.drawImage(img, 0, 0);
    const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
    let hash = 0x811c9dc5;
    for (let i = 0; i < data.length; i++) hash = Math.imul(hash ^ data[i]!, 0x01000193) >>> 0;
    return hash.toString(16);
  });
  await dialog.getByRole('button', { name: 'Close' }).click();
  return { body: response.request().postDataJSON() as Record<string, unknown>, pixels };
}

test('pick German on an invoice: the preview prints German labels and 1.234,56 €', async ({ page }) => {
  await page.goto('/new');
  await expect(page.getByTestId('invoice-editor')).toBeVisible();
  await field(page, 'From').fill('Acme Studio GmbH\nHauptstraße 1\nBerlin');
  await field(page, 'To').fill('Globex AG\nBahnhofstraße 42\nZürich');
  await field(page, 'Item 1 name').fill('Design work');
  await field(page, 'Item 1 rate').fill('1234.56');

  const language = field(page, 'Language');
  await expect(language).toHaveValue(''); // the browser is English: the client's language, else English
  const english = await preview(page);
  expect(english.body).toMatchObject({ language: null });

  await language.selectOption({ label: 'Deutsch' });
  await expect(language).toHaveValue('de');
  const german = await preview(page);
  expect(german.body).toMatchObject({ language: 'de' });
  expect(german.pixels).not.toBe(english.pixels);

  // What the preview drew, as text: the same body printed by the same engine (the preview is that PDF's page).
  const printed = await page.request.post('/generate-invoice', { data: german.body });
  expect(printed.status()).toBe(200);
  const text = await pdfText(await printed.body());
  for (const expected of [
    'RECHNUNG',
    'Rechnungsdatum',
    'Position Menge Einzelpreis Betrag',
    'Zwischensumme 1.234,56 €',
  ]) {
    expect(text).toContain(expected);
  }
  expect(text).toMatch(/Gesamtbetrag 1\.234,56 €/);
  expect(text).not.toContain('INVOICE');

  // The download is the same document.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download', exact: true }).click();
  const file = await (await download).createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of file) chunks.push(chunk as Buffer);
  expect(await pdfText(Buffer.concat(chunks))).toContain('Zwischensumme 1.234,56 €');
});

test(
  'choosing a client with a preferred language sets the picker, unless the user picked one',
  { tag: '@desktop' },
  async ({ page }) => {
    await signedInAccount(page);
    for (const [name, email, preferred] of [
      ['Dupont SA', 'compta@dupont.example', 'fr'],
      ['Tanaka KK', 'keiri@tanaka.example', 'ja'],
    ] as const) {
      const response = await page.request.post('/api/clients', {
        data: { name, email, preferred_language: preferred },
      });
      expect(response.status()).toBe(201);
    }
    await page.goto('/new');
    await expect(page.getByTestId('invoice-editor')).toBeVisible();
    const to = page.getByRole('combobox', { name: 'To', exact: true });
    await expect(to).toBeVisible();
    const list = page.getByRole('listbox', { name: 'To suggestions' });
    const language = field(page, 'Language');

    await to.fill('Dup');
    await list.getByRole('option', { name: /Dupont SA/ }).click();
    await expect(language).toHaveValue('fr');

    await language.selectOption({ label: 'Deutsch' });
    await to.fill('');
    await to.fill('Tana');
    await list.getByRole('option', { name: /Tanaka KK/ }).click();
    await expect(language).toHaveValue('de');

    // The client modal shows and edits the preferred language.
    await page.goto('/clients');
    await page.getByRole('button', { name: 'Actions for Dupont SA' }).first().click();
    await page.getByRole('menuitem', { name: 'Edit Client' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Client' });
    const preferred = dialog.getByLabel('Invoice language', { exact: true });
    await expect(preferred).toHaveValue('fr');
    await preferred.selectOption({ label: 'Español' });
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog).toBeHidden();
    const clients = await (await page.request.get('/api/clients')).json();
    expect(clients.clients.find((client: { name: string }) => client.name === 'Dupont SA').preferred_language).toBe(
      'es',
    );
  },
);
