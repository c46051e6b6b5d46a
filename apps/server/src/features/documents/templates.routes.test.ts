import { invoiceDocumentInputSchema } from '@invoicer/domain/invoice-document';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestAccount } from '../../../test/accounts';
import { sharedTestApp, type TestApp } from '../../../test/app';
import { as, createInvoice, invoiceData, savedPayload } from '../../../test/invoice-fixtures';
import { PNG_SIGNATURE } from '../../pdf/pdf-test-fixtures';
import { renderInvoicePdf } from '../../pdf/render-invoice-pdf';

/** The contract of templates and accent colours (docs/decisions/0062-three-templates-and-the-accent-colour.md). */

const usesSerif = (pdf: Buffer | Uint8Array): boolean => Buffer.from(pdf).includes('NotoSerif');

describe('template and accent_color on /generate-invoice and /preview-invoice', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await sharedTestApp();
  });

  it('prints the template and colour the body names, exactly as the engine does', async () => {
    for (const template of ['modern', 'classic', 'minimal'] as const) {
      const body = invoiceData({ template, accent_color: '#0F766E' });
      const response = await t.app.inject({ method: 'POST', url: '/generate-invoice', payload: body });
      expect(response.statusCode, response.body).toBe(200);
      const expected = await renderInvoicePdf(invoiceDocumentInputSchema.parse(body));
      expect(Buffer.from(response.rawPayload).equals(Buffer.from(expected))).toBe(true);
      expect(usesSerif(response.rawPayload)).toBe(template === 'classic');
    }
  });

  it('differs by template and by colour, and an absent template is modern for a guest', async () => {
    const render = async (overrides: Record<string, unknown>) =>
      (await t.app.inject({ method: 'POST', url: '/generate-invoice', payload: invoiceData(overrides) })).rawPayload;
    const none = await render({});
    const modern = await render({ template: 'modern' });
    const teal = await render({ template: 'modern', accent_color: '#0f766e' });
    const minimal = await render({ template: 'minimal' });
    expect(none.equals(modern)).toBe(true);
    expect(teal.equals(modern)).toBe(false);
    expect(minimal.equals(modern)).toBe(false);
  });

  it.each([
    [{ template: 'baroque' }, 'Template must be one of: modern, classic, minimal.'],
    [{ template: 42 }, 'Template must be one of: modern, classic, minimal.'],
    [{ accent_color: 'red' }, 'Accent colour must be a colour like #1e3a8a.'],
    [{ accent_color: '#12345' }, 'Accent colour must be a colour like #1e3a8a.'],
    [{ accent_color: '#gggggg' }, 'Accent colour must be a colour like #1e3a8a.'],
    [{ paper: 'a3' }, 'Paper must be a4 or letter.'],
    [{ paper: 'A4' }, 'Paper must be a4 or letter.'],
  ])('refuses %j with a 400 and the envelope', async (overrides, message) => {
    for (const url of ['/generate-invoice', '/preview-invoice']) {
      const response = await t.app.inject({ method: 'POST', url, payload: invoiceData(overrides) });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false });
      expect(response.json().error).toContain(message);
    }
  });

  it('previews the template the body names', async () => {
    const preview = async (template: string) =>
      (await t.app.inject({ method: 'POST', url: '/preview-invoice', payload: invoiceData({ template }) })).rawPayload;
    const [modern, classic] = [await preview('modern'), await preview('classic')];
    expect([...modern.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    expect(modern.equals(classic)).toBe(false);
  });
});

