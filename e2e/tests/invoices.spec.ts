import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { unzipSync } from 'fflate';
import { signedInAccount } from './support/accounts';
import { seriousViolations } from './support/axe';
import { seedInvoice, utcDate } from './support/invoices';

/**
 * The invoice list at /invoices (issue 6; docs/product/invoices.md#the-invoice-list) against the real server
 * and its PostgreSQL: columns and formats, the status menu, delete with confirmation, search and
 * status chips kept in the URL, pagination, the one-ZIP download of a selection, overdue, the
 * mobile cards and axe.
 */

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });
const list = (page: Page) => page.getByRole('region', { name: 'Invoice list' });
const pager = (page: Page) => page.getByRole('navigation', { name: 'Invoice pages' });
const selectionBar = (page: Page) => page.getByRole('region', { name: 'Selected invoices' });
const chip = (page: Page, name: string) =>
  page.getByRole('group', { name: 'Filter by status' }).getByRole('button', { name, exact: true });
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search invoices' });

/** The table row of an invoice, found by its number cell. */
const row = (page: Page, invoiceNumber: string): Locator =>
  list(page)
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: invoiceNumber, exact: true }) });
const bodyRows = (page: Page) => list(page).locator('tbody tr');

async function numbersShown(page: Page): Promise<string[]> {
  return (await bodyRows(page).locator('td:nth-child(2)').allTextContents()).sort();
}

