import { expect, test, type Page } from '@playwright/test';
import { signedInAccount } from './support/accounts';
import { seriousViolations } from './support/axe';

/**
 * Notifications (docs/product/notifications.md): the server records them on real events (sign-up, client,
 * business and invoice created, status changed); this test causes those events through the API
 * and checks the header badge, the page's list and its actions, and where a click leads.
 */

const header = (page: Page) => page.getByRole('banner');
const bell = (page: Page) => header(page).getByRole('link', { name: /^Notifications/ });
const items = (page: Page) => page.getByRole('list', { name: 'Notifications' }).getByRole('listitem');
const item = (page: Page, title: string) => items(page).filter({ hasText: title });

async function createClient(page: Page, name: string): Promise<string> {
  const response = await page.request.post('/api/clients', {
    data: { name, email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.com` },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { client: { id: string } }).client.id;
}

async function createBusiness(page: Page, name: string): Promise<string> {
  const response = await page.request.post('/api/businesses', {
    data: { name, email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.com` },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { business: { id: string } }).business.id;
}

async function createInvoice(page: Page, number: string): Promise<string> {
  const data = {
    from: 'Hopper Consulting',
    to: 'Acme Corp',
    items: [{ id: 'i1', name: 'Consulting', quantity: 1, unit_cost: 10 }],
    invoice_number: number,
    currency: 'EUR',
  };
  const response = await page.request.post('/api/invoices', { data: { data } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** Welcome (sign-up) + client + business + invoice created + status changed: five unread. */
async function fiveEvents(page: Page) {
  const clientId = await createClient(page, 'Acme Corp');
  const businessId = await createBusiness(page, 'Hopper Consulting');
  const invoiceId = await createInvoice(page, '0001');
  const status = await page.request.put(`/api/invoices/${invoiceId}/status`, { data: { status: 'sent' } });
  expect(status.ok(), await status.text()).toBe(true);
  return { clientId, businessId, invoiceId };
}

test.describe('notifications', () => {
  test('the header badge counts the real unread notifications', async ({ page }) => {
    await signedInAccount(page, 'Grace', 'Hopper');
    await page.goto('/new');
    // Sign-up left a welcome notification.
    await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
    await expect(bell(page)).toContainText('1');

    await fiveEvents(page);
    await page.reload();
    await expect(bell(page)).toHaveAccessibleName('Notifications, 5 unread');
    await expect(bell(page)).toContainText('5');

    await page.request.put('/api/notifications/read-all');
    // The badge asks again when the window regains focus.
    await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
    await expect(bell(page)).toHaveAccessibleName('Notifications');
    await expect(bell(page)).toHaveText('');
  });

  test('the page lists them; mark one read, mark all read and delete change the list and the badge', async ({
    page,
  }) => {
    await signedInAccount(page, 'Grace', 'Hopper');
    await fiveEvents(page);
    await page.goto('/notifications');

    await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    await expect(page.getByText('5 unread notifications')).toBeVisible();
    await expect(items(page)).toHaveCount(5);
    // Newest first.
    await expect(items(page).first()).toContainText('Invoice 0001 marked as sent');
    await expect(items(page).last()).toContainText('Welcome to Invoicer!');
    const client = item(page, 'Client created');
    await expect(client).toContainText('Client "Acme Corp" has been added to your clients.');
    await expect(client).toContainText('Success:');
    await expect(client).toContainText('(unread)');
    await expect(client.locator('time')).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2}\s?[AP]M$/);

    await client.getByRole('button', { name: 'Mark as read' }).click();
    await expect(page.getByText('4 unread notifications')).toBeVisible();
    await expect(client.getByRole('button', { name: 'Mark as read' })).toHaveCount(0);
    await expect(client).not.toContainText('(unread)');
    await expect(bell(page)).toHaveAccessibleName('Notifications, 4 unread');

    // Deleting a read one leaves the count; deleting an unread one lowers it.
    await client.getByRole('button', { name: 'Delete notification' }).click();
    await expect(items(page)).toHaveCount(4);
    await expect(item(page, 'Client created')).toHaveCount(0);
    await expect(page.getByText('4 unread notifications')).toBeVisible();
    await item(page, 'Business created').getByRole('button', { name: 'Delete notification' }).click();
    await expect(items(page)).toHaveCount(3);
    await expect(page.getByText('3 unread notifications')).toBeVisible();
    await expect(bell(page)).toHaveAccessibleName('Notifications, 3 unread');

    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(page.getByText('0 unread notifications')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Mark all as read' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Mark as read' })).toHaveCount(0);
    await expect(bell(page)).toHaveAccessibleName('Notifications');

    // The server agrees.
    expect(await (await page.request.get('/api/notifications/unread-count')).json()).toEqual({ count: 0 });
    await page.reload();
    await expect(items(page)).toHaveCount(3);
    await expect(page.getByText('0 unread notifications')).toBeVisible();

    for (let left = 3; left > 0; left -= 1) {
      await items(page).first().getByRole('button', { name: 'Delete notification' }).click();
      await expect(items(page)).toHaveCount(left - 1);
    }
    await expect(page.getByRole('heading', { name: 'Nothing to see here' })).toBeVisible();
    await expect(page.getByText("You don't have any notifications yet.")).toBeVisible();
  });

  test('a click opens what the notification is about, then marks it read', async ({ page }) => {
    await signedInAccount(page);
    const { businessId } = await fiveEvents(page);

    await page.goto('/notifications');
    await item(page, 'Client created').getByRole('link').click();
    await expect(page).toHaveURL(/\/clients$/);
    await expect(bell(page)).toHaveAccessibleName('Notifications, 4 unread');

    await page.goto('/notifications');
    await expect(item(page, 'Client created').getByRole('button', { name: 'Mark as read' })).toHaveCount(0);
    const business = item(page, 'Business created').getByRole('link');
    await expect(business).toHaveAttribute('href', `/businesses/${businessId}`);
    await business.click();
    // /businesses/{id} opens the business in Settings > Businesses.
    await expect(page).toHaveURL(new RegExp(`/settings\\?section=business&edit=${businessId}$`));

    await page.goto('/notifications');
    await expect(bell(page)).toHaveAccessibleName('Notifications, 3 unread');
    await item(page, 'Invoice created').getByRole('link').click();
    await expect(page).toHaveURL(/\/invoices$/);

    await page.goto('/notifications');
    await item(page, 'Welcome to Invoicer!').getByRole('link').click();
    await expect(page).toHaveURL(/\/new$/);
    await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
  });

  test('the list shows a loading line until the server answers', async ({ page }) => {
    await signedInAccount(page);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/notifications', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/notifications');
    await expect(page.getByText('Loading notifications...')).toBeVisible();
    release();
    await expect(items(page)).toHaveCount(1);
    await expect(page.getByText('1 unread notification', { exact: true })).toBeVisible();
  });

  test('has no serious or critical axe violations', async ({ page }) => {
    await signedInAccount(page);
    await fiveEvents(page);
    await page.request.put('/api/notifications/read-all');
    await createClient(page, 'Unread Client');
    await page.goto('/notifications');
    await expect(items(page)).toHaveCount(6);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test('above 99 unread the badge reads 99+', { tag: '@desktop' }, async ({ page }) => {
  await signedInAccount(page);
  // The welcome notification plus 100 clients created.
  for (let index = 0; index < 100; index += 1) await createClient(page, `Client ${index}`);
  await page.goto('/new');
  await expect(bell(page)).toHaveAccessibleName('Notifications, 99+ unread');
  await expect(bell(page)).toHaveText('99+');
});
