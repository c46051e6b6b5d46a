import { deflateRawSync } from 'node:zlib';
import { ACCOUNT_EXPORT_FORMAT, ACCOUNT_EXPORT_VERSION } from '@invoicer/domain/api/account-export';
import { IMPORT_LIMITS, IMPORT_MESSAGES } from '@invoicer/domain/api/imports';
import type { FastifyInstance } from 'fastify';
import { strToU8, unzipSync, zipSync, type Zippable } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestAccount } from '../../../test/accounts';
import { exportedZip } from '../../../test/account-export';
import { sharedTestApp, type TestApp } from '../../../test/app';
import { as, createInvoice, utcDate } from '../../../test/invoice-fixtures';
import { expectFailure } from '../../../test/party-fixtures';
import { multipartForm } from '../../../test/upload-fixtures';
import { savedInvoiceBodySchema } from '@invoicer/domain/api/invoices';
import { computeTotals } from '@invoicer/domain/totals';
import { invoifyDate, invoifyInvoiceSchema, invoifyToSaveBody } from './invoices.import.invoify';

function upload(app: FastifyInstance, account: TestAccount, bytes: Buffer, name = 'invoice.json', fields = {}) {
  const form = multipartForm({ bytes, name, type: 'application/octet-stream' }, fields);
  return app.inject({
    method: 'POST',
    url: '/api/invoices/import',
    headers: { ...form.headers, cookie: account.cookie },
    payload: form.payload,
  });
}

const json = (value: unknown) => Buffer.from(JSON.stringify(value));

/** An Invoify export as its "Export > JSON" writes it (the form values). */
function invoify(overrides: { details?: Record<string, unknown>; receiver?: Record<string, unknown> } = {}) {
  return {
    sender: {
      name: 'John Doe Studio',
      address: '123 Main St',
      zipCode: '12345',
      city: 'Anytown',
      country: 'USA',
      email: 'john@studio.example',
      phone: '123-456-7890',
      customInputs: [{ key: 'VAT', value: 'US999' }],
    },
    receiver: {
      name: 'Jane Smith',
      address: '456 Elm St',
      zipCode: '54321',
      city: 'Other Town',
      country: 'Canada',
      email: 'jane@client.example',
      phone: '987-654-3210',
      customInputs: [],
      ...overrides.receiver,
    },
    details: {
      invoiceLogo: '',
      invoiceNumber: 'INV0001',
      invoiceDate: '2024-01-14T23:00:00.000Z',
      dueDate: 'February 14, 2024',
      purchaseOrderNumber: 'PO-7',
      currency: 'USD',
      language: 'English',
      items: [
        { name: 'Product 1', description: 'Description of Product 1', quantity: 4, unitPrice: 50, total: 200 },
        { name: 'Consulting', description: '', quantity: 1.5, unitPrice: '80', total: 120 },
      ],
      taxDetails: { amount: 10, amountType: 'percentage', taxID: '987654321' },
      discountDetails: { amount: 20, amountType: 'amount' },
      shippingDetails: { cost: 5, costType: 'amount' },
      paymentInformation: { bankName: 'Bank Inc.', accountName: 'John Doe', accountNumber: '445566998877' },
      additionalNotes: 'Thank you for your business',
      paymentTerms: 'Net 30',
      signature: { data: '' },
      subTotal: 320,
      totalAmount: 335,
      totalAmountInWords: 'Three Hundred Thirty Five',
      pdfTemplate: 1,
      ...overrides.details,
    },
  };
}

async function counts(t: TestApp, userId: string) {
  const { rows } = await t.pool.query(
    `select (select count(*) from invoices where user_id = $1)::int as invoices,
            (select count(*) from clients where user_id = $1)::int as clients,
            (select count(*) from businesses where user_id = $1)::int as businesses,
            (select count(*) from payments where user_id = $1)::int as payments,
            (select count(*) from invoice_items where user_id = $1)::int as items,
            (select count(*) from notifications where user_id = $1)::int as notifications`,
    [userId],
  );
  return rows[0];
}

