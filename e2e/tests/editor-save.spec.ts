import { readFile } from 'node:fs/promises';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { signedInAccount } from './support/accounts';

/**
 * Saving from the editor and edit mode (issue 6; docs/product/editor.md#saving-to-the-account): the guest's
 * login prompt, the required-fields rule, the server's next number, creating (then the invoice
 * page), the draft cleared, edit mode from the invoice page's Edit Invoice (PUT, number and
 * status kept), a failed edit load, and the server's 409 for a taken number.
 */

interface StoredInvoice {
  id: string;
  invoice_number: string;
  status: string;
  total_amount: number;
  client_id: string | null;
  business_id: string | null;
  data: { to: string; from: string; items: { name: string; quantity: number; unit_cost: number }[] };
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const banner = (page: Page) => page.getByTestId('editor-error');
const saveButton = (page: Page, testInfo: TestInfo) =>
  page.getByRole('button', { name: testInfo.project.name === 'mobile' ? 'Save' : 'Save Invoice', exact: true });

/** The editor is on screen with its drag code (wide screens) and, for a signed-in user, the From / To pickers. */
async function editorReady(page: Page, signedIn = true) {
  await expect(page.getByTestId('invoice-editor')).toBeVisible();
  const wide = await page.evaluate(() => window.matchMedia('(min-width: 768px)').matches);
  if (wide) await expect(page.getByRole('button', { name: /^Drag to reorder Item/ }).first()).toBeEnabled();
  if (signedIn) await expect(page.getByRole('combobox', { name: 'To', exact: true })).toBeVisible();
}

/** The least a save needs besides the number: From, To and a named item. */
async function fillRequired(page: Page) {
  await field(page, 'From').fill('Acme');
  await field(page, 'To').fill('Globex');
  await field(page, 'Item 1 name').fill('Design');
}

/** An invoice saved through the real API. */
async function seedInvoice(page: Page, number: string, extra: Record<string, unknown> = {}): Promise<StoredInvoice> {
  const response = await page.request.post('/api/invoices', {
    data: {
      data: {
        from: 'Acme Studio Ltd\n1 High Street',
        to: 'Globex Corporation\n42 Main Road',
        invoice_number: number,
        items: [{ name: 'Website design', quantity: 2, unit_cost: 150 }],
        currency: 'USD',
        tax_percent: 10,
        show_tax: true,
        ...extra,
      },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { invoice: StoredInvoice }).invoice;
}

async function listInvoices(page: Page): Promise<StoredInvoice[]> {
  const response = await page.request.get('/api/invoices?per_page=100');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { invoices: StoredInvoice[] }).invoices;
}

async function getInvoice(page: Page, id: string): Promise<StoredInvoice> {
  const response = await page.request.get(`/api/invoices/${id}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { invoice: StoredInvoice }).invoice;
}

const storedDraft = (page: Page) =>
  page.evaluate(() => [localStorage.getItem('invoiceData'), localStorage.getItem('lastSavedInvoice')]);

test('a guest pressing Save gets the login modal and nothing is sent', async ({ page }, testInfo) => {
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'GET' && request.url().includes('/api/invoices')) posts.push(request.url());
  });
  await page.goto('/new');
  await editorReady(page, false);
  await fillRequired(page);
  await saveButton(page, testInfo).click();
  await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeVisible();
  expect(posts).toEqual([]);
});

test('signed in: a save without From, To, a named item or a number says so and stores nothing', async ({
  page,
}, testInfo) => {
  await signedInAccount(page);
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'GET' && request.url().includes('/api/invoices')) sent.push(request.url());
  });
  await page.goto('/new');
  await editorReady(page);
  // A new account's first number, from the server.
  await expect(field(page, 'Invoice Number')).toHaveValue('0001');
  // No saving-coming-soon notice any more.
  await expect(page.getByText(/coming soon/i)).toHaveCount(0);

  const required = 'Please fill in all required fields before saving.';
  await saveButton(page, testInfo).click();
  await expect(banner(page)).toHaveText(required);

  await page.getByRole('button', { name: 'Dismiss error' }).click();
  await field(page, 'From').fill('Acme');
  await field(page, 'To').fill('Globex');
  await saveButton(page, testInfo).click();
  await expect(banner(page)).toHaveText(required); // no named item

  await page.getByRole('button', { name: 'Dismiss error' }).click();
  await field(page, 'Item 1 name').fill('Design');
  await field(page, 'Invoice Number').fill('  ');
  await saveButton(page, testInfo).click();
  await expect(banner(page)).toHaveText(required); // no number

  expect(sent).toEqual([]);
  expect(await listInvoices(page)).toEqual([]);
});

test('the next number comes from the server: 0041 saved, a new form and a draft without number get 0042', async ({
  page,
}) => {
  await signedInAccount(page);
  await seedInvoice(page, '0041');
  await page.goto('/new');
  await editorReady(page);
  await expect(field(page, 'Invoice Number')).toHaveValue('0042');

  // A restored draft without a number gets it too; one with a number keeps its own.
  await page.evaluate(() => {
    localStorage.setItem('invoiceData', JSON.stringify({ from: 'Acme', to: 'Globex' }));
    localStorage.setItem('lastSavedInvoice', new Date().toISOString());
  });
  await page.reload();
  await editorReady(page);
  await expect(field(page, 'From')).toHaveValue('Acme');
  await expect(field(page, 'Invoice Number')).toHaveValue('0042');

  await page.evaluate(() =>
    localStorage.setItem('invoiceData', JSON.stringify({ from: 'Acme', invoiceNumber: 'X-7' })),
  );
  await page.reload();
  await editorReady(page);
  await expect(field(page, 'From')).toHaveValue('Acme');
  await expect(field(page, 'Invoice Number')).toHaveValue('X-7');
});

test('creating an invoice saves it with the chosen client and business, opens its page and clears the draft', async ({
  page,
}, testInfo) => {
  await signedInAccount(page);
  const client = await page.request.post('/api/clients', {
    data: { name: 'Globex Corporation', email: 'billing@globex.example', address: '42 Main Road' },
  });
  const clientId = ((await client.json()) as { client: { id: string } }).client.id;
  const business = await page.request.post('/api/businesses', {
    data: { name: 'Acme Studio Ltd', email: 'hello@acme.example' },
  });
  const businessId = ((await business.json()) as { business: { id: string } }).business.id;

  await page.goto('/new');
  await editorReady(page);
  await expect(field(page, 'Invoice Number')).toHaveValue('0001');
  const from = page.getByRole('combobox', { name: 'From', exact: true });
  await from.click();
  await page.getByRole('option', { name: /Acme Studio Ltd/ }).click();
  const to = page.getByRole('combobox', { name: 'To', exact: true });
  await to.click();
  await page.getByRole('option', { name: /Globex Corporation/ }).click();
  await field(page, 'Item 1 name').fill('Design work');
  await field(page, 'Item 1 quantity').fill('2');
  await field(page, 'Item 1 rate').fill('150');
  await page.getByRole('switch', { name: 'Tax' }).click();
  await field(page, 'Tax rate (%)').fill('10');
  await expect(page.getByTestId('invoice-total')).toHaveText('€330.00');
  // The autosave writes the draft 500 ms after the last change.
  await expect(page.getByTestId('last-saved')).toBeVisible();
  await expect.poll(async () => (await storedDraft(page))[0]).toContain('Design work');

  // While the request is out the button is busy and cannot be pressed twice.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/invoices', async (route) => {
    await held;
    await route.continue();
  });
  const save = saveButton(page, testInfo);
  await save.click();
  await expect(save).toBeDisabled();
  await expect(save).toHaveAttribute('aria-busy', 'true');
  release();

  await expect(page).toHaveURL(/\/invoice\/[0-9a-f-]{36}$/);
  const id = page.url().split('/').pop()!;
  const saved = await getInvoice(page, id);
  expect(saved).toMatchObject({
    invoice_number: '0001',
    status: 'draft',
    total_amount: 330,
    client_id: clientId,
    business_id: businessId,
  });
  expect(saved.data.to.split('\n')[0]).toBe('Globex Corporation');
  expect(saved.data.items).toMatchObject([{ name: 'Design work', quantity: 2, unit_cost: 150 }]);
  expect(await storedDraft(page)).toEqual([null, null]);

  // Back on /new the form is fresh, with the next number.
  await page.goto('/new');
  await editorReady(page);
  await expect(field(page, 'Invoice Number')).toHaveValue('0002');
  await expect(field(page, 'To')).toHaveValue('');
});

test('Edit Invoice opens edit mode: the invoice loads, Save updates it (number and status kept), New Invoice leaves', async ({
  page,
}, testInfo) => {
  await signedInAccount(page);
  const client = await page.request.post('/api/clients', {
    data: { name: 'Globex Corporation', email: 'billing@globex.example' },
  });
  const clientId = ((await client.json()) as { client: { id: string } }).client.id;
  const invoice = await seedInvoice(page, '0007', {}).then(async (created) => {
    // Linked to the client, and sent: saving must keep both.
    const put = await page.request.put(`/api/invoices/${created.id}`, {
      data: {
        client_id: clientId,
        data: {
          from: 'Acme Studio Ltd\n1 High Street',
          to: 'Globex Corporation\n42 Main Road',
          invoice_number: '0007',
          items: [
            { name: 'Website design', quantity: 2, unit_cost: 150 },
            { name: 'Hosting', description: 'One year', quantity: 1, unit_cost: 60 },
          ],
          currency: 'USD',
          tax_percent: 10,
          show_tax: true,
          terms: 'Net 30',
        },
      },
    });
    expect(put.status(), await put.text()).toBe(200);
    const status = await page.request.put(`/api/invoices/${created.id}/status`, { data: { status: 'sent' } });
    expect(status.status(), await status.text()).toBe(200);
    return created;
  });
  // A draft from earlier work stays untouched by edit mode.
  await page.goto('/new');
  await editorReady(page);
  const draft = JSON.stringify({ from: 'Earlier draft', invoiceNumber: '0099' });
  await page.evaluate((value) => {
    localStorage.setItem('invoiceData', value);
    localStorage.setItem('lastSavedInvoice', '2026-01-01T10:00:00.000Z');
  }, draft);

  // The invoice page's Edit Invoice; the edit data is held back a moment to see the loading state.
  await page.goto(`/invoice/${invoice.id}`);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/invoices/*/edit', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Edit Invoice' }).click();
  await expect(page).toHaveURL(/\/new$/);
  await expect(page.getByText('Loading invoice data...')).toBeVisible();
  release();

  await expect(page.getByTestId('edit-banner')).toContainText('Editing Invoice: 0007');
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Invoice' })).toBeVisible();
  await editorReady(page);
  await expect(field(page, 'Invoice Number')).toHaveValue('0007');
  await expect(field(page, 'From')).toHaveValue('Acme Studio Ltd\n1 High Street');
  await expect(field(page, 'To')).toHaveValue('Globex Corporation\n42 Main Road');
  await expect(field(page, 'Item 2 name')).toHaveValue('Hosting');
  await expect(field(page, 'Item 2 description')).toHaveValue('One year');
  await expect(field(page, 'Terms')).toHaveValue('Net 30');
  await expect(page.getByRole('switch', { name: 'Tax' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('invoice-total')).toHaveText('$396.00');

  // Edit mode keeps no draft, so the linked client is edited in the modal, not on its own page.
  await page.getByRole('button', { name: 'Edit client' }).click();
  const clientDialog = page.getByRole('dialog', { name: 'Edit Client' });
  await expect(clientDialog.getByLabel('Name')).toHaveValue('Globex Corporation');
  await expect(page).toHaveURL(/\/new$/);
  await clientDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(clientDialog).toBeHidden();

  // Save updates (PUT) the same invoice.
  await field(page, 'Item 2 rate').fill('100');
  await expect(page.getByTestId('invoice-total')).toHaveText('$440.00');
  const put = page.waitForRequest((request) => request.method() === 'PUT' && request.url().endsWith(invoice.id));
  await saveButton(page, testInfo).click();
  const body = (await put).postDataJSON() as Record<string, unknown>;
  expect(body).not.toHaveProperty('status');
  await expect(page.getByRole('button', { name: 'Saved', exact: true })).toBeDisabled();
  await expect(page.getByTestId('last-saved')).toBeVisible();
  await expect(page).toHaveURL(/\/new$/);

  const updated = await getInvoice(page, invoice.id);
  expect(updated).toMatchObject({ invoice_number: '0007', status: 'sent', total_amount: 440, client_id: clientId });
  expect(await listInvoices(page)).toHaveLength(1);
  // Edit mode neither read nor wrote the browser draft.
  expect(await storedDraft(page)).toEqual([draft, '2026-01-01T10:00:00.000Z']);

  // A change makes Save available again.
  await field(page, 'Terms').fill('Net 15');
  await expect(saveButton(page, testInfo)).toBeEnabled();

  // New Invoice leaves edit mode: the new-invoice form (here the earlier draft) without the banner.
  await page.getByRole('button', { name: 'New Invoice' }).click();
  await expect(page.getByTestId('edit-banner')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'New Invoice' })).toBeVisible();
  await editorReady(page);
  await expect(field(page, 'From')).toHaveValue('Earlier draft');
  await expect(field(page, 'Invoice Number')).toHaveValue('0099');
});

test('a tax rate with 3 decimals (8.875 %): the editor, the PDF, the saved invoice, its page and the list agree to the cent', async ({
  page,
}, testInfo) => {
  await signedInAccount(page);
  await page.goto('/new');
  await editorReady(page);
  await fillRequired(page);
  await field(page, 'Item 1 rate').fill('14008.88');
  await page.getByRole('switch', { name: 'Tax' }).click();
  const rate = field(page, 'Tax rate (%)');
  await rate.fill('');
  await rate.pressSequentially('8.8755'); // the fourth decimal is refused
  await expect(rate).toHaveValue('8.875');
  // 14,008.88 × 8.875 % = 1,243.2881 → 1,243.29
  await expect(page.getByTestId('invoice-subtotal')).toHaveText('€14,008.88');
  await expect(page.getByTestId('invoice-tax-amount')).toHaveText('€1,243.29');
  await expect(page.getByTestId('invoice-total')).toHaveText('€15,252.17');

  // The preview and the PDF get the rate as typed; the PDF prints it and the same figures.
  const previewRequest = page.waitForRequest('**/preview-invoice*');
  await page.getByRole('button', { name: 'Preview' }).click();
  expect((await previewRequest).postDataJSON()).toMatchObject({ tax_percent: 8.875, tax_type: 'percent' });
  const preview = page.getByRole('dialog', { name: 'Invoice preview' });
  await expect(preview.getByRole('img', { name: 'Invoice preview, page 1 of 1' })).toBeVisible();
  await preview.getByRole('button', { name: 'Close' }).click();
  await expect(preview).toBeHidden();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download', exact: true }).click();
  const pdf = await getDocumentProxy(new Uint8Array(await readFile(await (await downloading).path())));
  const { text } = await extractText(pdf, { mergePages: true });
  expect(text).toContain('Tax (8.875%)');
  expect(text).toContain('€1,243.29');
  expect(text).toContain('€15,252.17');

  // Saved: the stored invoice, its page, the list and edit mode say the same.
  await saveButton(page, testInfo).click();
  await expect(page).toHaveURL(/\/invoice\/[0-9a-f-]{36}$/);
  const id = page.url().split('/').pop()!;
  const saved = (await getInvoice(page, id)) as StoredInvoice & {
    totals: Record<string, number>;
    data: { tax_percent: number };
  };
  expect(saved.total_amount).toBe(15_252.17);
  expect(saved.totals).toMatchObject({ subtotal: 14_008.88, tax: 1_243.29, total: 15_252.17 });
  expect(saved.data.tax_percent).toBe(8.875);
  const totalPanel = page.getByRole('region', { name: 'Total', exact: true });
  await expect(totalPanel.getByTestId('invoice-total')).toHaveText('€15,252.17');
  const taxTerm = totalPanel.locator('dt').filter({ hasText: /^Tax \(8\.875%\)$/ });
  await expect(taxTerm).toHaveCount(1);
  await expect(taxTerm.locator('xpath=following-sibling::dd[1]')).toHaveText('€1,243.29');

  await page.goto('/invoices');
  await expect(page.getByText('€15,252.17').filter({ visible: true }).first()).toBeVisible();

  await page.goto(`/invoice/${id}`);
  await page.getByRole('button', { name: 'Edit Invoice' }).click();
  await expect(page.getByTestId('edit-banner')).toContainText('Editing Invoice: 0001');
  await editorReady(page);
  await expect(field(page, 'Tax rate (%)')).toHaveValue('8.875');
  await expect(page.getByTestId('invoice-tax-amount')).toHaveText('€1,243.29');
  await expect(page.getByTestId('invoice-total')).toHaveText('€15,252.17');
});

test('an invoice that cannot be loaded for editing leaves edit mode with the message', async ({ page }) => {
  await signedInAccount(page);
  const invoice = await seedInvoice(page, '0003');
  await page.goto(`/invoice/${invoice.id}`);
  await expect(page.getByRole('button', { name: 'Edit Invoice' })).toBeVisible();
  // Deleted meanwhile (another tab): the edit load answers 404.
  expect((await page.request.delete(`/api/invoices/${invoice.id}`)).status()).toBe(200);
  await page.getByRole('button', { name: 'Edit Invoice' }).click();
  await expect(banner(page)).toHaveText('Failed to load invoice for editing');
  await expect(page.getByTestId('edit-banner')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'New Invoice' })).toBeVisible();
  await editorReady(page);
  await expect(field(page, 'Invoice Number')).toHaveValue('0001');
  // A reload stays a new invoice (the edit state was replaced).
  await page.reload();
  await editorReady(page);
  await expect(page.getByTestId('edit-banner')).toHaveCount(0);
});

test("a taken invoice number shows the server's 409 message and saves nothing", async ({ page }, testInfo) => {
  await signedInAccount(page);
  await seedInvoice(page, '0005');
  await page.goto('/new');
  await editorReady(page);
  await expect(field(page, 'Invoice Number')).toHaveValue('0006');
  await field(page, 'Invoice Number').fill('0005');
  await fillRequired(page);
  await saveButton(page, testInfo).click();
  await expect(banner(page)).toHaveText('Invoice number 0005 already exists.');
  await expect(page).toHaveURL(/\/new$/);
  await expect(saveButton(page, testInfo)).toBeEnabled();
  expect(await listInvoices(page)).toHaveLength(1);
});

test('a save that cannot reach the server says so', { tag: '@desktop' }, async ({ page }, testInfo) => {
  await signedInAccount(page);
  await page.goto('/new');
  await editorReady(page);
  await expect(field(page, 'Invoice Number')).toHaveValue('0001');
  await fillRequired(page);
  await page.route('**/api/invoices', (route) => route.abort());
  await saveButton(page, testInfo).click();
  await expect(banner(page)).toHaveText('An error occurred while saving the invoice.');
  await expect(page).toHaveURL(/\/new$/);
});

test(
  'a save whose answer was lost is sent again with its key and answered, not stored twice or refused as taken',
  { tag: '@desktop' },
  async ({ page }, testInfo) => {
    await signedInAccount(page);
    await page.goto('/new');
    await editorReady(page);
    await expect(field(page, 'Invoice Number')).toHaveValue('0001');
    await fillRequired(page);

    // The first save reaches the server and is stored; its answer never reaches the page.
    const keys: string[] = [];
    let lost = false;
    await page.route('**/api/invoices', async (route) => {
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      if (lost) return route.continue();
      lost = true;
      const answered = await route.fetch();
      expect(answered.status()).toBe(201);
      return route.abort('connectionreset');
    });
    await saveButton(page, testInfo).click();
    await expect(banner(page)).toHaveText('An error occurred while saving the invoice.');
    expect(await listInvoices(page)).toHaveLength(1);

    // Save again, nothing changed: the same key, and the server answers the invoice it stored.
    await saveButton(page, testInfo).click();
    await expect(page).toHaveURL(/\/invoice\/[0-9a-f-]{36}$/);
    const invoices = await listInvoices(page);
    expect(invoices).toHaveLength(1);
    expect(page.url()).toContain(invoices[0]!.id);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
  },
);

test(
  'a changed invoice after a failed save is a new save with a new key',
  { tag: '@desktop' },
  async ({ page }, testInfo) => {
    await signedInAccount(page);
    await page.goto('/new');
    await editorReady(page);
    await fillRequired(page);
    const keys: string[] = [];
    let failed = false;
    await page.route('**/api/invoices', async (route) => {
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      if (failed) return route.continue();
      failed = true;
      return route.abort('connectionrefused');
    });
    await saveButton(page, testInfo).click();
    await expect(banner(page)).toHaveText('An error occurred while saving the invoice.');
    await field(page, 'Item 1 name').fill('Design and build');
    await saveButton(page, testInfo).click();
    await expect(page).toHaveURL(/\/invoice\/[0-9a-f-]{36}$/);
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
    const invoices = await listInvoices(page);
    expect(invoices).toHaveLength(1);
  },
);

test.describe('what a save changes is shown at once', () => {
  // The header badge polls once a minute and a loaded list or invoice page is kept for 30 s: only
  // the save itself (a TanStack mutation naming what it changes) can make them ask again sooner.
  // Every step below is an in-app navigation, so the cache from before the save is still there.
  const bell = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Notifications/ });

  test('a new invoice: the badge counts its notification and the list shows it, with no reload', async ({
    page,
  }, testInfo) => {
    await signedInAccount(page);
    await seedInvoice(page, '0001');
    await page.goto('/invoices');
    await expect(page.getByRole('link', { name: 'View invoice 0001' })).toBeVisible();
    // Sign-up's welcome and the seeded invoice's 'created'.
    await expect(bell(page)).toHaveAccessibleName('Notifications, 2 unread');

    await page.getByRole('link', { name: 'New Invoice' }).click();
    await editorReady(page);
    await expect(field(page, 'Invoice Number')).toHaveValue('0002');
    await fillRequired(page);
    await saveButton(page, testInfo).click();
    await expect(page).toHaveURL(/\/invoice\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Invoice 0002' })).toBeVisible();
    await expect(bell(page)).toHaveAccessibleName('Notifications, 3 unread');

    await page.getByRole('link', { name: 'All invoices' }).click();
    await expect(page).toHaveURL(/\/invoices$/);
    await expect(page.getByRole('link', { name: 'View invoice 0002' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'View invoice 0001' })).toBeVisible();
  });

  test('an edited invoice: its page shows the saved figures when the user goes back to it', async ({
    page,
  }, testInfo) => {
    await signedInAccount(page);
    const invoice = await seedInvoice(page, '0007');
    await page.goto(`/invoice/${invoice.id}`);
    // The invoice page names the currency where its symbol is shared ($ is USD and others); the editor does not.
    await expect(page.getByTestId('invoice-total')).toHaveText('$330.00 USD');

    await page.getByRole('button', { name: 'Edit Invoice' }).click();
    await expect(page.getByTestId('edit-banner')).toContainText('Editing Invoice: 0007');
    await editorReady(page);
    await field(page, 'Item 1 rate').fill('200');
    await expect(page.getByTestId('invoice-total')).toHaveText('$440.00');
    await saveButton(page, testInfo).click();
    await expect(page.getByRole('button', { name: 'Saved', exact: true })).toBeDisabled();

    // Back (history, not a reload) to the invoice page loaded before the save.
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/invoice/${invoice.id}$`));
    await expect(page.getByTestId('invoice-total')).toHaveText('$440.00 USD');
  });
});
