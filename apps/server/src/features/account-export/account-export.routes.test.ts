import {
  ACCOUNT_EXPORT_FILES,
  ACCOUNT_EXPORT_MESSAGES,
  accountExportActivitySchema,
  accountExportBusinessesSchema,
  accountExportClientsSchema,
  accountExportInvoicesSchema,
  accountExportManifestSchema,
  accountExportNotificationsSchema,
  accountExportPaymentsSchema,
  accountExportProfileSchema,
  accountExportResponseSchema,
  accountExportSettingsSchema,
  latestAccountExportResponseSchema,
} from '@invoicer/domain/api/account-export';
import { invoiceFileName } from '@invoicer/domain/invoice-number';
import { parse as parseCsv } from 'csv-parse/sync';
import { createHash } from 'node:crypto';
import { strFromU8, unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestAccount } from '../../../test/accounts';
import { sharedTestApp, type TestApp } from '../../../test/app';
import { downloadExport, exportReady } from '../../../test/account-export';
import { as, createInvoice } from '../../../test/invoice-fixtures';
import { runQueue } from '../../../test/jobs';
import { waitFor } from '../../../test/wait-for';
import { pageTexts } from '../../pdf/pdf-test-fixtures';
import { recordFailure } from './account-export.service';

const HOSTILE = '=HYPERLINK("http://x","y")';

/** The export's ZIP, opened, after checking its status answers the schema with a download URL. */
async function download(t: TestApp, account: TestAccount, id: string) {
  const status = await as(t.app, account)({ method: 'GET', url: `/api/users/export/${id}` });
  expect(accountExportResponseSchema.parse(status.json())).toMatchObject({
    status: 'ready',
    download_url: `/api/users/export/${id}/download`,
  });
  return unzipSync(new Uint8Array((await downloadExport(t, account, id)).rawPayload));
}

const json = (files: Record<string, Uint8Array>, name: string): unknown => JSON.parse(strFromU8(files[name]!));
const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);

