import { expect, test, type Page } from '@playwright/test';
import { signedInAccount } from './support/accounts';
import { seedInvoice, utcDate } from './support/invoices';

/**
 * The invoice list's sorts and amounts due (issue 14, item 6): column headers sort the whole list on
 * the server, the choice lives in the URL with search, filter and page, survives reload and Back;
 * phones get a Sort menu; a paid invoice shows what is still due (nothing) with its total beside it,
 * in the list and on its page.
 */

const list = (page: Page) => page.getByRole('region', { name: 'Invoice list' });
const pager = (page: Page) => page.getByRole('navigation', { name: 'Invoice pages' });
const header = (page: Page, name: string) => list(page).getByRole('columnheader', { name });
const sortButton = (page: Page, name: string) => header(page, name).getByRole('button', { name });
const chip = (page: Page, name: string) =>
  page.getByRole('group', { name: 'Filter by status' }).getByRole('button', { name, exact: true });
const bodyRows = (page: Page) => list(page).locator('tbody tr');
/** The invoice numbers of the rows, in the order shown. */
const numbers = (page: Page) => bodyRows(page).locator('td:nth-child(2)').allTextContents();
const cards = (page: Page) => page.getByTestId('invoice-card');

const plain = { show_tax: false, show_discount: false, show_shipping: false };
const item = (unit_cost: number) => [
  { id: 'a', name: 'Work', description: '', showDesc: false, quantity: 1, unit_cost },
];

/** Twelve invoices: two pages; amounts, clients, statuses and dates that each order differently. */
async function seedTwelve(page: Page) {
  const rows: Array<[string, string, number, 'draft' | 'sent' | 'paid' | 'overdue', string, string]> = [
    ['0001', 'Delta Foods', 120, 'draft', utcDate(-12), utcDate(20)],
    ['0002', 'alpha Studio', 9000, 'paid', utcDate(-90), utcDate(-60)],
    ['0003', 'Émile Bakery', 310, 'sent', utcDate(-30), utcDate(-2)],
    ['0004', 'Bravo GmbH', 75.5, 'overdue', utcDate(-10), utcDate(5)],
    ['0005', 'Charlie Ltd', 4000, 'sent', utcDate(-3), utcDate(25)],
    ['0006', 'Zulu Corp', 42, 'draft', utcDate(-1), utcDate(29)],
    ['0007', 'Yankee Inc', 610, 'sent', utcDate(-45), utcDate(-15)],
    ['0008', 'Xray Media', 2500, 'paid', utcDate(-200), utcDate(-170)],
    ['0009', 'Whiskey Labs', 980, 'draft', utcDate(-5), utcDate(25)],
    ['0010', 'Victor Travel', 15, 'sent', utcDate(-7), utcDate(23)],
    ['0011', 'Uniform Co', 1500, 'draft', utcDate(-2), utcDate(28)],
    ['0012', 'Tango Records', 333, 'sent', utcDate(-60), utcDate(-30)],
  ];
  for (const [invoice_number, to, amount, status, issued_date, due_date] of rows) {
    await seedInvoice(page.request, {
      status,
      data: { ...plain, invoice_number, to, items: item(amount), issued_date, due_date },
    });
  }
}

