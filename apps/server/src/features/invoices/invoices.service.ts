import { createHash } from 'node:crypto';
import type { ActivityEntry } from '@invoicer/domain/api/activity';
import type { Business } from '@invoicer/domain/api/businesses';
import type { Client } from '@invoicer/domain/api/clients';
import { paginate, type Pagination } from '@invoicer/domain/api/common';
import {
  BULK_DOWNLOAD_MAX,
  INVOICE_MESSAGES,
  recipientName,
  toEditData,
  type EditData,
  type Invoice,
  type InvoiceListFilter,
  type InvoiceListItem,
  type InvoiceListQuery,
  type SavedInvoiceBody,
} from '@invoicer/domain/api/invoices';
import { resolveDocumentLanguage } from '@invoicer/domain/document-language';
import type { InvoiceDocument } from '@invoicer/domain/invoice-document';
import { nextInvoiceNumber } from '@invoicer/domain/invoice-number';
import type { InvoiceStatus } from '@invoicer/domain/status';
import { computeTotals } from '@invoicer/domain/totals';
import type { InvoiceWithJsonItems } from '../../pdf/invoice-json';
import type { Database, DbExecutor } from '../../plugins/database';
import { badRequest, HttpError, notFound } from '../../plugins/errors';
import { listActivity, recordActivity, toActivityEntry } from '../../shared/activity';
import { insertNotification, invoiceCreatedNotification } from '../../shared/notifications';
import {
  changeStatus,
  checkSaveAgainstPayments,
  lockLedgerInvoice,
  payInFull,
  releaseMarkAsPaid,
  settleAfterSave,
} from '../../shared/payment-ledger';
import { toEmbeddedBusiness, toEmbeddedClient, toInvoice, toInvoiceListItem } from './invoices.contract';
import { listInvoices } from './invoices.list.queries';
import {
  findEmbeddedBusiness,
  findEmbeddedClient,
  languageDefaults,
  ownsBusiness,
  ownsClient,
} from './invoices.parties.queries';
import { storedInvoiceTransfer } from './invoices.payment-qr';
import {
  deleteInvoice,
  findSaveKey,
  findInvoice,
  findInvoiceForPdf,
  findInvoiceHeads,
  highestInvoiceNumberValue,
  insertInvoice,
  insertItems,
  insertSaveKey,
  replaceItems,
  updateInvoice,
  type InvoiceColumns,
  type InvoiceRow,
  type ItemValues,
} from './invoices.queries';
import { invoiceSearchText, invoiceSearchWords, toDocument, toPdfSource, toStoredData } from './invoices.stored-data';

/**
 * Saved invoices: the rules between the HTTP contract and the rows. Totals are always computed
 * here with the domain's computeTotals, never taken from a request. How a row is stored is in
 * invoices.stored-data.ts, how it is answered in invoices.contract.ts.
 */

// ---------------------------------------------------------------------------------------------
// Reads

export async function listUserInvoices(
  db: Database,
  userId: string,
  query: InvoiceListQuery,
): Promise<{ invoices: InvoiceListItem[]; pagination: Pagination }> {
  const { rows, total } = await listInvoices(db, userId, {
    page: query.page,
    perPage: query.per_page,
    status: query.status,
    words: invoiceSearchWords(query.search),
    sort: query.sort,
    order: query.order,
  });
  return { invoices: rows.map(toInvoiceListItem), pagination: paginate(query.page, query.per_page, total) };
}

/**
 * The ids of every invoice the list's search and status filter find, in the list's order, for a
 * bulk download of "all N invoices": at most BULK_DOWNLOAD_MAX, else a 400 that says how many
 * matched (docs/decisions/0033-bulk-download-as-one-zip.md).
 */
export async function matchingInvoiceIds(db: Database, userId: string, filter: InvoiceListFilter): Promise<string[]> {
  const { rows, total } = await listInvoices(db, userId, {
    page: 1,
    perPage: BULK_DOWNLOAD_MAX,
    status: filter.status,
    words: invoiceSearchWords(filter.search),
    sort: filter.sort,
    order: filter.order,
  });
  if (total === 0) throw badRequest(INVOICE_MESSAGES.bulkNoneMatching);
  if (total > BULK_DOWNLOAD_MAX) throw badRequest(INVOICE_MESSAGES.bulkTooManyMatching(total));
  return rows.map((row) => row.id);
}

/** What the PDF of a stored invoice needs (invoices.queries.ts, findInvoiceForPdf); 404 like a read. */
export async function getInvoicePdfSource(db: DbExecutor, userId: string, id: string): Promise<InvoiceWithJsonItems> {
  const row = await findInvoiceForPdf(db, userId, id);
  if (!row) throw notFound(INVOICE_MESSAGES.notFound);
  return toPdfSource(row, await storedInvoiceTransfer(db, row));
}

