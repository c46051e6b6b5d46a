import { INVOICE_NUMBER_VALUE_PATTERN } from '@invoicer/domain/invoice-number';
import type { InvoiceStatus } from '@invoicer/domain/status';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { invoiceItems, invoiceLinks, invoices, invoiceSaveKeys } from '../../db/schema';
import type { DbExecutor } from '../../plugins/database';
import { sessionOfUserSql } from '../../plugins/session';
import { effectiveStatusSql } from '../../shared/invoice-status-sql';

/**
 * SQL of the invoices feature: the rows, one invoice at a time, and the writes. The list is in
 * invoices.list.queries.ts, the client and business an invoice points at in
 * invoices.parties.queries.ts. Every query filters on user_id: another user's invoice is
 * indistinguishable from one that does not exist (docs/product/routes-and-access.md#another-users-records).
 */

// ---------------------------------------------------------------------------------------------
// Reading

/** An item as the row projection carries it: [name, description, quantity, unit cost in minor units, unit]. */
export type StoredItem = [
  name: string,
  description: string,
  quantity: number,
  unitCostMinor: number,
  unit: string,
  vatCategory: string | null,
  vatRate: number | null,
  vatExemptionReason: string,
];

/**
 * An invoice as the list shows it: the columns alone. Neither `data` nor the items: the list does
 * not answer them, and reading them (the jsonb document and an aggregate of item rows per invoice)
 * was most of the page statement's time.
 */
export const listColumns = {
  id: invoices.id,
  invoiceNumber: invoices.invoiceNumber,
  status: effectiveStatusSql(),
  createdAt: invoices.createdAt,
  updatedAt: invoices.updatedAt,
  issuedDate: invoices.issuedDate,
  dueDate: invoices.dueDate,
  currency: invoices.currency,
  clientName: invoices.clientName,
  clientId: invoices.clientId,
  businessId: invoices.businessId,
  totalMinor: invoices.totalMinor,
  amountPaidMinor: invoices.amountPaidMinor,
  amountDueMinor: invoices.amountDueMinor,
  // The views of its public link (shared/public-links.ts): a primary-key lookup per row, written out qualified
  // for the same reason as `items` below.
  viewedAt:
    sql<Date | null>`(select l.first_viewed_at from invoice_links l where l.invoice_id = "invoices"."id")`.mapWith(
      (value: string | Date | null) => (value === null ? null : new Date(value)),
    ),
  viewCount:
    sql<number>`coalesce((select l.view_count from invoice_links l where l.invoice_id = "invoices"."id"), 0)`.mapWith(
      Number,
    ),
};

/** Everything the contract's invoice is made of, in one row: the list's columns, the totals, the document and the items. */
const invoiceColumns = {
  ...listColumns,
  subtotalMinor: invoices.subtotalMinor,
  taxMinor: invoices.taxMinor,
  discountMinor: invoices.discountMinor,
  shippingMinor: invoices.shippingMinor,
  data: invoices.data,
  // Written out qualified: Drizzle leaves columns unqualified in a single-table select, where "id"
  // inside this subquery would mean invoice_items.id.
  items: sql<
    StoredItem[]
  >`(select coalesce(json_agg(json_build_array(ii.name, ii.description, ii.quantity, ii.unit_cost_minor, ii.unit, ii.vat_category, ii.vat_rate, ii.vat_exemption_reason) order by ii.position), '[]'::json) from invoice_items ii where ii.invoice_id = "invoices"."id")`,
};

export interface InvoiceRow {
  id: string;
  invoiceNumber: string;
  status: InvoiceStatus;
  createdAt: Date;
  updatedAt: Date;
  issuedDate: string | null;
  dueDate: string | null;
  currency: string;
  clientName: string;
  clientId: string | null;
  businessId: string | null;
  subtotalMinor: number;
  taxMinor: number;
  discountMinor: number;
  shippingMinor: number;
  totalMinor: number;
  amountPaidMinor: number;
  amountDueMinor: number;
  viewedAt: Date | null;
  viewCount: number;
  data: unknown;
  items: StoredItem[];
}

export type InvoiceListRow = Pick<InvoiceRow, keyof typeof listColumns>;

export const owned = (userId: string) => eq(invoices.userId, userId);

