import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';

/**
 * The invoice editor at /new, as a guest (issue 3): every field, preview, download (the PDF's
 * own text is read back), the browser draft, the validation messages, toggles, input
 * filtering, drag reordering, the mobile layout, bad stored drafts and server errors. One
 * test measures typing in a 200-item invoice and prints the figures (no timing assertions).
 */

/** A 64×32 indigo PNG: small enough to commit inline, a real image for the server's sniffing and sharp. */
const LOGO_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAAAgCAYAAACinX6EAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAbUlEQVRogeXOIQEAIBAAsUv3lv4ByMHHmEDMrzP3/Swd0NIBLR3Q0gEtHdDSAS0d0NIBLR3Q0gEtHdDSAS0d0NIBLR3Q0gEtHdDSAS0d0NIBLR3Q0gEtHdDSAS0d0NIBLR3Q0gEtHdDSAS0d0BaCnMkeai6aCQAAAABJRU5ErkJggg==',
  'base64',
);

const total = (page: Page) => page.getByTestId('invoice-total');
const banner = (page: Page) => page.getByTestId('editor-error');
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const item = (page: Page, position: number, part: 'name' | 'quantity' | 'rate' | 'amount' | 'description') =>
  page.getByLabel(`Item ${position} ${part}`, { exact: true });

/** Records every object URL the page creates and revokes, so tests can check images are released. */
async function trackObjectUrls(page: Page) {
  await page.addInitScript(() => {
    const state = { created: [] as string[], revoked: [] as string[] };
    (window as unknown as { __objectUrls: typeof state }).__objectUrls = state;
    const create = URL.createObjectURL.bind(URL);
    const revoke = URL.revokeObjectURL.bind(URL);
    URL.createObjectURL = (object: Blob | MediaSource) => {
      const url = create(object);
      state.created.push(url);
      return url;
    };
    URL.revokeObjectURL = (url: string) => {
      state.revoked.push(url);
      revoke(url);
    };
  });
}
const objectUrls = (page: Page) =>
  page.evaluate(() => (window as unknown as { __objectUrls: { created: string[]; revoked: string[] } }).__objectUrls);

/**
 * The editor is on screen, and on wide screens its drag code has arrived. The rows mount anew
 * when it does (the editor puts focus back), so tests wait for it rather than type into a row
 * that is about to be replaced.
 */
async function editorReady(page: Page) {
  // A reload with a 60- or 200-item draft on a busy CI machine (two browser shards on 2 cores) has taken over the
  // default 5 s to mount the editor; 15 s is still far below the test's own timeout.
  await expect(page.getByTestId('invoice-editor')).toBeVisible({ timeout: 15_000 });
  const wide = await page.evaluate(() => window.matchMedia('(min-width: 768px)').matches);
  if (wide) await expect(page.getByRole('button', { name: /^Drag to reorder Item/ }).first()).toBeEnabled();
}

async function openEditor(page: Page) {
  await page.goto('/new');
  await editorReady(page);
}

/** Opens /new with this stored draft (written before the app reads it). */
async function openWithDraft(page: Page, draft: unknown) {
  await page.goto('/new');
  await page.evaluate((value) => {
    localStorage.setItem('invoiceData', typeof value === 'string' ? value : JSON.stringify(value));
    localStorage.setItem('lastSavedInvoice', new Date().toISOString());
  }, draft);
  await page.reload();
  await editorReady(page);
}

/** The item names, top to bottom. */
const itemNames = (page: Page) =>
  page
    .getByTestId('item-row')
    .getByRole('textbox', { name: /^Item \d+ name$/ })
    .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));

function draftWithItems(count: number, extra: Record<string, unknown> = {}) {
  return {
    from: 'Acme Studio Ltd',
    to: 'Globex Corporation',
    invoiceNumber: '0007',
    items: Array.from({ length: count }, (_, i) => ({
      id: `item-${i + 1}`,
      name: `Service ${i + 1}`,
      description: '',
      showDesc: false,
      quantity: 1,
      unit_cost: 10,
    })),
    ...extra,
  };
}

