import { expect, test } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { readFile } from 'node:fs/promises';
import { signedInAccount } from './support/accounts';
import { seriousViolations } from './support/axe';
import { seedInvoice } from './support/invoices';

/**
 * Settings > Profile > Export my data (issue 18): start the export, see it under way or ready, download the ZIP and
 * find its files. Against the real server, its job queue and PDF engine, and PostgreSQL.
 */

test('export my data: progress, then a ZIP with every file and a PDF per invoice', async ({ page }) => {
  await signedInAccount(page);
  await seedInvoice(page.request, { data: { invoice_number: 'EXP-0001' } });
  await seedInvoice(page.request, { data: { invoice_number: 'EXP-0002' } });

  await page.setViewportSize({ width: 320, height: 800 });
  await page.goto('/settings?section=profile');
  const section = page.getByRole('region', { name: 'Export my data' });
  await section.getByRole('button', { name: 'Export my data' }).click();

  // Under way (a progress bar for screen readers), or already done on a fast machine.
  const download = section.getByRole('link', { name: /^Download \(\d+(\.\d)? (B|KB|MB)\)$/ });
  await expect(section.getByRole('progressbar', { name: 'Export progress' }).or(download)).toBeVisible();
  await expect(download).toBeVisible({ timeout: 60_000 });
  await expect(section.getByText(/^Available until /)).toBeVisible();
  await expect(section.getByRole('button', { name: 'Start a new export' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  // Nothing is wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

  const downloading = page.waitForEvent('download');
  await download.click();
  const file = await downloading;
  expect(file.suggestedFilename()).toMatch(/^invoicer-export-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = unzipSync(new Uint8Array(await readFile(await file.path())));
  for (const name of [
    'manifest.json',
    'profile.json',
    'settings.json',
    'businesses.json',
    'clients.json',
    'invoices.json',
    'payments.json',
    'activity.json',
    'notifications.json',
    'invoices.csv',
    'clients.csv',
  ]) {
    expect(files[name], name).toBeDefined();
  }
  const invoices = JSON.parse(strFromU8(files['invoices.json']!)) as Array<{ invoice_number: string }>;
  expect(invoices.map((invoice) => invoice.invoice_number).sort()).toEqual(['EXP-0001', 'EXP-0002']);
  const pdfs = Object.keys(files).filter((name) => name.startsWith('pdf/'));
  expect(pdfs).toHaveLength(2);
  for (const name of pdfs) expect(strFromU8(files[name]!.subarray(0, 5))).toBe('%PDF-');

  // The notification leads back here.
  await page.goto('/notifications');
  await page
    .getByRole('list', { name: 'Notifications' })
    .getByRole('listitem')
    .filter({ hasText: 'Your data export is ready' })
    .getByRole('link')
    .click();
  await expect(page).toHaveURL(/\/settings/);
});