/** The detail read, a named prepared statement (parsed and planned once per connection). */
function prepareById(db: DbExecutor) {
  return db
    .select(invoiceColumns)
    .from(invoices)
    .where(and(eq(invoices.userId, sql.placeholder('userId')), eq(invoices.id, sql.placeholder('id'))))
    .prepare('invoices_by_id');
}
const preparedById = new WeakMap<DbExecutor, ReturnType<typeof prepareById>>();
function byId(db: DbExecutor) {
  let statement = preparedById.get(db);
  if (!statement) {
    statement = prepareById(db);
    preparedById.set(db, statement);
  }
  return statement;
}

export async function findInvoice(db: DbExecutor, userId: string, id: string): Promise<InvoiceRow | null> {
  const [row] = await byId(db).execute({ userId, id });
  return (row as InvoiceRow | undefined) ?? null;
}

/**
 * What the public page prints of an invoice (invoices.links.ts, toPublicInvoice), and whether the caller is its
 * owner (the session cookie's id, null without one): the owner's own views are not counted.
 */
/** The preferred language of the invoice's saved client (the account's own only). */
const clientLanguageColumn = sql<
  string | null
>`(select c.preferred_language from clients c where c.id = "invoices"."client_id" and c.user_id = "invoices"."user_id")`;

const linkedColumns = {
  id: invoices.id,
  byOwner: sessionOfUserSql(sql.placeholder('sessionIdHash'), invoices.userId),
  status: effectiveStatusSql(),
  invoiceNumber: invoices.invoiceNumber,
  issuedDate: invoices.issuedDate,
  dueDate: invoices.dueDate,
  currency: invoices.currency,
  // "Amount paid" and "Balance due" (docs/decisions/0048-payments-and-the-balance.md).
  amountPaidMinor: invoices.amountPaidMinor,
  amountDueMinor: invoices.amountDueMinor,
  // The payment QR code's (invoices.payment-qr.ts): whose business, and the total the balance comes from.
  businessId: invoices.businessId,
  totalMinor: invoices.totalMinor,
  data: invoices.data,
  items: invoiceColumns.items,
  // The saved client's preferred language, for an invoice that names none, as its PDF reads it.
  clientLanguage: clientLanguageColumn,
};

export type LinkedInvoiceRow = Pick<InvoiceRow, Exclude<keyof typeof linkedColumns, 'byOwner' | 'clientLanguage'>> & {
  byOwner: boolean;
  clientLanguage: string | null;
};

/**
 * The invoice a public link leads to, in one statement (a prepared one): the link's row by its token's hash, and
 * the invoice of the same owner, with only what the page prints, and whether the caller is that owner. The page's
 * data costs this one round trip (docs/decisions/0051-public-views-off-the-request-path.md).
 */
function prepareByLink(db: DbExecutor) {
  return db
    .select(linkedColumns)
    .from(invoiceLinks)
    .innerJoin(invoices, and(eq(invoices.id, invoiceLinks.invoiceId), eq(invoices.userId, invoiceLinks.userId)))
    .where(eq(invoiceLinks.tokenHash, sql.placeholder('tokenHash')))
    .prepare('invoices_by_link');
}
const preparedByLink = new WeakMap<DbExecutor, ReturnType<typeof prepareByLink>>();

export async function findInvoiceByLink(
  db: DbExecutor,
  tokenHash: string,
  sessionIdHash: string | null,
): Promise<LinkedInvoiceRow | null> {
  let statement = preparedByLink.get(db);
  if (!statement) {
    statement = prepareByLink(db);
    preparedByLink.set(db, statement);
  }
  const [row] = await statement.execute({ tokenHash, sessionIdHash });
  return (row as LinkedInvoiceRow | undefined) ?? null;
}

/**
 * What a PDF of a stored invoice needs: the document's columns and `data`, and the items as JSON
 * text in the PDF engine's item shape, left unparsed: a PDF thread parses them (1,000 items are
 * about 1 MB; parsing and handing them over on the event loop cost 20-30 ms each under load,
 * docs/decisions/0040-pdf-engine-memory-and-large-bodies.md). The count and text length tell
 * the engine the document's weight without them.
 */