async function pdfText(path: string): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(await readFile(path)));
  const { text } = await extractText(pdf, { mergePages: true });
  return text;
}

async function localToday(page: Page): Promise<{ today: string; year: number }> {
  return page.evaluate(() => {
    const now = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    return {
      today: `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`,
      year: now.getFullYear(),
    };
  });
}

test('a guest builds a complete invoice, previews it, downloads the PDF and finds the draft after a reload', async ({
  page,
}, testInfo) => {
  const mobile = testInfo.project.name === 'mobile';
  await trackObjectUrls(page);
  await page.goto('/');
  await page.getByRole('link', { name: 'Create Invoice' }).first().click();
  await expect(page).toHaveURL(/\/new$/);
  await expect(page.getByRole('heading', { name: 'New Invoice' })).toBeVisible();
  await editorReady(page);

  // A fresh form: number 0001, EUR, Tax / Discount / Shipping hidden, issued today and due +7 days.
  await expect(field(page, 'Invoice Number')).toHaveValue('0001');
  await expect(total(page)).toHaveText('€0.00');
  for (const name of ['Tax', 'Discount', 'Shipping']) {
    await expect(page.getByRole('switch', { name })).toHaveAttribute('aria-checked', 'false');
  }

  // Logo: uploaded to /upload-logo, then shown from the logo store.
  await page.getByLabel('Upload Logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: LOGO_PNG });
  await expect(page.getByText('Logo uploaded successfully!')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Invoice logo' })).toHaveAttribute('src', /^\/api\/logos\/[0-9a-f-]{36}$/);

  await field(page, 'Invoice Number').fill('INV-0042');
  if (mobile) {
    await page.getByLabel('Currency', { exact: true }).selectOption('GBP');
  } else {
    await page.getByRole('button', { name: /Change currency/ }).click();
    const list = page.getByRole('listbox', { name: 'Currencies' });
    await expect(list.getByRole('option')).toHaveCount(20);
    await list.getByRole('option', { name: /British Pound \(£\)/ }).click();
    await expect(list).toBeHidden();
    await expect(page.getByRole('button', { name: /Change currency/ })).toContainText('British Pound (£)');
  }

  await field(page, 'From').fill('Acme Studio Ltd\n1 High Street\nLondon');
  await field(page, 'To').fill('Globex Corporation\n42 Main Road\nSpringfield');

  // Issued date typed in the popover; the due date follows at +7 days.
  await page.getByRole('button', { name: /^Issued Date/ }).click();
  await page.getByLabel('Type Issued Date (YYYY-MM-DD)').fill('2026-03-02');
  await page.getByLabel('Type Issued Date (YYYY-MM-DD)').press('Enter');
  await expect(page.getByRole('button', { name: /^Issued Date/ })).toContainText('March 2, 2026');
  await expect(page.getByRole('button', { name: /^Due Date/ })).toContainText('March 9, 2026');

  // Due date chosen in the calendar: year and month dropdowns, then a day, which closes the popover.
  await page.getByRole('button', { name: /^Due Date/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose Due Date' });
  const { year } = await localToday(page);
  const years = dialog.getByRole('combobox', { name: 'Choose the Year' });
  await expect(years.locator(`option[value="${year - 100}"]`)).toHaveCount(1);
  await years.selectOption('2026');
  await dialog.getByRole('combobox', { name: 'Choose the Month' }).selectOption({ label: 'April' });
  await dialog.getByRole('button', { name: /April 15th, 2026/ }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: /^Due Date/ })).toContainText('April 15, 2026');

  // Items: one with a description, one more, and an unnamed line that is not sent.
  await item(page, 1, 'name').fill('Design work');
  await item(page, 1, 'quantity').fill('3');
  await item(page, 1, 'rate').fill('150.50');
  await page.getByRole('button', { name: 'Add description to Item 1' }).click();
  await item(page, 1, 'description').fill('Landing page and brand kit');
  await page.getByRole('button', { name: 'Add Item' }).click();
  await expect(item(page, 2, 'name')).toBeFocused();
  await item(page, 2, 'name').fill('Hosting');
  await item(page, 2, 'quantity').fill('12');
  await item(page, 2, 'rate').fill('9.99');
  await page.getByRole('button', { name: 'Add Item' }).click();
  await expect(item(page, 1, 'amount')).toHaveText('£451.50');
  await expect(item(page, 2, 'amount')).toHaveText('£119.88');
  await expect(page.getByTestId('invoice-subtotal')).toHaveText('£571.38');

  await field(page, 'Payment Details').fill('Sort code 12-34-56, account 12345678');
  await expect(field(page, 'Terms')).toHaveAttribute(
    'placeholder',
    'Please submit payment within 15 days of receipt of this invoice.',
  );
  await field(page, 'Terms').fill('Payment within 30 days.');

  await page.getByRole('switch', { name: 'Tax' }).click();
  await field(page, 'Tax rate (%)').fill('20');
  await page.getByRole('switch', { name: 'Discount' }).click();
  await page.getByRole('group', { name: 'Discount type' }).getByText('Fixed', { exact: true }).click();
  await field(page, 'Discount amount').fill('50');
  await page.getByRole('switch', { name: 'Shipping' }).click();
  await field(page, 'Shipping amount').fill('15');
  // 571.38 + 20% (114.28) − 50 + 15
  await expect(page.getByTestId('invoice-tax-amount')).toHaveText('£114.28');
  await expect(total(page)).toHaveText('£650.66');

  // Preview: a spinner, then the page image; closing releases it.
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('dialog', { name: 'Invoice preview' });
  await expect(preview).toBeVisible();
  const image = preview.getByRole('img', { name: 'Invoice preview, page 1 of 1' });
  await expect(image).toBeVisible();
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(500);
  const previewUrl = await image.getAttribute('src');
  await preview.getByRole('button', { name: 'Close' }).click();
  await expect(preview).toBeHidden();
  await expect(page.getByRole('button', { name: 'Preview' })).toBeFocused();
  expect((await objectUrls(page)).revoked).toContain(previewUrl);

  // Download: only named items go, the file is named after the recipient, the PDF says what the editor says.
  const requestPromise = page.waitForRequest('**/generate-invoice');
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download', exact: true }).click();
  const body = (await requestPromise).postDataJSON() as Record<string, unknown> & { items: Array<{ name: string }> };
  expect(body.items.map((line) => line.name)).toEqual(['Design work', 'Hosting']);
  expect(body).toMatchObject({
    currency: 'GBP',
    currency_symbol: '£',
    invoice_number: 'INV-0042',
    issued_date: '2026-03-02',
    due_date: '2026-04-15',
    tax_percent: 20,
    tax_type: 'percent',
    discount_percent: 50,
    discount_type: 'fixed',
    shipping_amount: 15,
    show_tax: true,
    show_discount: true,
    show_shipping: true,
  });
  expect(body.logo_url).toMatch(/^\/api\/logos\//);
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe('invoice-Globex_Corporation.pdf');
  const text = await pdfText(await download.path());
  for (const expected of [
    '£650.66',
    '£571.38',
    'Acme Studio Ltd',
    'Globex Corporation',
    'Design work',
    'Landing page and brand kit',
    'Hosting',
    'INV-0042',
  ]) {
    expect(text).toContain(expected);
  }
  await expect(banner(page)).toHaveCount(0);

  // The draft was written (500 ms after the last change) and comes back after a reload.
  await expect(page.getByTestId('last-saved')).toBeVisible();
  await page.waitForTimeout(700);
  await page.reload();
  await editorReady(page);
  await expect(field(page, 'Invoice Number')).toHaveValue('INV-0042');
  await expect(field(page, 'From')).toHaveValue('Acme Studio Ltd\n1 High Street\nLondon');
  await expect(field(page, 'To')).toHaveValue('Globex Corporation\n42 Main Road\nSpringfield');
  await expect(item(page, 1, 'name')).toHaveValue('Design work');
  await expect(item(page, 1, 'description')).toHaveValue('Landing page and brand kit');
  await expect(item(page, 2, 'rate')).toHaveValue('9.99');
  await expect(page.getByRole('button', { name: /^Due Date/ })).toContainText('April 15, 2026');
  await expect(field(page, 'Discount amount')).toHaveValue('50');
  await expect(field(page, 'Payment Details')).toHaveValue('Sort code 12-34-56, account 12345678');
  await expect(page.getByRole('img', { name: 'Invoice logo' })).toBeVisible();
  await expect(total(page)).toHaveText('£650.66');
  await expect(page.getByTestId('last-saved')).toBeVisible();
});

test(
  'download and preview show their messages and send nothing until From, To and a named item exist',
  { tag: '@desktop' },
  async ({ page }) => {
    const sent: string[] = [];
    page.on('request', (request) => {
      if (/generate-invoice|preview-invoice/.test(request.url())) sent.push(request.url());
    });
    await openEditor(page);

    await page.getByRole('button', { name: 'Download', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Fill "From" and "To" fields.' })).toBeVisible();
    await page.getByRole('button', { name: 'Dismiss error' }).click();
    await expect(banner(page)).toHaveCount(0);

    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(banner(page)).toHaveText('Please fill in both "From" and "To" fields.');

    await field(page, 'From').fill('Acme');
    await field(page, 'To').fill('   ');
    await page.getByRole('button', { name: 'Download', exact: true }).click();
    await expect(banner(page)).toHaveText('Fill "From" and "To" fields.');

    await field(page, 'To').fill('Globex');
    await item(page, 1, 'name').fill('   ');
    await page.getByRole('button', { name: 'Download', exact: true }).click();
    await expect(banner(page)).toHaveText('Add at least one valid item.');
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(banner(page)).toHaveText('Please add at least one valid item.');
    expect(sent).toEqual([]);
  },
);

test(
  'Tax, Discount and Shipping: remembered when toggled off, reset to 0 on a type switch, capped and floored',
  { tag: '@desktop' },
  async ({ page }) => {
    await openEditor(page);
    await item(page, 1, 'rate').fill('200');
    await expect(total(page)).toHaveText('€200.00');
    await expect(field(page, 'Tax rate (%)')).toHaveCount(0);

    const taxSwitch = page.getByRole('switch', { name: 'Tax' });
    await taxSwitch.click();
    await expect(field(page, 'Tax rate (%)')).toHaveValue('0');
    await field(page, 'Tax rate (%)').fill('7.5');
    await expect(total(page)).toHaveText('€215.00');

    // Off: the value leaves the total; on: it comes back.
    await taxSwitch.click();
    await expect(taxSwitch).toHaveAttribute('aria-checked', 'false');
    await expect(total(page)).toHaveText('€200.00');
    await taxSwitch.click();
    await expect(field(page, 'Tax rate (%)')).toHaveValue('7.5');
    await expect(total(page)).toHaveText('€215.00');

    // Percent → fixed resets to 0, and back again.
    const taxType = page.getByRole('group', { name: 'Tax type' });
    await taxType.getByText('Fixed', { exact: true }).click();
    await expect(taxType.getByRole('radio', { name: 'Fixed amount' })).toBeChecked();
    await expect(field(page, 'Tax amount')).toHaveValue('0');
    await expect(total(page)).toHaveText('€200.00');
    await field(page, 'Tax amount').fill('12.34');
    await expect(total(page)).toHaveText('€212.34');
    await taxType.getByText('%', { exact: true }).click();
    await expect(field(page, 'Tax rate (%)')).toHaveValue('0');
    await expect(field(page, 'Tax rate (%)')).toHaveAttribute('max', '100');
    await expect(field(page, 'Tax rate (%)')).toHaveAttribute('step', '1');

    // Percent capped at 100, never negative, at most 3 decimals (a fourth keystroke is refused);
    // empty becomes 0 on leaving the field.
    await field(page, 'Tax rate (%)').fill('');
    await field(page, 'Tax rate (%)').pressSequentially('8.8755');
    await expect(field(page, 'Tax rate (%)')).toHaveValue('8.875');
    await expect(page.getByTestId('invoice-tax-amount')).toHaveText('€17.75'); // 200 × 8.875 % = 17.75
    await expect(total(page)).toHaveText('€217.75');
    await field(page, 'Tax rate (%)').fill('150');
    await expect(field(page, 'Tax rate (%)')).toHaveValue('100');
    await expect(total(page)).toHaveText('€400.00');
    await field(page, 'Tax rate (%)').fill('-5');
    await expect(field(page, 'Tax rate (%)')).toHaveValue('0');
    await field(page, 'Tax rate (%)').fill('');
    await field(page, 'Tax rate (%)').blur();
    await expect(field(page, 'Tax rate (%)')).toHaveValue('0');

    await page.getByRole('switch', { name: 'Discount' }).click();
    await field(page, 'Discount rate (%)').fill('10');
    await expect(page.getByTestId('invoice-discount-amount')).toHaveText('−€20.00');
    await page.getByRole('switch', { name: 'Shipping' }).click();
    await expect(field(page, 'Shipping amount')).toHaveAttribute('step', '0.01');
    await field(page, 'Shipping amount').pressSequentially('4.999');
    await expect(field(page, 'Shipping amount')).toHaveValue('4.99');
    await expect(total(page)).toHaveText('€184.99');

    await page.getByRole('switch', { name: 'Discount' }).click();
    await expect(total(page)).toHaveText('€204.99');
    await page.getByRole('switch', { name: 'Discount' }).click();
    await expect(field(page, 'Discount rate (%)')).toHaveValue('10');
    await expect(total(page)).toHaveText('€184.99');
  },
);

test(
  'quantity takes a number with up to 3 decimals and rate one with up to 2',
  { tag: '@desktop' },
  async ({ page }) => {
    await openEditor(page);
    const quantity = item(page, 1, 'quantity');
    const rate = item(page, 1, 'rate');

    // A comma is the point (ADR 60); a sign, letters and a fourth decimal are refused.
    await quantity.fill('');
    await quantity.pressSequentially('a1-2,5e678');
    await expect(quantity).toHaveValue('12.567');
    await rate.fill('');
    await rate.pressSequentially('-12.345abc');
    await expect(rate).toHaveValue('12.34');
    // 12.567 × 12.34 = 155.07678: the line is rounded once, to the cent.
    await expect(item(page, 1, 'amount')).toHaveText('€155.08');

    await rate.fill('');
    await rate.pressSequentially('.5');
    await expect(rate).toHaveValue('.5');
    await expect(item(page, 1, 'amount')).toHaveText('€6.28');

    // Empty counts as 0.
    await quantity.fill('');
    await expect(item(page, 1, 'amount')).toHaveText('€0.00');
    await expect(total(page)).toHaveText('€0.00');
  },
);

test('items reorder by dragging the handle with the mouse, and by keyboard', { tag: '@desktop' }, async ({ page }) => {
  await openEditor(page);
  await item(page, 1, 'name').fill('Alpha');
  for (const name of ['Bravo', 'Charlie']) {
    await page.getByRole('button', { name: 'Add Item' }).click();
    await page.keyboard.type(name);
  }
  await item(page, 2, 'rate').fill('5');
  await expect.poll(() => itemNames(page)).toEqual(['Alpha', 'Bravo', 'Charlie']);

  // Mouse: press the grip of Alpha, move in steps past Charlie, release.
  const handle = page.getByRole('button', { name: 'Drag to reorder Item 1' });
  await expect(handle).toBeEnabled();
  const from = (await handle.boundingBox())!;
  const to = (await page.getByTestId('item-row').nth(2).boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  const targetY = to.y + to.height * 0.75;
  for (let step = 1; step <= 12; step++) {
    await page.mouse.move(from.x + from.width / 2, from.y + ((targetY - from.y) * step) / 12);
  }
  await page.mouse.up();
  await expect.poll(() => itemNames(page)).toEqual(['Bravo', 'Charlie', 'Alpha']);
  // The amount moved with its line.
  await expect(item(page, 1, 'amount')).toHaveText('€5.00');

  // Keyboard: Space lifts, ArrowDown moves one place, Space drops. Each step waits for the announcement a
  // screen reader user hears, so no key is sent before the previous one took effect.
  const announcer = page.locator('[id^="DndLiveRegion"]');
  await page.getByRole('button', { name: 'Drag to reorder Item 1' }).focus();
  await page.keyboard.press('Space');
  // Lifting announces the pick-up, then at once that the item is over its own place.
  await expect(announcer).toHaveText(/^(Picked up item 1|Item 1 is over position 1)\.$/);
  await page.keyboard.press('ArrowDown');
  await expect(announcer).toHaveText('Item 1 is over position 2.');
  await page.keyboard.press('Space');
  await expect(announcer).toHaveText('Item 1 dropped at position 2.');
  await expect.poll(() => itemNames(page)).toEqual(['Charlie', 'Bravo', 'Alpha']);

  // Remove and description toggles work per line.
  await page.getByRole('button', { name: 'Remove Item 3' }).click();
  await expect.poll(() => itemNames(page)).toEqual(['Charlie', 'Bravo']);
  await page.getByRole('button', { name: 'Add description to Item 2' }).click();
  await expect(item(page, 2, 'description')).toBeVisible();
  await page.getByRole('button', { name: 'Hide description of Item 2' }).click();
  await expect(item(page, 2, 'description')).toHaveCount(0);
});

test(
  'at 375 px the editor fits the screen, offers the native currency select and no dragging',
  { tag: '@mobile' },
  async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await openEditor(page);
    await page.getByRole('button', { name: 'Add Item' }).click();
    await page.getByRole('button', { name: 'Add description to Item 1' }).click();
    await page.getByRole('switch', { name: 'Tax' }).click();
    await page.getByRole('switch', { name: 'Discount' }).click();
    await page.getByRole('switch', { name: 'Shipping' }).click();

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expect(page.getByRole('button', { name: /Drag to reorder/ })).toHaveCount(0);
    await expect(page.getByLabel('Currency', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: /Change currency/ })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeVisible();

    // A guest's Save opens the login modal.
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeVisible();
  },
);

test(
  'the editor fits at 768, 1280 and 1440 px; handles appear from 768 px; the hidden controls stay hidden',
  { tag: '@desktop' },
  async ({ page }) => {
    await openEditor(page);
    for (const width of [768, 1280, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `horizontal overflow at ${width} px`).toBeLessThanOrEqual(0);
      await expect(page.getByRole('button', { name: 'Drag to reorder Item 1' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Save Invoice' })).toBeVisible();
    }
    // The hidden Send button and browser-storage panel exist but are not shown (docs/product/editor.md#actions).
    for (const name of ['Send', 'Save to Browser', 'Load from Browser', 'Clear Storage']) {
      await expect(page.getByRole('button', { name, exact: true })).toBeHidden();
      await expect(page.getByText(name, { exact: true })).toHaveCount(1);
    }
    await page.getByRole('button', { name: 'Save Invoice' }).click();
    await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeVisible();
  },
);

test(
  'a corrupt or foreign invoiceData gives a fresh form; a partial draft gets the defaults',
  { tag: '@desktop' },
  async ({ page }) => {
    for (const bad of ['{not json', '[1,2,3]', '"text"', JSON.stringify({ from: 42, items: 'x' })]) {
      await openWithDraft(page, bad);
      await expect(field(page, 'Invoice Number')).toHaveValue('0001');
      await expect(field(page, 'From')).toHaveValue('');
      await expect(page.getByRole('switch', { name: 'Tax' })).toHaveAttribute('aria-checked', 'false');
      await expect(total(page)).toHaveText('€0.00');
    }

    // Missing number and dates: 0001, today and +7 days; Tax and Shipping shown, Discount hidden.
    await openWithDraft(page, {
      from: 'Acme',
      items: [{ name: 'Old item', quantity: 2, unit_cost: 12.5 }],
      taxPercent: 10,
      currency: 'USD',
    });
    const { today } = await localToday(page);
    await expect(field(page, 'Invoice Number')).toHaveValue('0001');
    await expect(field(page, 'From')).toHaveValue('Acme');
    await expect(page.getByRole('switch', { name: 'Tax' })).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByRole('switch', { name: 'Discount' })).toHaveAttribute('aria-checked', 'false');
    await expect(page.getByRole('switch', { name: 'Shipping' })).toHaveAttribute('aria-checked', 'true');
    await expect(total(page)).toHaveText('$27.50');
    const stored = await page.evaluate(() => localStorage.getItem('invoiceData'));
    await item(page, 1, 'name').fill('Renamed');
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('invoiceData')), { timeout: 3000 })
      .not.toBe(stored);
    const written = JSON.parse((await page.evaluate(() => localStorage.getItem('invoiceData')))!) as Record<
      string,
      unknown
    >;
    expect(written).toMatchObject({ issuedDate: today, invoiceNumber: '0001', currency: 'USD', showTax: true });
    expect(Date.parse((await page.evaluate(() => localStorage.getItem('lastSavedInvoice')))!)).not.toBeNaN();
  },
);

test(
  'server errors show in the dismissible banner and the form keeps everything',
  { tag: '@desktop' },
  async ({ page }) => {
    await openEditor(page);
    await field(page, 'From').fill('Acme');
    await field(page, 'To').fill('Globex');
    // Within what the browser can add up, beyond what the product stores: the server refuses it.
    await item(page, 1, 'name').fill('Everything');
    await item(page, 1, 'quantity').fill('1000000000');
    await item(page, 1, 'rate').fill('1000');
    await page.getByRole('button', { name: 'Download', exact: true }).click();
    await expect(banner(page)).toHaveText('Invoice amounts are too large.');
    await expect(item(page, 1, 'quantity')).toHaveValue('1000000000');
    await expect(field(page, 'From')).toHaveValue('Acme');
    await page.getByRole('button', { name: 'Dismiss error' }).click();
    await expect(banner(page)).toHaveCount(0);

    // A reply without the server's JSON gives the fallbacks
    // (docs/product/messages-and-limits.md#invoice-editor-messages).
    await item(page, 1, 'quantity').fill('1');
    await page.route('**/generate-invoice', (route) => route.fulfill({ status: 502, body: 'Bad gateway' }));
    await page.getByRole('button', { name: 'Download', exact: true }).click();
    await expect(banner(page)).toHaveText('FAIL: 502');
    await page.route('**/preview-invoice*', (route) => route.fulfill({ status: 503, body: 'Unavailable' }));
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(banner(page)).toHaveText('Failed to fetch invoice preview (503)');
    await expect(page.getByRole('dialog', { name: 'Invoice preview' })).toHaveCount(0);
    await expect(item(page, 1, 'name')).toHaveValue('Everything');
  },
);

test(
  'a failed logo upload keeps a local preview that is not sent, and removing it releases the image',
  { tag: '@desktop' },
  async ({ page }) => {
    await trackObjectUrls(page);
    await openEditor(page);
    await expect(page.getByLabel('Upload Logo')).toHaveAttribute('accept', 'image/*');
    let release: () => void = () => {};
    await page.route('**/upload-logo', async (route) => {
      await new Promise<void>((resolve) => (release = resolve));
      await route.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false,"error":"down"}' });
    });
    await page.getByLabel('Upload Logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: LOGO_PNG });
    await expect(page.getByText('Uploading...')).toBeVisible();
    await expect(page.locator('input[type="file"]')).toBeDisabled();
    release();
    await expect(page.getByText('Logo preview only (upload failed)')).toBeVisible();
    const logo = page.getByRole('img', { name: 'Invoice logo' });
    await expect(logo).toHaveAttribute('src', /^blob:/);
    const localUrl = await logo.getAttribute('src');

    await field(page, 'From').fill('Acme');
    await field(page, 'To').fill('Globex');
    await item(page, 1, 'name').fill('Work');
    const request = page.waitForRequest('**/generate-invoice');
    await page.getByRole('button', { name: 'Download', exact: true }).click();
    expect((await request).postDataJSON()).toMatchObject({ logo_url: null });

    await page.getByRole('button', { name: 'Remove logo' }).click();
    await expect(logo).toHaveCount(0);
    await expect(page.getByText('Upload Logo')).toBeVisible();
    expect((await objectUrls(page)).revoked).toContain(localUrl);
  },
);

test(
  'a multi-page preview pages with Previous / Next and releases each page image',
  { tag: '@desktop' },
  async ({ page }) => {
    await trackObjectUrls(page);
    await openWithDraft(page, draftWithItems(60));
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('dialog', { name: 'Invoice preview' });
    const status = preview.getByText(/^Page 1 of \d+$/);
    await expect(status).toBeVisible();
    const pages = Number((await status.textContent())!.match(/of (\d+)/)![1]);
    expect(pages).toBeGreaterThan(1);
    await expect(preview.getByRole('button', { name: 'Previous' })).toBeDisabled();
    const first = await preview.getByRole('img', { name: `Invoice preview, page 1 of ${pages}` }).getAttribute('src');
    await preview.getByRole('button', { name: 'Next' }).click();
    await expect(preview.getByRole('img', { name: `Invoice preview, page 2 of ${pages}` })).toBeVisible();
    expect((await objectUrls(page)).revoked).toContain(first);
    await page.keyboard.press('Escape');
    await expect(preview).toBeHidden();
    const { created, revoked } = await objectUrls(page);
    expect(created.every((url) => revoked.includes(url))).toBe(true);
  },
);

test('the editor has no serious or critical axe violations', { tag: '@desktop' }, async ({ page }) => {
  await openWithDraft(page, draftWithItems(2, { showDiscount: true }));
  await page.getByRole('button', { name: 'Add description to Item 1' }).click();
  const results = await new AxeBuilder({ page }).include('[data-testid="invoice-editor"]').analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});

test(
  'measurement: keystroke in a rate to updated Total with 200 items (printed, not asserted)',
  { tag: '@desktop' },
  async ({ page }, testInfo) => {
    await openWithDraft(page, draftWithItems(200, { showTax: true, taxPercent: 20 }));
    await expect(page.getByTestId('item-row')).toHaveCount(200);
    await expect(page.getByRole('button', { name: 'Drag to reorder Item 200' })).toBeEnabled();
    await expect(total(page)).toHaveText('€2,400.00');

    await page.evaluate(() => {
      const samples: Array<{ dom: number; frame: number }> = [];
      (window as unknown as { __samples: typeof samples }).__samples = samples;
      let start = 0;
      document.addEventListener('keydown', (event) => (start = event.timeStamp), true);
      new MutationObserver(() => {
        const dom = performance.now() - start;
        // The next frame after the change: when the user can see it.
        requestAnimationFrame(() => setTimeout(() => samples.push({ dom, frame: performance.now() - start })));
      }).observe(document.querySelector('[data-testid="invoice-total"]')!, {
        childList: true,
        characterData: true,
        subtree: true,
      });
    });
    const rate = item(page, 100, 'rate');
    await rate.fill('');
    await rate.focus();
    await page.waitForTimeout(300);
    const before = await page.evaluate(() => (window as unknown as { __samples: unknown[] }).__samples.length);
    const keystrokes = 21;
    for (let i = 0; i < keystrokes; i++) {
      await page.keyboard.press(i % 2 === 0 ? '7' : 'Backspace');
      await page.waitForFunction(
        (n) => (window as unknown as { __samples: unknown[] }).__samples.length >= n,
        before + i + 1,
      );
    }
    const samples = await page.evaluate(
      (from) => (window as unknown as { __samples: Array<{ dom: number; frame: number }> }).__samples.slice(from),
      before,
    );
    const median = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      return sorted[Math.floor(sorted.length / 2)]!;
    };
    const dom = median(samples.map((s) => s.dom));
    const frame = median(samples.map((s) => s.frame));
    const line = `200 items, ${samples.length} keystrokes: keystroke → Total text median ${dom.toFixed(1)} ms, → next frame median ${frame.toFixed(1)} ms`;
    console.log(line);
    testInfo.annotations.push({ type: 'measurement', description: line });
    expect(samples).toHaveLength(keystrokes);
  },
);
