import { createHash } from 'node:crypto';
import type { Business } from '@invoicer/domain/api/businesses';
import type { Client } from '@invoicer/domain/api/clients';
import { paginate, type Pagination } from '@invoicer/domain/api/common';
import {
  INVOICE_MESSAGES,
  recipientName,
  toEditData,
  toInvoiceData,
  toInvoiceTotals,
  type EditData,
  type Invoice,
  type InvoiceListItem,
  type InvoiceListQuery,
  type SavedInvoiceBody,
} from '@invoicer/domain/api/invoices';
import { getCurrency, isCurrencyCode, DEFAULT_CURRENCY, type CurrencyCode } from '@invoicer/domain/currencies';
import type { InvoiceDocument, LogoRef } from '@invoicer/domain/invoice-document';
import { nextInvoiceNumber } from '@invoicer/domain/invoice-number';
import { formatAmount, minorToFixed, toDecimal } from '@invoicer/domain/money';
import type { InvoiceStatus } from '@invoicer/domain/status';
import { computeTotals, type Adjustment, type Totals } from '@invoicer/domain/totals';
import type { Database, DbExecutor } from '../../plugins/database';
import { badRequest, HttpError, notFound } from '../../plugins/errors';
import { insertNotification, invoiceCreatedNotification, invoiceStatusNotification } from '../../shared/notifications';
import { normalizeSearchText, searchWords } from '../../shared/search-text';
import {
  deleteInvoice,
  findEmbeddedBusiness,
  findSaveKey,
  findEmbeddedClient,
  findInvoice,
  highestInvoiceNumberValue,
  insertInvoice,
  insertItems,
  insertSaveKey,
  listInvoices,
  lockInvoice,
  ownsBusiness,
  ownsClient,
  replaceItems,
  updateInvoice,
  type InvoiceColumns,
  type InvoiceListRow,
  type InvoiceRow,
  type ItemValues,
} from './invoices.queries';

/**
 * Saved invoices: the rules between the HTTP contract and the rows.
 *
 * Storage: the columns hold what lists, searches and sums need (number, status, dates, currency,
 * client name, totals in minor units, search_text); `invoices.data` holds the rest of the editor's
 * document (StoredInvoiceData below, money in minor units); items are rows of invoice_items.
 * Totals are always computed here with the domain's computeTotals, never taken from a request.
 */

// ---------------------------------------------------------------------------------------------
// invoices.data

/** Version 1 of invoices.data: the document without items, number, dates and currency (columns). */
export interface StoredInvoiceData {
  v: 1;
  from: string;
  to: string;
  tax: Adjustment;
  discount: Adjustment;
  shipping: { enabled: boolean; amount: number };
  paymentDetails: string;
  paymentInstructions: string;
  terms: string;
  logo: LogoRef | null;
}

