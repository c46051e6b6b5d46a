import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signedInAccount } from './support/accounts';
import { seriousViolations } from './support/axe';
import { pdfAttachments } from './support/pdf-attachments';

/**
 * The editor's "E-invoice details" and "Download e-invoice" (issue 17): a guest fills the structured parties, the bank
 * account and a line at the standard 19 % and downloads a Factur-X PDF with its factur-x.xml; a missing VAT number is
 * shown on its field, and once given the XRechnung downloads; an IBAN the route refuses and a tax in a fixed amount
 * are shown on their fields too; a saved invoice with e-invoice details set through the
 * API keeps them when saved from the editor. A signed-in user's saved client and business fill the buyer and the
 * seller when chosen, and a new invoice takes "Apply discounts before tax" from the account.
 */

const FACTURX = 'Factur-X / ZUGFeRD (PDF)';
const XML_FORMAT = 'XRechnung (UBL)';

const field = (page: Page | Locator, label: string) => page.getByLabel(label, { exact: true });
const seller = (page: Page) => page.getByRole('group', { name: 'You (seller)' });
const buyer = (page: Page) => page.getByRole('group', { name: 'Your client (buyer)' });
const detailsButton = (page: Page) => page.getByRole('button', { name: 'E-invoice details' });

test.beforeEach(async ({ page, isMobile }) => {
  // The server's first e-invoice starts the rules' thread, which loads the compiled rules (seconds on a busy machine).
  test.setTimeout(120_000);
  await page.setViewportSize(isMobile ? { width: 320, height: 740 } : { width: 1280, height: 900 });
});

async function fillInvoice(page: Page) {
  await page.goto('/new');
  await expect(page.getByTestId('invoice-editor')).toBeVisible();
  await field(page, 'Invoice Number').fill('RE-2026-17');
  await field(page, 'From').fill('Muster GmbH\nHauptstr. 1\n10115 Berlin');
  await field(page, 'To').fill('Kunde AG\nRing 5\n80331 München');
  await field(page, 'Item 1 name').fill('Consulting');
  await field(page, 'Item 1 quantity').fill('2');
  await field(page, 'Item 1 rate').fill('100');
}

/** Everything an XRechnung needs; the seller's VAT number only when given. */
async function fillDetails(page: Page, sellerVat: string | null) {
  await expect(detailsButton(page)).toHaveAttribute('aria-expanded', 'false');
  await expect(seller(page)).toBeHidden();
  await detailsButton(page).click();
  await expect(detailsButton(page)).toHaveAttribute('aria-expanded', 'true');
  // The names start as the first lines of From and To.
  await expect(field(seller(page), 'Name')).toHaveValue('Muster GmbH');
  await expect(field(buyer(page), 'Name')).toHaveValue('Kunde AG');
  const you = seller(page);
  await field(you, 'Street').fill('Hauptstr. 1');
  await field(you, 'Postcode').fill('10115');
  await field(you, 'City').fill('Berlin');
  await field(you, 'Country').selectOption('DE');
  if (sellerVat) await field(you, 'VAT number').fill(sellerVat);
  await field(you, 'E-mail').fill('rechnung@muster.example');
  await field(you, 'Contact name').fill('Erika Muster');
  await field(you, 'Phone').fill('+49 30 123456');
  const client = buyer(page);
  await field(client, 'Street').fill('Ring 5');
  await field(client, 'Postcode').fill('80331');
  await field(client, 'City').fill('München');
  await field(client, 'Country').selectOption('DE');
  await field(client, 'Buyer reference (Leitweg-ID)').fill('04011000-12345-03');
  await field(page, 'IBAN').fill('DE89 3704 0044 0532 0130 00');
  await page.getByRole('switch', { name: 'VAT per line' }).click();
  await expect(field(page, 'Item 1 VAT category')).toHaveValue('S');
  await field(page, 'Item 1 VAT rate (%)').fill('19');
  // The tax is the breakdown of the one totals function.
  await expect(page.getByTestId('invoice-vat-breakdown')).toContainText('VAT 19 %');
  await expect(page.getByTestId('invoice-vat-breakdown')).toContainText('€38.00');
  await expect(page.getByTestId('invoice-total')).toHaveText('€238.00');
}

async function chooseFormat(page: Page, label: string) {
  await page.getByRole('button', { name: 'Download e-invoice' }).click();
  await page.getByRole('list', { name: 'E-invoice formats' }).getByRole('button', { name: label }).click();
}

