import { expect, test, type Locator, type Page } from '@playwright/test';
import { signedInAccount } from './support/accounts';
import { seriousViolations } from './support/axe';

/**
 * The clients page and the client modal (issue 5; docs/product/clients-and-businesses.md#the-clients-page)
 * against the real server and its PostgreSQL: create, edit, search, pages, delete one and many,
 * the routed modal (/clients/new, /clients/edit/{id}, ?edit=), failures, cards on phones, axe.
 */

interface ApiClient {
  id: string;
  name: string;
  email: string;
}

const DESKTOP = { width: 1440, height: 900 };

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });
const createDialog = (page: Page) => page.getByRole('dialog', { name: 'Add New Client' });
const editDialog = (page: Page) => page.getByRole('dialog', { name: 'Edit Client' });
const confirmDialog = (page: Page) => page.getByRole('alertdialog');
const table = (page: Page) => page.getByRole('table', { name: 'Clients' });
const rows = (page: Page) => table(page).locator('tbody tr');
const cards = (page: Page) => page.getByRole('list', { name: 'Clients' }).getByRole('listitem');
const search = (page: Page) => page.getByRole('searchbox', { name: 'Search clients' });

/** A client made through the real API, with the page's own session. */
async function createClient(page: Page, name: string, extra: { phone?: string; address?: string } = {}) {
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '.');
  const response = await page.request.post('/api/clients', {
    data: { name, email: `${slug || 'client'}@example.com`, ...extra },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { client: ApiClient }).client;
}

/** Created one after another, so the list (newest first) shows them in reverse. */
async function createClients(page: Page, count: number, prefix = 'Client') {
  const made: ApiClient[] = [];
  for (let index = 1; index <= count; index += 1) {
    made.push(await createClient(page, `${prefix} ${String(index).padStart(2, '0')}`));
  }
  return made;
}

