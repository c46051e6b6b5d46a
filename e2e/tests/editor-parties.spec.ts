import { expect, test, type Page } from '@playwright/test';
import { signedInAccount } from './support/accounts';
import { seriousViolations } from './support/axe';

/**
 * The editor's From / To pickers (issue 5; docs/product/editor.md#the-party-picker): a signed-in user's
 * businesses and clients from the real API, filtering, keyboard, choosing, 'Add new client' and
 * editing the chosen business in a modal, editing the chosen client on /clients/edit/{id}, and
 * the plain text areas a guest keeps.
 */

interface Party {
  id: string;
  name: string;
}

async function createParty(page: Page, kind: 'clients' | 'businesses', data: Record<string, string>): Promise<Party> {
  const response = await page.request.post(`/api/${kind}`, { data });
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as { client?: Party; business?: Party };
  return (body.client ?? body.business)!;
}

/** Two businesses and three clients, as most tests here start. */
async function seedParties(page: Page) {
  const acme = await createParty(page, 'businesses', {
    name: 'Acme Studio Ltd',
    email: 'hello@acme.example',
    address: '1 High Street\nLondon',
    phone: '+44 20 7946 0000',
    tax_id: 'GB111222333',
  });
  const bright = await createParty(page, 'businesses', { name: 'Bright Labs', email: 'team@bright.example' });
  const globex = await createParty(page, 'clients', {
    name: 'Globex Corporation',
    email: 'billing@globex.example',
    address: '42 Main Road\nSpringfield',
    phone: '+1 555 0100',
    tax_id: 'US-998877',
  });
  const initech = await createParty(page, 'clients', { name: 'Initech LLC', email: 'ap@initech.example' });
  const umbrella = await createParty(page, 'clients', { name: 'Umbrella Corp', email: 'finance@umbrella.example' });
  return { acme, bright, globex, initech, umbrella };
}

const GLOBEX_BLOCK =
  'Globex Corporation\n42 Main Road\nSpringfield\nbilling@globex.example\n+1 555 0100\nTax ID: US-998877';
const ACME_BLOCK = 'Acme Studio Ltd\n1 High Street\nLondon\nhello@acme.example\n+44 20 7946 0000\nTax ID: GB111222333';

const picker = (page: Page, label: 'From' | 'To') => page.getByRole('combobox', { name: label, exact: true });
const suggestions = (page: Page, label: 'From' | 'To') => page.getByRole('listbox', { name: `${label} suggestions` });

/** /new with the editor on screen and the pickers loaded (they replace the plain fields once their code arrives). */
async function openEditor(page: Page) {
  await page.goto('/new');
  await expect(page.getByTestId('invoice-editor')).toBeVisible();
  await expect(picker(page, 'From')).toBeVisible();
  await expect(picker(page, 'To')).toBeVisible();
}

test('From lists the businesses and To the clients; typing filters by name, e-mail and tax id; blur and Escape close', async ({
  page,
}) => {
  await signedInAccount(page);
  await seedParties(page);
  await openEditor(page);

  const to = picker(page, 'To');
  const list = suggestions(page, 'To');
  await expect(to).toHaveAttribute('aria-expanded', 'false');
  await expect(to).toHaveAttribute('placeholder', 'Type to search');
  await to.click();
  await expect(to).toHaveAttribute('aria-expanded', 'true');
  await expect(list.getByRole('option')).toHaveCount(4);
  for (const name of ['Globex Corporation', 'Initech LLC', 'Umbrella Corp', 'Add new client']) {
    await expect(list.getByRole('option', { name: new RegExp(name) })).toBeVisible();
  }
  // The description line: e-mail, phone, address on one line, tax id.
  await expect(list.getByRole('option', { name: /Globex/ })).toContainText(
    'billing@globex.example · +1 555 0100 · 42 Main Road, Springfield · US-998877',
  );
  // No serious accessibility finding with the list open.
  expect(await seriousViolations(page)).toEqual([]);

  // Case-insensitive, on the name, the e-mail and the tax id.
  await to.fill('gLoB');
  await expect(list.getByRole('option')).toHaveText([/Globex Corporation/, /Add new client/]);
  await to.fill('initech.example');
  await expect(list.getByRole('option')).toHaveText([/Initech LLC/, /Add new client/]);
  await to.fill('us-9988');
  await expect(list.getByRole('option')).toHaveText([/Globex Corporation/, /Add new client/]);
  await to.fill('nobody here');
  await expect(page.getByText('No results found')).toBeVisible();
  await expect(list.getByRole('option')).toHaveText([/Add new client/]);

  // Leaving the field closes the list; so does Escape.
  await page.getByLabel('Invoice Number', { exact: true }).click();
  await expect(list).toBeHidden();
  await expect(page.getByText('No results found')).toBeHidden();
  await expect(to).toHaveAttribute('aria-expanded', 'false');
  await to.fill('');
  await to.focus();
  await expect(list.getByRole('option')).toHaveCount(4);
  await to.press('Escape');
  await expect(list).toBeHidden();

  // Choosing fills the address block: name, address lines, e-mail, phone, tax id.
  await to.fill('Glo');
  await list.getByRole('option', { name: /Globex Corporation/ }).click();
  await expect(to).toHaveValue(GLOBEX_BLOCK);
  await expect(list).toBeHidden();

  // From lists businesses only, and works from the keyboard: arrows, Enter.
  const from = picker(page, 'From');
  const fromList = suggestions(page, 'From');
  await from.focus();
  await expect(fromList.getByRole('option')).toHaveCount(3);
  await expect(fromList.getByRole('option', { name: /Add new business/ })).toBeVisible();
  await from.pressSequentially('acme');
  await expect(fromList.getByRole('option')).toHaveText([/Acme Studio Ltd/, /Add new business/]);
  await from.press('ArrowDown');
  await expect(from).toHaveAttribute('aria-activedescendant', /option-0$/);
  await from.press('Enter');
  await expect(from).toHaveValue(ACME_BLOCK);
  await expect(fromList).toBeHidden();

  // Hand-typed text still works: the block is free text.
  await to.fill('Someone Else\n1 Other Road');
  await expect(to).toHaveValue('Someone Else\n1 Other Road');
});

