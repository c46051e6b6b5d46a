import { expect, test, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import { extractText } from 'unpdf';
import { signedInAccount } from './support/accounts';
import { seriousViolations } from './support/axe';

/**
 * Settings > Businesses and the business modal (issue 5; docs/product/clients-and-businesses.md#the-businesses-section)
 * against the real server: the grid, create, edit, delete with confirmation, empty,
 * failed and offline states with the connection notices, the /businesses links, the bank details of the SEPA
 * payment QR code (docs/decisions/0047-sepa-payment-qr.md), axe.
 */

interface ApiBusiness {
  id: string;
  name: string;
}

const DESKTOP = { width: 1440, height: 900 };

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });
const createDialog = (page: Page) => page.getByRole('dialog', { name: 'Add New Business' });
const editDialog = (page: Page) => page.getByRole('dialog', { name: 'Edit Business' });
const confirmDialog = (page: Page) => page.getByRole('alertdialog');
const section = (page: Page) => page.getByRole('region', { name: 'Businesses' });
const card = (page: Page, name: string) => section(page).getByRole('article', { name });
const addButton = (page: Page) => section(page).getByRole('button', { name: 'Add Business', exact: true });

async function createBusiness(page: Page, name: string, extra: Record<string, string> = {}) {
  const response = await page.request.post('/api/businesses', {
    data: { name, email: `${name.toLowerCase().replace(/[^a-z0-9]+/g, '.')}@example.com`, ...extra },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { business: ApiBusiness }).business;
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

/** A saved invoice sent from the business, through the real API. */
async function createInvoice(page: Page, businessId: string, number: string) {
  const response = await page.request.post('/api/invoices', {
    data: {
      business_id: businessId,
      data: {
        from: 'Counted Co',
        to: 'Someone',
        items: [{ id: 'i1', name: 'Work', quantity: 1, unit_cost: 10 }],
        invoice_number: number,
        issued_date: '2026-01-05',
        due_date: '2026-01-12',
      },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

async function openSection(page: Page) {
  await page.goto('/settings?section=business');
  await expect(page.getByRole('tab', { name: 'Businesses' })).toHaveAttribute('aria-selected', 'true');
}

test.describe('desktop', { tag: '@desktop' }, () => {
  test.use({ viewport: DESKTOP });

  test('empty state, then add a business: validation, busy text, toast, its card', async ({ page }) => {
    await signedInAccount(page);
    await openSection(page);
    await expect(section(page).getByText('No businesses added yet')).toBeVisible();

    await section(page).getByRole('button', { name: 'Add Your First Business' }).click();
    const modal = createDialog(page);
    await expect(modal.getByLabel('Business name')).toBeFocused();
    await modal.getByRole('button', { name: 'Create Business' }).click();
    await expect(modal.getByText('Business name is required')).toBeVisible();
    await expect(modal.getByText('Email is required')).toBeVisible();

    await modal.getByLabel('Business name').fill('Analytical Engines Ltd');
    await expect(modal.getByText('Business name is required')).toBeHidden();
    await modal.getByLabel('Email').fill('ada@engines');
    await modal.getByLabel('Tax ID').fill('T'.repeat(101));
    await modal.getByRole('button', { name: 'Create Business' }).click();
    await expect(modal.getByText('Invalid email format')).toBeVisible();
    await expect(modal.getByText('Tax ID is too long (at most 100 characters).')).toBeVisible();

    await modal.getByLabel('Email').fill('billing@engines.example');
    await modal.getByLabel('Tax ID').fill('GB123456789');
    await modal.getByLabel('Phone').fill('+44 20 7946 0001');
    await modal.getByLabel('Address', { exact: true }).fill('1 Babbage Row\nLondon');

    const release = await holdRequest(page, '/api/businesses', 'POST');
    await modal.getByRole('button', { name: 'Create Business' }).click();
    await expect(modal.getByRole('button', { name: 'Creating...' })).toBeDisabled();
    await expect(modal.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await expect(modal.getByRole('button', { name: 'Close' })).toBeDisabled();
    release();
    await expect(toast(page, 'Business "Analytical Engines Ltd" has been created successfully')).toBeVisible();
    await expect(modal).toBeHidden();

    const created = card(page, 'Analytical Engines Ltd');
    await expect(created).toContainText('billing@engines.example');
    await expect(created).toContainText('1 Babbage Row');
    await expect(created).toContainText('+44 20 7946 0001');
    await expect(created).toContainText('Tax ID: GB123456789');
    await expect(created).toContainText('0 invoices');
  });

  test('edit a business, delete another with its confirmation', async ({ page }) => {
    await signedInAccount(page);
    await createBusiness(page, 'Hopper Consulting', { tax_id: 'US-1' });
    await createBusiness(page, 'Lovelace Labs');
    await openSection(page);

    await card(page, 'Hopper Consulting').getByRole('button', { name: 'Edit Hopper Consulting' }).click();
    const modal = editDialog(page);
    await expect(modal.getByLabel('Business name')).toHaveValue('Hopper Consulting');
    await expect(modal.getByLabel('Tax ID')).toHaveValue('US-1');
    await modal.getByLabel('Tax ID').fill('US-42');
    const release = await holdRequest(page, '/api/businesses/*', 'PUT');
    await modal.getByRole('button', { name: 'Save Changes' }).click();
    await expect(modal.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    release();
    await expect(toast(page, 'Business "Hopper Consulting" has been updated successfully')).toBeVisible();
    await expect(card(page, 'Hopper Consulting')).toContainText('Tax ID: US-42');

    await card(page, 'Lovelace Labs').getByRole('button', { name: 'Delete Lovelace Labs' }).click();
    await expect(confirmDialog(page)).toContainText(
      'Are you sure you want to delete "Lovelace Labs"? This action cannot be undone.',
    );
    await confirmDialog(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(card(page, 'Lovelace Labs')).toBeVisible();

    await card(page, 'Lovelace Labs').getByRole('button', { name: 'Delete Lovelace Labs' }).click();
    await confirmDialog(page).getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Business deleted successfully')).toBeVisible();
    await expect(card(page, 'Lovelace Labs')).toHaveCount(0);
    await expect(card(page, 'Hopper Consulting')).toBeVisible();

    // A business already gone elsewhere: the server's sentence.
    const [hopper] = ((await (await page.request.get('/api/businesses')).json()) as { businesses: ApiBusiness[] })
      .businesses;
    await page.request.delete(`/api/businesses/${hopper!.id}`);
    await card(page, 'Hopper Consulting').getByRole('button', { name: 'Delete Hopper Consulting' }).click();
    await confirmDialog(page).getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Business not found')).toBeVisible();
    await expect(section(page).getByText('No businesses added yet')).toBeVisible();
  });

  test('invoice counts: 1 invoice, 2 invoices', async ({ page }) => {
    await signedInAccount(page);
    const one = await createBusiness(page, 'Counted Co');
    const two = await createBusiness(page, 'Busy Co');
    await createInvoice(page, one.id, '0001');
    await createInvoice(page, two.id, '0002');
    await createInvoice(page, two.id, '0003');
    await openSection(page);
    await expect(card(page, 'Counted Co')).toContainText('1 invoice');
    await expect(card(page, 'Counted Co')).not.toContainText('1 invoices');
    await expect(card(page, 'Busy Co')).toContainText('2 invoices');
  });

  test('a failed load: the failed state, a toast, and Retry', async ({ page }) => {
    await signedInAccount(page);
    await createBusiness(page, 'Turing Machines');
    await page.route('**/api/businesses', (route) => route.abort('connectionrefused'));
    await openSection(page);
    await expect(section(page).getByText('Failed to load businesses')).toBeVisible();
    await expect(toast(page, 'Failed to fetch businesses')).toBeVisible();
    await page.unroute('**/api/businesses');
    await section(page).getByRole('button', { name: 'Retry' }).click();
    await expect(card(page, 'Turing Machines')).toBeVisible();
  });

  test('offline: notice, Add Business disabled, offline state with Retry; back online: notice and the grid', async ({
    page,
    context,
  }) => {
    await signedInAccount(page);
    await createBusiness(page, 'Offline Works');
    await openSection(page);
    await expect(card(page, 'Offline Works')).toBeVisible();
    await expect(addButton(page)).toBeEnabled();

    await context.setOffline(true);
    await expect(toast(page, 'No internet connection')).toBeVisible();
    await expect(addButton(page)).toBeDisabled();

    // The section opened again while offline cannot load.
    await page.getByRole('tab', { name: 'Profile Settings' }).click();
    await page.getByRole('tab', { name: 'Businesses' }).click();
    await expect(section(page).getByRole('heading', { name: 'No internet connection' })).toBeVisible();
    await section(page).getByRole('button', { name: 'Retry' }).click();
    await expect(section(page).getByRole('heading', { name: 'No internet connection' })).toBeVisible();
    await expect(addButton(page)).toBeDisabled();

    await context.setOffline(false);
    await expect(toast(page, 'Connection restored')).toBeVisible();
    await expect(addButton(page)).toBeEnabled();
    // Back online the list is asked again by itself.
    await expect(card(page, 'Offline Works')).toBeVisible();
    await expect(section(page).getByRole('button', { name: 'Retry' })).toHaveCount(0);
  });

  test('/businesses?create=true and /businesses/{id} open the modals in Settings > Businesses', async ({ page }) => {
    await signedInAccount(page);
    const business = await createBusiness(page, 'Linked Business', { address: 'Linked Street 1' });

    await page.goto('/businesses?create=true');
    await expect(page).toHaveURL(/\/settings\?section=business&create=true$/);
    await expect(createDialog(page)).toBeVisible();
    await createDialog(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/settings\?section=business$/);
    await expect(card(page, 'Linked Business')).toBeVisible();

    await page.goto(`/businesses/${business.id}`);
    await expect(page).toHaveURL(new RegExp(`/settings\\?section=business&edit=${business.id}$`));
    const modal = editDialog(page);
    await expect(modal.getByLabel('Address', { exact: true })).toHaveValue('Linked Street 1');
    await modal.getByLabel('Business name').fill('Linked Business Renamed');
    await modal.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Business "Linked Business Renamed" has been updated successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/settings\?section=business$/);
    await expect(card(page, 'Linked Business Renamed')).toBeVisible();

    await page.goto('/businesses');
    await expect(page).toHaveURL(/\/settings\?section=business$/);

    await page.goto('/businesses/00000000-0000-4000-8000-000000000000');
    await expect(toast(page, 'Business not found')).toBeVisible();
    await expect(page).toHaveURL(/\/settings\?section=business$/);
    await expect(editDialog(page)).toBeHidden();
  });

  test('bank details for the SEPA QR: a bad IBAN refused inline, a good one saved, shown and printed', async ({
    page,
    browser,
  }) => {
    await signedInAccount(page);
    await openSection(page);
    await section(page).getByRole('button', { name: 'Add Your First Business' }).click();
    const modal = createDialog(page);
    const bank = modal.getByRole('group', { name: 'Bank details for SEPA QR' });
    const iban = bank.getByLabel('IBAN', { exact: true });
    const bic = bank.getByLabel('BIC', { exact: true });
    await modal.getByLabel('Business name').fill('Euro Studio');
    await modal.getByLabel('Email').fill('billing@euro.example');
    await iban.fill('DE89 3704 0044 0532 0130 01');
    await bic.fill('COBADEF');
    let posted = false;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/businesses')) posted = true;
    });
    await modal.getByRole('button', { name: 'Create Business' }).click();
    await expect(bank.getByText('IBAN is not valid: check the digits.')).toBeVisible();
    await expect(bank.getByText('BIC is not valid: a BIC has 8 or 11 letters and digits.')).toBeVisible();
    await expect(iban).toHaveAttribute('aria-invalid', 'true');
    await iban.fill('DE89 3704 0044 0532 0130');
    await modal.getByRole('button', { name: 'Create Business' }).click();
    await expect(
      bank.getByText('IBAN is not valid: an IBAN from DE has 22 characters, this one has 20.'),
    ).toBeVisible();
    expect(posted).toBe(false);

    await iban.fill('de89 3704 0044 0532 0130 00');
    await expect(bank.getByText(/IBAN is not valid/)).toBeHidden();
    await bic.fill('cobadeffxxx');
    await bank.getByLabel('Account holder').fill('Ada Lovelace');
    await modal.getByRole('button', { name: 'Create Business' }).click();
    await expect(toast(page, 'Business "Euro Studio" has been created successfully')).toBeVisible();
    await expect(modal).toBeHidden();
    const created = card(page, 'Euro Studio');
    await expect(created).toContainText('IBAN: DE89 3704 0044 0532 0130 00');
    await expect(created).toContainText('BIC: COBADEFFXXX');

    await created.getByRole('button', { name: 'Edit Euro Studio' }).click();
    const edit = editDialog(page);
    await expect(edit.getByLabel('IBAN', { exact: true })).toHaveValue('DE89 3704 0044 0532 0130 00');
    await expect(edit.getByLabel('BIC', { exact: true })).toHaveValue('COBADEFFXXX');
    await expect(edit.getByLabel('Account holder')).toHaveValue('Ada Lovelace');
    await edit.getByRole('button', { name: 'Cancel' }).click();

    // Stored compact; a EUR invoice from the business carries the code in its PDF.
    const listed = (await (await page.request.get('/api/businesses')).json()) as {
      businesses: Array<ApiBusiness & { iban: string; bic: string }>;
    };
    expect(listed.businesses).toEqual([
      expect.objectContaining({ name: 'Euro Studio', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' }),
    ]);
    const saved = await page.request.post('/api/invoices', {
      data: {
        business_id: listed.businesses[0]!.id,
        currency: 'EUR',
        data: {
          from: 'Euro Studio',
          to: 'A Client',
          items: [{ id: 'i1', name: 'Work', quantity: 2, unit_cost: 60 }],
          invoice_number: 'EU-1',
          issued_date: '2026-01-05',
          due_date: '2026-01-12',
          currency: 'EUR',
        },
      },
    });
    expect(saved.status(), await saved.text()).toBe(201);
    const { id } = (await saved.json()) as { id: string };
    const pdf = await page.request.get(`/api/invoices/${id}/pdf`);
    expect(pdf.status()).toBe(200);
    const { text } = await extractText(new Uint8Array(await pdf.body()), { mergePages: true });
    expect(text).toContain('Scan to pay with your banking app');
    expect(text).toContain('Amount: €120.00');
    expect(text).toContain('Reference: EU-1');

    // The invoice's public page, in a browser with nothing of the owner's, shows the same code under the payment
    // details, and a banking app reading it gets the EPC069-12 fields.
    const shared = await page.request.post(`/api/invoices/${id}/share`);
    expect(shared.status()).toBe(201);
    const { url } = (await shared.json()) as { url: string };
    const guest = await browser.newContext();
    try {
      const client = await guest.newPage();
      await client.goto(new URL(url).pathname);
      const code = client.getByTestId('public-payment-qr');
      await expect(code).toBeVisible();
      await expect(code).toHaveAttribute(
        'alt',
        'SEPA payment QR code: €120.00 to DE89 3704 0044 0532 0130 00, reference EU-1',
      );
      await expect(client.getByRole('region', { name: 'Pay by bank transfer' })).toContainText('Ada Lovelace');
      const pixels = await code.evaluate(async (image: HTMLImageElement) => {
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = 400;
        canvas.height = 400;
        const context = canvas.getContext('2d')!;
        context.fillStyle = '#fff';
        context.fillRect(0, 0, 400, 400);
        context.drawImage(image, 0, 0, 400, 400);
        return Array.from(context.getImageData(0, 0, 400, 400).data);
      });
      const scanned = jsQR(Uint8ClampedArray.from(pixels), 400, 400);
      expect(scanned?.data.split('\n')).toEqual([
        'BCD',
        '002',
        '1',
        'SCT',
        'COBADEFFXXX',
        'Ada Lovelace',
        'DE89370400440532013000',
        'EUR120.00',
        '',
        '',
        'EU-1',
      ]);
    } finally {
      await guest.close();
    }
  });

  test('axe: the grid, the modal with errors and the confirmation', async ({ page }) => {
    test.setTimeout(90_000); // three full audits on a shared machine
    await signedInAccount(page);
    await createBusiness(page, 'Audited Co', { tax_id: 'AX-1', phone: '555-0101', address: 'Audit Lane' });
    await openSection(page);
    await expect(card(page, 'Audited Co')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await addButton(page).click();
    await createDialog(page).getByRole('button', { name: 'Create Business' }).click();
    await expect(createDialog(page).getByText('Business name is required')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await createDialog(page).getByRole('button', { name: 'Cancel' }).click();

    await card(page, 'Audited Co').getByRole('button', { name: 'Delete Audited Co' }).click();
    await expect(confirmDialog(page)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe('mobile', { tag: '@mobile' }, () => {
  test('the grid on a phone: add, edit, touch targets, axe', async ({ page }) => {
    test.setTimeout(60_000);
    await signedInAccount(page);
    await openSection(page);
    await expect(section(page).getByText('No businesses added yet')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await addButton(page).click();
    const modal = createDialog(page);
    await modal.getByLabel('Business name').fill('Pocket Studio');
    await modal.getByLabel('Email').fill('hi@pocket.example');
    await modal.getByRole('button', { name: 'Create Business' }).click();
    await expect(toast(page, 'Business "Pocket Studio" has been created successfully')).toBeVisible();
    await expect(card(page, 'Pocket Studio')).toContainText('0 invoices');

    const edit = card(page, 'Pocket Studio').getByRole('button', { name: 'Edit Pocket Studio' });
    expect((await edit.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    expect((await addButton(page).boundingBox())?.height).toBeGreaterThanOrEqual(44);
    await edit.click();
    await editDialog(page).getByLabel('Phone').fill('07700 900000');
    await editDialog(page).getByRole('button', { name: 'Save Changes' }).click();
    await expect(card(page, 'Pocket Studio')).toContainText('07700 900000');

    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
    expect(await seriousViolations(page)).toEqual([]);
  });
});
