import { expect, test, type Page } from '@playwright/test';
import { signedInAccount } from './support/accounts';
import { seedInvoice } from './support/invoices';

/**
 * Deletes that explain (issue 14, item 9): the confirmation for a client or a business that invoices
 * use says how many invoices keep a copy of its details (the server's count, asked as it opens), and
 * those invoices indeed keep their text afterwards.
 */

const confirmDialog = (page: Page) => page.getByRole('alertdialog');
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

async function create(page: Page, kind: 'clients' | 'businesses', name: string): Promise<string> {
  const response = await page.request.post(`/api/${kind}`, {
    data: { name, email: `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@example.com` },
  });
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as { client?: { id: string }; business?: { id: string } };
  return (body.client ?? body.business)!.id;
}

test.describe('deleting a client or business that invoices use', { tag: '@desktop' }, () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('a client: how many invoices keep a copy, from the server; one and several', async ({ page }) => {
    await signedInAccount(page);
    const acme = await create(page, 'clients', 'Acme Corp Ltd');
    await create(page, 'clients', 'Unused Client');
    const globex = await create(page, 'clients', 'Globex Inc');
    const invoices: string[] = [];
    for (const number of ['0001', '0002', '0003']) {
      invoices.push(await seedInvoice(page.request, { client_id: acme, data: { invoice_number: number } }));
    }
    await seedInvoice(page.request, {
      client_id: globex,
      data: { invoice_number: '0004', to: 'Globex Inc\nCypress Creek' },
    });
    await page.goto('/clients');
    await expect(page.getByRole('table', { name: 'Clients' })).toContainText('Acme Corp Ltd');

    // A fourth invoice made elsewhere after the list loaded: the confirmation asks the server again.
    invoices.push(await seedInvoice(page.request, { client_id: acme, data: { invoice_number: '0005' } }));
    await page.getByRole('button', { name: 'Actions for Acme Corp Ltd' }).click();
    await page.getByRole('menuitem', { name: 'Delete Client' }).click();
    await expect(confirmDialog(page)).toContainText(
      'Are you sure you want to delete "Acme Corp Ltd"? This action cannot be undone.',
    );
    await expect(confirmDialog(page)).toContainText(
      "4 invoices keep a copy of this client's details; they are not changed.",
    );
    await confirmDialog(page).getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Client deleted successfully')).toBeVisible();

    // The invoices still read as they did, with the client taken from their own text.
    await page.goto(`/invoice/${invoices[0]}`);
    const client = page.getByRole('region', { name: 'Client', exact: true });
    await expect(client).toContainText('Acme Corp Ltd');
    await expect(client).toContainText('Taken from the invoice; this client is not saved in your clients.');

    // A client no invoice uses: nothing to explain. Several: their invoices added up.
    await page.goto('/clients');
    await page.getByRole('button', { name: 'Actions for Unused Client' }).click();
    await page.getByRole('menuitem', { name: 'Delete Client' }).click();
    await expect(confirmDialog(page)).toContainText('This action cannot be undone.');
    await expect(confirmDialog(page)).not.toContainText('keep a copy');
    await confirmDialog(page).getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('checkbox', { name: 'Select Unused Client' }).click();
    await page.getByRole('checkbox', { name: 'Select Globex Inc' }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(confirmDialog(page)).toContainText(
      "1 invoice keeps a copy of these clients' details; it is not changed.",
    );
  });

  test('a business: how many invoices keep a copy of its details', async ({ page }) => {
    await signedInAccount(page);
    const studio = await create(page, 'businesses', 'Hopper Studio');
    await seedInvoice(page.request, { business_id: studio, data: { invoice_number: '0001' } });
    await seedInvoice(page.request, { business_id: studio, data: { invoice_number: '0002' } });
    await page.goto('/settings?section=business');
    const card = page.getByRole('article', { name: 'Hopper Studio' });
    await expect(card).toContainText('2 invoices');
    await card.getByRole('button', { name: 'Delete Hopper Studio' }).click();
    await expect(confirmDialog(page)).toContainText(
      "2 invoices keep a copy of this business's details; they are not changed.",
    );
    await confirmDialog(page).getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Business deleted successfully')).toBeVisible();
    const listed = (await (await page.request.get('/api/invoices')).json()) as {
      invoices: Array<{ business_id: string | null; invoice_number: string }>;
    };
    expect(listed.invoices.map((invoice) => [invoice.invoice_number, invoice.business_id])).toEqual([
      ['0002', null],
      ['0001', null],
    ]);
  });
});
