import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { signedInAccount } from './support/accounts';
import { seriousViolations } from './support/axe';
import { seedInvoice } from './support/invoices';

/**
 * Public invoice links and the activity log (issue 15; docs/product/public-links-and-activity.md), against the
 * real server: the owner copies the link, a browser without any cookie opens it, sees the invoice's figures and
 * downloads its PDF, and the owner's pages then show Viewed and the activity.
 */

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });
const panel = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** The owner's invoice page with a fresh invoice; answers its id. */
async function ownerWithInvoice(page: Page, number: string): Promise<string> {
  await signedInAccount(page);
  const id = await seedInvoice(page.request, {
    data: { invoice_number: number, payment_instructions: 'Reference: the invoice number.' },
  });
  await page.goto(`/invoice/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Invoice ${number}` })).toBeVisible();
  return id;
}

/** Copy link on the invoice page: answers the link the panel shows. */
async function copyLink(page: Page, toastText = 'Link copied'): Promise<string> {
  await page.getByRole('button', { name: 'Copy link', exact: true }).click();
  await expect(toast(page, toastText)).toBeVisible();
  const url = await panel(page, 'Public link').getByTestId('public-link-url').inputValue();
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/i\/[A-Za-z0-9_-]{24}$/);
  return url;
}

/** A browser with nothing of the owner's: no cookie, no storage. */
async function guestPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

