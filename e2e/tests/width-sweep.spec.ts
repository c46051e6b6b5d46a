import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { createAccount } from './support/accounts';
import { invoiceData, utcDate } from './support/invoices';

/**
 * Every page of the app at every width from a small phone to a wide desktop (issue 14): an account
 * holding long, unbreakable text (names and e-mails without spaces, long addresses) and 1,000,000.00
 * amounts in several currencies, and for each width one browser context that visits the signed-out
 * pages, then signs in and visits every signed-in page. On each page:
 *   (a) nothing scrolls sideways: the document is no wider than the window, and no element sticks out
 *       of the window unless a container that scrolls or clips sideways holds it;
 *   (b) no action is cut off: every visible link, button, tab, checkbox and field lies wholly inside
 *       the window and inside every ancestor that clips it (the Actions column of a table in a
 *       scrolling box, a tab strip that scrolls);
 *   (c) no amount is cut short: no text holding a figure like 1,000,000.00 ends in an ellipsis or is
 *       clipped by its own box (a name may be shortened; a sum of money may not).
 * The failures of one width are gathered and reported together, page by page.
 */

const WIDTHS = [320, 375, 768, 800, 900, 1024, 1300, 1440, 1920];

const LONG = {
  first: 'Maximiliane-Alexandrina',
  last: 'Wolfeschlegelsteinhausenbergerdorff',
  business: {
    name: 'Internationale Präzisionsinstrumentenmanufaktur Oberschwaben-Bodensee GmbH & Co. KG',
    email: 'buchhaltung.rechnungseingang.zentrale@praezisionsinstrumentenmanufaktur-oberschwaben.example',
    phone: '+49 7541 123456789 ext. 12345',
    address:
      'Hauptverwaltungsgebäude Nord, Industriestraßenkreuzungsbereich 1234567, 88045 Friedrichshafen-Ailingen-Berg, Deutschland',
    tax_id: 'DE123456789-USTIDNR-0000000000000000000000000001',
    // The e-invoice details, so the edit form opens with that section unfolded (ADR 72).
    street: 'Industriestraßenkreuzungsbereichsverwaltungsgebäude 1234567',
    postcode: '88045',
    city: 'Friedrichshafen-Ailingen-Berg',
    country: 'DE',
    vat_id: 'DE123456789',
    endpoint_id: 'buchhaltung.rechnungseingang.zentrale@praezisionsinstrumentenmanufaktur-oberschwaben.example',
    endpoint_scheme: 'EM',
  },
  clients: [
    {
      name: 'Donaudampfschifffahrtselektrizitätenhauptbetriebswerkbauunterbeamtengesellschaft',
      email: 'accounts.payable.international.department@donaudampfschifffahrtsgesellschaft.example',
      phone: '+43 1 234567890123',
      address: 'Schiffsanlegestellenverwaltungsgebäude 99, 1020 Wien, Österreich',
      country: 'AT',
      vat_id: 'ATU12345678',
      buyer_reference: '991-0123456789012345678901234567890-12',
    },
    {
      name: 'Pneumonoultramicroscopicsilicovolcanoconiosis Research Laboratories International',
      email: 'invoices-and-receivables-team-emea-apac@pneumonoultramicroscopic-research.example',
      phone: '+1 555 0100 0199',
      address: '1 Extraordinarilylongstreetnamewithoutanyspaces Boulevard, Springfield, IL 62704',
    },
    {
      name: 'Café Lumière SARL',
      email: 'comptabilite.fournisseurs.service.facturation@cafe-lumiere-paris-montmartre.example',
      phone: '',
      address: '12 rue des Abbesses, 75018 Paris',
    },
  ],
};