describe('Invoify dates', () => {
  it('reads timestamps as the day picked, ISO dates and the printed form', () => {
    expect(invoifyDate('2024-01-14T23:00:00.000Z')).toBe('2024-01-15');
    expect(invoifyDate('2024-01-15T04:00:00.000Z')).toBe('2024-01-15');
    expect(invoifyDate('2024-01-15')).toBe('2024-01-15');
    expect(invoifyDate('January 5, 2024')).toBe('2024-01-05');
    expect(invoifyDate('Feb 14, 2024')).toBe('2024-02-14');
    expect(invoifyDate('')).toBeNull();
    expect(invoifyDate('someday')).toBeNull();
    expect(invoifyDate({})).toBeNull();
  });
});

describe('POST /api/invoices/import: Invoify', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await sharedTestApp();
  });

  it("imports an Invoify invoice as a draft with Invoify's total, its receiver as a client and its sender as a business", async () => {
    const account = await signUp(t.app);
    const response = await upload(t.app, account, json(invoify()));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({
      success: true,
      message: 'Imported 1 invoice, 1 client and 1 business.',
      format: 'invoify',
      imported: { invoices: 1, clients: 1, businesses: 1, payments: 0 },
      skipped: [],
    });
    const list = await as(t.app, account)({ method: 'GET', url: '/api/invoices' });
    const [summary] = list.json().invoices;
    const detail = await as(
      t.app,
      account,
    )({ method: 'GET', url: `/api/invoices/${summary.id}?include_client=true&include_business=true` });
    const invoice = detail.json().invoice;
    // Items 200 + 120 = 320; less 20 = 300; tax 10 % of that = 30; shipping 5: Invoify's 335.
    expect(invoice.totals).toEqual({ subtotal: 320, tax: 30, discount: 20, shipping: 5, total: 335 });
    expect(invoice).toMatchObject({
      invoice_number: 'INV0001',
      status: 'draft',
      issued_date: '2024-01-15',
      due_date: '2024-02-14',
      currency: { code: 'USD' },
      client: { name: 'Jane Smith', email: 'jane@client.example', address: '456 Elm St\n54321 Other Town\nCanada' },
      business: { name: 'John Doe Studio', email: 'john@studio.example' },
    });
    expect(invoice.data).toMatchObject({
      from: 'John Doe Studio\n123 Main St\n12345 Anytown\nUSA\njohn@studio.example\n123-456-7890\nVAT: US999',
      to: 'Jane Smith\n456 Elm St\n54321 Other Town\nCanada\njane@client.example\n987-654-3210',
      payment_details: 'Bank: Bank Inc.\nAccount name: John Doe\nAccount number: 445566998877',
      payment_instructions: 'Purchase order: PO-7',
      terms: 'Net 30\n\nThank you for your business',
      tax_type: 'fixed',
      tax_percent: 30,
      items: [
        { name: 'Product 1', description: 'Description of Product 1', quantity: 4, unit_cost: 50 },
        { name: 'Consulting', description: '', quantity: 1.5, unit: '', unit_cost: 80 },
      ],
    });
  });

  it("gives Invoify's invoices their client's language, else the account's (ADR 75)", async () => {
    const account = await signUp(t.app);
    const settings = await as(
      t.app,
      account,
    )({
      method: 'PUT',
      url: '/api/users/invoice-template',
      payload: { template: 'modern', accent_color: null, language: 'nl' },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const client = await as(
      t.app,
      account,
    )({
      method: 'POST',
      url: '/api/clients',
      payload: { name: 'Jane Smith', email: 'jane@client.example', preferred_language: 'it' },
    });
    expect(client.statusCode, client.body).toBe(201);
    const file = [
      invoify({ details: { invoiceNumber: 'L-1' } }),
      invoify({ details: { invoiceNumber: 'L-2' }, receiver: { email: 'new@client.example' } }),
    ];
    const response = await upload(t.app, account, json(file));
    expect(response.statusCode, response.body).toBe(201);
    const { rows } = await t.pool.query(
      `select invoice_number, data->>'language' as language from invoices where user_id = $1 order by invoice_number`,
      [account.id],
    );
    expect(rows).toEqual([
      { invoice_number: 'L-1', language: 'it' },
      { invoice_number: 'L-2', language: 'nl' },
    ]);
  });

  it('imports a list of Invoify invoices, one client per address, and reports the ones it cannot take', async () => {
    const account = await signUp(t.app);
    const file = [
      invoify({
        details: {
          invoiceNumber: 'A-1',
          taxDetails: { amount: 19, amountType: 'percentage' },
          discountDetails: { amount: 0, amountType: 'amount' },
        },
      }),
      invoify({ details: { invoiceNumber: 'A-2', currency: 'XYZ' } }),
      invoify({ details: { invoiceNumber: 'A-3' }, receiver: { email: 'JANE@client.example' } }),
      invoify({ details: { invoiceNumber: 'A-1' } }),
      invoify({ details: { invoiceNumber: 'A-4', items: [{ name: 'Odd', quantity: 'lots', unitPrice: 1 }] } }),
    ];
    const response = await upload(t.app, account, json(file));
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body.imported).toEqual({ invoices: 2, clients: 1, businesses: 1, payments: 0 });
    expect(body.skipped).toEqual([
      { item: 'Invoice A-2', reason: expect.stringContaining('Unknown currency "XYZ"') },
      { item: 'Invoice A-4', reason: 'Item "Odd" has a quantity or price that is not a number of 0 or more.' },
      { item: 'Invoice A-1', reason: IMPORT_MESSAGES.numberTwice('A-1') },
    ]);
    // A percent tax without a discount before it stays a percent.
    const { rows } = await t.pool.query(
      `select invoice_number, tax_minor, total_minor, data->'tax' as tax from invoices where user_id = $1 order by invoice_number`,
      [account.id],
    );
    expect(rows.map((row) => row.invoice_number)).toEqual(['A-1', 'A-3']);
    expect(Number(rows[0].tax_minor)).toBe(6080); // 19 % of 320.00
    // Imported again: every number is taken now, and the parties are found by their addresses.
    const again = await upload(t.app, account, json(file.slice(0, 1)));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({
      imported: { invoices: 0, clients: 0, businesses: 0 },
      skipped: [
        { item: 'Business "John Doe Studio"', reason: IMPORT_MESSAGES.businessExists },
        { item: 'Client "Jane Smith"', reason: IMPORT_MESSAGES.clientExists },
        { item: 'Invoice A-1', reason: IMPORT_MESSAGES.numberTaken('A-1') },
      ],
    });
  });

  it('refuses JSON that is not an export, and other files, writing nothing', async () => {
    const account = await signUp(t.app);
    const before = await counts(t, account.id);
    const cases: Array<[Buffer, string]> = [
      [json({ hello: 'world' }), IMPORT_MESSAGES.notAnExport],
      [json([1, 2, 3]), IMPORT_MESSAGES.notAnExport],
      [json([]), IMPORT_MESSAGES.noInvoices],
      [json({ sender: {}, receiver: {} }), IMPORT_MESSAGES.notAnExport],
      [Buffer.from('{"sender": '), IMPORT_MESSAGES.notJson],
      [Buffer.from('Name,Email\nA,a@example.com'), IMPORT_MESSAGES.notJson],
      [Buffer.from('{"__proto__": {"polluted": true}, "sender": {}}'), IMPORT_MESSAGES.notJson],
      [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0, 1, 2, 3]), IMPORT_MESSAGES.notJson],
      [Buffer.from(zipSync({ 'hello.txt': strToU8('hi') })), IMPORT_MESSAGES.zipNotExport],
      [Buffer.from('PK\u0003\u0004 not really a zip'), IMPORT_MESSAGES.zipUnreadable],
      [
        Buffer.from(
          zipSync({ 'manifest.json': strToU8(JSON.stringify({ format: ACCOUNT_EXPORT_FORMAT, version: 99 })) }),
        ),
        IMPORT_MESSAGES.zipVersion('99'),
      ],
      [
        exportZip({ 'invoices.json': [{ id: 1 }] }),
        IMPORT_MESSAGES.exportFileInvalid('invoices.json', 'Invalid input: expected string, received number at 0.id.'),
      ],
    ];
    for (const [bytes, message] of cases) expectFailure(await upload(t.app, account, bytes), 400, message);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expectFailure(
      await upload(t.app, account, Buffer.alloc(IMPORT_LIMITS.invoiceBytes + 1, 0x20)),
      400,
      IMPORT_MESSAGES.tooLarge(IMPORT_LIMITS.invoiceBytes),
    );
    expectFailure(await upload(t.app, account, Buffer.alloc(0)), 400, IMPORT_MESSAGES.empty);
    const noFile = multipartForm(null, { note: 'no file here' });
    expectFailure(
      await t.app.inject({
        method: 'POST',
        url: '/api/invoices/import',
        headers: { ...noFile.headers, cookie: account.cookie },
        payload: noFile.payload,
      }),
      400,
      IMPORT_MESSAGES.missingFile,
    );
    expect(await counts(t, account.id)).toEqual(before);
  });

  it('refuses ZIP bombs by their declared and their actual size, and ZIPs of too many files', async () => {
    const account = await signUp(t.app);
    const before = await counts(t, account.id);
    // Declared honestly: 300 MB of spaces in invoices.json, far past the limit, refused before inflating.
    const honest = zipWithEntry('invoices.json', Buffer.alloc(0), {
      declaredSize: 300 * 1024 * 1024,
      data: deflateRawSync(Buffer.alloc(1024 * 1024, 0x20)),
    });
    expectFailure(await upload(t.app, account, honest, 'export.zip'), 400, IMPORT_MESSAGES.zipTooLarge);
    // A lie: declares 100 bytes, inflates to 50 MB; inflating stops at the 101st byte.
    const liar = zipWithEntry('invoices.json', Buffer.alloc(0), {
      declaredSize: 100,
      data: deflateRawSync(Buffer.alloc(50 * 1024 * 1024, 0x20)),
    });
    expectFailure(await upload(t.app, account, liar, 'export.zip'), 400, IMPORT_MESSAGES.zipTooLarge);
    const many: Zippable = { 'manifest.json': strToU8('{}') };
    for (let index = 0; index <= IMPORT_LIMITS.zipEntries; index++) many[`pdf/${index}.pdf`] = new Uint8Array(0);
    expectFailure(
      await upload(t.app, account, Buffer.from(zipSync(many, { level: 0 })), 'export.zip'),
      400,
      IMPORT_MESSAGES.zipTooManyEntries,
    );
    expect(await counts(t, account.id)).toEqual(before);
  });
});