/**
 * Also the answer of a save, read in the saving transaction: a read after the commit needs a second
 * connection, and under pool pressure could answer 503 for a save that committed.
 */
export async function getInvoiceRow(db: DbExecutor, userId: string, id: string): Promise<InvoiceRow> {
  const row = await findInvoice(db, userId, id);
  if (!row) throw notFound(INVOICE_MESSAGES.notFound);
  return row;
}

/** The user's invoice's number and dates, or a 404 (a cheaper check than reading the whole invoice). */
async function getInvoiceHead(db: Database, userId: string, id: string) {
  const [head] = await findInvoiceHeads(db, userId, [id]);
  if (!head) throw notFound(INVOICE_MESSAGES.notFound);
  return head;
}

export async function getInvoice(
  db: Database,
  userId: string,
  id: string,
  include: { client?: boolean; business?: boolean } = {},
): Promise<Invoice> {
  const row = await getInvoiceRow(db, userId, id);
  const embedded: { client?: Client | null; business?: Business | null } = {};
  const [client, business] = await Promise.all([
    include.client && row.clientId ? findEmbeddedClient(db, userId, row.clientId) : null,
    include.business && row.businessId ? findEmbeddedBusiness(db, userId, row.businessId) : null,
  ]);
  if (include.client) embedded.client = client && toEmbeddedClient(client);
  if (include.business) embedded.business = business && toEmbeddedBusiness(business);
  return toInvoice(row, embedded);
}

/** The newest entries of the invoice's activity log (docs/product/public-links-and-activity.md#activity). */
export async function getActivity(db: Database, userId: string, id: string, limit: number): Promise<ActivityEntry[]> {
  await getInvoiceHead(db, userId, id);
  const rows = await listActivity(db, userId, id, limit);
  return rows.map(toActivityEntry);
}

/** A saved invoice as its document, for its e-invoice (owner only: another user's is a 404). */
export async function getInvoiceDocument(db: DbExecutor, userId: string, id: string): Promise<InvoiceDocument> {
  return toDocument(await getInvoiceRow(db, userId, id));
}

export async function getEditData(db: Database, userId: string, id: string): Promise<EditData> {
  const row = await getInvoiceRow(db, userId, id);
  return toEditData(toDocument(row), {
    id: row.id,
    clientId: row.clientId,
    businessId: row.businessId,
    status: row.status,
  });
}

/**
 * The next invoice number (docs/decisions/0031-invoice-numbers.md): the highest numeric part among the user's numbers +
 * 1, 4 digits.
 */
export async function getNextInvoiceNumber(db: Database, userId: string): Promise<string> {
  const highest = await highestInvoiceNumberValue(db, userId);
  return nextInvoiceNumber(highest === null ? [] : [highest]);
}

// ---------------------------------------------------------------------------------------------
// Writes

interface PreparedInvoice {
  columns: InvoiceColumns;
  items: ItemValues[];
}

/** The rows of a saved payload: `data` is authoritative, the top-level dates fill in what it leaves empty. */
export function prepareInvoice(body: SavedInvoiceBody): PreparedInvoice {
  const document: InvoiceDocument = {
    ...body.data,
    issuedDate: body.data.issuedDate ?? body.issued_date,
    dueDate: body.data.dueDate ?? body.due_date,
  };
  const totals = computeTotals(document);
  const clientName = recipientName(document.to);
  return {
    columns: {
      invoiceNumber: document.invoiceNumber,
      currency: document.currency,
      issuedDate: document.issuedDate,
      dueDate: document.dueDate,
      clientName,
      subtotalMinor: totals.subtotal,
      taxMinor: totals.tax,
      discountMinor: totals.discount,
      shippingMinor: totals.shipping,
      totalMinor: totals.total,
      data: toStoredData(document),
      searchText: invoiceSearchText(document.invoiceNumber, clientName, totals.total, document.currency),
    },
    items: document.items.map((item, index) => ({
      name: item.name,
      description: item.description,
      quantity: item.quantity,
      unit: item.unit ?? '',
      unitCostMinor: item.unitCost,
      amountMinor: totals.lines[index]!,
      vatCategory: item.vatCategory ?? null,
      vatRate: item.vatCategory ? (item.vatRate ?? 0) : null,
      vatExemptionReason: item.vatExemptionReason ?? '',
    })),
  };
}

/**
 * New invoices without a language get one (docs/decisions/0075-the-account-default-language.md): the client's
 * preferred language, else the account's default, else English, fixed when the invoice is made so that changing
 * either later does not reprint what was sent. The one place that rule is applied on the server: the API's create
 * and the import both come here, with any number of invoices and one query.
 */