/** 1,000,000.00 (or ¥1,000,000) in six currencies, spread over the clients and the statuses. */
const INVOICES: { currency: string; symbol: string; label: string; status: 'draft' | 'sent' | 'paid' }[] = [
  { currency: 'GBP', symbol: '£', label: 'British Pound (£)', status: 'sent' },
  { currency: 'EUR', symbol: '€', label: 'Euro (€)', status: 'paid' },
  { currency: 'USD', symbol: '$', label: 'US Dollar ($)', status: 'draft' },
  { currency: 'CHF', symbol: 'CHF', label: 'Swiss Franc (CHF)', status: 'sent' },
  { currency: 'MXN', symbol: 'Mex$', label: 'Mexican Peso (Mex$)', status: 'paid' },
  { currency: 'JPY', symbol: '¥', label: 'Japanese Yen (¥)', status: 'draft' },
];

interface Seed {
  /** The signed-in session's cookies, added to each width's context once its signed-out pages are seen. */
  cookies: Awaited<ReturnType<APIRequestContext['storageState']>>['cookies'];
  invoiceId: string;
  clientId: string;
  businessId: string;
}

async function seed(request: APIRequestContext): Promise<Seed> {
  const account = await createAccount(request, LONG.first, LONG.last);
  const signIn = await request.post('/api/auth/signin', { data: { email: account.email, password: account.password } });
  expect(signIn.status(), await signIn.text()).toBe(200);
  const post = async <T>(url: string, data: unknown): Promise<T> => {
    const response = await request.post(url, { data });
    expect(response.status(), await response.text()).toBe(201);
    return (await response.json()) as T;
  };
  const { business } = await post<{ business: { id: string } }>('/api/businesses', LONG.business);
  const clients: { id: string; name: string; email: string; address: string }[] = [];
  for (const client of LONG.clients)
    clients.push((await post<{ client: (typeof clients)[number] }>('/api/clients', client)).client);

  const from = `${LONG.business.name}\n${LONG.business.address}\n${LONG.business.email}\n${LONG.business.tax_id}`;
  const ids: string[] = [];
  for (const [index, invoice] of INVOICES.entries()) {
    const client = clients[index % clients.length]!;
    const data = invoiceData({
      from,
      to: `${client.name}\n${client.address}\n${client.email}`,
      items: [
        {
          id: 'big',
          name: 'Hochpräzisionsmessgerätekalibrierungsdienstleistungen (annual framework agreement)',
          description: 'Kalibrierungsprotokollerstellungsverfahren according to ISO/IEC 17025:2017, all sites',
          showDesc: true,
          quantity: 1,
          unit_cost: 1_000_000,
        },
      ],
      // One number as long as a real reference gets; the rest in the usual style.
      invoice_number:
        index === 0 ? 'ACME-EUROPE-2026-Q4-HOCHPRAEZISION-000123' : `INV-2026-${String(index + 1).padStart(6, '0')}`,
      issued_date: utcDate(-index),
      due_date: utcDate(30 - index),
      payment_details: 'IBAN DE89370400440532013000 · BIC COBADEFFXXX · Verwendungszweck: Rechnungsnummer angeben',
      show_tax: false,
      show_discount: false,
      show_shipping: false,
      // Whole units, which JPY requires even where hidden (ADR 59).
      shipping_amount: 0,
      currency: invoice.currency,
      currency_symbol: invoice.symbol,
      currency_label: invoice.label,
    });
    const saved = await post<{ id: string }>('/api/invoices', {
      client_id: client.id,
      business_id: business.id,
      data,
      issued_date: data.issued_date,
      due_date: data.due_date,
      status: 'draft',
      currency: invoice.currency,
    });
    if (invoice.status !== 'draft') {
      const status = await request.put(`/api/invoices/${saved.id}/status`, { data: { status: invoice.status } });
      expect(status.status(), await status.text()).toBe(200);
    }
    ids.push(saved.id);
  }
  const { cookies } = await request.storageState();
  return { cookies, invoiceId: ids[0]!, clientId: clients[0]!.id, businessId: business.id };
}

interface Visit {
  name: string;
  path: string;
  /** Waits until the page shows what it is about (its data loaded, its dialog open). */
  ready: (page: Page) => Promise<void>;
}