/** Holds the next request matching `path` and `method` back until released, so a busy state can be seen. */
async function holdRequest(page: Page, path: string, method: string) {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${path}`, async (route) => {
    if (route.request().method() !== method) return route.fallback();
    await released;
    await route.fallback();
  });
  return release;
}

async function openRowMenu(scope: Page | Locator, name: string) {
  await scope.getByRole('button', { name: `Actions for ${name}` }).click();
}

test.describe('desktop', { tag: '@desktop' }, () => {
  test.use({ viewport: DESKTOP });

  test('add a client: empty state, validation messages, errors cleared on edit, busy text, success toast', async ({
    page,
  }) => {
    await signedInAccount(page);
    await page.goto('/clients');
    await expect(page.getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible();
    await expect(page.getByText('No clients found')).toBeVisible();
    await expect(page.getByText('Get started by adding your first client.')).toBeVisible();

    await page.getByRole('button', { name: 'Add First Client' }).click();
    const modal = createDialog(page);
    await expect(modal).toBeVisible();
    await expect(modal.getByLabel('Name')).toBeFocused();

    // Required fields, in the domain's words.
    await modal.getByRole('button', { name: 'Create Client' }).click();
    await expect(modal.getByText('Name is required')).toBeVisible();
    await expect(modal.getByText('Email is required')).toBeVisible();
    await expect(modal.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');

    // Editing a field clears its own error only.
    await modal.getByLabel('Email').fill('not-an-email');
    await expect(modal.getByText('Email is required')).toBeHidden();
    await expect(modal.getByText('Name is required')).toBeVisible();
    await modal.getByRole('button', { name: 'Create Client' }).click();
    await expect(modal.getByText('Invalid email format')).toBeVisible();

    // The server's length limit, checked before sending.
    await modal.getByLabel('Name').fill('x'.repeat(201));
    await modal.getByRole('button', { name: 'Create Client' }).click();
    await expect(modal.getByText('Name is too long (at most 200 characters).')).toBeVisible();

    await modal.getByLabel('Name').fill('  Ada Lovelace  ');
    await modal.getByLabel('Email').fill('ada@example.com');
    await modal.getByLabel('Phone').fill('+44 20 7946 0000');
    await modal.getByLabel('Address', { exact: true }).fill('12 St James Square\nLondon');

    // Busy: 'Creating...', and neither Cancel, the close button nor Escape closes the modal.
    const release = await holdRequest(page, '/api/clients', 'POST');
    await modal.getByRole('button', { name: 'Create Client' }).click();
    await expect(modal.getByRole('button', { name: 'Creating...' })).toBeDisabled();
    await expect(modal.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await expect(modal.getByRole('button', { name: 'Close' })).toBeDisabled();
    await page.keyboard.press('Escape');
    await expect(modal).toBeVisible();
    release();

    await expect(toast(page, 'Client "Ada Lovelace" has been created successfully')).toBeVisible();
    await expect(modal).toBeHidden();
    await expect(rows(page)).toHaveCount(1);
    const row = rows(page).first();
    await expect(row).toContainText('Ada Lovelace');
    await expect(row).toContainText('ada@example.com');
    await expect(row).toContainText('+44 20 7946 0000');
    await expect(row.getByRole('cell').nth(3)).toHaveText('0');
    await expect(table(page).getByRole('columnheader')).toHaveText([
      '',
      'Client',
      'Contact',
      'Invoices',
      'Added',
      'Actions',
    ]);

    // Opening again starts afresh: no old values, no old errors.
    await page.getByRole('button', { name: 'Add Client' }).click();
    await expect(createDialog(page).getByLabel('Name')).toHaveValue('');
    await expect(createDialog(page).getByRole('alert')).toHaveCount(0);
  });

  test('edit a client from its row menu: values loaded, busy text, updated toast', async ({ page }) => {
    await signedInAccount(page);
    await createClient(page, 'Grace Hopper', { phone: '555-0100', address: 'Arlington' });
    await page.goto('/clients');

    await openRowMenu(page, 'Grace Hopper');
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem')).toHaveText(['Edit Client', 'Delete Client']);
    await menu.getByRole('menuitem', { name: 'Edit Client' }).click();

    const modal = editDialog(page);
    await expect(modal.getByLabel('Name')).toHaveValue('Grace Hopper');
    await expect(modal.getByLabel('Email')).toHaveValue('grace.hopper@example.com');
    await expect(modal.getByLabel('Phone')).toHaveValue('555-0100');
    await expect(modal.getByLabel('Address', { exact: true })).toHaveValue('Arlington');

    await modal.getByLabel('Name').fill('Rear Admiral Grace Hopper');
    const release = await holdRequest(page, '/api/clients/*', 'PUT');
    await modal.getByRole('button', { name: 'Save Changes' }).click();
    await expect(modal.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    await expect(modal.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    release();
    await expect(toast(page, 'Client "Rear Admiral Grace Hopper" has been updated successfully')).toBeVisible();
    await expect(modal).toBeHidden();
    await expect(rows(page).first()).toContainText('Rear Admiral Grace Hopper');

    // Cancel leaves the client as it is.
    await openRowMenu(page, 'Rear Admiral Grace Hopper');
    await page.getByRole('menuitem', { name: 'Edit Client' }).click();
    await editDialog(page).getByLabel('Name').fill('Someone else');
    await editDialog(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(editDialog(page)).toBeHidden();
    await expect(rows(page).first()).toContainText('Rear Admiral Grace Hopper');
  });

  test('search asks the server, ignores case and accents, keeps search and page in the URL', async ({ page }) => {
    await signedInAccount(page);
    await createClient(page, 'Jürgen Müller');
    await createClient(page, 'Ada Lovelace');
    await createClient(page, 'Zoë Ångström');
    await page.goto('/clients');
    await expect(rows(page)).toHaveCount(3);

    await search(page).fill('muller');
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText('Jürgen Müller');
    await expect(page).toHaveURL(/[?&]search=muller/);

    await search(page).fill('ANGSTROM');
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText('Zoë Ångström');

    await search(page).fill('nobody here');
    await expect(page.getByText('No clients found')).toBeVisible();
    await expect(page.getByText('No clients match your search criteria.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add First Client' })).toHaveCount(0);

    // The URL holds the search: a reload shows the same list.
    await search(page).fill('müller');
    await expect(page).toHaveURL(/search=m%C3%BCller/);
    await page.reload();
    await expect(search(page)).toHaveValue('müller');
    await expect(rows(page)).toHaveCount(1);

    await search(page).fill('');
    await expect(rows(page)).toHaveCount(3);
    await expect(page).not.toHaveURL(/search=/);
  });

  test('pages of 10: summary, page / pages, Previous and Next, search back to page 1', async ({ page }) => {
    await signedInAccount(page);
    await createClients(page, 12);
    const listed = page.waitForResponse((response) => response.url().includes('/api/clients?'));
    await page.goto('/clients');
    expect(new URL((await listed).url()).searchParams.get('per_page')).toBe('10');

    const pager = page.getByRole('navigation', { name: 'Clients pages' });
    await expect(rows(page)).toHaveCount(10);
    await expect(pager).toContainText('Showing 1 to 10 of 12 clients');
    await expect(pager).toContainText('1 / 2');
    await expect(pager.getByRole('button', { name: 'Previous' })).toBeDisabled();
    // Newest first.
    await expect(rows(page).first()).toContainText('Client 12');

    await pager.getByRole('button', { name: 'Next' }).click();
    await expect(pager).toContainText('Showing 11 to 12 of 12 clients');
    await expect(pager).toContainText('2 / 2');
    await expect(rows(page)).toHaveCount(2);
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(pager.getByRole('button', { name: 'Next' })).toBeDisabled();

    await page.reload();
    await expect(pager).toContainText('Showing 11 to 12 of 12 clients');

    // A new search starts again at page 1.
    await search(page).fill('client');
    await expect(pager).toContainText('Showing 1 to 10 of 12 clients');
    await expect(page).not.toHaveURL(/page=2/);

    await pager.getByRole('button', { name: 'Next' }).click();
    await pager.getByRole('button', { name: 'Previous' }).click();
    await expect(pager).toContainText('1 / 2');
  });

  test('delete one client and several, with their confirmations; a page emptied goes back one', async ({ page }) => {
    await signedInAccount(page);
    await createClients(page, 13);
    await page.goto('/clients');
    const pager = page.getByRole('navigation', { name: 'Clients pages' });
    await expect(pager).toContainText('Showing 1 to 10 of 13 clients');

    // One, from its row menu; Cancel first changes nothing.
    await openRowMenu(page, 'Client 13');
    await page.getByRole('menuitem', { name: 'Delete Client' }).click();
    await expect(confirmDialog(page)).toContainText(
      'Are you sure you want to delete "Client 13"? This action cannot be undone.',
    );
    await confirmDialog(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(confirmDialog(page)).toBeHidden();
    await openRowMenu(page, 'Client 13');
    await page.getByRole('menuitem', { name: 'Delete Client' }).click();
    await confirmDialog(page).getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Client deleted successfully')).toBeVisible();
    await expect(pager).toContainText('Showing 1 to 10 of 12 clients');
    await expect(table(page)).not.toContainText('Client 13');

    // Two, through the selection bar.
    await page.getByRole('checkbox', { name: 'Select Client 12' }).click();
    await page.getByRole('checkbox', { name: 'Select Client 11' }).click();
    await expect(page.getByText('2 selected')).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Select all clients on this page' })).toHaveAttribute(
      'data-state',
      'indeterminate',
    );
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(confirmDialog(page)).toContainText(
      'Are you sure you want to delete 2 selected clients? This action cannot be undone.',
    );
    await confirmDialog(page).getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Successfully deleted 2 clients')).toBeVisible();
    // Ten left: one page, so no pager.
    await expect(pager).toBeHidden();
    await expect(page.getByText('2 selected')).toBeHidden();
    await expect(rows(page)).toHaveCount(10);

    // Ten are left, one page: make one more, go to page 2, delete its only row.
    await createClient(page, 'Client 14');
    await page.reload();
    await pager.getByRole('button', { name: 'Next' }).click();
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText('Client 01');
    await page.getByRole('checkbox', { name: 'Select all clients on this page' }).click();
    await expect(page.getByText('1 selected')).toBeVisible();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(confirmDialog(page)).toContainText(
      'Are you sure you want to delete 1 selected client? This action cannot be undone.',
    );
    await confirmDialog(page).getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Successfully deleted 1 client')).toBeVisible();
    await expect(rows(page)).toHaveCount(10);
    await expect(page).not.toHaveURL(/page=2/);
    await expect(rows(page).first()).toContainText('Client 14');

    // Select all on the page, then delete them all: the empty state.
    await page.getByRole('checkbox', { name: 'Select all clients on this page' }).click();
    await expect(page.getByText('10 selected')).toBeVisible();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await confirmDialog(page).getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Successfully deleted 10 clients')).toBeVisible();
    await expect(page.getByText('Get started by adding your first client.')).toBeVisible();
  });

  test('/clients/new opens the create modal; without history in the app, closing shows the list', async ({ page }) => {
    await signedInAccount(page);
    await page.goto('/clients/new');
    const modal = createDialog(page);
    await expect(modal).toBeVisible();
    await modal.getByLabel('Name').fill('Routed Client');
    await modal.getByLabel('Email').fill('routed@example.com');
    await modal.getByRole('button', { name: 'Create Client' }).click();
    await expect(toast(page, 'Client "Routed Client" has been created successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/clients$/);
    await expect(modal).toBeHidden();
    await expect(rows(page).first()).toContainText('Routed Client');

    await page.goto('/clients/new');
    await createDialog(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/clients$/);
    await expect(createDialog(page)).toBeHidden();
  });

  test('routed modal opened from inside the app goes back one step after save or cancel', async ({ page }) => {
    await signedInAccount(page);
    const client = await createClient(page, 'Katherine Johnson');

    /**
     * The history the editor's links make: /new, then /clients/... pushed by the app's router
     * (which numbers its entries in history.state.idx). The sidebar makes the push; the entry's
     * address is then the routed modal's, and a reload keeps the entry.
     */
    async function arriveFromEditor(path: string) {
      await page.goto('/new');
      await page.getByRole('navigation').getByRole('link', { name: 'Clients' }).first().click();
      await expect(page).toHaveURL(/\/clients$/);
      await page.evaluate((target) => window.history.replaceState(window.history.state, '', target), path);
      await page.reload();
    }

    await arriveFromEditor('/clients/new');
    await createDialog(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/new$/);

    await arriveFromEditor(`/clients/edit/${client.id}`);
    const modal = editDialog(page);
    await expect(modal.getByLabel('Name')).toHaveValue('Katherine Johnson');
    await modal.getByLabel('Phone').fill('555-0199');
    await modal.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Client "Katherine Johnson" has been updated successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/new$/);
    const saved = (await (await page.request.get(`/api/clients/${client.id}`)).json()) as { client: { phone: string } };
    expect(saved.client.phone).toBe('555-0199');
  });

  test('/clients/edit/{id} and ?edit={id} open the edit modal; an unknown id gives a toast and the list', async ({
    page,
  }) => {
    await signedInAccount(page);
    const client = await createClient(page, 'Hedy Lamarr', { address: 'Vienna' });

    await page.goto(`/clients/edit/${client.id}`);
    await expect(editDialog(page).getByLabel('Address', { exact: true })).toHaveValue('Vienna');
    await editDialog(page).getByRole('button', { name: 'Close' }).click();
    await expect(page).toHaveURL(/\/clients$/);

    await page.goto(`/clients?edit=${client.id}`);
    const modal = editDialog(page);
    await expect(modal.getByLabel('Name')).toHaveValue('Hedy Lamarr');
    await modal.getByLabel('Name').fill('Hedwig Kiesler');
    await modal.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Client "Hedwig Kiesler" has been updated successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/clients$/);
    await expect(rows(page).first()).toContainText('Hedwig Kiesler');

    await page.goto('/clients/edit/00000000-0000-4000-8000-000000000000');
    await expect(toast(page, 'Client not found')).toBeVisible();
    await expect(page).toHaveURL(/\/clients$/);
    await expect(editDialog(page)).toBeHidden();

    await page.goto('/clients?edit=not-an-id');
    await expect(toast(page, 'Client not found')).toBeVisible();
    await expect(page).toHaveURL(/\/clients$/);
  });

  test('failures: network error keeps the form, a client gone meanwhile, a session that ended', async ({ page }) => {
    await signedInAccount(page);
    const client = await createClient(page, 'Alan Turing');
    await page.goto('/clients');

    // The network fails: the message, and the typed values stay.
    await page.route('**/api/clients', (route) =>
      route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.fallback(),
    );
    await page.getByRole('button', { name: 'Add Client' }).click();
    const modal = createDialog(page);
    await modal.getByLabel('Name').fill('Joan Clarke');
    await modal.getByLabel('Email').fill('joan@example.com');
    await modal.getByRole('button', { name: 'Create Client' }).click();
    await expect(modal.getByRole('alert')).toHaveText('Network error occurred. Please try again.');
    await expect(modal.getByLabel('Name')).toHaveValue('Joan Clarke');
    await expect(modal.getByRole('button', { name: 'Create Client' })).toBeEnabled();
    await page.unroute('**/api/clients');
    await modal.getByRole('button', { name: 'Create Client' }).click();
    await expect(toast(page, 'Client "Joan Clarke" has been created successfully')).toBeVisible();

    // The client was deleted elsewhere while its modal was open: the server's sentence, as a general error.
    await openRowMenu(page, 'Alan Turing');
    await page.getByRole('menuitem', { name: 'Edit Client' }).click();
    expect((await page.request.delete(`/api/clients/${client.id}`)).status()).toBe(200);
    await editDialog(page).getByRole('button', { name: 'Save Changes' }).click();
    await expect(editDialog(page).getByRole('alert')).toHaveText('Client not found');
    await editDialog(page).getByRole('button', { name: 'Cancel' }).click();

    // Signed out elsewhere: the server refuses, the modal says so.
    await page.getByRole('button', { name: 'Add Client' }).click();
    await createDialog(page).getByLabel('Name').fill('Tommy Flowers');
    await createDialog(page).getByLabel('Email').fill('tommy@example.com');
    await page.request.post('/api/auth/signout');
    await createDialog(page).getByRole('button', { name: 'Create Client' }).click();
    await expect(createDialog(page).getByRole('alert')).toHaveText('User not authenticated');
  });

  test('a failed list load: toast and Retry', async ({ page }) => {
    await signedInAccount(page);
    await createClient(page, 'Barbara Liskov');
    await page.route('**/api/clients?*', (route) => route.abort('internetdisconnected'));
    await page.goto('/clients');
    await expect(toast(page, 'Failed to fetch clients')).toBeVisible();
    await expect(page.getByText('Failed to fetch clients').last()).toBeVisible();
    await page.unroute('**/api/clients?*');
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(rows(page).first()).toContainText('Barbara Liskov');
  });

  test('axe: the list, the menu, the modal and the confirmation have no serious violations', async ({ page }) => {
    test.setTimeout(90_000); // four full audits on a shared machine
    await signedInAccount(page);
    await createClients(page, 12);
    await page.goto('/clients');
    await expect(rows(page)).toHaveCount(10);
    await page.getByRole('checkbox', { name: 'Select Client 12' }).click();
    expect(await seriousViolations(page)).toEqual([]);

    await openRowMenu(page, 'Client 11');
    await expect(page.getByRole('menu')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Add Client' }).click();
    await createDialog(page).getByRole('button', { name: 'Create Client' }).click();
    await expect(createDialog(page).getByText('Name is required')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await createDialog(page).getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(confirmDialog(page)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe('mobile', { tag: '@mobile' }, () => {
  test('cards, 5 a page, menu edit, selection and delete', async ({ page }) => {
    await signedInAccount(page);
    await createClients(page, 12);
    const listed = page.waitForResponse((response) => response.url().includes('/api/clients?'));
    await page.goto('/clients');
    expect(new URL((await listed).url()).searchParams.get('per_page')).toBe('5');

    await expect(table(page)).toHaveCount(0);
    await expect(cards(page)).toHaveCount(5);
    const pager = page.getByRole('navigation', { name: 'Clients pages' });
    await expect(pager).toContainText('Showing 1 to 5 of 12 clients');
    await expect(pager).toContainText('1 / 3');
    await expect(cards(page).first()).toContainText('Client 12');
    await expect(cards(page).first()).toContainText('0 invoices');

    await pager.getByRole('button', { name: 'Next' }).click();
    await expect(pager).toContainText('Showing 6 to 10 of 12 clients');
    await expect(pager).toContainText('2 / 3');

    // Touch targets: the row menu button and the checkboxes are at least 44 px.
    const menuButton = page.getByRole('button', { name: 'Actions for Client 07' });
    const box = await menuButton.boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(44);
    expect(
      (await page.getByRole('checkbox', { name: 'Select Client 07' }).boundingBox())?.height,
    ).toBeGreaterThanOrEqual(44);

    await menuButton.click();
    await page.getByRole('menuitem', { name: 'Edit Client' }).click();
    await editDialog(page).getByLabel('Name').fill('Client 07 renamed');
    await editDialog(page).getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Client "Client 07 renamed" has been updated successfully')).toBeVisible();
    await expect(cards(page).filter({ hasText: 'Client 07 renamed' })).toHaveCount(1);

    await page.getByRole('checkbox', { name: 'Select Client 06' }).click();
    await page.getByRole('checkbox', { name: 'Select Client 05' }).click();
    await expect(page.getByText('2 selected')).toBeVisible();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await confirmDialog(page).getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Successfully deleted 2 clients')).toBeVisible();
    await expect(pager).toContainText('Showing 6 to 10 of 10 clients');
  });

  test('add a client from the phone, and axe on the cards and the modal', async ({ page }) => {
    await signedInAccount(page);
    await page.goto('/clients');
    await expect(page.getByText('Get started by adding your first client.')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Add Client' }).click();
    const modal = createDialog(page);
    await modal.getByLabel('Name').fill('Mary Jackson');
    await modal.getByLabel('Email').fill('mary@example.com');
    expect(await seriousViolations(page)).toEqual([]);
    await modal.getByRole('button', { name: 'Create Client' }).click();
    await expect(toast(page, 'Client "Mary Jackson" has been created successfully')).toBeVisible();
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).first()).toContainText('mary@example.com');
    // The audit is of the page, not of the toast fading out over it.
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
    expect(await seriousViolations(page)).toEqual([]);
  });
});