export async function withDefaultLanguages<Body extends SavedInvoiceBody>(
  db: DbExecutor,
  userId: string,
  bodies: readonly { body: Body; clientId: string | null }[],
): Promise<Body[]> {
  const missing = bodies.filter(({ body }) => body.data.language == null);
  if (missing.length === 0) return bodies.map(({ body }) => body);
  const clientIds = [...new Set(missing.flatMap(({ clientId }) => (clientId ? [clientId] : [])))];
  const defaults = await languageDefaults(db, userId, clientIds);
  return bodies.map(({ body, clientId }) =>
    body.data.language == null
      ? {
          ...body,
          data: {
            ...body.data,
            language: resolveDocumentLanguage(clientId ? defaults.clients.get(clientId) : null, defaults.account),
          },
        }
      : body,
  );
}

/** Client and business, when given, must be the user's (checked inside the saving transaction). */
async function checkReferences(
  tx: DbExecutor,
  userId: string,
  refs: { clientId: string | null | undefined; businessId: string | null | undefined },
) {
  if (refs.clientId && !(await ownsClient(tx, userId, refs.clientId))) {
    throw badRequest(INVOICE_MESSAGES.clientNotFound);
  }
  if (refs.businessId && !(await ownsBusiness(tx, userId, refs.businessId))) {
    throw badRequest(INVOICE_MESSAGES.businessNotFound);
  }
}

/** The PostgreSQL error behind a (possibly Drizzle-wrapped) failure. */
function pgError(error: unknown): { code?: string; constraint?: string } | null {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return { code: candidate.code, constraint: typeof candidate.constraint === 'string' ? candidate.constraint : '' };
    }
    current = candidate.cause;
  }
  return null;
}

/** Save failures the client can act on: a number the user already has (409), a party deleted meanwhile (400). */
function saveError(error: unknown, invoiceNumber: string): unknown {
  const pg = pgError(error);
  if (pg?.code === '23505' && pg.constraint === 'invoices_user_number_key') {
    return new HttpError(409, INVOICE_MESSAGES.numberTaken(invoiceNumber));
  }
  if (pg?.code === '23503' && pg.constraint?.includes('client_id')) return badRequest(INVOICE_MESSAGES.clientNotFound);
  if (pg?.code === '23503' && pg.constraint?.includes('business_id')) {
    return badRequest(INVOICE_MESSAGES.businessNotFound);
  }
  return error;
}

/** What an Idempotency-Key found: the invoice its first save created, or a refusal when the body differs. */
async function replaySave(db: Database, userId: string, key: string, requestSha256: string): Promise<Invoice | null> {
  const earlier = await findSaveKey(db, userId, key);
  if (!earlier) return null;
  if (earlier.requestSha256 !== requestSha256) throw new HttpError(422, INVOICE_MESSAGES.idempotencyKeyReused);
  return toInvoice(await getInvoiceRow(db, userId, earlier.invoiceId));
}

/**
 * POST /api/invoices: the row, its items, a notification and the "Created" activity entry in one transaction. With an
 * Idempotency-Key (ADR 12) the key is stored in the same transaction; a save sent again with the
 * same key and body answers the invoice the first one created (`replayed`), also when the two
 * race each other; with another body, a 422.
 */
export async function createInvoice(
  db: Database,
  userId: string,
  body: SavedInvoiceBody,
  idempotencyKey?: string,
): Promise<{ invoice: Invoice; replayed: boolean }> {
  const requestSha256 = idempotencyKey ? createHash('sha256').update(JSON.stringify(body)).digest('hex') : '';
  const [withLanguage] = await withDefaultLanguages(db, userId, [{ body, clientId: body.client_id ?? null }]);
  const { columns, items } = prepareInvoice(withLanguage!);
  const status = body.status ?? 'draft';
  let row: InvoiceRow;
  try {
    row = await db.transaction(async (tx) => {
      await checkReferences(tx, userId, { clientId: body.client_id, businessId: body.business_id });
      const invoiceId = await insertInvoice(tx, userId, {
        ...columns,
        status,
        clientId: body.client_id ?? null,
        businessId: body.business_id ?? null,
      });
      await insertItems(tx, userId, invoiceId, items);
      await insertNotification(tx, invoiceCreatedNotification(userId, { ...columns, id: invoiceId }));
      await recordActivity(tx, { invoiceId, userId, kind: 'created' });
      // Saved as paid: paid by a payment of its total, as Mark as Paid would (docs/product/payments.md#mark-as-paid).
      if (status === 'paid') await payInFull(tx, (await lockLedgerInvoice(tx, userId, invoiceId))!);
      if (idempotencyKey) await insertSaveKey(tx, { userId, key: idempotencyKey, requestSha256, invoiceId });
      return getInvoiceRow(tx, userId, invoiceId);
    });
  } catch (error) {
    // A key used before is not looked up first (a round trip on every save): sent again, the save
    // meets its earlier self on the invoice number or on the key itself (a unique violation, raised
    // once that save has committed), rolls back, and answers what the key holds.
    if (idempotencyKey && pgError(error)?.code === '23505') {
      const replayed = await replaySave(db, userId, idempotencyKey, requestSha256);
      if (replayed) return { invoice: replayed, replayed: true };
    }
    throw saveError(error, columns.invoiceNumber);
  }
  return { invoice: toInvoice(row), replayed: false };
}