const pdfColumns = {
  // What the payment QR code needs (invoices.payment-qr.ts): whose business, which currency, what is due.
  id: invoices.id,
  status: effectiveStatusSql(),
  businessId: invoices.businessId,
  totalMinor: invoices.totalMinor,
  amountPaidMinor: invoices.amountPaidMinor,
  amountDueMinor: invoices.amountDueMinor,
  invoiceNumber: invoices.invoiceNumber,
  issuedDate: invoices.issuedDate,
  dueDate: invoices.dueDate,
  currency: invoices.currency,
  data: invoices.data,
  itemsJson: sql<string>`(select coalesce(json_agg(json_strip_nulls(json_build_object('name', ii.name, 'description', ii.description, 'quantity', ii.quantity, 'unit', nullif(ii.unit, ''), 'unitCost', ii.unit_cost_minor, 'vatCategory', ii.vat_category, 'vatRate', ii.vat_rate, 'vatExemptionReason', nullif(ii.vat_exemption_reason, ''))) order by ii.position), '[]'::json)::text from invoice_items ii where ii.invoice_id = "invoices"."id")`,
  itemCount: sql<number>`(select count(*)::int from invoice_items ii where ii.invoice_id = "invoices"."id")`,
  itemText: sql<number>`(select coalesce(sum(length(ii.name) + length(ii.description)), 0)::int from invoice_items ii where ii.invoice_id = "invoices"."id")`,
  // The account's template and accent colour, for an invoice that names none (invoices.stored-data.ts, toPdfSource).
  accountTemplate: sql<string | null>`(select u.invoice_template from users u where u.id = "invoices"."user_id")`,
  accountAccentColor: sql<string | null>`(select u.accent_color from users u where u.id = "invoices"."user_id")`,
  // The saved client's preferred language, for an invoice that names none (docs/decisions/0061-the-document-language.md).
  clientLanguage: clientLanguageColumn,
};

export type InvoicePdfRow = {
  id: string;
  status: InvoiceStatus;
  businessId: string | null;
  totalMinor: number;
  amountPaidMinor: number;
  amountDueMinor: number;
  invoiceNumber: string;
  issuedDate: string | null;
  dueDate: string | null;
  currency: string;
  data: unknown;
  itemsJson: string;
  itemCount: number;
  itemText: number;
  accountTemplate: string | null;
  accountAccentColor: string | null;
  clientLanguage: string | null;
};

function preparePdfById(db: DbExecutor) {
  return db
    .select(pdfColumns)
    .from(invoices)
    .where(and(eq(invoices.userId, sql.placeholder('userId')), eq(invoices.id, sql.placeholder('id'))))
    .prepare('invoices_pdf_by_id');
}
const preparedPdfById = new WeakMap<DbExecutor, ReturnType<typeof preparePdfById>>();

export async function findInvoiceForPdf(db: DbExecutor, userId: string, id: string): Promise<InvoicePdfRow | null> {
  let statement = preparedPdfById.get(db);
  if (!statement) {
    statement = preparePdfById(db);
    preparedPdfById.set(db, statement);
  }
  const [row] = await statement.execute({ userId, id });
  return (row as InvoicePdfRow | undefined) ?? null;
}

/** The user's invoices after `afterId` in id order, `limit` of them (the account export's keyset pages). */
const afterInPage = (userId: string, afterId: string | null) =>
  afterId === null ? owned(userId) : and(owned(userId), gt(invoices.id, afterId));

/** A page of whole invoices, as findInvoice reads one (the account export's invoices.json). */
export async function findInvoicePage(
  db: DbExecutor,
  userId: string,
  afterId: string | null,
  limit: number,
): Promise<InvoiceRow[]> {
  const rows = await db
    .select(invoiceColumns)
    .from(invoices)
    .where(afterInPage(userId, afterId))
    .orderBy(asc(invoices.id))
    .limit(limit);
  return rows as InvoiceRow[];
}

/** A page of invoices as findInvoiceForPdf reads one, with the time for the archive (the account export's PDFs). */
export async function findInvoicePageForPdf(
  db: DbExecutor,
  userId: string,
  afterId: string | null,
  limit: number,
): Promise<Array<InvoicePdfRow & { updatedAt: Date }>> {
  const rows = await db
    .select({ ...pdfColumns, updatedAt: invoices.updatedAt })
    .from(invoices)
    .where(afterInPage(userId, afterId))
    .orderBy(asc(invoices.id))
    .limit(limit);
  return rows as Array<InvoicePdfRow & { updatedAt: Date }>;
}

/**
 * What a bulk download needs up front of the user's invoices among `ids` (unknown and foreign ids
 * are simply absent): the file name's parts and the time for the archive. Each PDF then reads its
 * own invoice when its turn comes, so a ZIP of 100 large invoices holds a handful in memory, not all.
 */
