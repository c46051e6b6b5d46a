import { expect, test, type Page } from '@playwright/test';
import { signedInAccount } from './support/accounts';
import { seriousViolations } from './support/axe';

/**
 * Three templates with an accent colour (issue 16; docs/decisions/0062-three-templates-and-the-accent-colour.md):
 * choose one in Settings > Invoice Templates and see its drawing change, then see the editor's preview printed
 * in it, and override it on one invoice.
 */

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });
const card = (page: Page, template: string) => page.locator(`li[data-template="${template}"]`);

/** The thumbnail has loaded (a page drawn by the PDF engine, not a broken image). */
async function expectLoaded(page: Page, template: string) {
  const image = card(page, template).getByRole('img');
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(496);
}

/** Opens the editor's preview and answers the body it sent and a hash of the page image it showed. */
async function preview(page: Page): Promise<{ body: Record<string, unknown>; pixels: string }> {
  const answer = page.waitForResponse((response) => response.url().includes('/preview-invoice'));
  await page.getByRole('button', { name: 'Preview' }).click();
  const response = await answer;
  expect(response.status()).toBe(200);
  const dialog = page.getByRole('dialog', { name: 'Invoice preview' });
  const image = dialog.getByRole('img', { name: 'Invoice preview, page 1 of 1' });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  // The pixels the page shows, hashed (FNV-1a), drawn from the image itself.
  const pixels = await image.evaluate((img: HTMLImageElement) => {
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const context = canvas.getContext('2d')!;
    context.drawImage(img, 0, 0);
    const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
    let hash = 0x811c9dc5;
    for (let i = 0; i < data.length; i++) hash = Math.imul(hash ^ data[i]!, 0x01000193) >>> 0;
    return `${canvas.width}x${canvas.height}:${hash.toString(16)}`;
  });
  await dialog.getByRole('button', { name: 'Close' }).click();
  return { body: response.request().postDataJSON() as Record<string, unknown>, pixels };
}

test.describe('invoice templates', { tag: '@desktop' }, () => {
  test('choose a template and a colour in Settings, see the drawings change, and the editor print in them', async ({
    page,
  }) => {
    await signedInAccount(page);
    await page.goto('/settings?section=templates');
    await expect(page.getByRole('heading', { name: 'Invoice Templates' })).toBeVisible();
    for (const template of ['modern', 'classic', 'minimal']) await expectLoaded(page, template);
    await expect(card(page, 'modern')).toContainText('Selected');
    expect(await seriousViolations(page)).toEqual([]);

    // A colour typed changes every drawing before it is saved.
    const modernImage = card(page, 'modern').getByRole('img');
    const before = await modernImage.getAttribute('src');
    await page.getByLabel('Accent colour', { exact: true }).fill('#0F766E');
    await expect(modernImage).toHaveAttribute('src', /accent_color=%230f766e/);
    await expectLoaded(page, 'modern');
    const plain = await (await page.request.get(before!)).body();
    const teal = await (await page.request.get((await modernImage.getAttribute('src'))!)).body();
    expect(teal.equals(plain)).toBe(false);
    await page.getByRole('button', { name: 'Save colour' }).click();
    await expect(toast(page, 'Invoice template saved')).toBeVisible();

    await card(page, 'classic').getByRole('button', { name: 'Use Classic' }).click();
    await expect(card(page, 'classic')).toContainText('Selected');
    await expect(card(page, 'modern').getByRole('button', { name: 'Use Modern' })).toBeVisible();

    // A wrong colour is refused where it is typed.
    await page.getByLabel('Accent colour', { exact: true }).fill('teal');
    await expect(page.getByText('Type a colour like #1e3a8a.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save colour' })).toBeDisabled();

    await page.reload();
    await expect(card(page, 'classic')).toContainText('Selected');
    await expect(page.getByLabel('Accent colour', { exact: true })).toHaveValue('#0f766e');

    // The editor's preview is printed in the account's template, unless the invoice chooses its own.
    await page.goto('/new');
    await expect(page.getByTestId('invoice-editor')).toBeVisible();
    await page.getByLabel('From', { exact: true }).fill('Acme Studio Ltd\n1 High Street\nLondon');
    await page.getByLabel('To', { exact: true }).fill('Globex Corporation\n42 Main Road\nSpringfield');
    await page.getByLabel('Item 1 name', { exact: true }).fill('Design work');
    await page.getByLabel('Item 1 rate', { exact: true }).fill('250');

    const accountDefault = await preview(page);
    expect(accountDefault.body).toMatchObject({ template: null, accent_color: null });

    // The same template and colour chosen on the invoice itself: the same page.
    await page.getByLabel('Template', { exact: true }).selectOption('classic');
    await page.getByLabel('Accent colour', { exact: true }).fill('#0f766e');
    const chosen = await preview(page);
    expect(chosen.body).toMatchObject({ template: 'classic', accent_color: '#0f766e' });
    expect(chosen.pixels).toBe(accountDefault.pixels);

    // Another template on this invoice: another page.
    await page.getByLabel('Template', { exact: true }).selectOption('minimal');
    await page.getByRole('button', { name: "Use the account's accent colour" }).click();
    const own = await preview(page);
    expect(own.body).toMatchObject({ template: 'minimal', accent_color: null });
    expect(own.pixels).not.toBe(accountDefault.pixels);
  });
});
