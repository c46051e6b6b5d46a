import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { createAccount, signedInAccount, signInPage } from './support/accounts';
import { seriousViolations } from './support/axe';
import { seedInvoice } from './support/invoices';

/**
 * The invoice detail page /invoice/{id} (issue 6; docs/product/invoices.md#the-invoice-page): header and
 * badge, the Client, Total, Integrations and Invoice Details panels with the one totals rule,
 * Mark as Paid, Send Invoice (send-invoice.spec.ts), Preview, Download, Edit, and the not-found view, against the
 * real server.
 */

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });
const panel = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const header = (page: Page) => page.locator('main');

async function createClient(page: Page): Promise<string> {
  const response = await page.request.post('/api/clients', {
    data: { name: 'Acme Corp Ltd', email: 'billing@acme.test', phone: '+44 20 7946 0000', address: '1 Main Street' },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { client: { id: string } }).client.id;
}

async function createBusiness(page: Page): Promise<string> {
  const response = await page.request.post('/api/businesses', {
    data: {
      name: 'Ada Lovelace Consulting',
      email: 'ada@example.com',
      address: '12 Analytical Row, London',
      tax_id: 'GB123',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { business: { id: string } }).business.id;
}

test.describe('desktop detail', { tag: '@desktop' }, () => {
  test('header, panels, long US dates and the totals of the one totals rule', async ({ page }) => {
    await signedInAccount(page);
    const clientId = await createClient(page);
    const businessId = await createBusiness(page);
    const id = await seedInvoice(page.request, {
      client_id: clientId,
      business_id: businessId,
      data: { issued_date: '2026-11-21', due_date: '2026-12-21' },
    });
    await page.goto(`/invoice/${id}`);

    await expect(page.getByRole('heading', { level: 1, name: 'Invoice 0001' })).toBeVisible();
    await expect(header(page).getByText('Draft', { exact: true })).toBeVisible();
    for (const name of ['Edit Invoice', 'Preview', 'Download', 'Mark as Paid', 'Send Invoice']) {
      await expect(page.getByRole('button', { name, exact: true })).toBeEnabled();
    }

    const details = panel(page, 'Invoice Details');
    await expect(details.getByRole('definition').first()).toHaveText('November 21, 2026');
    await expect(details.getByRole('definition').nth(1)).toHaveText('December 21, 2026');
    await expect(details.getByTestId('business-block')).toContainText('Ada Lovelace Consulting');
    await expect(details.getByTestId('business-block')).toContainText('Tax ID: GB123');
    await expect(details.getByRole('link', { name: 'Edit business' })).toHaveAttribute(
      'href',
      '/settings?section=business',
    );
    const items = details.getByRole('table', { name: 'Items' });
    await expect(items.getByRole('columnheader')).toHaveText(['Product/Service', 'Quantity', 'Rate', 'Amount']);
    await expect(items.getByRole('row').nth(1).getByRole('cell')).toHaveText([
      'Design workLanding page',
      '3',
      '£10.05',
      '£30.15',
    ]);
    await expect(items.getByRole('row').nth(2).getByRole('cell')).toHaveText(['Hosting', '12', '£4.99', '£59.88']);
    await expect(items.getByRole('row').last()).toHaveText('Subtotal£90.03');

    // 90.03 + 6.75 tax (7.5%, rounded) − 5.00 fixed discount + 12.50 shipping.
    const total = panel(page, 'Total');
    await expect(total.getByTestId('invoice-total')).toHaveText('£104.28');
    const rows: [string, string][] = [
      ['Design work × 3', '£30.15'],
      ['Hosting × 12', '£59.88'],
      ['Subtotal', '£90.03'],
      ['Tax (7.5%)', '£6.75'],
      ['Discount', '−£5.00'],
      ['Shipping', '£12.50'],
      ['Total', '£104.28'],
    ];
    for (const [term, value] of rows) {
      const exact = new RegExp(`^${term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
      const dt = total.locator('dt').filter({ hasText: exact });
      await expect(dt).toHaveCount(1);
      await expect(dt.locator('xpath=following-sibling::dd[1]')).toHaveText(value);
    }
    // The list and the detail page agree with the stored total.
    const stored = (await (await page.request.get(`/api/invoices/${id}`)).json()) as {
      invoice: { total_amount: number };
    };
    expect(stored.invoice.total_amount).toBe(104.28);

    const client = panel(page, 'Client');
    await expect(client.getByTestId('client-name')).toHaveText('Acme Corp Ltd');
    await expect(client).toContainText('billing@acme.test');
    await expect(client).toContainText('+44 20 7946 0000');
    await expect(client.getByRole('link', { name: 'Edit client' })).toHaveAttribute(
      'href',
      `/clients?edit=${clientId}`,
    );

    const integrations = panel(page, 'Integrations');
    await expect(integrations).toContainText('Coming soon');
    await expect(integrations.getByRole('switch', { name: 'Accept payments via a payment provider' })).toBeDisabled();
  });

  test('with no stored client or business: the placeholder client from To and an Add business link', async ({
    page,
  }) => {
    await signedInAccount(page);
    const id = await seedInvoice(page.request, { data: { currency: 'EUR', currency_symbol: '€' } });
    await page.goto(`/invoice/${id}`);
    const client = panel(page, 'Client');
    await expect(client.getByTestId('client-name')).toHaveText('Acme Corp Ltd');
    await expect(client).toContainText('1 Main Street');
    await expect(client).toContainText('not saved in your clients');
    await expect(client.getByRole('link', { name: 'Edit client' })).toHaveCount(0);
    const details = panel(page, 'Invoice Details');
    await expect(details.getByTestId('business-block')).toContainText('Ada Lovelace Consulting');
    await expect(details.getByRole('link', { name: 'Add business' })).toHaveAttribute(
      'href',
      '/businesses?create=true',
    );
    await expect(panel(page, 'Total').getByTestId('invoice-total')).toHaveText('€104.28');
  });

  test('Mark as Paid: the badge turns Paid, the button becomes a disabled Paid Invoice and Send goes', async ({
    page,
  }) => {
    await signedInAccount(page);
    const id = await seedInvoice(page.request, { status: 'sent' });
    await page.goto(`/invoice/${id}`);
    await expect(header(page).getByText('Sent', { exact: true })).toBeVisible();

    // A failure first: the page says so and nothing changes.
    await page.route('**/api/invoices/*/status', (route) => route.abort());
    await page.getByRole('button', { name: 'Mark as Paid' }).click();
    await expect(toast(page, 'Failed to mark invoice as paid')).toBeVisible();
    await expect(header(page).getByText('Sent', { exact: true })).toBeVisible();
    await page.unroute('**/api/invoices/*/status');

    await page.getByRole('button', { name: 'Mark as Paid' }).click();
    await expect(header(page).getByText('Paid', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Paid Invoice' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Mark as Paid' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Send Invoice' })).toHaveCount(0);

    await page.reload();
    await expect(page.getByRole('button', { name: 'Paid Invoice' })).toBeDisabled();
    await page.locator('main').getByRole('link', { name: 'All invoices' }).click();
    await expect(page.getByRole('row').filter({ hasText: '0001' })).toContainText('Paid');
  });

  test('Preview shows the server-rendered pages; Download saves the PDF; failures say so', async ({ page }) => {
    await signedInAccount(page);
    const items = Array.from({ length: 60 }, (_, index) => ({
      id: String(index),
      name: `Item ${index + 1}`,
      description: '',
      showDesc: false,
      quantity: 1,
      unit_cost: 1,
    }));
    const id = await seedInvoice(page.request, { data: { items } });
    await page.goto(`/invoice/${id}`);

    await page.getByRole('button', { name: 'Preview' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invoice 0001 preview' });
    const image = dialog.getByRole('img', { name: /Invoice preview, page 1 of \d+/ });
    await expect(image).toBeVisible();
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(dialog).toContainText(/Page 1 of \d+/);
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByRole('img', { name: /Invoice preview, page 2 of \d+/ })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Preview' })).toBeFocused();

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download', exact: true }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('0001_2026-11-21.pdf');
    expect((await readFile(await download.path())).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    await page.route('**/preview-invoice*', (route) => route.abort());
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(toast(page, 'Failed to generate preview')).toBeVisible();
    await expect(dialog).toHaveCount(0);

    await page.route('**/api/invoices/*/pdf', (route) => route.abort());
    await page.getByRole('button', { name: 'Download', exact: true }).click();
    await expect(toast(page, 'Failed to download PDF')).toBeVisible();
  });

  test('Edit Invoice opens the editor carrying editInvoiceId and isEditing', async ({ page }) => {
    await signedInAccount(page);
    const id = await seedInvoice(page.request);
    await page.goto(`/invoice/${id}`);
    await page.getByRole('button', { name: 'Edit Invoice' }).click();
    await expect(page).toHaveURL(/\/new$/);
    expect(await page.evaluate(() => (window.history.state as { usr?: unknown } | null)?.usr)).toEqual({
      editInvoiceId: id,
      isEditing: true,
    });
  });

  test("another user's invoice, an unknown id and a malformed id show Invoice Not Found", async ({ page }) => {
    await signedInAccount(page);
    const theirs = await seedInvoice(page.request);
    const other = await createAccount(page.context().request, 'Grace', 'Hopper');
    await signInPage(page, other);

    for (const id of [theirs, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      await page.goto(`/invoice/${id}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Invoice Not Found' })).toBeVisible();
      await expect(page.getByText('The requested invoice could not be found.')).toBeVisible();
    }
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Back to Invoices' }).click();
    await expect(page).toHaveURL(/\/invoices$/);
    await expect(page.getByRole('heading', { name: 'No invoices found' })).toBeVisible();
  });

  test('a guest is asked to sign in', async ({ page }) => {
    await page.goto('/invoice/00000000-0000-4000-8000-000000000000');
    await expect(page).toHaveURL(/\/new$/);
    await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeVisible();
  });
});

test.describe('mobile detail', { tag: '@mobile' }, () => {
  test('items as a list, buttons reachable by touch, nothing wider than the screen', async ({ page }) => {
    await signedInAccount(page);
    const id = await seedInvoice(page.request);
    await page.goto(`/invoice/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Invoice 0001' })).toBeVisible();
    const details = panel(page, 'Invoice Details');
    await expect(details.getByRole('table')).toHaveCount(0);
    const items = details.getByRole('list', { name: 'Items' });
    await expect(items.getByRole('listitem')).toHaveCount(3);
    await expect(items.getByRole('listitem').first()).toContainText('3 × £10.05');
    await expect(items.getByRole('listitem').last()).toHaveText('Subtotal£90.03');
    for (const name of ['Edit Invoice', 'Preview', 'Download', 'Mark as Paid', 'Send Invoice']) {
      const box = await page.getByRole('button', { name, exact: true }).boundingBox();
      expect(box!.height).toBeGreaterThanOrEqual(44);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
});

test('axe: /invoice/{id} has no serious violations, also with the preview open', async ({ page }) => {
  await signedInAccount(page);
  const id = await seedInvoice(page.request, { status: 'paid' });
  await page.goto(`/invoice/${id}`);
  await expect(page.getByRole('button', { name: 'Paid Invoice' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByRole('img', { name: /Invoice preview, page 1/ })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