test("'Add new client' creates a client in the modal, which becomes the chosen one", async ({ page }) => {
  await signedInAccount(page);
  await seedParties(page);
  await openEditor(page);

  const to = picker(page, 'To');
  await to.click();
  await suggestions(page, 'To').getByRole('option', { name: 'Add new client' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Client' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Name').fill('Hooli');
  await dialog.getByLabel('Email').fill('ap@hooli.example');
  await dialog.getByLabel('Address', { exact: true }).fill('1 Hacker Way\nPalo Alto');
  await dialog.getByRole('button', { name: 'Create Client' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Client "Hooli" has been created successfully')).toBeVisible();
  await expect(to).toHaveValue('Hooli\n1 Hacker Way\nPalo Alto\nap@hooli.example');

  // The list reloaded with it, marked as the chosen one.
  await to.click();
  const hooli = suggestions(page, 'To').getByRole('option', { name: /Hooli/ });
  await expect(hooli).toHaveAttribute('aria-selected', 'true');
  await expect(suggestions(page, 'To').getByRole('option')).toHaveCount(5);
});

test('the chosen business is edited in a modal and its block filled again', async ({ page }) => {
  await signedInAccount(page);
  await seedParties(page);
  await openEditor(page);

  const from = picker(page, 'From');
  await from.click();
  await suggestions(page, 'From')
    .getByRole('option', { name: /Bright Labs/ })
    .click();
  await expect(from).toHaveValue('Bright Labs\nteam@bright.example');

  await page.getByRole('button', { name: 'Edit business' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Business' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Business name')).toHaveValue('Bright Labs');
  await dialog.getByLabel('Business name').fill('Bright Labs Group');
  await dialog.getByLabel('Tax ID').fill('DE123456789');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(from).toHaveValue('Bright Labs Group\nteam@bright.example\nTax ID: DE123456789');

  await from.click();
  await expect(suggestions(page, 'From').getByRole('option', { name: /Bright Labs Group/ })).toBeVisible();
  await expect(suggestions(page, 'From').getByRole('option', { name: /^Bright Labs team/ })).toHaveCount(0);
});

test('the chosen client is edited on /clients/edit/{id}; back on /new the draft is intact and the new name listed', async ({
  page,
}) => {
  await signedInAccount(page);
  const { globex } = await seedParties(page);
  await openEditor(page);

  const to = picker(page, 'To');
  await to.click();
  await suggestions(page, 'To')
    .getByRole('option', { name: /Globex Corporation/ })
    .click();
  await page.getByLabel('Terms', { exact: true }).fill('Net 30');
  await page.getByLabel('Item 1 name', { exact: true }).fill('Consulting');

  await page.getByRole('button', { name: 'Edit client' }).click();
  await expect(page).toHaveURL(new RegExp(`/clients/edit/${globex.id}$`));
  const dialog = page.getByRole('dialog', { name: 'Edit Client' });
  await expect(dialog.getByLabel('Name')).toHaveValue('Globex Corporation');
  await dialog.getByLabel('Name').fill('Globex International');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();

  // The clients page goes back one step: the editor with its draft.
  await expect(page).toHaveURL(/\/new$/);
  await expect(to).toHaveValue(GLOBEX_BLOCK);
  await expect(page.getByLabel('Terms', { exact: true })).toHaveValue('Net 30');
  await expect(page.getByLabel('Item 1 name', { exact: true })).toHaveValue('Consulting');
  await to.click();
  const renamed = suggestions(page, 'To').getByRole('option', { name: /Globex International/ });
  await expect(renamed).toBeVisible();
  // Still the chosen client (its id came back with the draft).
  await expect(renamed).toHaveAttribute('aria-selected', 'true');
});

test(
  'typing in From while the picker code loads: the text stays and so does the focus',
  { tag: '@desktop' },
  async ({ page }) => {
    await signedInAccount(page);
    await seedParties(page);
    // The picker's code held back, as on a slow connection.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/party-picker-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/new');
    await expect(page.getByTestId('invoice-editor')).toBeVisible();
    const plain = page.getByRole('textbox', { name: 'From', exact: true });
    await plain.click();
    await page.keyboard.type('Ac');
    release();
    const from = picker(page, 'From');
    await expect(from).toBeFocused();
    await page.keyboard.type('me');
    await expect(from).toHaveValue('Acme');
    await expect(suggestions(page, 'From').getByRole('option', { name: /Acme Studio Ltd/ })).toBeVisible();
  },
);

test('a guest keeps the plain From and To text areas', async ({ page }) => {
  await page.goto('/new');
  await expect(page.getByTestId('invoice-editor')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'From', exact: true })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'To', exact: true })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'To', exact: true })).toHaveCount(0);
  await page.getByRole('textbox', { name: 'To', exact: true }).fill('Globex');
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Edit client/ })).toHaveCount(0);
});
