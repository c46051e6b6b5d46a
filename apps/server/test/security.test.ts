import { randomUUID } from 'node:crypto';
import type { HTTPMethods, InjectOptions, LightMyRequestResponse, RouteOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { savedPayload } from './invoice-fixtures';
import { createTestApp, type TestApp } from './app';
import { dbFingerprint } from './db-fingerprint';
import { multipartForm } from './upload-fixtures';
import { twoUsers, type TwoUsers } from './two-users';

/**
 * The security suite (issue 8 item 1), table-driven over every route the server registers:
 * B, signed in, on A's resources answers 404; a user_id naming A answers 403 (or 404); a
 * malformed input answers 400; every refusal carries the envelope and leaves every table as it
 * was (row counts and an md5 of the rows). Each route must have an entry in CASES: a route added
 * without one fails the suite, so no route can be forgotten. An entry that does not apply says
 * why, in words.
 */

type Build = (users: TwoUsers) => InjectOptions;
/** A builder, or the reason the check does not apply to the route. */
type Check = Build | string;

interface RouteCase {
  /** B's request on A's resource: 404. */
  foreign: Check;
  /** Signed in as B, a user_id naming A: 403 (or 404). */
  otherUserId: Check;
  /** A malformed body, query or parameter: 400. */
  malformed: Check;
  /**
   * A bulk call answers for the caller's own ids only: another user's id is not an error but
   * simply not counted (200, nothing done, existence not revealed), so its check expects that.
   */
  foreignIgnored?: (body: Record<string, unknown>) => void;
  /**
   * A resource named inside a body (not the path) may be refused as invalid input (400); the
   * answer must then be exactly the one an id that exists nowhere gets, so it reveals nothing.
   */
  foreignLikeUnknown?: Build;
}

const json = (payload: string): Pick<InjectOptions, 'payload' | 'headers'> => ({
  payload,
  headers: { 'content-type': 'application/json' },
});
const BROKEN_JSON = json('{"name":');
const NO_RESOURCE = 'acts only on the signed-in user (no resource of another user to name)';
const PUBLIC = 'public route: serves anyone, owns nothing per user';
const NO_INPUT = 'takes no input to malform';
const PUBLIC_LINK =
  'a public link opens its invoice for whoever holds the token, by design; the owner turns it off (invoices.links.test.ts)';
const ACCOUNT_LINK =
  'a link of an account e-mail acts on the account its token names, for whoever holds it; a token it did not send is not valid (account-links.routes.test.ts)';
const MALFORMED_TOKEN =
  'a malformed token answers 404 like an unknown one, so the answer never tells a token apart (invoices.links.test.ts)';

const MALFORMED_EXPORT_ID =
  'a malformed export id answers 404 like an unknown one, with the envelope (account-export.routes.test.ts)';

const clientBody = { name: 'Renamed', email: 'renamed@example.com' };

/** An import upload (docs/product/api.md#import-calls): a file, and text fields such as a spoofed user_id. */
const importUpload = (url: string, file: string | null, fields: Record<string, string> = {}): InjectOptions => {
  const form = multipartForm(file === null ? null : { bytes: Buffer.from(file) }, fields);
  return { method: 'POST', url, payload: form.payload, headers: form.headers };
};
const IMPORT_CSV = 'Name,Email\nImported,imported@example.com\n';
const IMPORT_NO_FOREIGN =
  "an import writes only into the signed-in user's account; ids in a file are never looked up in another (invoices.import.test.ts)";
const businessBody = { name: 'Renamed', email: 'renamed@example.com' };

const CASES: Record<string, RouteCase> = {
  'GET /api/health': { foreign: PUBLIC, otherUserId: PUBLIC, malformed: NO_INPUT },
  'POST /generate-invoice': {
    foreign: PUBLIC,
    otherUserId: PUBLIC,
    malformed: () => ({ method: 'POST', url: '/generate-invoice', ...BROKEN_JSON }),
  },
  'POST /preview-invoice': {
    foreign: PUBLIC,
    otherUserId: PUBLIC,
    malformed: () => ({ method: 'POST', url: '/preview-invoice', payload: { items: 'nope' } }),
  },
  'GET /template-preview/:template': {
    foreign: PUBLIC,
    otherUserId: PUBLIC,
    malformed: () => ({ method: 'GET', url: '/template-preview/baroque' }),
  },
  'POST /upload-logo': {
    foreign: PUBLIC,
    otherUserId: PUBLIC,
    malformed: () => ({ method: 'POST', url: '/upload-logo', payload: { logo: 'x' } }),
  },
  'GET /api/logos/:id': {
    foreign: 'logos are public by their unguessable id (the PDF and the editor fetch them without a session)',
    otherUserId: PUBLIC,
    malformed: () => ({ method: 'GET', url: '/api/logos/not-a-uuid' }),
  },
  'POST /api/auth/signup': {
    foreign: PUBLIC,
    otherUserId: PUBLIC,
    malformed: () => ({ method: 'POST', url: '/api/auth/signup', payload: { email: 'not an email' } }),
  },
  'POST /api/auth/signin': {
    foreign: PUBLIC,
    otherUserId: PUBLIC,
    malformed: () => ({ method: 'POST', url: '/api/auth/signin', ...BROKEN_JSON }),
  },
  'POST /api/auth/signout': { foreign: NO_RESOURCE, otherUserId: PUBLIC, malformed: NO_INPUT },
  'GET /api/auth/session': { foreign: NO_RESOURCE, otherUserId: NO_RESOURCE, malformed: NO_INPUT },
  'GET /api/auth/providers': { foreign: PUBLIC, otherUserId: PUBLIC, malformed: NO_INPUT },
  'GET /api/auth/google': {
    foreign: PUBLIC,
    otherUserId: PUBLIC,
    malformed: 'redirects to Google (or answers that Google sign-in is off); it reads no input',
  },
  'GET /api/auth/google/callback': {
    foreign: PUBLIC,
    otherUserId: PUBLIC,
    malformed:
      'a browser navigation: a bad state or code redirects to the sign-in page with the error (google.test.ts)',
  },
  'POST /api/auth/password-reset': {
    foreign: PUBLIC,
    otherUserId: PUBLIC,
    malformed: () => ({ method: 'POST', url: '/api/auth/password-reset', payload: { email: 'not an email' } }),
  },
  'POST /api/auth/password-reset/check': {
    foreign: ACCOUNT_LINK,
    otherUserId: PUBLIC,
    malformed: () => ({ method: 'POST', url: '/api/auth/password-reset/check', payload: { token: 42 } }),
  },
  'POST /api/auth/password-reset/confirm': {
    foreign: ACCOUNT_LINK,
    otherUserId: PUBLIC,
    malformed: () => ({
      method: 'POST',
      url: '/api/auth/password-reset/confirm',
      payload: { token: 'x'.repeat(59), new_password: '123' },
    }),
  },
  'POST /api/auth/verify-email': {
    foreign: ACCOUNT_LINK,
    otherUserId: PUBLIC,
    malformed: () => ({ method: 'POST', url: '/api/auth/verify-email', payload: { token: '' } }),
  },
  'POST /api/auth/verify-email/resend': {
    foreign: NO_RESOURCE,
    otherUserId: ({ a }) => ({
      method: 'POST',
      url: '/api/auth/verify-email/resend',
      payload: { user_id: a.account.id },
    }),
    malformed: () => ({ method: 'POST', url: '/api/auth/verify-email/resend', ...BROKEN_JSON }),
  },
  'POST /api/users/email': {
    foreign: NO_RESOURCE,
    otherUserId: ({ a }) => ({
      method: 'POST',
      url: '/api/users/email',
      payload: { user_id: a.account.id, new_email: 'taken-over@example.com', password: 'whatever it is' },
    }),
    malformed: () => ({ method: 'POST', url: '/api/users/email', payload: { new_email: 'nope', password: '' } }),
  },
  'GET /api/users/sessions': {
    foreign: NO_RESOURCE,
    otherUserId: ({ a }) => ({ method: 'GET', url: `/api/users/sessions?user_id=${a.account.id}` }),
    malformed: NO_INPUT,
  },
  'DELETE /api/users/sessions': {
    foreign: NO_RESOURCE,
    otherUserId: ({ a }) => ({ method: 'DELETE', url: `/api/users/sessions?user_id=${a.account.id}` }),
    malformed: NO_INPUT,
  },
  'DELETE /api/users/sessions/:id': {
    foreign: ({ a }) => ({ method: 'DELETE', url: `/api/users/sessions/${a.sessionId}` }),
    otherUserId: ({ a, b }) => ({
      method: 'DELETE',
      url: `/api/users/sessions/${b.sessionId}?user_id=${a.account.id}`,
    }),
    malformed: () => ({ method: 'DELETE', url: '/api/users/sessions/not-a-uuid' }),
  },
  'POST /api/users/export': {
    foreign: NO_RESOURCE,
    otherUserId: ({ a }) => ({ method: 'POST', url: `/api/users/export?user_id=${a.account.id}` }),
    malformed: NO_INPUT,
  },
  'GET /api/users/export': {
    foreign: NO_RESOURCE,
    otherUserId: ({ a }) => ({ method: 'GET', url: `/api/users/export?user_id=${a.account.id}` }),
    malformed: NO_INPUT,
  },
  'GET /api/users/export/:id': {
    foreign: ({ a }) => ({ method: 'GET', url: `/api/users/export/${a.exportId}` }),
    otherUserId: ({ a, b }) => ({ method: 'GET', url: `/api/users/export/${b.exportId}?user_id=${a.account.id}` }),
    malformed: MALFORMED_EXPORT_ID,
  },
  'GET /api/users/export/:id/download': {
    foreign: ({ a }) => ({ method: 'GET', url: `/api/users/export/${a.exportId}/download` }),
    otherUserId: ({ a, b }) => ({
      method: 'GET',
      url: `/api/users/export/${b.exportId}/download?user_id=${a.account.id}`,
    }),
    malformed: MALFORMED_EXPORT_ID,
  },
  'GET /api/users/:id': {
    foreign: ({ a }) => ({ method: 'GET', url: `/api/users/${a.account.id}` }),
    otherUserId: ({ a, b }) => ({ method: 'GET', url: `/api/users/${b.account.id}?user_id=${a.account.id}` }),
    malformed: () => ({ method: 'GET', url: '/api/users/not-a-uuid' }),
  },
  'GET /api/users/settings': {
    foreign: NO_RESOURCE,
    otherUserId: ({ a }) => ({ method: 'GET', url: `/api/users/settings?user_id=${a.account.id}` }),
    malformed: NO_INPUT,
  },
  'PUT /api/users/settings': {
    foreign: NO_RESOURCE,
    otherUserId: ({ a }) => ({
      method: 'PUT',
      url: '/api/users/settings',
      payload: {
        user_id: a.account.id,
        reminders: { enabled: false, before_days: 1, on_due: true, after_days: 1, repeat_days: 1, max: 1 },
      },
    }),
    malformed: () => ({
      method: 'PUT',
      url: '/api/users/settings',
      payload: { reminders: { enabled: true, before_days: 99, on_due: true, after_days: 7, repeat_days: 14, max: 3 } },
    }),
  },
  'GET /api/users/invoice-template': {
    foreign: NO_RESOURCE,
    otherUserId: ({ a }) => ({ method: 'GET', url: `/api/users/invoice-template?user_id=${a.account.id}` }),
    malformed: NO_INPUT,
  },
  'PUT /api/users/invoice-template': {
    foreign: NO_RESOURCE,
    otherUserId: ({ a }) => ({
      method: 'PUT',
      url: '/api/users/invoice-template',
      payload: { user_id: a.account.id, template: 'classic', accent_color: '#aa3300' },
    }),
    malformed: () => ({
      method: 'PUT',
      url: '/api/users/invoice-template',
      payload: { template: 'baroque', accent_color: 'red' },
    }),
  },
  'PUT /api/users/profile': {
    foreign: NO_RESOURCE,
    otherUserId: ({ a }) => ({
      method: 'PUT',
      url: '/api/users/profile',
      payload: { user_id: a.account.id, first_name: 'X', last_name: 'Y', default_currency: 'EUR' },
    }),
    malformed: () => ({ method: 'PUT', url: '/api/users/profile', payload: { first_name: 7 } }),
  },
  'PUT /api/users/password': {
    foreign: NO_RESOURCE,
    otherUserId: ({ a, b }) => ({
      method: 'PUT',
      url: '/api/users/password',
      payload: { user_id: a.account.id, current_password: b.account.password, new_password: 'another horse' },
    }),
    malformed: () => ({ method: 'PUT', url: '/api/users/password', ...BROKEN_JSON }),
  },
  'DELETE /api/users/delete': {
    foreign: NO_RESOURCE,
    otherUserId: ({ a, b }) => ({
      method: 'DELETE',
      url: '/api/users/delete',
      payload: { user_id: a.account.id, password: b.account.password },
    }),
    malformed: () => ({ method: 'DELETE', url: '/api/users/delete', payload: { password: ['x'] } }),
  },
  'GET /api/clients': {
    foreign: NO_RESOURCE,
    otherUserId: ({ a }) => ({ method: 'GET', url: `/api/clients?user_id=${a.account.id}` }),
    malformed: () => ({ method: 'GET', url: '/api/clients?page=-1' }),
  },
  'DELETE /api/clients/bulk-delete': {
    foreign: ({ a, b }) => ({
      method: 'DELETE',
      url: '/api/clients/bulk-delete',
      payload: { user_id: b.account.id, client_ids: [a.clientId] },
    }),
    foreignIgnored: (body) => expect(body).toMatchObject({ success: true, deleted_count: 0 }),
    otherUserId: ({ a }) => ({
      method: 'DELETE',
      url: '/api/clients/bulk-delete',
      payload: { user_id: a.account.id, client_ids: [a.clientId] },
    }),
    malformed: () => ({ method: 'DELETE', url: '/api/clients/bulk-delete', payload: { client_ids: ['nope'] } }),
  },
  'POST /api/clients/import/preview': {
    foreign: IMPORT_NO_FOREIGN,
    otherUserId: ({ a }) => importUpload('/api/clients/import/preview', IMPORT_CSV, { user_id: a.account.id }),
    malformed: () => importUpload('/api/clients/import/preview', IMPORT_CSV, { mapping: '{"name": 7}' }),
  },
  'POST /api/clients/import': {
    foreign: IMPORT_NO_FOREIGN,
    otherUserId: ({ a }) => importUpload('/api/clients/import', IMPORT_CSV, { user_id: a.account.id }),
    malformed: () => importUpload('/api/clients/import', 'Name,Phone\nNo Email,1\n'),
  },
  'POST /api/einvoices/read': {
    foreign: 'reads the uploaded file and stores nothing; it names no resource of anyone (einvoices.routes.test.ts)',
    otherUserId: ({ a }) => importUpload('/api/einvoices/read', '<x/>', { user_id: a.account.id }),
    malformed: () => importUpload('/api/einvoices/read', 'not an e-invoice'),
  },
  'POST /api/invoices/import': {
    foreign: IMPORT_NO_FOREIGN,
    otherUserId: ({ a }) => importUpload('/api/invoices/import', '[]', { user_id: a.account.id }),
    malformed: () => importUpload('/api/invoices/import', '{"not": "an export"}'),
  },
  'GET /api/clients/:id': {
    foreign: ({ a }) => ({ method: 'GET', url: `/api/clients/${a.clientId}` }),
    otherUserId: ({ a }) => ({ method: 'GET', url: `/api/clients/${a.clientId}?user_id=${a.account.id}` }),
    malformed: () => ({ method: 'GET', url: '/api/clients/1%20or%201=1' }),
  },
  'POST /api/clients': {
    foreign: NO_RESOURCE,
    otherUserId: ({ a }) => ({
      method: 'POST',
      url: '/api/clients',
      payload: { ...clientBody, user_id: a.account.id },
    }),
    malformed: () => ({ method: 'POST', url: '/api/clients', ...BROKEN_JSON }),
  },
  'PUT /api/clients/:id': {
    foreign: ({ a }) => ({ method: 'PUT', url: `/api/clients/${a.clientId}`, payload: clientBody }),
    otherUserId: ({ a }) => ({
      method: 'PUT',
      url: `/api/clients/${a.clientId}`,
      payload: { ...clientBody, user_id: a.account.id },
    }),
    malformed: ({ b }) => ({ method: 'PUT', url: `/api/clients/${b.clientId}`, payload: { name: '', email: 5 } }),
  },
  'DELETE /api/clients/:id': {
    foreign: ({ a }) => ({ method: 'DELETE', url: `/api/clients/${a.clientId}` }),
    otherUserId: ({ a }) => ({ method: 'DELETE', url: `/api/clients/${a.clientId}?user_id=${a.account.id}` }),
    malformed: () => ({ method: 'DELETE', url: '/api/clients/not-a-uuid' }),
  },
  'GET /api/businesses': {
    foreign: NO_RESOURCE,
    otherUserId: ({ a }) => ({ method: 'GET', url: `/api/businesses?user_id=${a.account.id}` }),
    malformed: () => ({ method: 'GET', url: '/api/businesses?per_page=abc' }),
  },
  'GET /api/businesses/:id': {
    foreign: ({ a }) => ({ method: 'GET', url: `/api/businesses/${a.businessId}` }),
    otherUserId: ({ a }) => ({ method: 'GET', url: `/api/businesses/${a.businessId}?user_id=${a.account.id}` }),
    malformed: () => ({ method: 'GET', url: '/api/businesses/not-a-uuid' }),
  },
  'POST /api/businesses': {
    foreign: NO_RESOURCE,
    otherUserId: ({ a }) => ({
      method: 'POST',
      url: '/api/businesses',
      payload: { ...businessBody, user_id: a.account.id },
    }),
    malformed: () => ({ method: 'POST', url: '/api/businesses', payload: [1, 2] }),
  },
  'PUT /api/businesses/:id': {
    foreign: ({ a }) => ({ method: 'PUT', url: `/api/businesses/${a.businessId}`, payload: businessBody }),
    otherUserId: ({ a }) => ({
      method: 'PUT',
      url: `/api/businesses/${a.businessId}`,
      payload: { ...businessBody, user_id: a.account.id },
    }),
    malformed: ({ b }) => ({ method: 'PUT', url: `/api/businesses/${b.businessId}`, ...BROKEN_JSON }),
  },
  'DELETE /api/businesses/:id': {
    foreign: ({ a }) => ({ method: 'DELETE', url: `/api/businesses/${a.businessId}` }),
    otherUserId: ({ a }) => ({ method: 'DELETE', url: `/api/businesses/${a.businessId}?user_id=${a.account.id}` }),
    malformed: () => ({ method: 'DELETE', url: '/api/businesses/not-a-uuid' }),
  },
  'GET /api/invoices': {
    foreign: NO_RESOURCE,
    otherUserId: ({ a }) => ({ method: 'GET', url: `/api/invoices?user_id=${a.account.id}` }),
    malformed: () => ({ method: 'GET', url: '/api/invoices?status=bogus' }),
  },
  'GET /api/invoices/next-number': {
    foreign: NO_RESOURCE,
    otherUserId: ({ a }) => ({ method: 'GET', url: `/api/invoices/next-number?user_id=${a.account.id}` }),
    malformed: 'its only input is user_id (checked above)',
  },
  'POST /api/invoices/download': {
    foreign: ({ a, b }) => ({
      method: 'POST',
      url: '/api/invoices/download',
      payload: { user_id: b.account.id, invoice_ids: [a.invoiceId] },
    }),
    otherUserId: ({ a }) => ({
      method: 'POST',
      url: '/api/invoices/download',
      payload: { user_id: a.account.id, invoice_ids: [a.invoiceId] },
    }),
    malformed: () => ({ method: 'POST', url: '/api/invoices/download', payload: { invoice_ids: [] } }),
  },
  'POST /api/invoices': {
    foreign: ({ a, b }) => ({
      method: 'POST',
      url: '/api/invoices',
      payload: savedPayload(b.account, {}, { client_id: a.clientId, business_id: a.businessId }),
    }),
    foreignLikeUnknown: ({ b }) => ({
      method: 'POST',
      url: '/api/invoices',
      payload: savedPayload(b.account, {}, { client_id: randomUUID(), business_id: randomUUID() }),
    }),
    otherUserId: ({ a }) => ({ method: 'POST', url: '/api/invoices', payload: savedPayload(a.account) }),
    malformed: ({ b }) => ({ method: 'POST', url: '/api/invoices', payload: savedPayload(b.account, { items: 'x' }) }),
  },
  'GET /api/invoices/:id': {
    foreign: ({ a }) => ({ method: 'GET', url: `/api/invoices/${a.invoiceId}?include_client=true&include_business=1` }),
    otherUserId: ({ a }) => ({ method: 'GET', url: `/api/invoices/${a.invoiceId}?user_id=${a.account.id}` }),
    malformed: ({ b }) => ({ method: 'GET', url: `/api/invoices/${b.invoiceId}?include_client=maybe` }),
  },
  'PUT /api/invoices/:id': {
    foreign: ({ a, b }) => ({ method: 'PUT', url: `/api/invoices/${a.invoiceId}`, payload: savedPayload(b.account) }),
    otherUserId: ({ a }) => ({ method: 'PUT', url: `/api/invoices/${a.invoiceId}`, payload: savedPayload(a.account) }),
    malformed: ({ b }) => ({ method: 'PUT', url: `/api/invoices/${b.invoiceId}`, ...BROKEN_JSON }),
  },
  'DELETE /api/invoices/:id': {
    foreign: ({ a }) => ({ method: 'DELETE', url: `/api/invoices/${a.invoiceId}` }),
    otherUserId: ({ a }) => ({ method: 'DELETE', url: `/api/invoices/${a.invoiceId}?user_id=${a.account.id}` }),
    malformed: () => ({ method: 'DELETE', url: '/api/invoices/not-a-uuid' }),
  },
  'GET /api/invoices/:id/edit': {
    foreign: ({ a }) => ({ method: 'GET', url: `/api/invoices/${a.invoiceId}/edit` }),
    otherUserId: ({ a }) => ({ method: 'GET', url: `/api/invoices/${a.invoiceId}/edit?user_id=${a.account.id}` }),
    malformed: () => ({ method: 'GET', url: '/api/invoices/%E2%80%AEabc/edit' }),
  },
  'PUT /api/invoices/:id/status': {
    foreign: ({ a, b }) => ({
      method: 'PUT',
      url: `/api/invoices/${a.invoiceId}/status`,
      payload: { user_id: b.account.id, status: 'paid' },
    }),
    otherUserId: ({ a }) => ({
      method: 'PUT',
      url: `/api/invoices/${a.invoiceId}/status`,
      payload: { user_id: a.account.id, status: 'paid' },
    }),
    malformed: ({ b }) => ({
      method: 'PUT',
      url: `/api/invoices/${b.invoiceId}/status`,
      payload: { status: "paid'; drop table invoices; --" },
    }),
  },
  'GET /api/invoices/:id/pdf': {
    foreign: ({ a }) => ({ method: 'GET', url: `/api/invoices/${a.invoiceId}/pdf` }),
    otherUserId: ({ a }) => ({ method: 'GET', url: `/api/invoices/${a.invoiceId}/pdf?user_id=${a.account.id}` }),
    malformed: () => ({ method: 'GET', url: '/api/invoices/not-a-uuid/pdf' }),
  },
  'GET /api/invoices/:id/einvoice': {
    foreign: ({ a }) => ({ method: 'GET', url: `/api/invoices/${a.invoiceId}/einvoice?format=ubl` }),
    otherUserId: ({ a }) => ({
      method: 'GET',
      url: `/api/invoices/${a.invoiceId}/einvoice?format=ubl&user_id=${a.account.id}`,
    }),
    malformed: ({ b }) => ({ method: 'GET', url: `/api/invoices/${b.invoiceId}/einvoice?format=facturx%27--` }),
  },
  'GET /api/invoices/:id/activity': {
    foreign: ({ a }) => ({ method: 'GET', url: `/api/invoices/${a.invoiceId}/activity` }),
    otherUserId: ({ a }) => ({ method: 'GET', url: `/api/invoices/${a.invoiceId}/activity?user_id=${a.account.id}` }),
    malformed: () => ({ method: 'GET', url: '/api/invoices/not-a-uuid/activity' }),
  },
  'GET /api/invoices/:id/reminders': {
    foreign: ({ a }) => ({ method: 'GET', url: `/api/invoices/${a.invoiceId}/reminders` }),
    otherUserId: ({ a }) => ({ method: 'GET', url: `/api/invoices/${a.invoiceId}/reminders?user_id=${a.account.id}` }),
    malformed: () => ({ method: 'GET', url: '/api/invoices/not-a-uuid/reminders' }),
  },
  'PUT /api/invoices/:id/reminders': {
    foreign: ({ a }) => ({ method: 'PUT', url: `/api/invoices/${a.invoiceId}/reminders`, payload: { paused: true } }),
    otherUserId: ({ a }) => ({
      method: 'PUT',
      url: `/api/invoices/${a.invoiceId}/reminders`,
      payload: { user_id: a.account.id, paused: true },
    }),
    malformed: ({ b }) => ({ method: 'PUT', url: `/api/invoices/${b.invoiceId}/reminders`, payload: { paused: 'no' } }),
  },
  'GET /api/invoices/:id/payments': {
    foreign: ({ a }) => ({ method: 'GET', url: `/api/invoices/${a.invoiceId}/payments` }),
    otherUserId: ({ a }) => ({ method: 'GET', url: `/api/invoices/${a.invoiceId}/payments?user_id=${a.account.id}` }),
    malformed: () => ({ method: 'GET', url: '/api/invoices/not-a-uuid/payments' }),
  },
  'POST /api/invoices/:id/payments': {
    foreign: ({ a }) => ({
      method: 'POST',
      url: `/api/invoices/${a.invoiceId}/payments`,
      payload: { amount: 1, date: '2026-01-15', method: 'cash' },
    }),
    otherUserId: ({ b, a }) => ({
      method: 'POST',
      url: `/api/invoices/${b.invoiceId}/payments`,
      payload: { user_id: a.account.id, amount: 1, date: '2026-01-15', method: 'cash' },
    }),
    malformed: ({ b }) => ({
      method: 'POST',
      url: `/api/invoices/${b.invoiceId}/payments`,
      payload: { amount: -1, date: '2026-01-15', method: 'cash' },
    }),
  },
  'DELETE /api/invoices/:id/payments/:paymentId': {
    foreign: ({ a }) => ({ method: 'DELETE', url: `/api/invoices/${a.invoiceId}/payments/${a.paymentId}` }),
    otherUserId: ({ b, a }) => ({
      method: 'DELETE',
      url: `/api/invoices/${b.invoiceId}/payments/${b.paymentId}?user_id=${a.account.id}`,
    }),
    malformed: ({ b }) => ({ method: 'DELETE', url: `/api/invoices/${b.invoiceId}/payments/not-a-uuid` }),
  },
  'GET /api/invoices/:id/share': {
    foreign: ({ a }) => ({ method: 'GET', url: `/api/invoices/${a.invoiceId}/share` }),
    otherUserId: ({ a }) => ({ method: 'GET', url: `/api/invoices/${a.invoiceId}/share?user_id=${a.account.id}` }),
    malformed: () => ({ method: 'GET', url: '/api/invoices/1%20or%201=1/share' }),
  },
  'POST /api/invoices/:id/share': {
    foreign: ({ a }) => ({ method: 'POST', url: `/api/invoices/${a.invoiceId}/share`, payload: { replace: true } }),
    otherUserId: ({ a }) => ({
      method: 'POST',
      url: `/api/invoices/${a.invoiceId}/share`,
      payload: { user_id: a.account.id },
    }),
    malformed: ({ b }) => ({ method: 'POST', url: `/api/invoices/${b.invoiceId}/share`, payload: { replace: 'yes' } }),
  },
  'DELETE /api/invoices/:id/share': {
    foreign: ({ a }) => ({ method: 'DELETE', url: `/api/invoices/${a.invoiceId}/share` }),
    otherUserId: ({ a }) => ({ method: 'DELETE', url: `/api/invoices/${a.invoiceId}/share?user_id=${a.account.id}` }),
    malformed: () => ({ method: 'DELETE', url: '/api/invoices/not-a-uuid/share' }),
  },
  'GET /api/invoices/:id/send': {
    foreign: ({ a }) => ({ method: 'GET', url: `/api/invoices/${a.invoiceId}/send` }),
    otherUserId: ({ a }) => ({ method: 'GET', url: `/api/invoices/${a.invoiceId}/send?user_id=${a.account.id}` }),
    malformed: () => ({ method: 'GET', url: '/api/invoices/not-a-uuid/send' }),
  },
  'POST /api/invoices/:id/send': {
    foreign: ({ a }) => ({
      method: 'POST',
      url: `/api/invoices/${a.invoiceId}/send`,
      payload: { to: ['intruder@example.com'], cc_me: true },
    }),
    otherUserId: ({ a, b }) => ({
      method: 'POST',
      url: `/api/invoices/${b.invoiceId}/send`,
      payload: { to: ['client@example.com'], user_id: a.account.id },
    }),
    malformed: ({ b }) => ({
      method: 'POST',
      url: `/api/invoices/${b.invoiceId}/send`,
      payload: { to: ['client@example.com\r\nBcc: everyone@example.com'], subject: 'Hi' },
    }),
  },
  'GET /api/public/invoices/:token': {
    foreign: PUBLIC_LINK,
    otherUserId: PUBLIC,
    malformed: MALFORMED_TOKEN,
  },
  'GET /api/public/invoices/:token/pdf': {
    foreign: PUBLIC_LINK,
    otherUserId: PUBLIC,
    malformed: MALFORMED_TOKEN,
  },
  'GET /api/dashboard/summary': {
    foreign: NO_RESOURCE,
    otherUserId: ({ a }) => ({ method: 'GET', url: `/api/dashboard/summary?user_id=${a.account.id}` }),
    malformed: () => ({ method: 'GET', url: '/api/dashboard/summary?currency=%3Cscript%3E' }),
  },
  'GET /api/notifications': {
    foreign: NO_RESOURCE,
    otherUserId: ({ a }) => ({ method: 'GET', url: `/api/notifications?user_id=${a.account.id}` }),
    malformed: 'its only input is user_id (checked above)',
  },
  'GET /api/notifications/unread-count': {
    foreign: NO_RESOURCE,
    otherUserId: ({ a }) => ({ method: 'GET', url: `/api/notifications/unread-count?user_id=${a.account.id}` }),
    malformed: 'its only input is user_id (checked above)',
  },
  'PUT /api/notifications/read-all': {
    foreign: NO_RESOURCE,
    otherUserId: ({ a }) => ({ method: 'PUT', url: `/api/notifications/read-all?user_id=${a.account.id}` }),
    malformed: 'its only input is user_id (checked above)',
  },
  'PUT /api/notifications/:id/read': {
    foreign: ({ a }) => ({ method: 'PUT', url: `/api/notifications/${a.notificationId}/read` }),
    otherUserId: ({ a }) => ({
      method: 'PUT',
      url: `/api/notifications/${a.notificationId}/read?user_id=${a.account.id}`,
    }),
    malformed: () => ({ method: 'PUT', url: '/api/notifications/not-a-uuid/read' }),
  },
  'DELETE /api/notifications/:id': {
    foreign: ({ a }) => ({ method: 'DELETE', url: `/api/notifications/${a.notificationId}` }),
    otherUserId: ({ a }) => ({
      method: 'DELETE',
      url: `/api/notifications/${a.notificationId}?user_id=${a.account.id}`,
    }),
    malformed: () => ({ method: 'DELETE', url: '/api/notifications/not-a-uuid' }),
  },
  'POST /api/support': {
    foreign: NO_RESOURCE,
    otherUserId: ({ a }) => ({
      method: 'POST',
      url: '/api/support',
      payload: { issueType: 'bug', details: 'Help', userId: a.account.id },
    }),
    malformed: () => ({ method: 'POST', url: '/api/support', payload: { issueType: 'nope', details: '' } }),
  },
};

/** Routes Fastify adds by itself for a GET (HEAD) are checked through their GET entry. */
const caseKey = (method: string, url: string) => `${method === 'HEAD' ? 'GET' : method} ${url}`;

function expectEnvelope(response: LightMyRequestResponse, label: string) {
  const body = response.json();
  expect(body.success, label).toBe(false);
  expect(typeof body.error, label).toBe('string');
  expect(body.error.length, label).toBeGreaterThan(0);
}

describe('the security table covers every route', () => {
  const registered: { method: string; url: string }[] = [];
  let t: TestApp;
  let users: TwoUsers;

  beforeAll(async () => {
    t = await createTestApp(
      {},
      {
        onRoute: (route: RouteOptions) => {
          for (const method of [route.method].flat()) registered.push({ method: String(method), url: route.url });
        },
      },
    );
    users = await twoUsers(t.app, t.pool);
  });

  /** Sends as B; checks the status, the envelope, and that no row of any table changed. */
  async function refusedAsB(
    build: Build,
    method: string,
    allowed: number[],
    label: string,
    ignored?: (body: Record<string, unknown>) => void,
  ): Promise<LightMyRequestResponse> {
    const options = build(users);
    const before = await dbFingerprint(t.pool);
    const response = await t.app.inject({
      ...options,
      method: method as HTTPMethods,
      headers: { ...(options.headers ?? {}), cookie: users.b.account.cookie },
    });
    if (ignored) {
      expect(response.statusCode, label).toBe(200);
      ignored(response.json());
    } else {
      expect(allowed, `${label}: ${response.statusCode} ${response.body.slice(0, 300)}`).toContain(response.statusCode);
      if (method !== 'HEAD') expectEnvelope(response, label);
    }
    expect(await dbFingerprint(t.pool), `${label} changed the database`).toEqual(before);
    return response;
  }

  it('has an entry for every registered route, and no entry for a route that is gone', () => {
    const keys = new Set(registered.map((route) => caseKey(route.method, route.url)));
    const missing = [...keys].filter((key) => !(key in CASES));
    expect(missing, 'routes without a security entry: add them to CASES').toEqual([]);
    expect(
      Object.keys(CASES).filter((key) => !keys.has(key)),
      'entries for routes that no longer exist',
    ).toEqual([]);
  });

  it("answers 404 to B on every one of A's resources, changing nothing", async () => {
    let checked = 0;
    for (const { method, url } of registered) {
      const entry = CASES[caseKey(method, url)];
      const check = entry?.foreign;
      if (typeof check !== 'function') continue;
      const label = `${method} ${url} on A's resource`;
      const unknown = entry?.foreignLikeUnknown;
      const response = await refusedAsB(check, method, unknown ? [400, 404] : [404], label, entry?.foreignIgnored);
      if (unknown) {
        const control = await refusedAsB(unknown, method, [400, 404], `${method} ${url} on an unknown id`);
        expect([response.statusCode, response.json()], label).toEqual([control.statusCode, control.json()]);
      }
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(15);
  });

  it('answers 403 (or 404) to a user_id naming A, changing nothing', async () => {
    let checked = 0;
    for (const { method, url } of registered) {
      const check = CASES[caseKey(method, url)]?.otherUserId;
      if (typeof check !== 'function') continue;
      await refusedAsB(check, method, [403, 404], `${method} ${url} with A's user_id`);
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(25);
  });

  it('answers 400 with the envelope to malformed input, changing nothing', async () => {
    let checked = 0;
    for (const { method, url } of registered) {
      const check = CASES[caseKey(method, url)]?.malformed;
      if (typeof check !== 'function') continue;
      await refusedAsB(check, method, [400], `${method} ${url} malformed`);
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(25);
  });

  it("leaves A's resources intact and readable by A after all of B's attempts", async () => {
    const { a } = users;
    for (const url of [
      `/api/clients/${a.clientId}`,
      `/api/businesses/${a.businessId}`,
      `/api/invoices/${a.invoiceId}`,
      `/api/users/${a.account.id}`,
    ]) {
      const response = await t.app.inject({ method: 'GET', url, headers: { cookie: a.account.cookie } });
      expect(response.statusCode, url).toBe(200);
    }
    const notifications = await t.app.inject({
      method: 'GET',
      url: '/api/notifications',
      headers: { cookie: a.account.cookie },
    });
    expect(notifications.body).toContain(a.notificationId);
  });
});
