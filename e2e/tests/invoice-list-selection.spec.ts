import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { unzipSync } from 'fflate';
import { signedInAccount } from './support/accounts';
import { seedInvoice } from './support/invoices';

/**
 * Select-all on the invoice list (issue 14, item 6): the header's box ticks the page on screen and
 * nothing else; a whole page offers "Select all N invoices" as Gmail does, and the download then takes
 * every invoice the search and filter match; another page, chip, search or sort clears the selection;
 * past 100 invoices the download is off and the bar says why.
 */

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });
const list = (page: Page) => page.getByRole('region', { name: 'Invoice list' });
const bar = (page: Page) => page.getByRole('region', { name: 'Selected invoices' });
const pager = (page: Page) => page.getByRole('navigation', { name: 'Invoice pages' });
const selectPage = (page: Page) => page.getByRole('checkbox', { name: 'Select all invoices on this page' });
const chip = (page: Page, name: string) =>
  page.getByRole('group', { name: 'Filter by status' }).getByRole('button', { name, exact: true });

async function seedMany(page: Page, count: number, status: (n: number) => 'draft' | 'sent' = () => 'draft') {
  for (let n = 1; n <= count; n += 1) {
    await seedInvoice(page.request, { status: status(n), data: { invoice_number: String(n).padStart(4, '0') } });
  }
}

test(
  'the header box ticks this page only; "Select all 23 invoices" downloads every match',
  { tag: '@desktop' },
  async ({ page }) => {
    await signedInAccount(page);
    await seedMany(page, 23, (n) => (n % 2 === 0 ? 'sent' : 'draft'));
    await page.goto('/invoices');
    await expect(pager(page)).toContainText('Showing 1 to 10 of 23 invoices');

    // A row ticked on page 1 does not follow to page 2.
    await page.getByRole('checkbox', { name: 'Select invoice 0023' }).click();
    await expect(bar(page)).toContainText('1 invoice selected');
    await pager(page).getByRole('button', { name: 'Next' }).click();
    await expect(pager(page)).toContainText('Page 2 of 3');
    await expect(bar(page)).toHaveCount(0);

    // The header box: the ten rows of this page, and the offer of all 23.
    await selectPage(page).click();
    await expect(bar(page)).toContainText('10 invoices selected');
    await expect(bar(page)).toContainText('All 10 invoices on this page are selected.');
    await bar(page).getByRole('button', { name: 'Select all 23 invoices' }).click();
    await expect(bar(page)).toContainText('23 invoices selected');
    await expect(bar(page)).toContainText('All 23 invoices are selected, on every page.');
    await expect(bar(page).getByRole('button', { name: 'Select all 23 invoices' })).toHaveCount(0);
    await expect(selectPage(page)).toBeChecked();

    // Unticking one row leaves the rest of this page.
    const second = list(page)
      .getByRole('checkbox', { name: /^Select invoice / })
      .nth(1);
    await second.click();
    await expect(bar(page)).toContainText('9 invoices selected');
    await expect(selectPage(page)).toHaveAttribute('aria-checked', 'mixed');
    await selectPage(page).click();
    await bar(page).getByRole('button', { name: 'Select all 23 invoices' }).click();

    const downloading = page.waitForEvent('download');
    await bar(page).getByRole('button', { name: 'Download Selected (23)' }).click();
    const download = await downloading;
    await expect(toast(page, 'Downloaded 23 invoice(s)')).toBeVisible();
    await expect(bar(page)).toHaveCount(0);
    const names = Object.keys(unzipSync(new Uint8Array(await readFile(await download.path()))));
    // Every invoice of the account, in the list's order (newest first), from every page.
    expect(names).toEqual(
      Array.from({ length: 23 }, (_, index) => `${String(23 - index).padStart(4, '0')}_2026-11-21.pdf`),
    );

    // A chip clears the selection; "all" then means all that match the chip.
    await selectPage(page).click();
    await chip(page, 'Sent').click();
    await expect(bar(page)).toHaveCount(0);
    await expect(pager(page)).toContainText('of 11 invoices');
    await selectPage(page).click();
    await bar(page).getByRole('button', { name: 'Select all 11 invoices that match' }).click();
    await expect(bar(page)).toContainText('All 11 invoices that match this search and filter are selected');
    const sentOnly = page.waitForEvent('download');
    await bar(page).getByRole('button', { name: 'Download Selected (11)' }).click();
    const sentNames = Object.keys(unzipSync(new Uint8Array(await readFile(await (await sentOnly).path()))));
    expect(sentNames).toHaveLength(11);
    expect(sentNames.every((name) => Number(name.slice(0, 4)) % 2 === 0)).toBe(true);

    // A search and a sort clear it too.
    await selectPage(page).click();
    await expect(bar(page)).toContainText('10 invoices selected');
    await page.getByRole('searchbox', { name: 'Search invoices' }).fill('00');
    await expect(page).toHaveURL(/search=00/);
    await expect(bar(page)).toHaveCount(0);
    await selectPage(page).click();
    await expect(bar(page)).toContainText('10 invoices selected');
    await list(page).getByRole('columnheader', { name: 'Invoice #' }).getByRole('button').click();
    await expect(page).toHaveURL(/sort=number/);
    await expect(bar(page)).toHaveCount(0);
  },
);

test(
  'on a phone too; past 100 invoices the download is off and the bar says why',
  { tag: '@mobile' },
  async ({ page }) => {
    test.setTimeout(180_000);
    await signedInAccount(page);
    await seedMany(page, 101);
    await page.goto('/invoices');
    await selectPage(page).click();
    await bar(page).getByRole('button', { name: 'Select all 101 invoices' }).click();
    await expect(bar(page)).toContainText('101 invoices selected');
    await expect(bar(page)).toContainText(
      'A download holds at most 100 invoices: narrow the search or the status filter to download these.',
    );
    await expect(bar(page).getByRole('button', { name: 'Download Selected (101)' })).toBeDisabled();
    // Narrowed by a search, the same "all" fits again.
    await page.getByRole('searchbox', { name: 'Search invoices' }).fill('001');
    await expect(pager(page)).toContainText('of 11 invoices');
    await expect(bar(page)).toHaveCount(0);
    await selectPage(page).click();
    await bar(page).getByRole('button', { name: 'Select all 11 invoices that match' }).click();
    await expect(bar(page).getByRole('button', { name: 'Download Selected (11)' })).toBeEnabled();
  },
);
