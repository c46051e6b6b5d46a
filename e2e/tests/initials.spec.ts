import { expect, test, type Locator, type Page } from '@playwright/test';
import { signedInAccount } from './support/accounts';
import { seedInvoice } from './support/invoices';

/**
 * One rule for initials (issue 14, item 5; docs/product/shell.md#initials): the first letters of the
 * first two words, "CL" for "Café Lumière SARL", on the dashboard, the client list, the invoice page's
 * client panel and the business cards alike (the client list, detail page and business cards used the
 * first and last word: "CS").
 */

const NAME = 'Café Lumière SARL';

/** The initials drawn in a place: the aria-hidden badge beside the name. */
const badge = (scope: Locator | Page) => scope.getByText('CL', { exact: true });

test('Café Lumière SARL is CL everywhere', async ({ page }) => {
  await signedInAccount(page, 'Jean Paul', 'Sartre');
  const client = await page.request.post('/api/clients', {
    data: { name: NAME, email: 'compta@cafe-lumiere.example' },
  });
  expect(client.status()).toBe(201);
  const clientId = ((await client.json()) as { client: { id: string } }).client.id;
  const business = await page.request.post('/api/businesses', {
    data: { name: NAME, email: 'bonjour@cafe-lumiere.example' },
  });
  expect(business.status()).toBe(201);
  const invoiceId = await seedInvoice(page.request, {
    client_id: clientId,
    data: { to: `${NAME}\n1 Rue de Rivoli\nParis`, currency: 'EUR', currency_symbol: '€' },
  });

  await page.goto('/dashboard');
  const recent = page.getByRole('list', { name: 'Recent invoices' }).getByRole('link');
  await expect(recent.first()).toContainText(NAME);
  await expect(badge(recent.first())).toBeVisible();

  await page.goto('/clients');
  await expect(page.getByText(NAME).first()).toBeVisible();
  await expect(badge(page.getByRole('main'))).toHaveCount(1);

  await page.goto(`/invoice/${invoiceId}`);
  await expect(badge(page.getByRole('region', { name: 'Client', exact: true }))).toBeVisible();

  await page.goto('/settings?section=business');
  await expect(badge(page.getByRole('article', { name: NAME }))).toBeVisible();

  // The account's own avatar: "Jean Paul Sartre" is JP, not JS.
  await page.goto('/settings');
  await expect(page.getByRole('tabpanel').getByText('JP', { exact: true })).toBeVisible();
});
