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

/**
 * The public page in the invoice's language (issue 16; docs/product/public-links-and-activity.md#the-public-page):
 * the card and the page around it, from the label catalogue; an Arabic invoice right to left and readable at 320 px.
 */
test.describe("the public page in the invoice's language", () => {
  /** A shared EUR invoice of one item (1.234,56 € in German) in the language; answers its public URL. */
  async function sharedInvoice(
    page: Page,
    number: string,
    data: Record<string, unknown>,
    status: 'draft' | 'sent' = 'sent',
  ) {
    await signedInAccount(page);
    const id = await seedInvoice(page.request, {
      status,
      data: {
        invoice_number: number,
        items: [{ id: 'b1', name: 'Beratung', description: '', showDesc: false, quantity: 1, unit_cost: 1234.56 }],
        show_tax: false,
        show_discount: false,
        show_shipping: false,
        currency: 'EUR',
        currency_symbol: '€',
        currency_label: 'Euro (€)',
        ...data,
      },
    });
    const response = await page.request.post(`/api/invoices/${id}/share`, { data: {} });
    expect(response.status()).toBe(201);
    return ((await response.json()) as { url: string }).url;
  }

  async function guestIn(browser: Browser, isMobile: boolean, locale?: string): Promise<Page> {
    const context = await browser.newContext({
      viewport: isMobile ? { width: 375, height: 812 } : { width: 1440, height: 900 },
      ...(locale ? { locale } : {}),
    });
    return context.newPage();
  }

  test('a German invoice: the card and everything around it in German, amounts 1.234,56 €', async ({
    page,
    browser,
    isMobile,
  }) => {
    const url = await sharedInvoice(page, '0051', { language: 'de', due_date: null });
    const guest = await guestIn(browser, isMobile);
    await guest.goto(url);
    await expect(guest.getByRole('heading', { level: 1, name: 'Nr. 0051' })).toBeVisible();
    await expect(guest).toHaveTitle('Rechnung 0051 von Ada Lovelace Consulting · Invoicer');
    await expect(guest.locator('html')).toHaveAttribute('lang', 'de');
    await expect(guest.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(guest.locator('article')).toHaveAttribute('dir', 'ltr');
    await expect(guest.getByText('Ada Lovelace Consulting hat Ihnen diese Rechnung gesendet.')).toBeVisible();
    await expect(guest.getByText('RECHNUNG', { exact: true })).toBeVisible();
    await expect(guest.getByText('Gesendet', { exact: true })).toBeVisible();
    // The labels beside the dates, a missing due date in German.
    await expect(guest.locator('article header dl dt')).toHaveText(['Rechnungsdatum', 'Fällig']);
    await expect(guest.locator('article header dl dd')).toHaveText(['21. November 2026', 'Nicht angegeben']);
    await expect(guest.getByTestId('public-amount-due-summary')).toHaveText('Zu zahlen: 1.234,56\u00a0€');
    if (!isMobile) {
      await expect(guest.getByRole('columnheader')).toHaveText(['Position', 'Menge', 'Einzelpreis', 'Betrag']);
      await expect(guest.getByRole('table').getByRole('row').nth(1).getByRole('cell')).toHaveText([
        'Beratung',
        '1',
        '1.234,56\u00a0€',
        '1.234,56\u00a0€',
      ]);
    }
    const totals = guest.getByTestId('public-totals');
    await expect(totals.locator('dt')).toHaveText(['Zwischensumme', 'Gesamtbetrag']);
    await expect(totals.locator('dd')).toHaveText(['1.234,56\u00a0€', '1.234,56\u00a0€']);
    await expect(guest.locator('footer')).toHaveText('Gesendet mit Invoicer');
    await expect(guest.getByText(/sent you this invoice|Download PDF|Not set|Sent with/)).toHaveCount(0);

    const downloading = guest.waitForEvent('download');
    await guest.getByRole('button', { name: 'PDF herunterladen', exact: true }).click();
    expect((await downloading).suggestedFilename()).toBe('0051_2026-11-21.pdf');
    await expect(toast(guest, 'Rechnung heruntergeladen')).toBeVisible();
    await guest.context().close();
  });

  test('an Arabic invoice reads right to left, has no serious axe violations and fits 320 px', async ({
    page,
    browser,
    isMobile,
  }) => {
    const url = await sharedInvoice(page, '0052', { language: 'ar' });
    const guest = await guestIn(browser, isMobile);
    await guest.goto(url);
    await expect(guest.getByRole('heading', { level: 1, name: 'رقم 0052' })).toBeVisible();
    await expect(guest.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(guest.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(guest.locator('article')).toHaveAttribute('dir', 'rtl');
    await expect(guest.locator('article')).toHaveAttribute('lang', 'ar');
    await expect(guest.getByText('أرسل إليك Ada Lovelace Consulting هذه الفاتورة.')).toBeVisible();
    await expect(guest.getByText('مُرسلة', { exact: true })).toBeVisible();
    await expect(guest.getByTestId('public-totals').locator('dt')).toHaveText(['المجموع الفرعي', 'الإجمالي']);
    await expect(guest.locator('footer')).toHaveText('أُرسلت عبر Invoicer');
    // What the sender typed in Latin script reads left to right in its line ("12 Analytical Row", not "Analytical
    // Row 12"), and the line still ends at the right edge, as the page's lines do.
    const line = await guest.getByText('12 Analytical Row', { exact: true }).evaluate((element) => {
      const text = element.firstChild as Text;
      const rect = (start: number, end: number) => {
        const range = document.createRange();
        range.setStart(text, start);
        range.setEnd(text, end);
        return range.getBoundingClientRect();
      };
      const length = text.data.length;
      return {
        numberLeft: rect(0, 2).left,
        wordLeft: rect(length - 3, length).left,
        textRight: rect(0, length).right,
        boxRight: element.getBoundingClientRect().right,
      };
    });
    expect(line.numberLeft).toBeLessThan(line.wordLeft);
    expect(Math.abs(line.boxRight - line.textRight)).toBeLessThan(2);
    if (!isMobile) {
      // Right to left: the totals (a narrow column at the end of the line) sit at the card's left edge.
      const card = await guest.locator('article').boundingBox();
      const totalsBox = await guest.getByTestId('public-totals').boundingBox();
      expect(card && totalsBox && totalsBox.x - card.x).toBeLessThan(80);
    }
    expect(await seriousViolations(guest)).toEqual([]);

    await guest.setViewportSize({ width: 320, height: 700 });
    await expect(guest.getByRole('button', { name: 'تنزيل PDF', exact: true })).toBeVisible();
    await guest.screenshot({ path: test.info().outputPath('arabic-320.png'), fullPage: true });
    await expect(guest.getByTestId('public-total')).toBeVisible();
    expect(await guest.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    expect(await seriousViolations(guest)).toEqual([]);
    await guest.context().close();
  });

  test("a link that does not work speaks the reader's browser language", async ({ page, browser, isMobile }) => {
    const url = await sharedInvoice(page, '0053', { language: 'de' });
    const dead = url.replace(/\/i\/.+$/, '/i/not-a-real-token');
    const german = await guestIn(browser, isMobile, 'de-DE');
    await german.goto(dead);
    await expect(german.getByRole('heading', { level: 1, name: 'Dieser Link funktioniert nicht' })).toBeVisible();
    await expect(german.getByText('Bitten Sie den Absender um einen neuen.')).toBeVisible();
    await expect(german.locator('html')).toHaveAttribute('lang', 'de');
    await german.context().close();

    const arabic = await guestIn(browser, isMobile, 'ar');
    await arabic.goto(dead);
    await expect(arabic.getByRole('heading', { level: 1, name: 'هذا الرابط لا يعمل' })).toBeVisible();
    await expect(arabic.locator('html')).toHaveAttribute('dir', 'rtl');
    expect(await seriousViolations(arabic)).toEqual([]);
    await arabic.context().close();
  });
});
