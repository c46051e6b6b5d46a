import { expect, test, type Page } from '@playwright/test';
import { signedInAccount } from './support/accounts';
import { seedInvoice } from './support/invoices';

/**
 * Routed forms go back (issue 14, item 10; docs/product/routes-and-access.md#routed-forms): the
 * client form at /clients/new and /clients/edit/{id}, and the business form behind
 * /businesses?create=true and /businesses/{id}, go back one history step once saved or cancelled
 * (docs/product/routes-and-access.md#routed-forms), and to their own list only when this tab has no page of the
 * site to go back to.
 */

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

async function clientNames(page: Page): Promise<string[]> {
  const answer = (await (await page.request.get('/api/clients?per_page=50')).json()) as { clients: { name: string }[] };
  return answer.clients.map((client) => client.name);
}

test.describe('desktop', { tag: '@desktop' }, () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('/clients/new opened while on /invoices goes back to /invoices after save, and after cancel', async ({
    page,
  }) => {
    await signedInAccount(page);
    await page.goto('/invoices');
    await expect(page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
    // The address typed in: a new page load, whose Back is /invoices.
    await page.goto('/clients/new');
    const modal = page.getByRole('dialog', { name: 'Add New Client' });
    await modal.getByLabel('Name').fill('Routed From Invoices');
    await modal.getByLabel('Email').fill('routed@example.com');
    await modal.getByRole('button', { name: 'Create Client' }).click();
    await expect(page).toHaveURL(/\/invoices$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
    // Back left that page load: the toast came along and shows on /invoices.
    await expect(toast(page, 'Client "Routed From Invoices" has been created successfully')).toBeVisible();
    expect(await clientNames(page)).toContain('Routed From Invoices');

    await page.goto('/clients/new');
    await page.getByRole('dialog', { name: 'Add New Client' }).getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/invoices$/);

    // Reached inside the app (the dashboard's link, then the address changed in place): Back, by the router.
    await page.goto('/dashboard');
    await page.getByRole('navigation').getByRole('link', { name: 'Clients' }).first().click();
    await expect(page).toHaveURL(/\/clients$/);
    await page.evaluate(() => window.history.replaceState(window.history.state, '', '/clients/new'));
    await page.reload();
    await page.getByRole('dialog', { name: 'Add New Client' }).getByLabel('Name').fill('Second Client');
    const dialog = page.getByRole('dialog', { name: 'Add New Client' });
    await dialog.getByLabel('Email').fill('second@example.com');
    await dialog.getByRole('button', { name: 'Create Client' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('opened directly (nothing of the site to go back to), the client form closes onto /clients', async ({
    page,
  }) => {
    await signedInAccount(page);
    await page.goto('/clients/new');
    const modal = page.getByRole('dialog', { name: 'Add New Client' });
    await modal.getByLabel('Name').fill('Direct Client');
    await modal.getByLabel('Email').fill('direct@example.com');
    await modal.getByRole('button', { name: 'Create Client' }).click();
    await expect(toast(page, 'Client "Direct Client" has been created successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/clients$/);
    await expect(page.getByRole('table', { name: 'Clients' })).toContainText('Direct Client');
  });

  test('the business form opened by the invoice page and a notification goes back to them', async ({ page }) => {
    await signedInAccount(page);
    const id = await seedInvoice(page.request);
    await page.goto(`/invoice/${id}`);
    // Without a linked business the invoice page offers Add business (/businesses?create=true).
    await page.getByRole('link', { name: 'Add business' }).click();
    const create = page.getByRole('dialog', { name: 'Add New Business' });
    await create.getByLabel('Business name').fill('Routed Studio');
    await create.getByLabel('Email').fill('studio@example.com');
    await create.getByRole('button', { name: 'Create Business' }).click();
    await expect(toast(page, 'Business "Routed Studio" has been created successfully')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/invoice/${id}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Invoice 0001' })).toBeVisible();

    // The notification of that business links to /businesses/{id}: Cancel goes back to the notifications.
    await page.goto('/notifications');
    await page
      .getByRole('link', { name: /Routed Studio/ })
      .first()
      .click();
    const edit = page.getByRole('dialog', { name: 'Edit Business' });
    await expect(edit.getByLabel('Business name')).toHaveValue('Routed Studio');
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/notifications$/);

    // Opened directly, it closes onto Settings > Businesses, as before.
    const fresh = await page.context().newPage();
    await fresh.goto('/businesses?create=true');
    await fresh.getByRole('dialog', { name: 'Add New Business' }).getByRole('button', { name: 'Cancel' }).click();
    await expect(fresh).toHaveURL(/\/settings\?section=business$/);
    await expect(fresh.getByRole('heading', { name: 'Routed Studio' })).toBeVisible();
  });
});