test('a guest fills the e-invoice details and downloads a Factur-X PDF', async ({ page, isMobile }) => {
  await fillInvoice(page);
  await fillDetails(page, 'DE123456789');
  // Fits the width with the section open and VAT on the line: the phone's 320 px, and on the desktop run the widths
  // where the form's columns and the item rows change layout.
  const widths = isMobile ? [page.viewportSize()!.width] : [375, 640, 767, 768, 1024, 1280];
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await expect(field(page, 'Item 1 VAT rate (%)')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${width} px`).toBeLessThanOrEqual(width);
  }
  expect(await seriousViolations(page)).toEqual([]);

  const download = page.waitForEvent('download');
  const request = page.waitForRequest((sent) => sent.url().includes('/generate-invoice?format='));
  await chooseFormat(page, FACTURX);
  expect((await request).method()).toBe('POST');
  const file = await download;
  expect(file.suggestedFilename()).toBe('RE-2026-17.pdf');
  const pdf = await readFile((await file.path())!);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  // The invoice as CII, attached under the name Factur-X prescribes.
  const attached = pdfAttachments(pdf);
  expect([...attached.keys()]).toEqual(['factur-x.xml']);
  const xml = attached.get('factur-x.xml')!;
  expect(xml).toContain('<rsm:CrossIndustryInvoice');
  expect(xml).toContain('<ram:Name>Kunde AG</ram:Name>');
  expect(xml).toContain('DE123456789');
  expect(xml).toContain('04011000-12345-03');
  await expect(page.getByTestId('editor-error')).toBeHidden();
});

test('a missing VAT number is shown on its field after trying to download', async ({ page }) => {
  await fillInvoice(page);
  await fillDetails(page, null);
  // Folded again: the problem opens the section by itself.
  await detailsButton(page).click();
  await expect(detailsButton(page)).toHaveAttribute('aria-expanded', 'false');

  const answer = page.waitForResponse((response) => response.url().includes('/generate-invoice?format='));
  await chooseFormat(page, XML_FORMAT);
  expect((await answer).status()).toBe(422);
  await expect(detailsButton(page)).toHaveAttribute('aria-expanded', 'true');
  const vat = field(seller(page), 'VAT number');
  await expect(vat).toHaveAttribute('aria-invalid', 'true');
  await expect(vat).toHaveAccessibleDescription('Add your VAT number or an exemption reason.');
  await expect(vat).toBeFocused();
  await expect(page.getByTestId('editor-error')).toContainText('cannot be made into a valid e-invoice yet');

  // Typing the number clears its message; the download then goes through.
  await vat.fill('DE123456789');
  await expect(vat).not.toHaveAttribute('aria-invalid', 'true');
  const download = page.waitForEvent('download');
  await chooseFormat(page, XML_FORMAT);
  const file = await download;
  expect(file.suggestedFilename()).toBe('RE-2026-17.xml');
  const xml = await readFile((await file.path())!, 'utf8');
  expect(xml).toContain('<cbc:RegistrationName>Kunde AG</cbc:RegistrationName>');
  expect(xml).toContain('DE123456789');
});

test('an IBAN the route refuses (400) is shown on the IBAN field, not only in the banner', async ({ page }) => {
  await fillInvoice(page);
  await fillDetails(page, 'DE123456789');
  const iban = field(page, 'IBAN');
  await iban.fill('DE00 1234 5678');
  await detailsButton(page).click();
  await expect(detailsButton(page)).toHaveAttribute('aria-expanded', 'false');

  const answer = page.waitForResponse((response) => response.url().includes('/generate-invoice?format='));
  await chooseFormat(page, XML_FORMAT);
  expect((await answer).status()).toBe(400);
  await expect(detailsButton(page)).toHaveAttribute('aria-expanded', 'true');
  await expect(iban).toHaveAttribute('aria-invalid', 'true');
  await expect(iban).toHaveAccessibleDescription(/IBAN/);
  await expect(iban).toBeFocused();
  // Placed on its field, the message is not repeated in the banner.
  await expect(page.getByTestId('editor-error')).toBeHidden();

  await iban.fill('DE89 3704 0044 0532 0130 00');
  await expect(iban).not.toHaveAttribute('aria-invalid', 'true');
  const download = page.waitForEvent('download');
  await chooseFormat(page, XML_FORMAT);
  expect((await download).suggestedFilename()).toBe('RE-2026-17.xml');
});

test('a tax in a fixed amount is shown on the Tax row after trying to download', async ({ page }) => {
  await fillInvoice(page);
  await page.getByRole('switch', { name: 'Tax', exact: true }).click();
  await page.getByRole('group', { name: 'Tax type' }).getByText('Fixed', { exact: true }).click();
  await field(page, 'Tax amount').fill('10');
  const answer = page.waitForResponse((response) => response.url().includes('/generate-invoice?format='));
  await chooseFormat(page, XML_FORMAT);
  expect((await answer).status()).toBe(422);
  const tax = field(page, 'Tax amount');
  await expect(tax).toHaveAttribute('aria-invalid', 'true');
  await expect(tax).toHaveAccessibleDescription(/Give the tax as a percent/);
  await expect(tax).toBeFocused();
  // Back to a percent: the message goes with the fixed amount it was about.
  await page.getByRole('group', { name: 'Tax type' }).getByText('%', { exact: true }).click();
  await expect(field(page, 'Tax rate (%)')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(/Give the tax as a percent/)).toBeHidden();
});

test('@desktop a saved invoice with e-invoice details keeps them when saved from the editor, and downloads as stored', async ({
  page,
}) => {
  await signedInAccount(page);
  const details = {
    seller: {
      name: 'Muster GmbH',
      street: 'Hauptstr. 1',
      postcode: '10115',
      city: 'Berlin',
      country: 'DE',
      vat_id: 'DE123456789',
      email: 'rechnung@muster.example',
      contact_name: 'Erika Muster',
      phone: '+49 30 123456',
      endpoint_id: 'rechnung@muster.example',
      endpoint_scheme: 'EM',
    },
    buyer: {
      name: 'Kunde AG',
      street: 'Ring 5',
      postcode: '80331',
      city: 'München',
      country: 'DE',
      buyer_reference: '04011000-12345-03',
      company_id: 'HRB 999',
    },
    iban: 'DE89370400440532013000',
    bic: 'COBADEFFXXX',
    payment_instructions: 'Transfer within 30 days.',
  };
  const created = await page.request.post('/api/invoices', {
    data: {
      data: {
        from: 'Muster GmbH\nHauptstr. 1',
        to: 'Kunde AG\nRing 5',
        invoice_number: 'RE-7',
        issued_date: '2026-11-20',
        due_date: '2026-12-20',
        currency: 'EUR',
        items: [
          { name: 'Consulting', quantity: 2, unit_cost: 100, vat_category: 'S', vat_rate: 19 },
          {
            name: 'Training',
            quantity: 1,
            unit_cost: 50,
            vat_category: 'E',
            vat_exemption_reason: 'Article 132 VAT directive',
          },
        ],
        ...details,
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { invoice } = (await created.json()) as { invoice: { id: string } };

  await page.goto(`/invoice/${invoice.id}`);
  await page.getByRole('button', { name: 'Edit Invoice' }).click();
  await expect(page.getByTestId('edit-banner')).toContainText('Editing Invoice: RE-7');
  // The section opens by itself: the invoice has e-invoice details.
  await expect(detailsButton(page)).toHaveAttribute('aria-expanded', 'true');
  await expect(field(seller(page), 'VAT number')).toHaveValue('DE123456789');
  await expect(field(buyer(page), 'Buyer reference (Leitweg-ID)')).toHaveValue('04011000-12345-03');
  await expect(field(page, 'Item 2 VAT category')).toHaveValue('E');
  await expect(field(page, 'Item 2 VAT exemption reason')).toHaveValue('Article 132 VAT directive');
  await expect(page.getByTestId('invoice-total')).toHaveText('€288.00');

  // Unchanged, it is made from what is stored.
  const request = page.waitForRequest((sent) => sent.url().includes(`/api/invoices/${invoice.id}/einvoice?format=`));
  const download = page.waitForEvent('download');
  await chooseFormat(page, XML_FORMAT);
  expect((await request).method()).toBe('GET');
  expect((await download).suggestedFilename()).toBe('RE-7.xml');

  // A change elsewhere and Save: every e-invoice field is still there.
  await field(page, 'Terms').fill('Thank you');
  const put = page.waitForResponse((response) => response.request().method() === 'PUT');
  await page.getByRole('button', { name: 'Save Invoice' }).click();
  expect((await put).status()).toBe(200);
  const stored = await page.request.get(`/api/invoices/${invoice.id}`);
  const { data } = ((await stored.json()) as { invoice: { data: Record<string, unknown> } }).invoice;
  expect(data).toMatchObject({ ...details, terms: 'Thank you' });
  expect(data.items).toMatchObject([
    { vat_category: 'S', vat_rate: 19 },
    { vat_category: 'E', vat_rate: 0, vat_exemption_reason: 'Article 132 VAT directive' },
  ]);
});

/** A saved client or business made through the API, as the modals make them. */
async function createParty(page: Page, kind: 'clients' | 'businesses', data: Record<string, string>) {
  const response = await page.request.post(`/api/${kind}`, { data });
  expect(response.status(), await response.text()).toBe(201);
}

const picker = (page: Page, label: 'From' | 'To') => page.getByRole('combobox', { name: label, exact: true });

async function pickParty(page: Page, label: 'From' | 'To', name: string) {
  await picker(page, label).click();
  await page
    .getByRole('listbox', { name: `${label} suggestions` })
    .getByRole('option', { name: new RegExp(name) })
    .click();
}

test("a signed-in user's saved client and business fill the buyer and the seller when chosen", async ({ page }) => {
  await signedInAccount(page);
  await createParty(page, 'clients', {
    name: 'Kunde AG',
    email: 'rechnung@kunde.example',
    address: 'Ring 5\n80331 München',
    street: 'Ring 5',
    postcode: '80331',
    city: 'München',
    country: 'DE',
    vat_id: 'DE987654321',
    buyer_reference: '04011000-12345-03',
  });
  await createParty(page, 'clients', { name: 'Plain Ltd', email: 'plain@example.com' });
  await createParty(page, 'businesses', {
    name: 'Muster GmbH',
    email: 'billing@muster.example',
    iban: 'DE89 3704 0044 0532 0130 00',
    bic: 'COBADEFFXXX',
    city: 'Berlin',
    country: 'DE',
    vat_id: 'DE123456789',
  });

  await page.goto('/new');
  await expect(picker(page, 'To')).toBeVisible();
  await pickParty(page, 'To', 'Kunde AG');
  await expect(picker(page, 'To')).toHaveValue(/^Kunde AG\n/);
  // Folded as for anyone; opened, the buyer is the client's.
  await expect(detailsButton(page)).toHaveAttribute('aria-expanded', 'false');
  await detailsButton(page).click();
  const client = buyer(page);
  await expect(field(client, 'Name')).toHaveValue('Kunde AG');
  await expect(field(client, 'Country')).toHaveValue('DE');
  await expect(field(client, 'VAT number')).toHaveValue('DE987654321');
  await expect(field(client, 'City')).toHaveValue('München');
  await expect(field(client, 'Buyer reference (Leitweg-ID)')).toHaveValue('04011000-12345-03');
  await expect(field(seller(page), 'VAT number')).toHaveValue('');

  // The business fills the seller and the empty bank details; the client stays the buyer.
  await pickParty(page, 'From', 'Muster GmbH');
  await expect(field(seller(page), 'Name')).toHaveValue('Muster GmbH');
  await expect(field(seller(page), 'Country')).toHaveValue('DE');
  await expect(field(seller(page), 'VAT number')).toHaveValue('DE123456789');
  await expect(field(page, 'IBAN')).toHaveValue('DE89370400440532013000');
  await expect(field(page, 'BIC')).toHaveValue('COBADEFFXXX');
  await expect(field(client, 'VAT number')).toHaveValue('DE987654321');

  // Another client without e-invoice details: the first one's go (the name follows), what the user typed stays.
  await field(client, 'Region').fill('Bayern');
  await pickParty(page, 'To', 'Plain Ltd');
  await expect(picker(page, 'To')).toHaveValue(/^Plain Ltd\n/);
  await expect(field(client, 'Name')).toHaveValue('Plain Ltd');
  await expect(field(client, 'VAT number')).toHaveValue('');
  await expect(field(client, 'Country')).toHaveValue('');
  await expect(field(client, 'Region')).toHaveValue('Bayern');
});

test('@desktop a new invoice takes "Apply discounts before tax" from the account', async ({ page }) => {
  await signedInAccount(page);
  /** A fresh form with 100.00 at 10 % tax and a 10 % discount. */
  async function newInvoiceWithTaxAndDiscount() {
    await page.goto('/new');
    await expect(picker(page, 'To')).toBeVisible();
    await field(page, 'Item 1 name').fill('Consulting');
    await field(page, 'Item 1 rate').fill('100');
    await page.getByRole('switch', { name: 'Tax' }).click();
    await field(page, 'Tax rate (%)').fill('10');
    await page.getByRole('switch', { name: 'Discount' }).click();
    await field(page, 'Discount rate (%)').fill('10');
  }
  const beforeTax = page.getByRole('checkbox', { name: 'Apply discounts before tax' });

  // A new account has it on: the tax is 10 % of 90.00.
  await newInvoiceWithTaxAndDiscount();
  await expect(beforeTax).toBeChecked();
  await expect(page.getByTestId('invoice-tax-amount')).toHaveText('€9.00');
  await expect(page.getByTestId('invoice-total')).toHaveText('€99.00');

  // Turned off in the settings, the next new invoice (no draft) has it off: 10 % of 100.00.
  const defaults = (await (await page.request.get('/api/users/invoice-template')).json()).defaults;
  const put = await page.request.put('/api/users/invoice-template', {
    data: { ...defaults, discount_before_tax: false },
  });
  expect(put.status(), await put.text()).toBe(200);
  // Leaving the editor writes its draft; a new invoice is one without it.
  await page.goto('/invoices');
  await page.evaluate(() => localStorage.clear());
  await newInvoiceWithTaxAndDiscount();
  await expect(beforeTax).not.toBeChecked();
  await expect(page.getByTestId('invoice-tax-amount')).toHaveText('€10.00');
  await expect(page.getByTestId('invoice-total')).toHaveText('€100.00');
});
