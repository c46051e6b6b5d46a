import { expect, test, type Page } from '@playwright/test';
import { signedInAccount } from './support/accounts';
import { seriousViolations } from './support/axe';
import { seedInvoice } from './support/invoices';

/**
 * Payments on the invoice page (issue 15; docs/product/payments.md): a partial payment moves the balance and shows
 * in the activity, the rest makes the invoice Paid, deleting a payment takes it back to Sent, an overpayment is
 * refused with the amount due, Mark as Paid records the balance, and the dashboard counts the money received.
 * Against the real server and PostgreSQL. The seeded invoice is £104.28 (support/invoices.ts).
 */

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });
const panel = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const badge = (page: Page, status: string) => page.locator('main').getByText(status, { exact: true }).first();
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Record payment' });
const activity = (page: Page) => panel(page, 'Activity').getByTestId('activity-list');

async function openRecordPayment(page: Page) {
  await panel(page, 'Payments').getByRole('button', { name: 'Record payment' }).click();
  await expect(dialog(page)).toBeVisible();
}

test('record a partial payment, then the rest; delete one and the invoice goes back to Sent', async ({ page }) => {
  await signedInAccount(page);
  const id = await seedInvoice(page.request, { status: 'sent' });
  await page.goto(`/invoice/${id}`);
  const payments = panel(page, 'Payments');
  await expect(payments.getByText('No payments recorded yet.')).toBeVisible();
  await expect(payments.getByTestId('amount-paid')).toHaveText('£0.00');
  await expect(payments.getByTestId('balance-due')).toHaveText('£104.28');

  // The dialog opens with the balance and today; an overpayment is refused, saying how much is due.
  await openRecordPayment(page);
  const amount = dialog(page).getByRole('textbox', { name: /Amount/ });
  await expect(amount).toHaveValue('104.28');
  await expect(dialog(page).getByLabel('Date')).not.toHaveValue('');
  await amount.fill('200');
  await dialog(page).getByRole('button', { name: 'Record payment' }).click();
  await expect(
    dialog(page).getByText('This payment (£200.00) is more than the balance due of £104.28. Enter at most £104.28.'),
  ).toBeVisible();
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await amount.fill('0');
  await expect(dialog(page).getByText('Amount must be more than 0.')).toBeVisible();

  // A partial payment: the balance moves, the status stays Sent, the activity says it.
  await amount.fill('40');
  await dialog(page).getByLabel('Method').selectOption('cash');
  await dialog(page).getByRole('textbox', { name: 'Note' }).fill('Deposit, receipt 17');
  await dialog(page).getByRole('button', { name: 'Record payment' }).click();
  await expect(toast(page, 'Payment recorded')).toBeVisible();
  await expect(dialog(page)).toBeHidden();
  await expect(payments.getByTestId('amount-paid')).toHaveText('£40.00');
  await expect(payments.getByTestId('balance-due')).toHaveText('£64.28');
  const rows = payments.getByTestId('payment-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('£40.00');
  await expect(rows.first()).toContainText('Cash');
  await expect(rows.first()).toContainText('Deposit, receipt 17');
  await expect(badge(page, 'Sent')).toBeVisible();
  await expect(panel(page, 'Total').getByTestId('invoice-balance-due')).toHaveText('£64.28');
  await expect(panel(page, 'Total').getByTestId('invoice-amount-due')).toHaveText('£64.28');
  await expect(activity(page).getByText('Payment of £40.00 recorded (cash)')).toBeVisible();

  // The rest: Paid, nothing due, Record payment off.
  await openRecordPayment(page);
  await expect(amount).toHaveValue('64.28');
  await dialog(page).getByRole('button', { name: 'Record payment' }).click();
  await expect(toast(page, 'Payment recorded. The invoice is paid in full.')).toBeVisible();
  await expect(badge(page, 'Paid')).toBeVisible();
  await expect(payments.getByTestId('balance-due')).toHaveText('£0.00');
  await expect(payments.getByText('Paid in full')).toBeVisible();
  await expect(payments.getByRole('button', { name: 'Record payment' })).toBeDisabled();
  await expect(activity(page).getByText('Status changed to Paid')).toBeVisible();
  await expect(rows).toHaveCount(2);

  // Delete the deposit (after confirming): back to Sent with £40.00 due.
  await payments.getByRole('button', { name: /Delete the payment of £40\.00/ }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this payment?' });
  await expect(confirm).toContainText('The payment of £40.00');
  await confirm.getByRole('button', { name: 'Delete payment' }).click();
  await expect(toast(page, 'Payment deleted')).toBeVisible();
  await expect(badge(page, 'Sent')).toBeVisible();
  await expect(payments.getByTestId('balance-due')).toHaveText('£40.00');
  await expect(rows).toHaveCount(1);
  await expect(activity(page).getByText('Payment of £40.00 deleted (cash)')).toBeVisible();
  await expect(activity(page).getByText('Status changed to Sent')).toBeVisible();

  // Mark as Paid records the balance as a payment of its own.
  await page.getByRole('button', { name: 'Mark as Paid' }).click();
  await expect(badge(page, 'Paid')).toBeVisible();
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('Recorded by Mark as Paid');
  await expect(payments.getByTestId('amount-paid')).toHaveText('£104.28');
  await expect(activity(page).getByText('Marked as paid: payment of £40.00 recorded')).toBeVisible();

  // The dashboard counts the money received.
  await page.goto('/dashboard');
  const revenue = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 2, name: 'Total Revenue', exact: true }) });
  await expect(revenue).toContainText('£104.28');
});