/**
 * Saves of one invoice within this window are one "Edited" activity entry (docs/product/public-links-and-activity.md#activity):
 * saving every few minutes while working on it is one edit, not a page of them.
 */
export const EDIT_MERGE_MS = 10 * 60 * 1000;

/**
 * PUT /api/invoices/{id}: the row and all its items replaced, in one transaction. A client_id or
 * business_id left out stays as it was (null clears it); a status left out stays as it was. An invoice
 * that holds payments keeps its currency and cannot fall below what was paid, and its status follows the
 * payments and the new total (shared/payment-ledger.ts; docs/product/payments.md#editing-an-invoice-that-has-payments).
 */
export async function replaceInvoice(
  db: Database,
  userId: string,
  id: string,
  body: SavedInvoiceBody,
): Promise<Invoice> {
  const { columns, items } = prepareInvoice(body);
  try {
    return toInvoice(
      await db.transaction(async (tx) => {
        let current = await lockLedgerInvoice(tx, userId, id);
        if (!current) throw notFound(INVOICE_MESSAGES.notFound);
        await checkReferences(tx, userId, { clientId: body.client_id, businessId: body.business_id });
        await recordActivity(tx, { invoiceId: id, userId, kind: 'edited' }, { withinMs: EDIT_MERGE_MS });
        // Leaving Paid first (its Mark as Paid payment goes), so the checks below see what stays paid.
        if (body.status && body.status !== current.status && body.status !== 'paid') {
          current = await changeStatus(tx, current, body.status);
        }
        // Saved as paid again with a lower total or another currency: Mark as Paid's payment is made again below.
        const repaid = columns.totalMinor! < current.amountPaidMinor || columns.currency !== current.currency;
        if (body.status === 'paid' && repaid) current = await releaseMarkAsPaid(tx, current);
        checkSaveAgainstPayments(current, { totalMinor: columns.totalMinor ?? 0, currency: columns.currency });
        await updateInvoice(tx, userId, id, {
          ...columns,
          ...(body.client_id !== undefined ? { clientId: body.client_id } : {}),
          ...(body.business_id !== undefined ? { businessId: body.business_id } : {}),
        });
        await replaceItems(tx, userId, id, items);
        const saved = {
          ...current,
          totalMinor: columns.totalMinor ?? 0,
          currency: columns.currency,
          invoiceNumber: columns.invoiceNumber,
        };
        // A save that says paid is paid in full at its new total (docs/product/payments.md#mark-as-paid).
        if (body.status === 'paid' && saved.status !== 'paid') await changeStatus(tx, saved, 'paid');
        else if (body.status === 'paid') await payInFull(tx, saved);
        else await settleAfterSave(tx, saved, { totalMinor: saved.totalMinor, status: saved.status });
        return getInvoiceRow(tx, userId, id);
      }),
    );
  } catch (error) {
    throw saveError(error, columns.invoiceNumber);
  }
}

/**
 * PUT /api/invoices/{id}/status: any of the four, from any status; a notification and an activity entry when it
 * changes. Paid records a payment of the balance; leaving Paid removes that payment again; Draft is refused while
 * payments remain (shared/payment-ledger.ts, changeStatus).
 */
export async function setInvoiceStatus(
  db: Database,
  userId: string,
  id: string,
  status: InvoiceStatus,
): Promise<Invoice> {
  const row = await db.transaction(async (tx) => {
    const current = await lockLedgerInvoice(tx, userId, id);
    if (!current) throw notFound(INVOICE_MESSAGES.notFound);
    await changeStatus(tx, current, status);
    return getInvoiceRow(tx, userId, id);
  });
  return toInvoice(row);
}

export async function removeInvoice(db: Database, userId: string, id: string): Promise<void> {
  if (!(await deleteInvoice(db, userId, id))) throw notFound(INVOICE_MESSAGES.notFound);
}
