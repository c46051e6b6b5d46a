import { expect, test, type Page } from '@playwright/test';
import { signedInAccount } from './support/accounts';
import { seriousViolations } from './support/axe';

/**
 * Import (issue 18; docs/product/importing.md): clients from a CSV file with the column mapping, its live preview and
 * the per-row report; an Invoify invoice from its JSON export, seen in the list afterwards. Against the real server.
 */

const DESKTOP = { width: 1280, height: 900 };

const importDialog = (page: Page, name: string) => page.getByRole('dialog', { name });

const CSV = [
  'Organisation;Mail;Contact number;Street;Town',
  'Müller & Söhne GmbH;info@mueller.example;+49 30 1234;Hauptstraße 1;Berlin',
  'Nobody Ltd;not-an-address;+44 20 1;1 Row;London',
  '"Quoted; Inc.";q@quoted.example;+33 1 2;"Rue 2";Paris',
].join('\r\n');

test('clients from a CSV file: mapping with a live preview, then the per-row report', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signedInAccount(page);
  await page.goto('/clients');
  const opener = page.getByRole('button', { name: 'Import', exact: true });
  await opener.click();
  const dialog = importDialog(page, 'Import clients');
  await expect(dialog).toBeVisible();

  await dialog
    .getByLabel('CSV file')
    .setInputFiles({ name: 'clients.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
  // The suggestion: Organisation is the name, Mail the e-mail, Street and Town the address; the phone column is not known.
  await expect(dialog.getByLabel('Name (required)')).toHaveValue('0');
  await expect(dialog.getByLabel('Email (required)')).toHaveValue('1');
  await expect(dialog.getByLabel('Phone')).toHaveValue('');
  await expect(dialog.getByRole('status').filter({ hasText: 'will be imported' })).toHaveText(
    '2 clients will be imported; 1 row will be skipped.',
  );
  const preview = dialog.getByRole('table');
  await expect(preview.getByRole('row').nth(1)).toContainText('Müller & Söhne GmbH');
  await expect(preview.getByRole('columnheader', { name: 'Phone' })).toHaveCount(0);

  // Mapping the phone column shows it in the preview at once.
  await dialog.getByLabel('Phone').selectOption({ label: 'Contact number' });
  await expect(preview.getByRole('columnheader', { name: 'Phone' })).toBeVisible();
  await expect(preview.getByRole('row').nth(1)).toContainText('+49 30 1234');
  await expect(dialog.getByRole('region', { name: '1 skipped' })).toContainText('Invalid email format');
  expect(await seriousViolations(page)).toEqual([]);

  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog.getByRole('status').first()).toHaveText('Imported 2 clients.');
  const skipped = dialog.getByRole('region', { name: '1 skipped' });
  await expect(skipped.getByRole('listitem')).toHaveCount(1);
  await expect(skipped.getByRole('listitem')).toContainText('Row 3');
  await expect(skipped.getByRole('listitem')).toContainText('Invalid email format');
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  // The list shows them, with the mapped phone and the joined address.
  await expect(page.getByText('info@mueller.example')).toBeVisible();
  await expect(page.getByText('+49 30 1234')).toBeVisible();
  await expect(page.getByText('Quoted; Inc.')).toBeVisible();
  await expect(page.getByText('not-an-address')).toHaveCount(0);
});

test('clients import on a phone: the report is readable at 320 px', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await signedInAccount(page);
  await page.goto('/clients');
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = importDialog(page, 'Import clients');
  await dialog
    .getByLabel('CSV file')
    .setInputFiles({ name: 'clients.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
  await expect(dialog.getByRole('status').filter({ hasText: 'will be imported' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  // The report replaces the preview (whose list of skipped rows reads the same): wait for it first.
  await expect(dialog.getByText('Imported 2 clients.')).toBeVisible();
  const reason = dialog.getByRole('region', { name: '1 skipped' }).getByText('Invalid email format');
  await expect(reason).toBeVisible();
  const box = (await reason.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(320);
});

test('an Invoify invoice from its JSON export, seen in the list afterwards', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signedInAccount(page);
  const invoify = {
    sender: {
      name: 'John Doe Studio',
      address: '123 Main St',
      zipCode: '12345',
      city: 'Anytown',
      country: 'USA',
      email: 'john@studio.example',
      phone: '1',
      customInputs: [],
    },
    receiver: {
      name: 'Jane Smith Imports',
      address: '456 Elm St',
      zipCode: '54321',
      city: 'Other Town',
      country: 'Canada',
      email: 'jane@client.example',
      phone: '2',
      customInputs: [],
    },
    details: {
      invoiceNumber: 'INVOIFY-42',
      invoiceDate: '2026-11-01T00:00:00.000Z',
      dueDate: '2026-12-01T00:00:00.000Z',
      currency: 'USD',
      items: [{ name: 'Design', description: 'Logo', quantity: 2, unitPrice: 150, total: 300 }],
      taxDetails: { amount: 10, amountType: 'percentage', taxID: '' },
      discountDetails: { amount: 0, amountType: 'amount' },
      shippingDetails: { cost: 0, costType: 'amount' },
      paymentInformation: { bankName: 'Bank', accountName: 'John', accountNumber: '123' },
      additionalNotes: '',
      paymentTerms: 'Net 30',
      totalAmount: 330,
      pdfTemplate: 1,
    },
  };
  await page.goto('/invoices');
  const opener = page.getByRole('button', { name: 'Import', exact: true });
  await opener.click();
  const dialog = importDialog(page, 'Import invoices');
  await dialog.getByLabel('Invoice file').setInputFiles({
    name: 'invoice.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(invoify)),
  });
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog.getByRole('status')).toHaveText('Imported 1 invoice, 1 client and 1 business.');
  await expect(dialog.getByText('Nothing was skipped.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(opener).toBeFocused();
  const row = page.getByRole('row').filter({ hasText: 'INVOIFY-42' });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Jane Smith Imports');
  await expect(row).toContainText('330.00');

  // A file that is no export says so, and imports nothing.
  await opener.click();
  await dialog
    .getByLabel('Invoice file')
    .setInputFiles({ name: 'other.json', mimeType: 'application/json', buffer: Buffer.from('{"hello": 1}') });
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'This file is not an invoice export. Import an Invoify invoice (.json) or an Invoicer export (.zip, or its invoices.json).',
  );
});