test.describe('sorting from the headers', { tag: '@desktop' }, () => {
  test('click headers: the URL says the sort, the server orders every page, reload and Back keep it', async ({
    page,
  }) => {
    await signedInAccount(page);
    await seedTwelve(page);
    await page.goto('/invoices');
    await expect(bodyRows(page)).toHaveCount(10);
    // Newest first by default: no header claims a sort.
    await expect(list(page).locator('th[aria-sort]')).toHaveCount(0);
    expect(await numbers(page)).toEqual([
      '0012',
      '0011',
      '0010',
      '0009',
      '0008',
      '0007',
      '0006',
      '0005',
      '0004',
      '0003',
    ]);

    // Amount Due: largest due first. The paid 9,000.00 and 2,500.00 owe nothing.
    await sortButton(page, 'Amount Due').click();
    await expect(page).toHaveURL(/\/invoices\?sort=amount&order=desc$/);
    await expect(header(page, 'Amount Due')).toHaveAttribute('aria-sort', 'descending');
    await expect
      .poll(() => numbers(page))
      .toEqual(['0005', '0011', '0009', '0007', '0012', '0003', '0001', '0004', '0006', '0010']);
    await pager(page).getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/invoices\?sort=amount&order=desc&page=2$/);
    await expect.poll(() => numbers(page)).toEqual(['0008', '0002']);
    const paid = bodyRows(page).filter({ hasText: '0002' }).getByRole('cell').nth(3);
    await expect(paid).toHaveText('£0.00of £9,000.00');

    // Reload keeps the sort and the page.
    await page.reload();
    await expect(header(page, 'Amount Due')).toHaveAttribute('aria-sort', 'descending');
    await expect.poll(() => numbers(page)).toEqual(['0008', '0002']);

    // The same header again turns the order around and goes back to page 1.
    await sortButton(page, 'Amount Due').click();
    await expect(page).toHaveURL(/\/invoices\?sort=amount&order=asc$/);
    await expect(header(page, 'Amount Due')).toHaveAttribute('aria-sort', 'ascending');
    await expect
      .poll(() => numbers(page))
      .toEqual(['0002', '0008', '0010', '0006', '0004', '0001', '0003', '0012', '0007', '0009']);

    // Client: A to Z as a reader expects (case and accents aside).
    await sortButton(page, 'Client').click();
    await expect(page).toHaveURL(/\/invoices\?sort=client&order=asc$/);
    await expect(header(page, 'Client')).toHaveAttribute('aria-sort', 'ascending');
    await expect(header(page, 'Amount Due')).not.toHaveAttribute('aria-sort', /.*/);
    await expect
      .poll(() => bodyRows(page).locator('td:nth-child(3)').allTextContents())
      .toEqual([
        'alpha Studio',
        'Bravo GmbH',
        'Charlie Ltd',
        'Delta Foods',
        'Émile Bakery',
        'Tango Records',
        'Uniform Co',
        'Victor Travel',
        'Whiskey Labs',
        'Xray Media',
      ]);

    // Status: what needs attention first (overdue, then sent, draft, paid), oldest first within each.
    await sortButton(page, 'Status').click();
    await expect(page).toHaveURL(/\/invoices\?sort=status&order=asc$/);
    await expect
      .poll(() => numbers(page))
      .toEqual(['0003', '0004', '0007', '0012', '0005', '0010', '0001', '0006', '0009', '0011']);
    await expect(bodyRows(page).first().getByRole('cell').nth(4)).toHaveText('Overdue');

    // Date Issued: newest first, then Back returns to the status sort.
    await sortButton(page, 'Date Issued').click();
    await expect(page).toHaveURL(/\/invoices\?sort=issued&order=desc$/);
    await expect
      .poll(() => numbers(page))
      .toEqual(['0006', '0011', '0005', '0009', '0010', '0004', '0001', '0003', '0007', '0012']);
    await page.goBack();
    await expect(page).toHaveURL(/\/invoices\?sort=status&order=asc$/);
    await expect(header(page, 'Status')).toHaveAttribute('aria-sort', 'ascending');

    // Invoice #, descending on the second click; a chip and a search keep the sort.
    await sortButton(page, 'Invoice #').click();
    await sortButton(page, 'Invoice #').click();
    await expect(page).toHaveURL(/\/invoices\?sort=number&order=desc$/);
    await chip(page, 'Sent').click();
    await expect(page).toHaveURL(/\/invoices\?status=sent&sort=number&order=desc$/);
    await expect.poll(() => numbers(page)).toEqual(['0010', '0005']);
    await page.getByRole('searchbox', { name: 'Search invoices' }).fill('00');
    await expect(page).toHaveURL(/\/invoices\?search=00&status=sent&sort=number&order=desc$/);
    await expect.poll(() => numbers(page)).toEqual(['0010', '0005']);
    await page.reload();
    await expect(header(page, 'Invoice #')).toHaveAttribute('aria-sort', 'descending');
    await expect.poll(() => numbers(page)).toEqual(['0010', '0005']);
  });

  test('a paid invoice shows nothing due and its total, on the list and on its page', async ({ page }) => {
    await signedInAccount(page);
    const id = await seedInvoice(page.request, { status: 'paid' });
    await seedInvoice(page.request, { status: 'sent', data: { invoice_number: '0002' } });
    await page.goto('/invoices');
    const cell = (number: string) => bodyRows(page).filter({ hasText: number }).getByRole('cell').nth(3);
    await expect(cell('0001')).toHaveText('£0.00of £104.28');
    await expect(cell('0002')).toHaveText('£104.28');

    await page.goto(`/invoice/${id}`);
    const panel = page.getByRole('region', { name: 'Total', exact: true });
    await expect(panel.getByText('Amount due', { exact: true })).toBeVisible();
    await expect(panel.getByTestId('invoice-amount-due')).toHaveText('£0.00');
    await expect(panel).toContainText('of £104.28 GBP');
    await expect(panel.getByText('Paid in full')).toBeVisible();
    await expect(panel.getByTestId('invoice-total')).toHaveText('£104.28');
  });
});

test.describe('the Sort menu on phones', { tag: '@mobile' }, () => {
  test('cards have no headers: the menu sorts, the URL keeps it', async ({ page }) => {
    await signedInAccount(page);
    await seedTwelve(page);
    await page.goto('/invoices');
    const menu = page.getByRole('combobox', { name: 'Sort' });
    await expect(menu).toHaveValue('created:desc');
    await menu.selectOption({ label: 'Amount due, highest first' });
    await expect(page).toHaveURL(/\/invoices\?sort=amount&order=desc$/);
    await expect(cards(page).first()).toContainText('0005');
    await expect(cards(page).first()).toContainText('£4,000.00');
    await menu.selectOption({ label: 'Client, A to Z' });
    await expect(page).toHaveURL(/\/invoices\?sort=client&order=asc$/);
    await expect(cards(page).first()).toContainText('alpha Studio');
    await page.reload();
    await expect(menu).toHaveValue('client:asc');
    await expect(cards(page).first()).toContainText('alpha Studio');
    await page.goBack();
    await expect(page).toHaveURL(/\/invoices\?sort=amount&order=desc$/);
    await expect(menu).toHaveValue('amount:desc');
  });
});