test('the dialog tells a draft what a payment does, and shows a refusal from the server', async ({ page }) => {
  await signedInAccount(page);
  const id = await seedInvoice(page.request);
  await page.goto(`/invoice/${id}`);
  await openRecordPayment(page);
  await expect(dialog(page)).toContainText('This invoice is a draft');
  // Meanwhile the invoice was paid elsewhere: the server refuses, the dialog says why.
  const paid = await page.request.put(`/api/invoices/${id}/status`, { data: { status: 'paid' } });
  expect(paid.status()).toBe(200);
  await dialog(page).getByRole('button', { name: 'Record payment' }).click();
  await expect(dialog(page).getByTestId('payment-error')).toHaveText('Invoice 0001 is paid in full: nothing is due.');
  await dialog(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog(page)).toBeHidden();
});

test('the public page prints Amount paid and Balance due under Total once a payment exists', async ({
  page,
  browser,
}) => {
  await signedInAccount(page);
  const id = await seedInvoice(page.request, { status: 'sent' });
  const recorded = await page.request.post(`/api/invoices/${id}/payments`, {
    data: { amount: '40.00', date: '2026-11-02', method: 'cheque' },
  });
  expect(recorded.status(), await recorded.text()).toBe(201);
  const shared = await page.request.post(`/api/invoices/${id}/share`, { data: {} });
  const { url } = (await shared.json()) as { url: string };
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  await guest.goto(url);
  const totals = guest.getByTestId('public-totals');
  await expect(totals.locator('dt')).toHaveText([
    'Subtotal',
    'Tax (7.5%)',
    'Discount',
    'Shipping',
    'Total',
    'Amount paid',
    'Balance due',
  ]);
  await expect(guest.getByTestId('public-amount-paid')).toHaveText('£40.00');
  await expect(guest.getByTestId('public-balance-due')).toHaveText('£64.28');
  await guestContext.close();
});

test('the Payments section and its dialog fit 320 px and pass axe', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 740 });
  await signedInAccount(page);
  const id = await seedInvoice(page.request, { status: 'sent' });
  const recorded = await page.request.post(`/api/invoices/${id}/payments`, {
    data: { amount: 12.5, date: '2026-11-02', method: 'bank_transfer', note: 'A rather long note about the transfer' },
  });
  expect(recorded.status(), await recorded.text()).toBe(201);
  await page.goto(`/invoice/${id}`);
  const payments = panel(page, 'Payments');
  await expect(payments.getByTestId('payment-row')).toContainText('£12.50');
  await payments.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  expect(await seriousViolations(page)).toEqual([]);
  await openRecordPayment(page);
  const box = await dialog(page).boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(320);
  for (const name of ['Date', 'Method', 'Note']) await expect(dialog(page).getByLabel(name)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