describe("the account's template (GET/PUT /api/users/invoice-template)", () => {
  let t: TestApp, ada: TestAccount;
  beforeAll(async () => {
    t = await sharedTestApp();
    ada = await signUp(t.app);
  });

  const put = (body: Record<string, unknown>) =>
    as(t.app, ada)({ method: 'PUT', url: '/api/users/invoice-template', payload: body });
  const get = async () => (await as(t.app, ada)({ method: 'GET', url: '/api/users/invoice-template' })).json();

  it('starts as modern in its own colour, saves a choice and refuses bad values, changing nothing', async () => {
    expect(await get()).toEqual({
      success: true,
      defaults: { template: 'modern', accent_color: null, discount_before_tax: true, language: 'en' },
    });
    const saved = await put({ template: 'minimal', accent_color: '#AA3300' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      success: true,
      defaults: { template: 'minimal', accent_color: '#aa3300', discount_before_tax: true, language: 'en' },
    });
    for (const bad of [{ template: 'baroque' }, { template: 'classic', accent_color: 'blue' }, {}]) {
      const response = await put(bad);
      expect(response.statusCode).toBe(400);
      expect(response.json().success).toBe(false);
    }
    expect((await get()).defaults).toEqual({
      template: 'minimal',
      accent_color: '#aa3300',
      discount_before_tax: true,
      language: 'en',
    });
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/users/invoice-template' });
    expect(anonymous.statusCode).toBe(401);
  });

  it("prints an invoice that names no template in the account's, and one that names it in its own", async () => {
    expect((await put({ template: 'classic', accent_color: '#aa3300' })).statusCode).toBe(200);
    const generate = async (overrides: Record<string, unknown>) =>
      (await as(t.app, ada)({ method: 'POST', url: '/generate-invoice', payload: invoiceData(overrides) })).rawPayload;
    const document = invoiceDocumentInputSchema.parse(invoiceData());
    const accountDefault = await generate({});
    const expected = await renderInvoicePdf(document, { template: 'classic', accentColor: '#aa3300' });
    expect(accountDefault.equals(Buffer.from(expected))).toBe(true);
    // The invoice's own template wins; the account's colour still applies.
    const own = await generate({ template: 'minimal' });
    const expectedOwn = await renderInvoicePdf({ ...document, template: 'minimal' }, { accentColor: '#aa3300' });
    expect(own.equals(Buffer.from(expectedOwn))).toBe(true);
    expect(usesSerif(own)).toBe(false);
    // The preview is the same document.
    const preview = async (overrides: Record<string, unknown>) =>
      (await as(t.app, ada)({ method: 'POST', url: '/preview-invoice', payload: invoiceData(overrides) })).rawPayload;
    const previewDefault = await preview({});
    expect(previewDefault.equals(await preview({ template: 'classic', accent_color: '#aa3300' }))).toBe(true);
    expect(previewDefault.equals(await preview({ template: 'classic' }))).toBe(true);
    expect(previewDefault.equals(await preview({ template: 'modern' }))).toBe(false);
  });

  it('stores the invoice’s own choice, answers it in the edit data, and prints a stored invoice in it', async () => {
    expect((await put({ template: 'classic', accent_color: null })).statusCode).toBe(200);
    const own = await createInvoice(t.app, ada, {
      invoice_number: 'T-1',
      template: 'minimal',
      accent_color: '#0F766E',
      paper: 'letter',
    });
    const inherits = await createInvoice(t.app, ada, { invoice_number: 'T-2' });
    const edit = (await as(t.app, ada)({ method: 'GET', url: `/api/invoices/${own}/edit` })).json();
    expect(edit.editData.data).toMatchObject({ template: 'minimal', accent_color: '#0f766e', paper: 'letter' });
    const plain = (await as(t.app, ada)({ method: 'GET', url: `/api/invoices/${inherits}/edit` })).json();
    expect(plain.editData.data).toMatchObject({ template: null, accent_color: null, paper: null });

    const pdf = async (id: string) =>
      (await as(t.app, ada)({ method: 'GET', url: `/api/invoices/${id}/pdf` })).rawPayload;
    expect(usesSerif(await pdf(own))).toBe(false);
    expect((await pdf(own)).toString('latin1')).toContain('/MediaBox [0 0 612 792]');
    expect((await pdf(inherits)).toString('latin1')).toContain('/MediaBox [0 0 595.28 841.89]'); // EUR: A4
    expect(usesSerif(await pdf(inherits))).toBe(true); // the account's Classic
    expect((await put({ template: 'modern', accent_color: null })).statusCode).toBe(200);
    expect(usesSerif(await pdf(inherits))).toBe(false); // follows the account's later choice
  });

  it('refuses a saved invoice with an unknown template and stores nothing', async () => {
    const response = await as(
      t.app,
      ada,
    )({
      method: 'POST',
      url: '/api/invoices',
      payload: savedPayload(ada, { invoice_number: 'T-BAD', template: 'fancy' }),
    });
    expect(response.statusCode).toBe(400);
    const { rows } = await t.pool.query(`select 1 from invoices where invoice_number = 'T-BAD'`);
    expect(rows).toHaveLength(0);
  });
});

describe('GET /template-preview/:template', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await sharedTestApp();
  });

  it('draws the sample invoice in each template and colour, the same bytes when asked again', async () => {
    const fetchPng = async (url: string) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      return response.rawPayload;
    };
    const modern = await fetchPng('/template-preview/modern');
    expect([...modern.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    expect((await fetchPng('/template-preview/modern')).equals(modern)).toBe(true);
    expect((await fetchPng('/template-preview/classic')).equals(modern)).toBe(false);
    expect((await fetchPng('/template-preview/modern?accent_color=%230f766e')).equals(modern)).toBe(false);
  });

  it.each(['/template-preview/baroque', '/template-preview/modern?accent_color=teal'])('refuses %s', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(400);
    expect(response.json().success).toBe(false);
  });
});
