import { invoiceDocumentInputSchema } from '@invoicer/domain/invoice-document';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestAccount } from '../../../test/accounts';
import { exportedZip } from '../../../test/account-export';
import { sharedTestApp, type TestApp } from '../../../test/app';
import { multipartForm } from '../../../test/upload-fixtures';
import { as, createInvoice, invoiceData, savedPayload } from '../../../test/invoice-fixtures';
import { pageTexts } from '../../pdf/pdf-test-fixtures';
import { renderInvoicePdf } from '../../pdf/render-invoice-pdf';

/** The document's language in the HTTP contract (docs/decisions/0061-the-document-language.md). */

const MESSAGE = 'Language must be a language tag such as de, fr-CA or ja';
const text = async (pdf: Uint8Array) => (await pageTexts(new Uint8Array(pdf))).join('\n');

describe('language on /generate-invoice and /preview-invoice', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await sharedTestApp();
  });

  it('prints the language the body names, exactly as the engine does; absent is English', async () => {
    const body = invoiceData({ language: 'de-ch' });
    const response = await t.app.inject({ method: 'POST', url: '/generate-invoice', payload: body });
    expect(response.statusCode, response.body).toBe(200);
    const document = invoiceDocumentInputSchema.parse(body);
    expect(document.language).toBe('de-CH');
    expect(Buffer.from(response.rawPayload).equals(Buffer.from(await renderInvoicePdf(document)))).toBe(true);
    expect(await text(response.rawPayload)).toContain('RECHNUNG');
    const english = await t.app.inject({ method: 'POST', url: '/generate-invoice', payload: invoiceData() });
    expect(await text(english.rawPayload)).toContain('INVOICE');
  });

  it.each([['klingon'], ['ru'], ['de-DE-x-private'], [42], [['de']]])(
    'refuses language %j with a 400 and the envelope',
    async (language) => {
      for (const url of ['/generate-invoice', '/preview-invoice']) {
        const response = await t.app.inject({ method: 'POST', url, payload: invoiceData({ language }) });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ success: false });
        expect(response.json().error).toContain(MESSAGE);
      }
    },
  );

  it('previews the language the body names', async () => {
    const preview = async (language: string | null) =>
      (await t.app.inject({ method: 'POST', url: '/preview-invoice', payload: invoiceData({ language }) })).rawPayload;
    expect((await preview('de')).equals(await preview(null))).toBe(false);
    expect((await preview('en')).equals(await preview(null))).toBe(true);
  });
});