describe('Export my data', () => {
  let t: TestApp;
  let ada: TestAccount;
  const invoiceIds: string[] = [];

  beforeAll(async () => {
    t = await sharedTestApp();
    ada = await signUp(t.app, { first_name: 'Ada' });
    const post = async (url: string, payload: object) => {
      const response = await as(t.app, ada)({ method: 'POST', url, payload });
      expect(response.statusCode, response.body).toBe(201);
      return response.json();
    };
    const hostile = await post('/api/clients', {
      name: HOSTILE,
      email: 'hostile@example.com',
      city: 'Berlin',
      country: 'DE',
      buyer_reference: '991-01234-56',
    });
    await post('/api/clients', { name: 'Plain, "quoted" client', email: 'plain@example.com' });
    const business = await post('/api/businesses', { name: 'Ada Consulting', email: 'ada@example.com' });
    await post('/api/businesses', {
      name: 'Ada Labs',
      email: 'labs@example.com',
      country: 'DE',
      vat_id: 'DE123456789',
      endpoint_id: 'labs@example.com',
      endpoint_scheme: 'EM',
    });
    for (let i = 1; i <= 3; i++) {
      invoiceIds.push(
        await createInvoice(
          t.app,
          ada,
          { invoice_number: `EXP-${i}`, to: i === 1 ? `${HOSTILE}\nSomewhere` : `Client ${i}` },
          i === 1 ? { client_id: hostile.client.id, business_id: business.business.id } : {},
        ),
      );
    }
    // Two invoices whose file names are the same (EXP-1 and EXP/1, same date): named as the bulk download names them.
    invoiceIds.push(await createInvoice(t.app, ada, { invoice_number: 'EXP/1' }));
    await post(`/api/invoices/${invoiceIds[0]}/payments`, { amount: 10, date: '2026-11-22', method: 'cash' });
    await post(`/api/invoices/${invoiceIds[1]}/share`, {});
  });

  it('writes every file as the API answers it, the CSVs escaped and every invoice as a PDF', async () => {
    const templateSet = await as(
      t.app,
      ada,
    )({
      method: 'PUT',
      url: '/api/users/invoice-template',
      payload: { template: 'classic', accent_color: '#0f766e', discount_before_tax: false, language: 'sv' },
    });
    expect(templateSet.statusCode).toBe(200);
    const id = await exportReady(t, ada);
    const files = await download(t, ada, id);

    const manifest = accountExportManifestSchema.parse(json(files, ACCOUNT_EXPORT_FILES.manifest));
    expect(manifest.counts).toMatchObject({ businesses: 2, clients: 2, invoices: 4, payments: 1 });
    expect(manifest.account_email).toBe(ada.email);
    expect(accountExportProfileSchema.parse(json(files, ACCOUNT_EXPORT_FILES.profile)).id).toBe(ada.id);
    // The reminder schedule and the template defaults, as their own routes answer them.
    const settings = accountExportSettingsSchema.parse(json(files, ACCOUNT_EXPORT_FILES.settings));
    const reminders = (await as(t.app, ada)({ method: 'GET', url: '/api/users/settings' })).json();
    expect(settings.reminders).toEqual(reminders.settings.reminders);
    expect(settings.invoice_template).toEqual({
      template: 'classic',
      accent_color: '#0f766e',
      discount_before_tax: false,
      language: 'sv',
    });
    // The parties exactly as their lists answer them, the structured e-invoice fields included (ADR 72).
    const businesses = accountExportBusinessesSchema.parse(json(files, ACCOUNT_EXPORT_FILES.businesses));
    const listed = (await as(t.app, ada)({ method: 'GET', url: '/api/businesses' })).json().businesses;
    expect(JSON.parse(JSON.stringify(businesses)).sort(byName)).toEqual([...listed].sort(byName));
    expect(businesses.find((business) => business.name === 'Ada Labs')).toMatchObject({
      country: 'DE',
      vat_id: 'DE123456789',
      endpoint_scheme: 'EM',
    });
    const clients = accountExportClientsSchema.parse(json(files, ACCOUNT_EXPORT_FILES.clients));
    expect(clients.map((client) => client.name).sort()).toEqual([HOSTILE, 'Plain, "quoted" client'].sort());
    const listedClients = (await as(t.app, ada)({ method: 'GET', url: '/api/clients' })).json().clients;
    expect(JSON.parse(JSON.stringify(clients)).sort(byName)).toEqual([...listedClients].sort(byName));
    expect(clients.find((client) => client.name === HOSTILE)).toMatchObject({
      city: 'Berlin',
      country: 'DE',
      buyer_reference: '991-01234-56',
    });

    // Every invoice, exactly as GET /api/invoices/{id} answers it: totals included.
    const invoices = accountExportInvoicesSchema.parse(json(files, ACCOUNT_EXPORT_FILES.invoices));
    expect(invoices.map((invoice) => invoice.id).sort()).toEqual([...invoiceIds].sort());
    for (const invoice of invoices) {
      const answered = await as(t.app, ada)({ method: 'GET', url: `/api/invoices/${invoice.id}` });
      expect(JSON.parse(JSON.stringify(invoice))).toEqual(answered.json().invoice);
    }

    const payments = accountExportPaymentsSchema.parse(json(files, ACCOUNT_EXPORT_FILES.payments));
    expect(payments).toEqual([expect.objectContaining({ invoice_id: invoiceIds[0], amount: 10, method: 'cash' })]);
    const activity = accountExportActivitySchema.parse(json(files, ACCOUNT_EXPORT_FILES.activity));
    expect(new Set(activity.map((entry) => entry.invoice_id))).toEqual(new Set(invoiceIds));
    const notifications = accountExportNotificationsSchema.parse(json(files, ACCOUNT_EXPORT_FILES.notifications));
    expect(notifications.length).toBeGreaterThanOrEqual(5); // welcome, clients, businesses, invoices

    // CSV injection: the hostile name starts with ' in both CSVs, and a spreadsheet reads every cell back whole.
    const clientRows = parseCsv(strFromU8(files[ACCOUNT_EXPORT_FILES.clientsCsv]!), { columns: true }) as Array<
      Record<string, string>
    >;
    expect(clientRows.map((row) => row.name).sort()).toEqual([`'${HOSTILE}`, 'Plain, "quoted" client'].sort());
    const invoiceRows = parseCsv(strFromU8(files[ACCOUNT_EXPORT_FILES.invoicesCsv]!), { columns: true }) as Array<
      Record<string, string>
    >;
    expect(invoiceRows).toHaveLength(4);
    for (const row of invoiceRows) {
      const invoice = invoices.find((candidate) => candidate.id === row.id)!;
      expect(Number(row.total_amount)).toBe(invoice.total_amount);
      expect(Number(row.balance_due)).toBe(invoice.balance_due);
      expect(row.client_name).toBe(
        invoice.client_name.startsWith('=') ? `'${invoice.client_name}` : invoice.client_name,
      );
    }
    expect(strFromU8(files[ACCOUNT_EXPORT_FILES.invoicesCsv]!)).not.toMatch(/(^|,)=HYPERLINK/m);

    // One PDF per invoice, named as the bulk download names them; each holds its invoice's number.
    const pdfNames = Object.keys(files).filter((name) => name.startsWith(ACCOUNT_EXPORT_FILES.pdfFolder));
    const base = invoiceFileName('EXP-1', '2026-11-21');
    expect(pdfNames).toHaveLength(4);
    expect(pdfNames).toContain(`pdf/${base}`);
    expect(pdfNames).toContain(`pdf/${base.replace(/\.pdf$/, '_2.pdf')}`);
    const texts: string[] = [];
    for (const name of pdfNames) {
      const bytes = files[name]!;
      expect(strFromU8(bytes.subarray(0, 5))).toBe('%PDF-');
      texts.push((await pageTexts(bytes)).join(' '));
    }
    for (const invoice of invoices) {
      expect(texts.filter((text) => text.includes(invoice.invoice_number))).toHaveLength(1);
    }
    // Each is, byte for byte, the document its own download answers: the account's template and colour included.
    const hash = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
    const downloads: string[] = [];
    for (const invoice of invoices) {
      const single = await as(t.app, ada)({ method: 'GET', url: `/api/invoices/${invoice.id}/pdf` });
      expect(single.statusCode).toBe(200);
      downloads.push(hash(single.rawPayload));
    }
    expect(pdfNames.map((name) => hash(files[name]!)).sort()).toEqual(downloads.sort());

    // Announced by a notification that leads to Settings.
    const { rows } = await t.pool.query(
      `select title, related_entity_type, related_entity_id from notifications where user_id = $1 and related_entity_type = 'export'`,
      [ada.id],
    );
    expect(rows).toEqual([
      { title: ACCOUNT_EXPORT_MESSAGES.readyTitle, related_entity_type: 'export', related_entity_id: id },
    ]);

    // The newest export is what Settings shows first.
    const latest = await as(t.app, ada)({ method: 'GET', url: '/api/users/export' });
    expect(latestAccountExportResponseSchema.parse(latest.json()).export).toMatchObject({ id, status: 'ready' });
  });

  it('answers the export already queued or running to a second start', async () => {
    const account = await signUp(t.app);
    await createInvoice(t.app, account);
    const first = await as(t.app, account)({ method: 'POST', url: '/api/users/export' });
    const second = await as(t.app, account)({ method: 'POST', url: '/api/users/export' });
    expect(second.statusCode).toBe(202);
    expect(second.json().id).toBe(first.json().id);
    const { rows } = await t.pool.query('select count(*)::int as n from account_exports where user_id = $1', [
      account.id,
    ]);
    expect(rows[0].n).toBe(1);
    await waitFor(async () => {
      const status = await as(t.app, account)({ method: 'GET', url: `/api/users/export/${first.json().id}` });
      return status.json().status === 'ready';
    }, 60_000);
  });

  it("answers 404 for another account's export, a malformed id, and one past its time; the sweep deletes it", async () => {
    const account = await signUp(t.app);
    const other = await signUp(t.app);
    const id = await exportReady(t, account);
    for (const url of [`/api/users/export/${id}`, `/api/users/export/${id}/download`]) {
      const response = await as(t.app, other)({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ success: false, error: ACCOUNT_EXPORT_MESSAGES.notFound });
    }
    for (const url of ['/api/users/export/not-an-id', '/api/users/export/not-an-id/download']) {
      const response = await as(t.app, account)({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json().success).toBe(false);
    }
    const guest = await t.app.inject({ method: 'GET', url: `/api/users/export/${id}` });
    expect(guest.statusCode).toBe(401);

    await t.pool.query(`update account_exports set expires_at = now() - interval '1 second' where id = $1`, [id]);
    const expired = await as(t.app, account)({ method: 'GET', url: `/api/users/export/${id}` });
    expect(expired.json()).toMatchObject({ status: 'expired', download_url: null });
    const gone = await as(t.app, account)({ method: 'GET', url: `/api/users/export/${id}/download` });
    expect(gone.statusCode).toBe(404);

    await runQueue(t, 'account-export.sweep', {});
    const { rows } = await t.pool.query(
      `select (select count(*)::int from account_exports where id = $1) as exports,
              (select count(*)::int from account_export_chunks where export_id = $1) as chunks`,
      [id],
    );
    expect(rows[0]).toEqual({ exports: 0, chunks: 0 });
    const after = await as(t.app, account)({ method: 'GET', url: `/api/users/export/${id}` });
    expect(after.statusCode).toBe(404);
  });

  it('a failed run is retried from queued, and after its last attempt is failed with its chunks deleted', async () => {
    const account = await signUp(t.app);
    // An export whose run got as far as one chunk (a run on the request pool's connection would have committed it).
    const { rows } = await t.pool.query<{ id: string }>(
      `insert into account_exports (user_id, status, total, done) values ($1, 'running', 10, 4) returning id`,
      [account.id],
    );
    const id = rows[0]!.id;
    await t.pool.query(
      `insert into account_export_chunks (export_id, seq, user_id, bytes) values ($1, 0, $2, '\\x00')`,
      [id, account.id],
    );
    const job = (lastAttempt: boolean) => ({
      id: 'job',
      name: 'account-export.run',
      data: { exportId: id, userId: account.id },
      attempt: 1,
      lastAttempt,
      signal: new AbortController().signal,
    });
    const status = async () => (await as(t.app, account)({ method: 'GET', url: `/api/users/export/${id}` })).json();

    await recordFailure(t.app.db, job(false));
    expect(await status()).toMatchObject({ status: 'queued', progress: { done: 0, total: 10 }, failure: null });

    await recordFailure(t.app.db, job(true));
    expect(await status()).toMatchObject({
      status: 'failed',
      failure: ACCOUNT_EXPORT_MESSAGES.failed,
      download_url: null,
    });
    const chunks = await t.pool.query('select count(*)::int as n from account_export_chunks where export_id = $1', [
      id,
    ]);
    expect(chunks.rows[0].n).toBe(0);

    // A failed export holds nothing up: the next start is a new one.
    const again = await as(t.app, account)({ method: 'POST', url: '/api/users/export' });
    expect(again.statusCode).toBe(202);
    expect(again.json().id).not.toBe(id);
  });

  it('deletes exports and their chunks with the account', async () => {
    const account = await signUp(t.app);
    await createInvoice(t.app, account);
    const id = await exportReady(t, account);
    await t.pool.query('delete from users where id = $1', [account.id]);
    const { rows } = await t.pool.query('select count(*)::int as n from account_export_chunks where export_id = $1', [
      id,
    ]);
    expect(rows[0].n).toBe(0);
  });
});
