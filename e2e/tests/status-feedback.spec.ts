import { expect, test, type Locator, type Page } from '@playwright/test';
import { signedInAccount } from './support/accounts';
import { seedInvoice, utcDate } from './support/invoices';

/**
 * What a status change says (issue 14, item 1): the toast names the status chosen and, when the
 * invoice reads otherwise afterwards (Sent past the due date reads Overdue,
 * docs/product/states-and-transitions.md#the-overdue-rule), why. The status menu says what each
 * status means and marks the current one.
 */

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });
const row = (page: Page, invoiceNumber: string): Locator =>
  page
    .getByRole('region', { name: 'Invoice list' })
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: invoiceNumber, exact: true }) });

test.describe('desktop', { tag: '@desktop' }, () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('a past-due draft set to Sent says it shows as Overdue, and the badge reads Overdue', async ({ page }) => {
    await signedInAccount(page);
    const id = await seedInvoice(page.request, {
      status: 'draft',
      data: { invoice_number: 'PAST-1', issued_date: utcDate(-20), due_date: utcDate(-3) },
    });
    await seedInvoice(page.request, {
      status: 'draft',
      data: { invoice_number: 'FUTURE-1', issued_date: utcDate(-1), due_date: utcDate(10) },
    });
    await page.goto('/invoices');
    await expect(row(page, 'PAST-1').getByRole('cell').nth(4)).toHaveText('Draft');

    await page.getByRole('button', { name: 'Change status of invoice PAST-1' }).click();
    const menu = page.getByRole('menu');
    const item = (name: string) => menu.getByRole('menuitemradio', { name, exact: true });
    // Every status, what it means, the current one checked; nothing refused (any status from any).
    await expect(item('Draft')).toHaveAttribute('aria-checked', 'true');
    await expect(item('Draft')).toHaveAccessibleDescription('Not sent yet');
    await expect(item('Paid')).toHaveAccessibleDescription('Payment received');
    await expect(item('Overdue')).toHaveAccessibleDescription('Not paid by the due date');
    // Past its due date, Sent says beforehand what it will show.
    await expect(item('Sent')).toHaveAccessibleDescription('Past its due date, so it shows as Overdue');
    for (const name of ['Draft', 'Sent', 'Paid', 'Overdue']) await expect(item(name)).toBeEnabled();

    await item('Sent').click();
    await expect(toast(page, 'Marked as sent; it is past its due date, so it shows as Overdue')).toBeVisible();
    await expect(row(page, 'PAST-1').getByRole('cell').nth(4)).toHaveText('Overdue');
    const stored = (await (await page.request.get(`/api/invoices/${id}`)).json()) as { invoice: { status: string } };
    expect(stored.invoice.status).toBe('overdue'); // effective; stored as sent

    // An invoice not yet due: Sent means waiting for payment, and the toast is plain.
    await page.getByRole('button', { name: 'Change status of invoice FUTURE-1' }).click();
    await expect(item('Sent')).toHaveAccessibleDescription('Waiting for payment; becomes Overdue after the due date');
    await item('Sent').click();
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: /^\s*Marked as sent\s*$/ })).toBeVisible();
    await expect(row(page, 'FUTURE-1').getByRole('cell').nth(4)).toHaveText('Sent');

    // The current status is marked on a past-due invoice too: it reads Overdue.
    await page.getByRole('button', { name: 'Change status of invoice PAST-1' }).click();
    await expect(item('Overdue')).toHaveAttribute('aria-checked', 'true');
    await page.keyboard.press('Escape');

    // The invoice page's Mark as Paid says the same kind of thing.
    await page.goto(`/invoice/${id}`);
    await page.getByRole('button', { name: 'Mark as Paid' }).click();
    await expect(toast(page, 'Marked as paid')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Paid Invoice' })).toBeDisabled();
  });
});
