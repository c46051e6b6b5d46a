import { expect, test, type Page } from '@playwright/test';
import { signedInAccount } from './support/accounts';
import { seriousViolations } from './support/axe';

/**
 * The structured e-invoice fields of clients and businesses, and "Apply discounts before tax"
 * (issue 17; docs/decisions/0072-structured-parties-and-discounts-before-tax.md), against the real server and its
 * PostgreSQL, on desktop and phone.
 */

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });
const disclosure = (page: Page) =>
  page.getByRole('dialog').getByRole('button', { name: 'E-invoice details', exact: true });
const details = (page: Page) => page.getByRole('dialog').getByRole('group', { name: 'E-invoice details' });

async function create(page: Page, path: '/api/clients' | '/api/businesses', data: Record<string, string>) {
  const response = await page.request.post(path, { data });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as Record<string, { id: string }>)[path === '/api/clients' ? 'client' : 'business']!
    .id;
}

test("a client's e-invoice details: folded until opened, filled, saved, and open with them on the next visit", async ({
  page,
}) => {
  await signedInAccount(page);
  const id = await create(page, '/api/clients', { name: 'Stadtverwaltung Köln', email: 'rechnung@stadt.example' });

  await page.goto(`/clients/edit/${id}`);
  await expect(page.getByRole('dialog', { name: 'Edit Client' })).toBeVisible();
  await expect(disclosure(page)).toHaveAttribute('aria-expanded', 'false');
  await expect(details(page)).toBeHidden();

  await disclosure(page).click();
  await expect(disclosure(page)).toHaveAttribute('aria-expanded', 'true');
  const group = details(page);
  await expect(group).toBeVisible();
  // Countries by name, schemes in plain words.
  await group.getByLabel('Country').selectOption({ label: 'Germany (DE)' });
  await group.getByLabel('VAT number').fill('de 123 456 789');
  await group.getByLabel('Buyer reference (Leitweg-ID)').fill('05315-12345-67');
  await expect(
    group.getByLabel('Electronic address scheme').locator('option', { hasText: 'E-mail address (EM)' }),
  ).toHaveCount(1);
  expect(await seriousViolations(page)).toEqual([]);

  // An electronic address without its scheme: the shared schema's message, on the scheme.
  await group.getByLabel('Electronic address', { exact: true }).fill('rechnung@stadt.example');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(group.getByText('Choose the scheme (EAS code) of the electronic address.')).toBeVisible();
  await group.getByLabel('Electronic address scheme').selectOption('EM');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Client "Stadtverwaltung Köln" has been updated successfully')).toBeVisible();
  await expect(page.getByRole('dialog')).toBeHidden();

  // Stored as the document takes it.
  const saved = (await (await page.request.get(`/api/clients/${id}`)).json()).client;
  expect(saved).toMatchObject({
    country: 'DE',
    vat_id: 'DE123456789',
    buyer_reference: '05315-12345-67',
    endpoint_id: 'rechnung@stadt.example',
    endpoint_scheme: 'EM',
  });

  // Reopened: the section opens by itself, showing what was saved.
  await page.goto(`/clients/edit/${id}`);
  await expect(disclosure(page)).toHaveAttribute('aria-expanded', 'true');
  await expect(details(page).getByLabel('Country')).toHaveValue('DE');
  await expect(details(page).getByLabel('VAT number')).toHaveValue('DE123456789');
  await expect(details(page).getByLabel('Electronic address scheme')).toHaveValue('EM');
});

test('a server error on an e-invoice field is shown on that field, and the folded section opens for it', async ({
  page,
}) => {
  await signedInAccount(page);
  const id = await create(page, '/api/businesses', { name: 'Atelier Dupont', email: 'facture@dupont.example' });
  await page.goto(`/businesses/${id}`);
  await expect(page.getByRole('dialog', { name: 'Edit Business' })).toBeVisible();
  await expect(disclosure(page)).toHaveAttribute('aria-expanded', 'false');
  // The server refuses the country (as it would a value the form let through): its message lands on the field.
  await page.route(`**/api/businesses/${id}`, async (route) => {
    if (route.request().method() !== 'PUT') return route.fallback();
    await route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({
        success: false,
        error: 'Country must be a two-letter ISO 3166-1 code (DE, FR, US).',
        errors: ['Country must be a two-letter ISO 3166-1 code (DE, FR, US).'],
      }),
    });
  });
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(disclosure(page)).toHaveAttribute('aria-expanded', 'true');
  await expect(details(page).getByText('Country must be a two-letter ISO 3166-1 code (DE, FR, US).')).toBeVisible();
});

test('"Apply discounts before tax" is on for a new account, and turned off it stays off', async ({ page }) => {
  await signedInAccount(page);
  await page.goto('/settings?section=templates');
  const toggle = page.getByRole('switch', { name: 'Apply discounts before tax' });
  await expect(toggle).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByText('When on, new invoices work out the tax on the amount after the discount')).toBeVisible();

  await toggle.click();
  await expect(toast(page, 'Discount setting saved')).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');

  await page.reload();
  await expect(page.getByRole('switch', { name: 'Apply discounts before tax' })).toHaveAttribute(
    'aria-checked',
    'false',
  );
  const defaults = (await (await page.request.get('/api/users/invoice-template')).json()).defaults;
  expect(defaults).toMatchObject({ discount_before_tax: false, template: 'modern' });
});