export async function findInvoiceHeads(
  db: DbExecutor,
  userId: string,
  ids: string[],
): Promise<Array<{ id: string; invoiceNumber: string; issuedDate: string | null; updatedAt: Date }>> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: invoices.id,
      invoiceNumber: invoices.invoiceNumber,
      issuedDate: invoices.issuedDate,
      updatedAt: invoices.updatedAt,
    })
    .from(invoices)
    .where(and(owned(userId), inArray(invoices.id, ids)));
}

/**
 * The largest numeric part among the user's invoice numbers (the domain's rule, with its own
 * pattern), as digits without leading zeros; null when none has one.
 */
export async function highestInvoiceNumberValue(db: DbExecutor, userId: string): Promise<string | null> {
  const digits = sql`substring(${invoices.invoiceNumber} from ${INVOICE_NUMBER_VALUE_PATTERN}::text)`;
  const [row] = await db
    .select({ highest: sql<string | null>`max(${digits}::numeric)::text` })
    .from(invoices)
    .where(owned(userId));
  return row?.highest ?? null;
}

// ---------------------------------------------------------------------------------------------
// Writing (always inside the caller's transaction)

export type NewInvoiceRow = typeof invoices.$inferInsert;
export type InvoiceColumns = Omit<NewInvoiceRow, 'id' | 'userId' | 'createdAt' | 'updatedAt' | 'status'>;
export interface ItemValues {
  name: string;
  description: string;
  quantity: number;
  unit: string;
  unitCostMinor: number;
  amountMinor: number;
  /** VAT mode (docs/decisions/0069-vat-categories-and-discounts-before-tax.md); null on a line without a category. */
  vatCategory?: string | null;
  vatRate?: number | null;
  vatExemptionReason?: string;
}

export async function insertInvoice(
  tx: DbExecutor,
  userId: string,
  values: InvoiceColumns & { status: InvoiceStatus },
): Promise<string> {
  const [row] = await tx
    .insert(invoices)
    .values({ ...values, userId })
    .returning({ id: invoices.id });
  return row!.id;
}

/** The invoice an earlier save with this Idempotency-Key created, and that save's body hash; null when none. */
export async function findSaveKey(
  db: DbExecutor,
  userId: string,
  key: string,
): Promise<{ invoiceId: string; requestSha256: string } | null> {
  const [row] = await db
    .select({ invoiceId: invoiceSaveKeys.invoiceId, requestSha256: invoiceSaveKeys.requestSha256 })
    .from(invoiceSaveKeys)
    .where(and(eq(invoiceSaveKeys.userId, userId), eq(invoiceSaveKeys.key, key)));
  return row ?? null;
}

export async function insertSaveKey(
  tx: DbExecutor,
  values: { userId: string; key: string; requestSha256: string; invoiceId: string },
): Promise<void> {
  await tx.insert(invoiceSaveKeys).values(values);
}

/** The stored status of the user's invoice, its row locked until the transaction ends; null when it is not theirs. */
export async function lockInvoice(
  tx: DbExecutor,
  userId: string,
  id: string,
): Promise<{ status: string; invoiceNumber: string; clientName: string } | null> {
  const [row] = await tx
    .select({ status: invoices.status, invoiceNumber: invoices.invoiceNumber, clientName: invoices.clientName })
    .from(invoices)
    .where(and(owned(userId), eq(invoices.id, id)))
    .for('update');
  return row ?? null;
}

export async function updateInvoice(
  tx: DbExecutor,
  userId: string,
  id: string,
  values: Partial<InvoiceColumns> & { status?: InvoiceStatus },
): Promise<void> {
  await tx
    .update(invoices)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(owned(userId), eq(invoices.id, id)));
}

/** Replaces the invoice's items with these, in this order. */
export async function replaceItems(tx: DbExecutor, userId: string, invoiceId: string, items: ItemValues[]) {
  await tx.delete(invoiceItems).where(eq(invoiceItems.invoiceId, invoiceId));
  await insertItems(tx, userId, invoiceId, items);
}

export async function insertItems(tx: DbExecutor, userId: string, invoiceId: string, items: ItemValues[]) {
  if (items.length === 0) return;
  await tx.insert(invoiceItems).values(items.map((item, position) => ({ ...item, invoiceId, userId, position })));
}

export async function deleteInvoice(db: DbExecutor, userId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(invoices)
    .where(and(owned(userId), eq(invoices.id, id)))
    .returning({ id: invoices.id });
  return deleted.length === 1;
}