/** A ZIP of the export's files (JSON values) plus a PDF the importer must not read. */
function exportZip(files: Record<string, unknown>, manifest: Record<string, unknown> = {}): Buffer {
  const zippable: Zippable = {
    'manifest.json': strToU8(
      JSON.stringify({
        format: ACCOUNT_EXPORT_FORMAT,
        version: ACCOUNT_EXPORT_VERSION,
        exported_at: new Date().toISOString(),
        account_email: 'someone@example.com',
        counts: { businesses: 0, clients: 0, invoices: 0, payments: 0, notifications: 0 },
        ...manifest,
      }),
    ),
    'pdf/ignored.pdf': strToU8('%PDF-1.7 not read'),
  };
  for (const [name, value] of Object.entries(files)) zippable[name] = strToU8(JSON.stringify(value));
  return Buffer.from(zipSync(zippable));
}

/** A one-entry ZIP written by hand, so its declared size can lie. */
function zipWithEntry(name: string, _content: Buffer, entry: { declaredSize: number; data: Buffer }): Buffer {
  const nameBytes = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(0, 14);
  local.writeUInt32LE(entry.data.length, 18);
  local.writeUInt32LE(entry.declaredSize, 22);
  local.writeUInt16LE(nameBytes.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(0, 16);
  central.writeUInt32LE(entry.data.length, 20);
  central.writeUInt32LE(entry.declaredSize, 24);
  central.writeUInt16LE(nameBytes.length, 28);
  central.writeUInt32LE(0, 42);
  const localPart = Buffer.concat([local, nameBytes, entry.data]);
  const centralPart = Buffer.concat([central, nameBytes]);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(centralPart.length, 12);
  end.writeUInt32LE(localPart.length, 16);
  return Buffer.concat([localPart, centralPart, end]);
}

/** The structured e-invoice fields (ADR 72) of the round trip's business and first client, as stored. */
const BUSINESS_STRUCTURED = {
  street: '1 Row',
  additional_street: 'Unit 2',
  postcode: 'EC1A 1BB',
  city: 'London',
  region: 'Greater London',
  country: 'GB',
  vat_id: 'GB123456789',
  company_id: '01234567',
  endpoint_id: 'ada@studio.example',
  endpoint_scheme: 'EM',
};
const CLIENT_STRUCTURED = {
  street: 'Hauptstraße 1',
  additional_street: '',
  postcode: '10115',
  city: 'Berlin',
  region: '',
  country: 'DE',
  vat_id: 'DE123456789',
  company_id: 'HRB 1',
  endpoint_id: '4000001123452',
  endpoint_scheme: '0088',
  buyer_reference: '991-01234-56',
};

describe('POST /api/invoices/import: an Invoicer export, round trip', () => {
  let t: TestApp, owner: TestAccount;
  const api = (account: TestAccount) => as(t.app, account);

  beforeAll(async () => {
    t = await sharedTestApp();
    owner = await signUp(t.app);
    const post = async (url: string, payload: unknown) => {
      const response = await api(owner)({ method: 'POST', url, payload: payload as object });
      expect(response.statusCode, response.body).toBe(201);
      return response.json();
    };
    const business = await post('/api/businesses', {
      name: 'Ada Studio',
      email: 'ada@studio.example',
      address: '1 Row\nLondon',
      iban: 'DE89 3704 0044 0532 0130 00',
      bic: 'COBADEFFXXX',
      ...BUSINESS_STRUCTURED,
    });
    const acme = await post('/api/clients', {
      name: 'Acme GmbH',
      email: 'ap@acme.example',
      tax_id: 'DE123',
      ...CLIENT_STRUCTURED,
    });
    const beta = await post('/api/clients', { name: 'Beta Ltd', email: 'beta@example.com', phone: '+44 1' });
    const base = { business_id: business.business.id };
    await createInvoice(t.app, owner, { invoice_number: 'R-1' }, { ...base, client_id: acme.client.id });
    const paid = await createInvoice(
      t.app,
      owner,
      { invoice_number: 'R-2', tax_type: 'fixed', tax_percent: 12.34, currency: 'USD' },
      { ...base, client_id: beta.client.id, status: 'sent' },
    );
    await api(owner)({
      method: 'POST',
      url: `/api/invoices/${paid}/payments`,
      payload: { amount: 10, date: utcDate(-1), method: 'card', note: 'first' },
    });
    await api(owner)({ method: 'PUT', url: `/api/invoices/${paid}/status`, payload: { status: 'paid' } });
    const partial = await createInvoice(
      t.app,
      owner,
      {
        invoice_number: 'R-3',
        issued_date: utcDate(-40),
        due_date: utcDate(-10),
        discount_type: 'percent',
        discount_percent: 12.5,
      },
      { client_id: acme.client.id, status: 'sent' },
    );
    await api(owner)({
      method: 'POST',
      url: `/api/invoices/${partial}/payments`,
      payload: { amount: 5.5, date: utcDate(-2), method: 'bank_transfer' },
    });
    await createInvoice(
      t.app,
      owner,
      { invoice_number: 'R-4', to: 'Walk-in customer', show_tax: false },
      { status: 'draft' },
    );
  });

  /** The owner's export ZIP, made once by the real export (the job, its chunks, the download route). */
  let ownerZip: Promise<Buffer> | undefined;
  const ownerExport = () => (ownerZip ??= exportedZip(t, owner));

  /** Every invoice of the account as compared: everything but ids and timestamps of the import itself. */
  async function snapshot(account: TestAccount) {
    const list = await api(account)({ method: 'GET', url: '/api/invoices?per_page=100' });
    const result: Record<string, unknown> = {};
    for (const { id } of list.json().invoices as Array<{ id: string }>) {
      const detail = (
        await api(account)({ method: 'GET', url: `/api/invoices/${id}?include_client=true&include_business=true` })
      ).json().invoice;
      const payments = (await api(account)({ method: 'GET', url: `/api/invoices/${id}/payments` })).json().payments;
      result[detail.invoice_number] = {
        status: detail.status,
        totals: detail.totals,
        total_amount: detail.total_amount,
        amount_paid: detail.amount_paid,
        amount_due: detail.amount_due,
        currency: detail.currency,
        issued_date: detail.issued_date,
        due_date: detail.due_date,
        created_at: detail.created_at,
        client_name: detail.client_name,
        data: detail.data,
        client: detail.client && { ...detail.client, id: undefined, invoice_count: undefined, updated_at: undefined },
        business: detail.business && {
          ...detail.business,
          id: undefined,
          invoice_count: undefined,
          updated_at: undefined,
        },
        payments: payments.map((payment: Record<string, unknown>) => ({
          ...payment,
          id: undefined,
          invoice_id: undefined,
          created_at: undefined,
        })),
      };
    }
    return result;
  }

  it('restores businesses, clients, invoices and payments into an empty account with the same totals', async () => {
    const zip = await ownerExport();
    const fresh = await signUp(t.app);
    const response = await upload(t.app, fresh, zip, 'invoicer-export.zip');
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({
      success: true,
      message: 'Imported 4 invoices, 2 clients, 1 business and 3 payments.',
      format: 'invoicer-export',
      imported: { invoices: 4, clients: 2, businesses: 1, payments: 3 },
      skipped: [],
    });
    const [original, restored] = [await snapshot(owner), await snapshot(fresh)];
    expect(Object.keys(restored).sort()).toEqual(['R-1', 'R-2', 'R-3', 'R-4']);
    expect(restored).toEqual(original);
    expect((restored['R-3'] as { status: string }).status).toBe('overdue');
    // The restored parties are the account's own, with their invoice counts.
    const clients = (await api(fresh)({ method: 'GET', url: '/api/clients' })).json().clients;
    expect(
      clients.map((client: { name: string; invoice_count: number }) => [client.name, client.invoice_count]).sort(),
    ).toEqual([
      ['Acme GmbH', 2],
      ['Beta Ltd', 1],
    ]);
    const businesses = (await api(fresh)({ method: 'GET', url: '/api/businesses' })).json().businesses;
    expect(businesses).toMatchObject([
      { name: 'Ada Studio', iban: 'DE89370400440532013000', invoice_count: 2, ...BUSINESS_STRUCTURED },
    ]);
    // The structured e-invoice fields come back (ADR 72); a client without them has none.
    expect(clients.find((client: { name: string }) => client.name === 'Acme GmbH')).toMatchObject(CLIENT_STRUCTURED);
    expect(clients.find((client: { name: string }) => client.name === 'Beta Ltd')).toMatchObject({
      country: '',
      buyer_reference: '',
    });
    // The dashboard agrees (its figures come from the statistics the triggers keep).
    const [before, after] = await Promise.all(
      [owner, fresh].map(
        async (account) =>
          (await api(account)({ method: 'GET', url: '/api/dashboard/summary?currency=USD' })).json().data,
      ),
    );
    expect(before.total_revenue).toBeGreaterThan(0);
    const withoutIds = (value: unknown) =>
      JSON.parse(JSON.stringify(value, (key, entry) => (key === 'id' ? undefined : entry)));
    expect(withoutIds(after)).toEqual(withoutIds(before));

    // The same export again: nothing is duplicated, each skip says why.
    const again = await upload(t.app, fresh, zip, 'invoicer-export.zip');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().imported).toEqual({ invoices: 0, clients: 0, businesses: 0, payments: 0 });
    expect(again.json().skipped).toContainEqual({ item: 'Invoice R-1', reason: IMPORT_MESSAGES.numberTaken('R-1') });
    expect(again.json().skipped).toContainEqual({ item: 'Client "Acme GmbH"', reason: IMPORT_MESSAGES.clientExists });
    expect(await snapshot(fresh)).toEqual(original);
  });

  it('also takes invoices.json alone: the invoices, unlinked, paid ones paid in full', async () => {
    // The export's own invoices.json, on its own.
    const invoices = Buffer.from(unzipSync(new Uint8Array(await ownerExport()))['invoices.json']!);
    const fresh = await signUp(t.app);
    const response = await upload(t.app, fresh, invoices, 'invoices.json');
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      format: 'invoicer-invoices',
      imported: { invoices: 4, clients: 0, businesses: 0 },
    });
    const restored = await snapshot(fresh);
    const original = await snapshot(owner);
    for (const number of ['R-1', 'R-2', 'R-3', 'R-4']) {
      const [a, b] = [original[number] as Record<string, unknown>, restored[number] as Record<string, unknown>];
      expect(b.totals).toEqual(a.totals);
      expect(b.data).toEqual(a.data);
      expect(b.client).toBeNull();
    }
    expect((restored['R-2'] as { status: string; amount_due: number }).amount_due).toBe(0);
    expect((restored['R-2'] as { status: string }).status).toBe('paid');
  });

  it('writes nothing of the file when the transaction fails part-way (a fault injected in PostgreSQL)', async () => {
    const zip = await ownerExport();
    const fresh = await signUp(t.app);
    // Parties and the first invoices are written before the payments; a payment insert fails.
    await t.pool.query(`
      create function fail_payment() returns trigger language plpgsql as $$
      begin raise exception 'injected fault'; end $$;
      create trigger payments_fail before insert on payments for each row execute function fail_payment();`);
    try {
      const before = await counts(t, fresh.id);
      const response = await upload(t.app, fresh, zip, 'invoicer-export.zip');
      expect(response.statusCode).toBe(500);
      expect(await counts(t, fresh.id)).toEqual(before);
    } finally {
      await t.pool.query('drop trigger payments_fail on payments; drop function fail_payment();');
    }
  });

  it('keeps imported sent invoices from sending reminders until the user turns them on', async () => {
    const fresh = await signUp(t.app);
    await upload(t.app, fresh, await ownerExport(), 'invoicer-export.zip');
    const { rows } = await t.pool.query(
      `select invoice_number, reminders_paused from invoices where user_id = $1 order by invoice_number`,
      [fresh.id],
    );
    expect(rows).toEqual([
      { invoice_number: 'R-1', reminders_paused: false },
      { invoice_number: 'R-2', reminders_paused: false },
      { invoice_number: 'R-3', reminders_paused: true },
      { invoice_number: 'R-4', reminders_paused: false },
    ]);
  });
});

describe("Invoify's totals, kept to the cent", () => {
  it('turns percents Invoify applied after another charge into the amounts they came to', () => {
    const converted = invoifyToSaveBody(
      invoifyInvoiceSchema.parse(
        invoify({
          details: {
            discountDetails: { amount: 10, amountType: 'percentage' },
            taxDetails: { amount: 10, amountType: 'percentage' },
            shippingDetails: { cost: 5, costType: 'percentage' },
          },
        }),
      ),
    );
    if (!('body' in converted)) throw new Error(converted.reason);
    const body = savedInvoiceBodySchema.parse(converted.body);
    // Invoify: 320 less 10 % = 288; plus 10 % = 316.80; plus 5 % = 332.64.
    expect(computeTotals(body.data)).toMatchObject({
      subtotal: 32_000,
      discount: 3_200,
      tax: 2_880,
      shipping: 1_584,
      total: 33_264,
    });
    expect(body.data.discount).toEqual({ enabled: true, type: 'percent', value: 10_000 });
    expect(body.data.tax.type).toBe('fixed');
  });
});