const heading = (text: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole('heading', { level: 1, name: text }).first()).toBeVisible();
};
const showsText = (text: string) => async (page: Page) => {
  await expect(page.getByText(text, { exact: false }).first()).toBeVisible();
};
const dialog = (name: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole('dialog', { name })).toBeVisible();
};

const client = LONG.clients[0]!;

const SIGNED_OUT: Visit[] = [
  { name: 'landing', path: '/', ready: heading('A simpler way to invoice') },
  { name: 'auth', path: '/auth', ready: heading(/./) },
  { name: 'privacy policy', path: '/privacy-policy', ready: heading(/Privacy/) },
  { name: 'terms of service', path: '/terms-of-service', ready: heading(/Terms/) },
  { name: 'not found', path: '/no/such/page', ready: heading('Page not found') },
  { name: 'forgot password', path: '/reset-password', ready: heading('Reset your password') },
  { name: 'reset link not valid', path: '/reset-password?token=x', ready: heading('This link cannot be used') },
  { name: 'verification link not valid', path: '/verify-email?token=x', ready: heading('This link cannot be used') },
  { name: 'guest editor', path: '/new', ready: heading(/./) },
  { name: 'sign-in dialog over a protected page', path: '/dashboard', ready: dialog(/./) },
];

function signedIn(data: Seed): Visit[] {
  return [
    { name: 'editor', path: '/new', ready: heading(/./) },
    { name: 'invoices', path: '/invoices', ready: showsText(client.name) },
    { name: 'invoice detail', path: `/invoice/${data.invoiceId}`, ready: showsText(client.email) },
    { name: 'clients', path: '/clients', ready: showsText(client.email) },
    { name: 'client form (new)', path: '/clients/new', ready: dialog(/client/i) },
    { name: 'client form (edit)', path: `/clients/edit/${data.clientId}`, ready: dialog(/client/i) },
    {
      name: 'clients import (mapping)',
      path: '/clients',
      ready: async (page) => {
        await showsText(client.email)(page);
        await page.getByRole('button', { name: 'Import', exact: true }).click();
        const csv = `Company name,E-mail,Street,City\n${client.name},${client.email},"${client.address.replaceAll('\n', ' ')}",Town\n`;
        await page
          .getByLabel('CSV file')
          .setInputFiles({ name: 'c.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
        await expect(page.getByText('will be imported')).toBeVisible();
      },
    },
    {
      name: 'invoices import',
      path: '/invoices',
      ready: async (page) => {
        await showsText(client.name)(page);
        await page.getByRole('button', { name: 'Import', exact: true }).click();
        await expect(page.getByRole('dialog', { name: 'Import invoices' })).toBeVisible();
      },
    },
    { name: 'businesses', path: '/businesses', ready: showsText(LONG.business.email) },
    { name: 'business form (edit)', path: `/businesses/${data.businessId}`, ready: dialog(/business/i) },
    { name: 'dashboard', path: '/dashboard', ready: showsText('INV-2026-') },
    { name: 'notifications', path: '/notifications', ready: showsText(client.name) },
    { name: 'support', path: '/support', ready: heading('Contact support') },
    { name: 'settings: profile', path: '/settings?section=profile', ready: showsText(LONG.last) },
    { name: 'settings: sessions', path: '/settings?section=sessions', ready: showsText('Sign out all other sessions') },
    { name: 'settings: reminders', path: '/settings?section=reminders', ready: showsText('Save reminders') },
    {
      name: 'verification link not valid, signed in',
      path: '/verify-email?token=x',
      ready: showsText('Send a new link'),
    },
    { name: 'settings: templates', path: '/settings?section=templates', ready: showsText('Modern') },
    { name: 'settings: businesses', path: '/settings?section=business', ready: showsText(LONG.business.email) },
    { name: 'settings: billing', path: '/settings?section=billing', ready: heading('Settings') },
  ];
}

/**
 * Runs in the page: what sticks out of the window, and which actions are cut off. Elements are
 * described by tag, role or name and a bit of text so a failure says where to look.
 */
function measure(): {
  documentWidth: number;
  windowWidth: number;
  overflowing: string[];
  clipped: string[];
  cutAmounts: string[];
} {
  const windowWidth = window.innerWidth;
  const viewportWidth = document.documentElement.clientWidth;
  const slack = 1;
  const describe = (element: Element) => {
    const label =
      element.getAttribute('aria-label') ??
      element.getAttribute('name') ??
      (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
    const rect = element.getBoundingClientRect();
    const id = element.getAttribute('data-testid') ?? element.getAttribute('role') ?? '';
    return `<${element.tagName.toLowerCase()}${id ? ` ${id}` : ''}> "${label}" x ${Math.round(rect.left)}..${Math.round(rect.right)}`;
  };
  const visible = (element: Element) => {
    const rect = element.getBoundingClientRect();
    if (rect.width <= 1 || rect.height <= 1) return false;
    const style = getComputedStyle(element);
    return style.visibility !== 'hidden' && style.display !== 'none' && Number(style.opacity) > 0;
  };
  const clipsX = (style: CSSStyleDeclaration) => style.overflowX !== 'visible';
  const clipsY = (style: CSSStyleDeclaration) => style.overflowY === 'hidden' || style.overflowY === 'clip';

  /** The ancestors that clip an element's box: for a fixed box none, for an absolute one those from its containing block up. */
  function* clippingAncestors(element: Element): Generator<Element> {
    let position = getComputedStyle(element).position;
    let current = element.parentElement;
    while (current && current !== document.documentElement && current !== document.body) {
      const style = getComputedStyle(current);
      if (position === 'fixed') return;
      const containing = position !== 'absolute' || style.position !== 'static' || style.transform !== 'none';
      if (containing) {
        if (clipsX(style) || clipsY(style)) yield current;
        position = style.position;
      }
      current = current.parentElement;
    }
  }

  const overflowing: string[] = [];
  for (const element of document.body.querySelectorAll('*')) {
    if (!visible(element)) continue;
    const rect = element.getBoundingClientRect();
    if (rect.left >= -slack && rect.right <= viewportWidth + slack) continue;
    let held = false;
    for (const ancestor of clippingAncestors(element)) {
      if (clipsX(getComputedStyle(ancestor))) held = true;
    }
    if (!held) overflowing.push(describe(element));
  }

  const clipped: string[] = [];
  const actions = document.body.querySelectorAll(
    'a[href], button, [role="button"], [role="tab"], [role="checkbox"], [role="combobox"], [role="menuitem"], input:not([type="hidden"]), select, textarea',
  );
  for (const element of actions) {
    // Behind an open modal (hidden from assistive technology, or inert) nothing can be used anyway.
    if (!visible(element) || element.closest('[aria-hidden="true"], [inert]')) continue;
    const rect = element.getBoundingClientRect();
    let why = '';
    if (rect.left < -slack || rect.right > viewportWidth + slack) why = 'outside the window';
    else {
      for (const ancestor of clippingAncestors(element)) {
        const style = getComputedStyle(ancestor);
        const box = ancestor.getBoundingClientRect();
        const left = box.left + ancestor.clientLeft;
        const top = box.top + ancestor.clientTop;
        const outX = clipsX(style) && (rect.left < left - slack || rect.right > left + ancestor.clientWidth + slack);
        const outY = clipsY(style) && (rect.top < top - slack || rect.bottom > top + ancestor.clientHeight + slack);
        if (outX || outY) {
          why = `cut off by ${describe(ancestor)}`;
          break;
        }
      }
    }
    if (why) clipped.push(`${describe(element)}: ${why}`);
  }
  const cutAmounts: string[] = [];
  const amount = /\d{1,3}(,\d{3})+(\.\d+)?|\d\.\d{2}\b/;
  for (const element of document.body.querySelectorAll('*')) {
    if (!visible(element) || !amount.test(element.textContent ?? '')) continue;
    const style = getComputedStyle(element);
    // A box that scrolls sideways on purpose shows the rest when scrolled; one that clips does not.
    if (style.overflowX !== 'hidden' && style.overflowX !== 'clip') continue;
    // Its text laid out beyond its box on either side (an ellipsis, or a figure pushed out to the left).
    const range = document.createRange();
    range.selectNodeContents(element);
    const text = range.getBoundingClientRect();
    const box = element.getBoundingClientRect();
    const left = box.left + element.clientLeft;
    const cut = text.left < left - slack || text.right > left + element.clientWidth + slack;
    if (cut || element.scrollWidth > element.clientWidth + slack) cutAmounts.push(describe(element));
  }
  return {
    documentWidth: document.documentElement.scrollWidth,
    windowWidth,
    overflowing: [...new Set(overflowing)].slice(0, 12),
    clipped: [...new Set(clipped)].slice(0, 12),
    cutAmounts: [...new Set(cutAmounts)].slice(0, 12),
  };
}

async function check(page: Page, visit: Visit, width: number): Promise<string[]> {
  const result = await page.evaluate(measure);
  const problems: string[] = [];
  const where = `${width}px ${visit.name} (${visit.path})`;
  if (result.documentWidth > result.windowWidth)
    problems.push(`${where}: the page is ${result.documentWidth}px wide in a ${result.windowWidth}px window`);
  for (const element of result.overflowing) problems.push(`${where}: sticks out of the window: ${element}`);
  for (const element of result.clipped) problems.push(`${where}: action cut off: ${element}`);
  for (const element of result.cutAmounts) problems.push(`${where}: amount cut short: ${element}`);
  return problems;
}

async function sweep(browser: Browser, baseURL: string, data: Seed, width: number): Promise<string[]> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width, height: 900 },
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  const problems: string[] = [];
  const visit = async (target: Visit) => {
    await page.goto(target.path);
    await target.ready(page);
    problems.push(...(await check(page, target, width)));
  };
  try {
    for (const target of SIGNED_OUT) await visit(target);

    await context.addCookies(data.cookies);
    for (const target of signedIn(data)) await visit(target);

    // The editor holding the invoice (Edit Invoice on its page), then its To picker open.
    const editor: Visit = {
      name: 'editor editing an invoice',
      path: `/invoice/${data.invoiceId}`,
      ready: async () => {},
    };
    await page.goto(editor.path);
    await page.getByRole('button', { name: 'Edit Invoice' }).click();
    await expect(page.getByRole('combobox', { name: 'To', exact: true })).toHaveValue(new RegExp(client.name));
    problems.push(...(await check(page, editor, width)));
    await page.getByRole('combobox', { name: 'To', exact: true }).fill('');
    await expect(page.getByRole('listbox', { name: 'To suggestions' }).getByText(client.email)).toBeVisible();
    problems.push(...(await check(page, { ...editor, name: 'editor with the client picker open' }, width)));

    // The account's own menu: the avatar menu from 768 px, the menu panel under it.
    const menus: Visit = { name: 'account menu', path: '/invoices', ready: showsText(client.name) };
    await page.goto(menus.path);
    await menus.ready(page);
    if (width >= 768) {
      await page.getByRole('button', { name: 'Account menu' }).click();
      await expect(page.getByRole('menu')).toBeVisible();
    } else {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    }
    problems.push(...(await check(page, menus, width)));
  } finally {
    await context.close();
  }
  return problems;
}

test.describe('every page at every width', () => {
  // One seeded account for all widths; each width is its own test so a failure names its width.
  let data: Seed;
  test.beforeAll(async ({ playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL });
    data = await seed(request);
    await request.dispose();
  });

  for (const width of WIDTHS) {
    test(`${width}px: nothing scrolls sideways and no action is cut off @desktop`, async ({ browser, baseURL }) => {
      test.setTimeout(120_000);
      const problems = await sweep(browser, baseURL!, data, width);
      expect(problems, problems.join('\n')).toEqual([]);
    });
  }
});