export function toStoredData(document: InvoiceDocument): StoredInvoiceData {
  return {
    v: 1,
    from: document.from,
    to: document.to,
    tax: document.tax,
    discount: document.discount,
    shipping: document.shipping,
    paymentDetails: document.paymentDetails,
    paymentInstructions: document.paymentInstructions,
    terms: document.terms,
    logo: document.logo,
  };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const minor = (value: unknown): number => (typeof value === 'number' && Number.isSafeInteger(value) ? value : 0);

function adjustment(value: unknown): Adjustment {
  const source = isObject(value) ? value : {};
  return {
    enabled: source.enabled === true,
    type: source.type === 'fixed' ? 'fixed' : 'percent',
    value: minor(source.value),
  };
}

function logoRef(value: unknown): LogoRef | null {
  if (!isObject(value)) return null;
  if (value.kind === 'upload' && typeof value.id === 'string') return { kind: 'upload', id: value.id };
  if (value.kind === 'data' && typeof value.mime === 'string' && typeof value.base64 === 'string') {
    return { kind: 'data', mime: value.mime, base64: value.base64 };
  }
  return null;
}

/** The document a row stands for. Reads invoices.data defensively: a field missing from a hand-edited row reads as empty. */
export function toDocument(row: InvoiceRow): InvoiceDocument {
  const data = isObject(row.data) ? row.data : {};
  const shipping = isObject(data.shipping) ? data.shipping : {};
  return {
    from: text(data.from),
    to: text(data.to),
    invoiceNumber: row.invoiceNumber,
    issuedDate: row.issuedDate,
    dueDate: row.dueDate,
    items: row.items.map(([name, description, quantity, unitCost]) => ({
      name,
      description,
      quantity: Number(quantity),
      unitCost: Number(unitCost),
    })),
    tax: adjustment(data.tax),
    discount: adjustment(data.discount),
    shipping: { enabled: shipping.enabled === true, amount: minor(shipping.amount) },
    paymentDetails: text(data.paymentDetails),
    paymentInstructions: text(data.paymentInstructions),
    terms: text(data.terms),
    logo: logoRef(data.logo),
    currency: currencyOf(row),
  };
}

const currencyOf = (row: Pick<InvoiceRow, 'currency'>): CurrencyCode =>
  isCurrencyCode(row.currency) ? row.currency : DEFAULT_CURRENCY;

// ---------------------------------------------------------------------------------------------
// Rows to the contract

export function storedTotals(row: InvoiceRow): Totals {
  return {
    lines: row.items.map(([, , quantity, unitCost]) => Number(quantity) * Number(unitCost)),
    subtotal: Number(row.subtotalMinor),
    tax: Number(row.taxMinor),
    discount: Number(row.discountMinor),
    shipping: Number(row.shippingMinor),
    total: Number(row.totalMinor),
  };
}

const contractCurrency = (row: Pick<InvoiceRow, 'currency'>) => {
  const currency = getCurrency(currencyOf(row));
  return { code: currency.code, symbol: currency.symbol, label: currency.label };
};

/** An invoice as the list answers it: the row's columns, no document (see invoiceListItemSchema). */
export function toInvoiceListItem(row: InvoiceListRow): InvoiceListItem {
  return {
    id: row.id,
    invoice_number: row.invoiceNumber,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    issued_date: row.issuedDate,
    due_date: row.dueDate,
    total_amount: toDecimal(Number(row.totalMinor)),
    currency: contractCurrency(row),
    client_name: row.clientName,
    client_id: row.clientId,
    business_id: row.businessId,
  };
}

/** An invoice as every other call answers it (spec part 2 §3); `status` is the effective one. */
export function toInvoice(
  row: InvoiceRow,
  embedded: { client?: Client | null; business?: Business | null } = {},
): Invoice {
  return {
    ...toInvoiceListItem(row),
    totals: toInvoiceTotals(storedTotals(row)),
    ...embedded,
    data: toInvoiceData(toDocument(row)),
  };
}

// ---------------------------------------------------------------------------------------------
// Search

/**
 * invoices.search_text: the invoice number, the client name and the total as '1234.50' and
 * '1,234.50', each normalised like every search in the product (lower case, accents removed),
 * one per line.
 */
export function invoiceSearchText(invoiceNumber: string, clientName: string, totalMinor: number): string {
  return [invoiceNumber, clientName, minorToFixed(totalMinor), formatAmount(totalMinor)]
    .map(normalizeSearchText)
    .filter((part) => part !== '')
    .join('\n');
}

/**
 * The words of the search box as search_text holds them, longest first (see searchWords). Currency
 * symbols typed with an amount ('€1,234.50') are not part of search_text.
 */
export function invoiceSearchWords(search: string): string[] {
  return searchWords(search.replace(/\p{Sc}/gu, ' '));
}

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
  });
  return { invoices: rows.map(toInvoiceListItem), pagination: paginate(query.page, query.per_page, total) };
}

export async function getInvoiceRow(db: Database, userId: string, id: string): Promise<InvoiceRow> {
  const row = await findInvoice(db, userId, id);
  if (!row) throw notFound(INVOICE_MESSAGES.notFound);
  return row;
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
  if (include.client) {
    embedded.client = client && {
      id: client.id,
      name: client.name,
      email: client.email,
      phone: client.phone,
      address: client.address,
      tax_id: client.taxId,
      invoice_count: client.invoiceCount,
      created_at: client.createdAt.toISOString(),
      updated_at: client.updatedAt.toISOString(),
    };
  }
  if (include.business) {
    embedded.business = business && {
      id: business.id,
      name: business.name,
      email: business.email,
      phone: business.phone,
      address: business.address,
      tax_id: business.taxId,
      logo_url: business.logoUrl,
      invoice_count: business.invoiceCount,
      created_at: business.createdAt.toISOString(),
      updated_at: business.updatedAt.toISOString(),
    };
  }
  return toInvoice(row, embedded);
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

/** The next invoice number (DESIGN): the highest numeric part among the user's numbers + 1, 4 digits. */
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
      searchText: invoiceSearchText(document.invoiceNumber, clientName, totals.total),
    },
    items: document.items.map((item, index) => ({
      name: item.name,
      description: item.description,
      quantity: item.quantity,
      unitCostMinor: item.unitCost,
      amountMinor: totals.lines[index]!,
    })),
  };
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

