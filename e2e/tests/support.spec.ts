import { expect, test, type Page } from '@playwright/test';
import { signedInAccount } from './support/accounts';
import { seriousViolations } from './support/axe';

/**
 * The support form (docs/product/support.md#the-support-form): validation, busy state, the thank-you screen,
 * the error above the button; and axe audits of /support and every Settings tab.
 */

const issueType = (page: Page) => page.getByRole('combobox', { name: 'Issue type' });
const details = (page: Page) => page.getByRole('textbox', { name: 'Details' });
const send = (page: Page) => page.getByRole('button', { name: 'Send Support Request' });

test.describe('support', () => {
  test('sending is possible only with an issue type and some details', async ({ page }) => {
    await signedInAccount(page);
    await page.goto('/support');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(issueType(page).getByRole('option')).toHaveText([
      'Select an issue type',
      'Invoice not generated or missing',
      'Duplicate invoice or charge',
      'Layout or formatting issue',
      'Download or Preview issue (PDF)',
      'Other issue',
    ]);
    await expect(details(page)).toHaveAttribute('placeholder', 'Please provide more details...');
    await expect(page.getByText('We typically respond within 24 hours')).toBeVisible();
    await expect(send(page)).toBeDisabled();

    await issueType(page).selectOption('layout-issue');
    await expect(send(page)).toBeDisabled();
    await details(page).fill('   \n  ');
    await expect(send(page)).toBeDisabled();
    await details(page).fill('The total is cut off on the PDF.');
    await expect(send(page)).toBeEnabled();
    await issueType(page).selectOption('');
    await expect(send(page)).toBeDisabled();
  });

  test('the textarea grows with its text and counts characters near the limit', async ({ page }) => {
    await signedInAccount(page);
    await page.goto('/support');
    await issueType(page).selectOption('other');
    const before = (await details(page).boundingBox())!.height;
    await details(page).fill(Array.from({ length: 12 }, (_, line) => `Line ${line + 1}`).join('\n'));
    await expect.poll(async () => (await details(page).boundingBox())!.height).toBeGreaterThan(before + 40);
    await expect(page.getByText(/\/ 5,000 characters/)).toHaveCount(0);

    await details(page).fill('x'.repeat(4_600));
    await expect(page.getByText('4,600 / 5,000 characters')).toBeVisible();
    await expect(send(page)).toBeEnabled();

    await details(page).fill('x'.repeat(5_001));
    await expect(page.getByText('5,001 / 5,000 characters')).toBeVisible();
    await expect(page.getByText('Details are too long (at most 5000 characters)')).toBeVisible();
    await expect(send(page)).toBeDisabled();
  });

  test('a sent request shows the thank-you screen with the first name and e-mail', async ({ page }) => {
    const account = await signedInAccount(page, 'Grace', 'Hopper');
    await page.goto('/support');
    await issueType(page).selectOption('download-error');
    await details(page).fill('The preview spins forever.');

    // Hold the request back to see the busy state.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/support', async (route) => {
      await held;
      await route.continue();
    });
    const request = page.waitForRequest('**/api/support');
    await send(page).click();
    await expect(page.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    expect((await request).postDataJSON()).toEqual({
      issueType: 'download-error',
      details: 'The preview spins forever.',
      name: 'Grace Hopper',
      email: account.email,
      userId: account.id,
    });
    release();

    await expect(page.getByRole('heading', { name: 'Support Request Sent' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Support Request Sent' })).toBeFocused();
    await expect(page.getByText('Thank you, Grace!')).toBeVisible();
    // In the page (the verification banner above it names the address too).
    await expect(page.getByRole('main').getByText(account.email)).toBeVisible();
    await expect(send(page)).toHaveCount(0);
  });

  test('a failure shows its message above the button and keeps what was typed', async ({ page }) => {
    await signedInAccount(page);
    await page.goto('/support');
    await issueType(page).selectOption('missing-invoice');
    await details(page).fill('Invoice 0042 is gone.');

    await page.route('**/api/support', (route) => route.abort());
    await send(page).click();
    const alert = page.getByRole('alert').filter({ hasText: /\S/ });
    await expect(alert).toBeVisible();
    // The thrown error's own message (the browser's text for a failed fetch).
    await expect(alert).not.toHaveText('');
    await expect(details(page)).toHaveValue('Invoice 0042 is gone.');
    await expect(issueType(page)).toHaveValue('missing-invoice');
    const box = await alert.boundingBox();
    const button = await send(page).boundingBox();
    expect(box!.y).toBeLessThan(button!.y);

    await page.unroute('**/api/support');
    await send(page).click();
    await expect(page.getByRole('heading', { name: 'Support Request Sent' })).toBeVisible();
  });

  test('/support has no serious or critical axe violations, before and after sending', async ({ page }) => {
    await signedInAccount(page);
    await page.goto('/support');
    await expect(send(page)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await issueType(page).selectOption('other');
    await details(page).fill('x'.repeat(4_800));
    expect(await seriousViolations(page)).toEqual([]);
    await details(page).fill('Hello');
    await send(page).click();
    await expect(page.getByRole('heading', { name: 'Support Request Sent' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe('settings', () => {
  for (const [section, tab] of [
    ['profile', 'Profile Settings'],
    ['templates', 'Invoice Templates'],
    ['business', 'Businesses'],
    ['billing', 'Billing'],
  ] as const) {
    test(`the ${tab} tab has no serious or critical axe violations`, async ({ page }) => {
      await signedInAccount(page);
      await page.goto(`/settings?section=${section}`);
      await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('tabpanel')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});
