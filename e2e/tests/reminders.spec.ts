import { expect, test, type Page } from '@playwright/test';
import { signedInAccount } from './support/accounts';
import { seriousViolations } from './support/axe';
import { seedInvoice, utcDate } from './support/invoices';

/**
 * Automatic reminders (issue 15; docs/product/reminders.md) against the real server: the schedule in Settings
 * (changed, saved, still there after a reload; refused with the field's message), and "Pause reminders" on an
 * invoice's page.
 */

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });
const panel = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

function longDate(iso: string): string {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  const name = new Date(Date.UTC(year, month - 1, day)).toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });
  return `${name} ${day}, ${year}`;
}

test.describe('reminder settings', { tag: '@desktop' }, () => {
  test('change the schedule, save it, and find it again after a reload; a wrong value is refused', async ({ page }) => {
    await signedInAccount(page);
    await page.goto('/settings?section=reminders');
    await expect(page.getByRole('tab', { name: 'Reminders' })).toHaveAttribute('aria-selected', 'true');
    const preview = page.getByTestId('reminder-preview');
    await expect(preview).toHaveText(
      'Unpaid sent invoices are reminded 3 days before the due date, on the due date and 7 days after it, then every 14 days up to 3 more times, by e-mail to the client, until they are paid.',
    );
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByLabel('Days before the due date').fill('5');
    await page.getByRole('switch', { name: 'On the due date' }).click();
    await page.getByLabel('Repeat at most (times)').fill('2');
    await expect(preview).toHaveText(
      'Unpaid sent invoices are reminded 5 days before the due date and 7 days after it, then every 14 days up to 2 more times, by e-mail to the client, until they are paid.',
    );
    await page.getByRole('button', { name: 'Save reminders' }).click();
    await expect(toast(page, 'Reminder settings saved')).toBeVisible();

    await page.reload();
    await expect(page.getByLabel('Days before the due date')).toHaveValue('5');
    await expect(page.getByRole('switch', { name: 'On the due date' })).toHaveAttribute('aria-checked', 'false');
    await expect(page.getByLabel('Repeat at most (times)')).toHaveValue('2');
    await expect(page.getByRole('switch', { name: 'Send automatic reminders' })).toHaveAttribute(
      'aria-checked',
      'true',
    );

    // Out of bounds: the field says why, the preview waits, nothing is saved.
    await page.getByLabel('Then repeat every (days)').fill('0');
    await expect(preview).toHaveText('Correct the fields above to see the schedule.');
    await page.getByRole('button', { name: 'Save reminders' }).click();
    await expect(page.getByText('Repeat every must be a whole number of days from 1 to 90.')).toBeVisible();
    await expect(page.getByLabel('Then repeat every (days)')).toHaveAttribute('aria-invalid', 'true');
    await page.reload();
    await expect(page.getByLabel('Then repeat every (days)')).toHaveValue('14');
    const saved = await page.request.get('/api/users/settings');
    expect((await saved.json()).settings.reminders).toEqual({
      enabled: true,
      before_days: 5,
      on_due: false,
      after_days: 7,
      repeat_days: 14,
      max: 2,
    });
  });
});

test.describe('pausing an invoice’s reminders', { tag: '@desktop' }, () => {
  test('the invoice page shows the next reminder; Pause reminders stops it, and it stays paused', async ({ page }) => {
    await signedInAccount(page);
    const due = utcDate(10);
    const id = await seedInvoice(page.request, {
      status: 'sent',
      data: { invoice_number: '0042', issued_date: utcDate(-5), due_date: due, to: 'Acme Corp\nbilling@acme.example' },
    });
    await page.goto(`/invoice/${id}`);
    const reminders = panel(page, 'Reminders');
    await expect(reminders.getByTestId('reminders-status')).toHaveText(
      `Next reminder (before the due date) on ${longDate(utcDate(7))}, to billing@acme.example.`,
    );
    // The account's address is not verified: the reminder waits for it, and the panel says so.
    await expect(reminders.getByRole('note')).toHaveText(
      'Reminders wait until you verify your e-mail address; then the latest one due goes out, not every one missed.',
    );
    const pause = reminders.getByRole('switch', { name: 'Pause reminders' });
    await expect(pause).toHaveAttribute('aria-checked', 'false');

    await pause.click();
    await expect(toast(page, 'Reminders paused for this invoice')).toBeVisible();
    await expect(pause).toHaveAttribute('aria-checked', 'true');
    await expect(reminders.getByTestId('reminders-status')).toHaveText('Reminders are paused for this invoice.');

    await page.reload();
    await expect(panel(page, 'Reminders').getByRole('switch', { name: 'Pause reminders' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await panel(page, 'Reminders').getByRole('switch', { name: 'Pause reminders' }).click();
    await expect(toast(page, 'Reminders resumed for this invoice')).toBeVisible();
    await expect(panel(page, 'Reminders').getByTestId('reminders-status')).toContainText('Next reminder');

    // The panel's Schedule link opens the settings.
    await panel(page, 'Reminders').getByRole('link', { name: 'Schedule' }).click();
    await expect(page).toHaveURL(/\/settings\?section=reminders$/);
  });
});