describe('a saved invoice’s language and its client’s preferred language', () => {
  let t: TestApp, ada: TestAccount;
  beforeAll(async () => {
    t = await sharedTestApp();
    ada = await signUp(t.app);
  });

  const createClient = async (body: Record<string, unknown>) => {
    const response = await as(t.app, ada)({ method: 'POST', url: '/api/clients', payload: body });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().client as { id: string; preferred_language: string | null };
  };
  const pdf = async (id: string) =>
    text((await as(t.app, ada)({ method: 'GET', url: `/api/invoices/${id}/pdf` })).rawPayload);

  it('stores the language, answers it in the edit data and prints the stored invoice in it', async () => {
    const id = await createInvoice(t.app, ada, { invoice_number: 'L-1', language: 'FR' });
    const edit = (await as(t.app, ada)({ method: 'GET', url: `/api/invoices/${id}/edit` })).json();
    expect(edit.editData.data.language).toBe('fr');
    expect(await pdf(id)).toContain('FACTURE');
    const plain = await createInvoice(t.app, ada, { invoice_number: 'L-2' });
    const plainEdit = (await as(t.app, ada)({ method: 'GET', url: `/api/invoices/${plain}/edit` })).json();
    // Saved without one: fixed at English, the default of an account and a client that chose none (ADR 75).
    expect(plainEdit.editData.data.language).toBe('en');
    expect(await pdf(plain)).toContain('INVOICE');
  });

  it('refuses a save or an update with an unknown language and changes nothing', async () => {
    const response = await as(
      t.app,
      ada,
    )({
      method: 'POST',
      url: '/api/invoices',
      payload: savedPayload(ada, { invoice_number: 'L-BAD', language: 'xx' }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false });
    expect(response.json().error).toContain(MESSAGE);
    expect((await t.pool.query(`select 1 from invoices where invoice_number = 'L-BAD'`)).rows).toHaveLength(0);

    const id = await createInvoice(t.app, ada, { invoice_number: 'L-3', language: 'de' });
    const before = (await t.pool.query(`select data, updated_at from invoices where id = $1`, [id])).rows[0];
    const update = await as(
      t.app,
      ada,
    )({
      method: 'PUT',
      url: `/api/invoices/${id}`,
      payload: savedPayload(ada, { invoice_number: 'L-3', language: 'tlh' }),
    });
    expect(update.statusCode).toBe(400);
    expect((await t.pool.query(`select data, updated_at from invoices where id = $1`, [id])).rows[0]).toEqual(before);
  });

  it('a client has a preferred language: stored, answered, kept when left out, refused when unknown', async () => {
    const client = await createClient({
      name: 'Müller GmbH',
      email: 'buchhaltung@mueller.example',
      preferred_language: 'de-at',
    });
    expect(client.preferred_language).toBe('de-AT');
    const plain = await createClient({ name: 'Plain Ltd', email: 'plain@example.com' });
    expect(plain.preferred_language).toBeNull();

    const put = (body: Record<string, unknown>) =>
      as(t.app, ada)({ method: 'PUT', url: `/api/clients/${client.id}`, payload: body });
    const kept = await put({ name: 'Müller GmbH', email: 'buchhaltung@mueller.example' });
    expect(kept.json().client.preferred_language).toBe('de-AT');
    const bad = await put({ name: 'Renamed', email: 'buchhaltung@mueller.example', preferred_language: 'xx' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toContain(MESSAGE);
    const got = (await as(t.app, ada)({ method: 'GET', url: `/api/clients/${client.id}` })).json().client;
    expect(got).toMatchObject({ name: 'Müller GmbH', preferred_language: 'de-AT' });
    const cleared = await put({ name: 'Müller GmbH', email: 'buchhaltung@mueller.example', preferred_language: null });
    expect(cleared.json().client.preferred_language).toBeNull();
    expect(
      (await put({ name: 'Müller GmbH', email: 'buchhaltung@mueller.example', preferred_language: 'ja' })).statusCode,
    ).toBe(200);
    const list = (await as(t.app, ada)({ method: 'GET', url: '/api/clients' })).json().clients;
    expect(list.find((entry: { id: string }) => entry.id === client.id).preferred_language).toBe('ja');
  });

  it('an invoice that names no language prints in its saved client’s, and its own language wins', async () => {
    const client = await createClient({ name: 'Dupont SA', email: 'compta@dupont.example', preferred_language: 'fr' });
    const inherits = await createInvoice(t.app, ada, { invoice_number: 'L-4' }, { client_id: client.id });
    expect(await pdf(inherits)).toContain('FACTURE');
    const own = await createInvoice(t.app, ada, { invoice_number: 'L-5', language: 'es' }, { client_id: client.id });
    expect(await pdf(own)).toContain('FACTURA');
    // The embedded client carries it too.
    const invoice = (
      await as(t.app, ada)({ method: 'GET', url: `/api/invoices/${inherits}?include_client=true` })
    ).json();
    expect(invoice.invoice.client.preferred_language).toBe('fr');
  });
});

describe("a new invoice's language: its client's, else the account's, else English (ADR 75)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await sharedTestApp();
  });

  const setAccountLanguage = async (account: TestAccount, language: string | null) => {
    const response = await as(
      t.app,
      account,
    )({
      method: 'PUT',
      url: '/api/users/invoice-template',
      payload: { template: 'modern', accent_color: null, language },
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  const storedLanguage = async (id: string) =>
    (await t.pool.query(`select data->>'language' as language from invoices where id = $1`, [id])).rows[0].language;

  it('stamps the client’s language, else the account’s, and never overrides the invoice’s own', async () => {
    const ada = await signUp(t.app);
    await setAccountLanguage(ada, 'de');
    const french = await as(
      t.app,
      ada,
    )({
      method: 'POST',
      url: '/api/clients',
      payload: { name: 'Dupont SA', email: 'compta@dupont.example', preferred_language: 'fr' },
    });
    const plain = await as(
      t.app,
      ada,
    )({
      method: 'POST',
      url: '/api/clients',
      payload: { name: 'Plain Ltd', email: 'ap@plain.example' },
    });
    const frenchId = french.json().client.id as string;
    const plainId = plain.json().client.id as string;

    const noClient = await createInvoice(t.app, ada, { invoice_number: 'A-1' });
    expect(await storedLanguage(noClient)).toBe('de');
    const printed = await as(t.app, ada)({ method: 'GET', url: `/api/invoices/${noClient}/pdf` });
    expect(await text(printed.rawPayload)).toContain('RECHNUNG');
    expect(
      await storedLanguage(await createInvoice(t.app, ada, { invoice_number: 'A-2' }, { client_id: plainId })),
    ).toBe('de');
    expect(
      await storedLanguage(await createInvoice(t.app, ada, { invoice_number: 'A-3' }, { client_id: frenchId })),
    ).toBe('fr');
    const own = await createInvoice(t.app, ada, { invoice_number: 'A-4', language: 'ja' }, { client_id: frenchId });
    expect(await storedLanguage(own)).toBe('ja');

    // Fixed when made: a later change of the account's default does not reprint it.
    await setAccountLanguage(ada, 'sv');
    expect(await storedLanguage(noClient)).toBe('de');
    expect(await storedLanguage(await createInvoice(t.app, ada, { invoice_number: 'A-5' }))).toBe('sv');
    // An update that names none keeps none: the stored invoice prints as before (its client's, else English).
    const update = await as(
      t.app,
      ada,
    )({
      method: 'PUT',
      url: `/api/invoices/${noClient}`,
      payload: savedPayload(ada, { invoice_number: 'A-1', language: null }),
    });
    expect(update.statusCode, update.body).toBe(200);
    expect(await storedLanguage(noClient)).toBeNull();
  });

  it('another account’s client lends no language: the save is refused and nothing is written', async () => {
    const [ada, bob] = [await signUp(t.app), await signUp(t.app)];
    const bobs = await as(
      t.app,
      bob,
    )({
      method: 'POST',
      url: '/api/clients',
      payload: { name: 'Bob’s client', email: 'x@bob.example', preferred_language: 'ko' },
    });
    const response = await as(
      t.app,
      ada,
    )({
      method: 'POST',
      url: '/api/invoices',
      payload: savedPayload(ada, { invoice_number: 'B-1' }, { client_id: bobs.json().client.id }),
    });
    expect(response.statusCode).toBe(400);
    expect((await t.pool.query(`select 1 from invoices where user_id = $1`, [ada.id])).rows).toHaveLength(0);
  });
});

describe('the language through Export my data and its import', () => {
  let t: TestApp, owner: TestAccount;
  beforeAll(async () => {
    t = await sharedTestApp();
    owner = await signUp(t.app);
  });

  const importZip = (account: TestAccount, bytes: Buffer) => {
    const form = multipartForm({ bytes, name: 'export.zip', type: 'application/octet-stream' });
    return t.app.inject({
      method: 'POST',
      url: '/api/invoices/import',
      headers: { ...form.headers, cookie: account.cookie },
      payload: form.payload,
    });
  };
  const clientsOf = async (account: TestAccount) =>
    (await as(t.app, account)({ method: 'GET', url: '/api/clients' })).json().clients as Array<{
      name: string;
      preferred_language: string | null;
    }>;
  const languageOf = async (account: TestAccount, number: string) => {
    const list = (await as(t.app, account)({ method: 'GET', url: `/api/invoices?search=${number}` })).json();
    const edit = await as(t.app, account)({ method: 'GET', url: `/api/invoices/${list.invoices[0].id}/edit` });
    return edit.json().editData.data.language as string | null;
  };

  it('carries a client’s preferred language and an invoice’s language, and reads exports made before them', async () => {
    const created = await as(
      t.app,
      owner,
    )({
      method: 'POST',
      url: '/api/clients',
      payload: { name: 'Rossi SpA', email: 'amministrazione@rossi.example', preferred_language: 'it' },
    });
    expect(created.statusCode, created.body).toBe(201);
    await createInvoice(
      t.app,
      owner,
      { invoice_number: 'X-1', language: 'pl' },
      { client_id: created.json().client.id },
    );
    const zip = await exportedZip(t, owner);

    const fresh = await signUp(t.app);
    const restored = await importZip(fresh, Buffer.from(zip));
    expect(restored.statusCode, restored.body).toBe(201);
    expect((await clientsOf(fresh)).find((client) => client.name === 'Rossi SpA')?.preferred_language).toBe('it');
    expect(await languageOf(fresh, 'X-1')).toBe('pl');

    // An export written before the document language: no preferred_language, no data.language.
    const files = unzipSync(new Uint8Array(zip));
    const strip = (name: string, change: (value: Record<string, unknown>) => void) => {
      const values = JSON.parse(strFromU8(files[name]!)) as Array<Record<string, unknown>>;
      values.forEach(change);
      files[name] = strToU8(JSON.stringify(values));
    };
    strip('clients.json', (client) => delete client.preferred_language);
    strip('invoices.json', (invoice) => delete (invoice.data as Record<string, unknown>).language);
    const older = await signUp(t.app);
    const response = await importZip(older, Buffer.from(zipSync(files)));
    expect(response.statusCode, response.body).toBe(201);
    expect((await clientsOf(older)).find((client) => client.name === 'Rossi SpA')?.preferred_language).toBeNull();
    expect(await languageOf(older, 'X-1')).toBeNull();
  });
});