/** POST /api/invoices: the invoice, its items and the 'Invoice created' notification, in one transaction. */
/** What an Idempotency-Key found: the invoice its first save created, or a refusal when the body differs. */
async function replaySave(db: Database, userId: string, key: string, requestSha256: string): Promise<Invoice | null> {
  const earlier = await findSaveKey(db, userId, key);
  if (!earlier) return null;
  if (earlier.requestSha256 !== requestSha256) throw new HttpError(422, INVOICE_MESSAGES.idempotencyKeyReused);
  return toInvoice(await getInvoiceRow(db, userId, earlier.invoiceId));
}

/**
 * POST /api/invoices: the row, its items and a notification in one transaction. With an
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
  const { columns, items } = prepareInvoice(body);
  const status = body.status ?? 'draft';
  let id: string;
  try {
    id = await db.transaction(async (tx) => {
      await checkReferences(tx, userId, { clientId: body.client_id, businessId: body.business_id });
      const invoiceId = await insertInvoice(tx, userId, {
        ...columns,
        status,
        clientId: body.client_id ?? null,
        businessId: body.business_id ?? null,
      });
      await insertItems(tx, userId, invoiceId, items);
      await insertNotification(tx, invoiceCreatedNotification(userId, { ...columns, id: invoiceId }));
      if (idempotencyKey) await insertSaveKey(tx, { userId, key: idempotencyKey, requestSha256, invoiceId });
      return invoiceId;
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
  return { invoice: toInvoice(await getInvoiceRow(db, userId, id)), replayed: false };
}

/**
 * PUT /api/invoices/{id}: the row and all its items replaced, in one transaction. A client_id or
 * business_id left out stays as it was (null clears it); a status left out stays as it was.
 */
export async function replaceInvoice(
  db: Database,
  userId: string,
  id: string,
  body: SavedInvoiceBody,
): Promise<Invoice> {
  const { columns, items } = prepareInvoice(body);
  try {
    await db.transaction(async (tx) => {
      const current = await lockInvoice(tx, userId, id);
      if (!current) throw notFound(INVOICE_MESSAGES.notFound);
      await checkReferences(tx, userId, { clientId: body.client_id, businessId: body.business_id });
      await updateInvoice(tx, userId, id, {
        ...columns,
        ...(body.status ? { status: body.status } : {}),
        ...(body.client_id !== undefined ? { clientId: body.client_id } : {}),
        ...(body.business_id !== undefined ? { businessId: body.business_id } : {}),
      });
      await replaceItems(tx, userId, id, items);
      if (body.status && body.status !== current.status) {
        await insertNotification(
          tx,
          invoiceStatusNotification(userId, { id, invoiceNumber: columns.invoiceNumber }, current.status, body.status),
        );
      }
    });
  } catch (error) {
    throw saveError(error, columns.invoiceNumber);
  }
  return toInvoice(await getInvoiceRow(db, userId, id));
}

/** PUT /api/invoices/{id}/status: any of the four, from any status; a notification when it changes. */
export async function setInvoiceStatus(
  db: Database,
  userId: string,
  id: string,
  status: InvoiceStatus,
): Promise<Invoice> {
  await db.transaction(async (tx) => {
    const current = await lockInvoice(tx, userId, id);
    if (!current) throw notFound(INVOICE_MESSAGES.notFound);
    if (current.status === status) return;
    await updateInvoice(tx, userId, id, { status });
    await insertNotification(
      tx,
      invoiceStatusNotification(userId, { id, invoiceNumber: current.invoiceNumber }, current.status, status),
    );
  });
  return toInvoice(await getInvoiceRow(db, userId, id));
}

export async function removeInvoice(db: Database, userId: string, id: string): Promise<void> {
  if (!(await deleteInvoice(db, userId, id))) throw notFound(INVOICE_MESSAGES.notFound);
}