test.describe('desktop list', { tag: '@desktop' }, () => {
  test('columns, amounts, dates and badges; the status menu; delete with confirmation', async ({ page }) => {
    await signedInAccount(page);
    const first = await seedInvoice(page.request);
    const second = await seedInvoice(page.request, {
      status: 'sent',
      data: { invoice_number: '0002', to: 'Globex Inc\nCypress Creek', currency: 'EUR', currency_symbol: '€' },
    });

    await page.goto('/invoices');
    await expect(page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
    await expect(list(page).getByRole('columnheader')).toHaveText([
      '',
      'Invoice #',
      'Client',
      'Amount Due',
      'Status',
      'Date Issued',
      'Actions',
    ]);
    // £104.28 = 90.03 subtotal + 6.75 tax (7.5%) − 5.00 discount + 12.50 shipping: the one totals rule.
    await expect(row(page, '0001').getByRole('cell')).toHaveText([
      '',
      '0001',
      'Acme Corp Ltd',
      '£104.28',
      'Draft',
      '21/11/2026',
      '',
    ]);
    await expect(row(page, '0002').getByRole('cell').nth(3)).toHaveText('€104.28');
    await expect(row(page, '0002').getByRole('cell').nth(4)).toHaveText('Sent');
    await expect(row(page, '0002').getByRole('cell').nth(2)).toHaveText('Globex Inc');
    // One page only: no pagination.
    await expect(pager(page)).toHaveCount(0);
    await expect(row(page, '0001').getByRole('link', { name: 'View invoice 0001' })).toHaveAttribute(
      'href',
      `/invoice/${first}`,
    );

    // The status menu: any of the four, the current one checked, Escape returns focus to its button.
    const trigger = page.getByRole('button', { name: 'Change status of invoice 0001' });
    await trigger.click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitemradio')).toHaveText([/^Draft/, /^Sent/, /^Paid/, /^Overdue/]);
    await expect(menu.getByRole('menuitemradio', { name: 'Draft' })).toHaveAttribute('aria-checked', 'true');
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(trigger).toBeFocused();
    await trigger.click();
    await menu.getByRole('menuitemradio', { name: 'Paid' }).click();
    await expect(toast(page, 'Marked as paid')).toBeVisible();
    await expect(row(page, '0001').getByRole('cell').nth(4)).toHaveText('Paid');
    const stored = (await (await page.request.get(`/api/invoices/${first}`)).json()) as { invoice: { status: string } };
    expect(stored.invoice.status).toBe('paid');

    // By keyboard: open with Enter, move with the arrows, choose with Enter.
    await page.getByRole('button', { name: 'Change status of invoice 0002' }).focus();
    await page.keyboard.press('Enter');
    await expect(menu.getByRole('menuitemradio', { name: 'Sent' })).toHaveAttribute('aria-checked', 'true');
    // Opened by keyboard, the menu focuses its first item; the arrows move through the rest.
    await expect(menu.getByRole('menuitemradio', { name: 'Draft' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitemradio', { name: 'Sent' })).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await expect(toast(page, 'Marked as draft')).toBeVisible();
    await expect(row(page, '0002').getByRole('cell').nth(4)).toHaveText('Draft');

    // Delete: Cancel keeps it; Delete removes it.
    await page.getByRole('button', { name: 'Delete invoice 0002' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Confirm Deletion' });
    await expect(dialog).toContainText('Are you sure you want to delete this invoice? This action cannot be undone.');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(row(page, '0002')).toHaveCount(1);
    await page.getByRole('button', { name: 'Delete invoice 0002' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Invoice deleted successfully')).toBeVisible();
    await expect(row(page, '0002')).toHaveCount(0);
    await expect(row(page, '0001')).toHaveCount(1);
    expect((await page.request.get(`/api/invoices/${second}`)).status()).toBe(404);
  });

  test('search and status chips live in the URL: reload and Back keep them, and they reset the page', async ({
    page,
  }) => {
    await signedInAccount(page);
    await seedInvoice(page.request, { data: { invoice_number: '0001', to: 'Acme Corp Ltd' } });
    await seedInvoice(page.request, { status: 'sent', data: { invoice_number: '0002', to: 'Globex Inc' } });
    await seedInvoice(page.request, { status: 'paid', data: { invoice_number: '0003', to: 'Initech' } });

    await page.goto('/invoices');
    await expect(bodyRows(page)).toHaveCount(3);
    await expect(chip(page, 'All')).toHaveAttribute('aria-pressed', 'true');

    await searchBox(page).fill('globex');
    await expect(page).toHaveURL(/\/invoices\?search=globex$/);
    await expect.poll(() => numbersShown(page)).toEqual(['0002']);

    await page.reload();
    await expect(searchBox(page)).toHaveValue('globex');
    await expect.poll(() => numbersShown(page)).toEqual(['0002']);

    // A chip on top of the search: nothing matches both.
    await chip(page, 'Paid').click();
    await expect(page).toHaveURL(/search=globex/);
    await expect(page).toHaveURL(/status=paid/);
    await expect(chip(page, 'Paid')).toHaveAttribute('aria-pressed', 'true');
    await expect(list(page).getByRole('heading', { name: 'No invoices found' })).toBeVisible();
    await expect(list(page).getByText('No invoices match your criteria.')).toBeVisible();

    // Back undoes the chip; the search stays.
    await page.goBack();
    await expect(page).toHaveURL(/\/invoices\?search=globex$/);
    await expect(chip(page, 'All')).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => numbersShown(page)).toEqual(['0002']);

    // Into an invoice and Back: the list is as it was.
    await page.getByRole('link', { name: 'View invoice 0002' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Invoice 0002' })).toBeVisible();
    await page.goBack();
    await expect(searchBox(page)).toHaveValue('globex');
    await expect.poll(() => numbersShown(page)).toEqual(['0002']);

    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect(page).toHaveURL(/\/invoices$/);
    await expect.poll(() => numbersShown(page)).toEqual(['0001', '0002', '0003']);

    await chip(page, 'Draft').click();
    await expect(page).toHaveURL(/\/invoices\?status=draft$/);
    await expect.poll(() => numbersShown(page)).toEqual(['0001']);
    await chip(page, 'Sent').click();
    await expect.poll(() => numbersShown(page)).toEqual(['0002']);
    await page.reload();
    await expect(chip(page, 'Sent')).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => numbersShown(page)).toEqual(['0002']);
  });

  test('pagination of 10: Showing X to Y of Z, Page N of M, Previous and Next; filters go back to page 1', async ({
    page,
  }) => {
    await signedInAccount(page);
    for (let n = 1; n <= 12; n += 1) {
      await seedInvoice(page.request, { data: { invoice_number: String(n).padStart(4, '0') } });
    }
    await page.goto('/invoices');
    await expect(bodyRows(page)).toHaveCount(10);
    await expect(pager(page)).toContainText('Showing 1 to 10 of 12 invoices');
    await expect(pager(page)).toContainText('Page 1 of 2');
    await expect(pager(page).getByRole('button', { name: 'Previous' })).toBeDisabled();

    await pager(page).getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/invoices\?page=2$/);
    await expect(pager(page)).toContainText('Showing 11 to 12 of 12 invoices');
    await expect(pager(page)).toContainText('Page 2 of 2');
    await expect(bodyRows(page)).toHaveCount(2);
    await expect(pager(page).getByRole('button', { name: 'Next' })).toBeDisabled();

    await page.reload();
    await expect(pager(page)).toContainText('Page 2 of 2');
    await expect(bodyRows(page)).toHaveCount(2);

    // Every number on the two pages, each once.
    const second = await numbersShown(page);
    await pager(page).getByRole('button', { name: 'Previous' }).click();
    await expect(pager(page)).toContainText('Page 1 of 2');
    const firstPage = await numbersShown(page);
    expect([...firstPage, ...second].sort()).toEqual(
      Array.from({ length: 12 }, (_, index) => String(index + 1).padStart(4, '0')),
    );

    // A chip from page 2 starts at page 1.
    await pager(page).getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/page=2/);
    await chip(page, 'Draft').click();
    await expect(page).toHaveURL(/\/invoices\?status=draft$/);
    await expect(pager(page)).toContainText('Page 1 of 2');

    // So does a search; one match needs no pagination.
    await pager(page).getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/page=2/);
    await searchBox(page).fill('0012');
    await expect(page).toHaveURL(/\/invoices\?search=0012&status=draft$/);
    await expect.poll(() => numbersShown(page)).toEqual(['0012']);
    await expect(pager(page)).toHaveCount(0);
  });

  test('select three and download one ZIP with three PDFs; select all and Clear', async ({ page }) => {
    await signedInAccount(page);
    for (const number of ['0001', '0002', '0003', '0004']) {
      await seedInvoice(page.request, { data: { invoice_number: number } });
    }
    await page.goto('/invoices');
    await expect(bodyRows(page)).toHaveCount(4);
    await expect(selectionBar(page)).toHaveCount(0);

    await page.getByRole('checkbox', { name: 'Select all invoices on this page' }).click();
    await expect(selectionBar(page)).toContainText('4 invoices selected');
    await selectionBar(page).getByRole('button', { name: 'Clear' }).click();
    await expect(selectionBar(page)).toHaveCount(0);
    await expect(page.getByRole('checkbox', { name: 'Select invoice 0001' })).not.toBeChecked();

    for (const number of ['0001', '0002', '0004']) {
      await page.getByRole('checkbox', { name: `Select invoice ${number}` }).click();
    }
    await expect(selectionBar(page)).toContainText('3 invoices selected');
    await expect(page.getByRole('checkbox', { name: 'Select all invoices on this page' })).toHaveAttribute(
      'aria-checked',
      'mixed',
    );

    // Held back a moment so the progress line can be seen before the first bytes.
    await page.route('**/api/invoices/download', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      await route.continue();
    });
    const downloading = page.waitForEvent('download');
    await selectionBar(page).getByRole('button', { name: 'Download Selected (3)' }).click();
    await expect(selectionBar(page).getByRole('status').first()).toContainText(/Preparing ZIP|received/);
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^invoices_\d{4}-\d{2}-\d{2}\.zip$/);
    await expect(toast(page, 'Downloaded 3 invoice(s)')).toBeVisible();
    await expect(selectionBar(page)).toHaveCount(0);

    const zip = unzipSync(new Uint8Array(await readFile(await download.path())));
    const names = Object.keys(zip).sort();
    expect(names).toEqual(['0001_2026-11-21.pdf', '0002_2026-11-21.pdf', '0004_2026-11-21.pdf']);
    for (const name of names) {
      expect(Buffer.from(zip[name]!.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    }
  });

  test('download one invoice from its row; a failed download says so', async ({ page }) => {
    await signedInAccount(page);
    await seedInvoice(page.request, { data: { invoice_number: 'INV/7 A' } });
    await page.goto('/invoices');
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download invoice INV/7 A' }).click();
    const download = await downloading;
    // Non-alphanumerics become '_', lower case, then the date (docs/product/invoices.md#file-names).
    expect(download.suggestedFilename()).toBe('inv_7_a_2026-11-21.pdf');
    expect((await readFile(await download.path())).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await expect(toast(page, 'Invoice downloaded successfully')).toBeVisible();

    await page.route('**/api/invoices/*/pdf', (route) => route.abort());
    await page.getByRole('button', { name: 'Download invoice INV/7 A' }).click();
    await expect(toast(page, 'Failed to download invoice')).toBeVisible();
  });

  test('an overdue invoice (sent, due date past) shows Overdue and is found by the Overdue chip', async ({ page }) => {
    await signedInAccount(page);
    await seedInvoice(page.request, {
      status: 'sent',
      data: { invoice_number: '0007', issued_date: utcDate(-40), due_date: utcDate(-3) },
    });
    await seedInvoice(page.request, { status: 'sent', data: { invoice_number: '0008', due_date: utcDate(10) } });
    await page.goto('/invoices');
    await expect(row(page, '0007').getByRole('cell').nth(4)).toHaveText('Overdue');
    await expect(row(page, '0008').getByRole('cell').nth(4)).toHaveText('Sent');
    await chip(page, 'Overdue').click();
    await expect(page).toHaveURL(/status=overdue/);
    await expect.poll(() => numbersShown(page)).toEqual(['0007']);
    await chip(page, 'Sent').click();
    await expect.poll(() => numbersShown(page)).toEqual(['0008']);
  });

  test('a new account sees the empty state and New Invoice goes to /new', async ({ page }) => {
    await signedInAccount(page);
    await page.goto('/invoices');
    await expect(list(page).getByRole('heading', { name: 'No invoices found' })).toBeVisible();
    await expect(list(page).getByText('Get started by creating your first invoice.')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'New Invoice' }).click();
    await expect(page).toHaveURL(/\/new$/);
  });

  test('a list that cannot load says so and can be retried', async ({ page }) => {
    await signedInAccount(page);
    await seedInvoice(page.request);
    await page.route('**/api/invoices?*', (route) => route.abort());
    await page.goto('/invoices');
    await expect(toast(page, 'Network error occurred')).toBeVisible();
    await expect(list(page).getByText('Failed to load invoices')).toBeVisible();
    await page.unroute('**/api/invoices?*');
    await list(page).getByRole('button', { name: 'Retry' }).click();
    await expect(row(page, '0001')).toHaveCount(1);
  });

  test('a guest is asked to sign in', async ({ page }) => {
    await page.goto('/invoices');
    await expect(page).toHaveURL(/\/new$/);
    await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeVisible();
  });
});

test.describe('mobile list', { tag: '@mobile' }, () => {
  test('cards instead of the table, with the same facts and actions, reachable by touch', async ({ page }) => {
    await signedInAccount(page);
    await seedInvoice(page.request);
    await seedInvoice(page.request, { status: 'sent', data: { invoice_number: '0002', to: 'Globex Inc' } });
    await page.goto('/invoices');
    const cards = page.getByTestId('invoice-card');
    await expect(cards).toHaveCount(2);
    await expect(page.getByRole('table')).toHaveCount(0);
    const card = cards.filter({ hasText: '0001' });
    await expect(card).toContainText('Acme Corp Ltd');
    await expect(card).toContainText('£104.28');
    await expect(card).toContainText('21/11/2026');
    await expect(card).toContainText('Draft');

    // 44 px touch targets.
    for (const control of [
      card.getByRole('link', { name: 'View invoice 0001' }),
      card.getByRole('button', { name: 'Delete invoice 0001' }),
      card.getByRole('checkbox', { name: 'Select invoice 0001' }),
      chip(page, 'Overdue'),
    ]) {
      const box = await control.boundingBox();
      expect(box!.height).toBeGreaterThanOrEqual(44);
      expect(box!.width).toBeGreaterThanOrEqual(44);
    }
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    await card.getByRole('button', { name: 'Change status of invoice 0001' }).click();
    await page.getByRole('menuitemradio', { name: 'Sent' }).click();
    await expect(toast(page, 'Marked as sent')).toBeVisible();
    await expect(card).toContainText('Sent');

    await card.getByRole('checkbox', { name: 'Select invoice 0001' }).click();
    await expect(selectionBar(page)).toContainText('1 invoice selected');
    await expect(selectionBar(page).getByRole('button', { name: 'Download Selected (1)' })).toBeVisible();
    // The shell's toasts are not this page's to audit: wait until the status toast has gone.
    await expect(toast(page, 'Marked as sent')).toHaveCount(0, { timeout: 10_000 });
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test('axe: /invoices with rows, a selection and a filter has no serious violations', async ({ page }) => {
  await signedInAccount(page);
  await seedInvoice(page.request);
  await seedInvoice(page.request, { status: 'paid', data: { invoice_number: '0002' } });
  await seedInvoice(page.request, {
    status: 'sent',
    data: { invoice_number: '0003', issued_date: utcDate(-40), due_date: utcDate(-3) },
  });
  await page.goto('/invoices');
  await expect(page.getByRole('checkbox', { name: 'Select invoice 0001' })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Select invoice 0001' }).click();
  await expect(selectionBar(page)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await chip(page, 'Overdue').click();
  await expect(page.getByRole('checkbox', { name: 'Select invoice 0003' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