test.describe('sharing an invoice', { tag: '@desktop' }, () => {
  test('the owner copies the link; a guest sees the figures and downloads the PDF; the owner sees Viewed', async ({
    page,
    browser,
  }) => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const id = await ownerWithInvoice(page, '0042');
    await expect(panel(page, 'Public link')).toContainText('No link yet.');
    await expect(page.getByTestId('viewed-marker')).toHaveCount(0);

    const url = await copyLink(page);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    // Copying again gives the same link.
    await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached' });
    expect(await copyLink(page)).toBe(url);
    // The owner opening their own link, signed in, is not a view.
    const own = await page.request.get(url.replace('/i/', '/api/public/invoices/'));
    expect(own.status()).toBe(200);

    const guest = await guestPage(browser);
    expect(await guest.context().cookies()).toEqual([]);
    await guest.goto(url);
    await expect(guest.getByRole('heading', { level: 1, name: '#0042' })).toBeVisible();
    await expect(guest).toHaveTitle('Invoice 0042 from Ada Lovelace Consulting · Invoicer');
    await expect(guest.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    await expect(guest.getByText('Ada Lovelace Consulting sent you this invoice.')).toBeVisible();
    // The figures of the one totals rule, as on the PDF and the owner's page.
    const rows = guest.getByRole('table').getByRole('row');
    await expect(rows.nth(1).getByRole('cell')).toHaveText(['Design workLanding page', '3', '£10.05', '£30.15']);
    await expect(rows.nth(2).getByRole('cell')).toHaveText(['Hosting', '12', '£4.99', '£59.88']);
    const totals = guest.getByTestId('public-totals');
    await expect(totals.locator('dt')).toHaveText(['Subtotal', 'Tax (7.5%)', 'Discount', 'Shipping', 'Total']);
    await expect(totals.locator('dd')).toHaveText(['£90.03', '£6.75', '−£5.00', '£12.50', '£104.28']);
    await expect(guest.getByText('IBAN GB00 0000')).toBeVisible();
    await expect(guest.getByText('Reference: the invoice number.')).toBeVisible();

    const downloading = guest.waitForEvent('download');
    await guest.getByRole('button', { name: 'Download PDF' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('0042_2026-11-21.pdf');
    expect((await readFile(await download.path())).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await guest.context().close();

    // The owner's page, read again: Viewed, and the activity newest first. The view is counted a moment after the
    // guest's page got its data (docs/decisions/0051-public-views-off-the-request-path.md): read until it is there.
    const marker = page.getByTestId('viewed-marker');
    await expect(async () => {
      await page.reload();
      await expect(marker).toHaveText(/^Viewed/, { timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await expect(marker).toHaveAttribute('title', /^Viewed once, first on /);
    await expect(panel(page, 'Activity').getByRole('listitem').locator('p:first-child')).toHaveText([
      'Viewed for the first time',
      'Link created',
      'Created',
    ]);
    // And the list.
    await page.goto('/invoices');
    const row = page.getByRole('row').filter({ hasText: '0042' });
    await expect(row.getByTestId('viewed-marker')).toBeVisible();
    // The first view notified the owner.
    await page.goto('/notifications');
    await expect(page.getByText('Invoice 0042 was viewed')).toBeVisible();
    expect(id).toBeTruthy();
  });

  test('Turn off link and Replace link ask first; the old link then shows that it does not work', async ({
    page,
    browser,
  }) => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await ownerWithInvoice(page, '0043');
    const first = await copyLink(page);
    const linkPanel = panel(page, 'Public link');

    await linkPanel.getByRole('button', { name: 'Replace link' }).click();
    const replaceDialog = page.getByRole('alertdialog', { name: 'Replace link?' });
    await expect(replaceDialog).toBeVisible();
    await replaceDialog.getByRole('button', { name: 'Replace link' }).click();
    await expect(toast(page, 'New link copied. The old link no longer works.')).toBeVisible();
    const second = await linkPanel.getByTestId('public-link-url').inputValue();
    expect(second).not.toBe(first);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(second);

    await linkPanel.getByRole('button', { name: 'Turn off link' }).click();
    const offDialog = page.getByRole('alertdialog', { name: 'Turn off link?' });
    await offDialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(offDialog).toBeHidden();
    await expect(linkPanel.getByTestId('public-link-url')).toHaveValue(second);
    await linkPanel.getByRole('button', { name: 'Turn off link' }).click();
    await page
      .getByRole('alertdialog', { name: 'Turn off link?' })
      .getByRole('button', { name: 'Turn off link' })
      .click();
    await expect(toast(page, 'Link turned off')).toBeVisible();
    await expect(linkPanel).toContainText('No link yet.');

    const guest = await guestPage(browser);
    for (const url of [first, second]) {
      await guest.goto(url);
      await expect(guest.getByRole('heading', { level: 1, name: 'This link does not work' })).toBeVisible();
      await expect(guest.getByText('It may have been turned off or replaced')).toBeVisible();
    }
    await guest.context().close();

    await expect(panel(page, 'Activity').getByRole('listitem').locator('p:first-child')).toHaveText([
      'Link turned off',
      'Link replaced',
      'Link created',
      'Created',
    ]);
  });
});

test.describe('the public page', () => {
  test('has no serious or critical axe violations, and fits 320 px', async ({ page, browser, isMobile }) => {
    await ownerWithInvoice(page, '0044');
    const response = await page.request.post(page.url().replace(/\/invoice\/(.+)$/, '/api/invoices/$1/share'));
    expect(response.status()).toBe(201);
    const { url } = (await response.json()) as { url: string };

    const guest = await guestPage(browser);
    await guest.setViewportSize(isMobile ? { width: 375, height: 812 } : { width: 1440, height: 900 });
    await guest.goto(url);
    await expect(guest.getByRole('heading', { level: 1, name: '#0044' })).toBeVisible();
    expect(await seriousViolations(guest)).toEqual([]);

    await guest.setViewportSize({ width: 320, height: 700 });
    await expect(guest.getByTestId('public-total')).toHaveText('£104.28');
    await expect(guest.getByRole('button', { name: 'Download PDF' })).toBeVisible();
    expect(await guest.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

    await guest.goto(url.replace(/\/i\/.+$/, '/i/not-a-real-token'));
    await expect(guest.getByRole('heading', { level: 1, name: 'This link does not work' })).toBeVisible();
    expect(await seriousViolations(guest)).toEqual([]);
    await guest.context().close();
  });
});
