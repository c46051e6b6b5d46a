import type { InvoiceStatus, StatusFilter } from '@invoicer/domain/status';
import { and, asc, desc, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { businesses, clients, invoiceItems, invoices, invoiceSaveKeys, invoiceStats } from '../../db/schema';
import type { Database, DbExecutor } from '../../plugins/database';
import { containsPattern, TRIGRAM_MIN_LENGTH } from '../parties/search-text';

/**
 * SQL of the invoices feature. Every query filters on user_id (DESIGN rule 1): another user's
 * invoice is indistinguishable from one that does not exist.
 */

// ---------------------------------------------------------------------------------------------
// The effective status: defined here once, used by the list's badge and filter, the detail page,
// edit data, and the dashboard's counts.

/**
 * "Today" for the overdue rule: the current date in UTC on the database server's clock, so every
 * server process agrees whatever its own clock or time zone.
 */
export const TODAY_UTC: SQL = sql`(now() at time zone 'UTC')::date`;

/**
 * THE overdue rule (DESIGN "statuses"): a stored `sent` invoice whose due date is before today
 * (UTC). The due day itself is not overdue, as in the domain's `effectiveStatus` (a test compares
 * the two). It is the only case where the effective status differs from the stored one, so the
 * counts kept per stored status (invoice_stats) become effective ones by moving these invoices
 * from sent to overdue: an index-only range of invoices_user_sent_due_idx.
 */
export function pastDueSentSql(
  status: AnyPgColumn | SQL = invoices.status,
  dueDate: AnyPgColumn | SQL = invoices.dueDate,
): SQL<boolean> {
  return sql<boolean>`(${status} = 'sent' and ${dueDate} < ${TODAY_UTC})`;
}

/**
 * THE effective status of an invoice: `overdue` when pastDueSentSql holds, else its stored status.
 * Pass other columns when the query aliases the table.
 */
export function effectiveStatusSql(
  status: AnyPgColumn | SQL = invoices.status,
  dueDate: AnyPgColumn | SQL = invoices.dueDate,
): SQL<InvoiceStatus> {
  return sql<InvoiceStatus>`(case when ${pastDueSentSql(status, dueDate)} then 'overdue' else ${status} end)`;
}

/**
 * How many of the user's invoices have this effective status (or any, for 'all'), from the
 * per-user aggregate: the stored counts, with the stored-sent invoices past their due date moved
 * from sent to overdue. A few rows of invoice_stats and one index range, instead of an index
 * entry per invoice.
 */
export function effectiveCountSql(userId: string | SQL | Placeholder, filter: StatusFilter): SQL<number> {
  const stored = (status?: InvoiceStatus) =>
    sql`(select coalesce(sum(${invoiceStats.invoiceCount}), 0) from ${invoiceStats}
          where ${invoiceStats.userId} = ${userId}${status ? sql` and ${invoiceStats.status} = ${status}` : sql``})`;
  const pastDueSent = sql`(select count(*) from ${invoices} where ${invoices.userId} = ${userId} and ${pastDueSentSql()})`;
  const count =
    filter === 'all' || filter === 'draft' || filter === 'paid'
      ? stored(filter === 'all' ? undefined : filter)
      : filter === 'sent'
        ? sql`${stored('sent')} - ${pastDueSent}`
        : sql`${stored('overdue')} + ${pastDueSent}`;
  return sql<number>`(${count})::int`;
}

/** The list's status filter: the effective status equals the chip (no condition for 'all'). */
export function effectiveStatusIs(filter: StatusFilter): SQL | undefined {
  return filter === 'all' ? undefined : sql`${effectiveStatusSql()} = ${filter}`;
}

// ---------------------------------------------------------------------------------------------
// Reading

/** An item as the row projection carries it: [name, description, quantity, unit cost in minor units]. */
export type StoredItem = [name: string, description: string, quantity: number, unitCostMinor: number];

/**
 * An invoice as the list shows it: the columns alone. Neither `data` nor the items: the list does
 * not answer them, and reading them (the jsonb document and an aggregate of item rows per invoice)
 * was most of the page statement's time.
 */
const listColumns = {
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
  >`(select coalesce(json_agg(json_build_array(ii.name, ii.description, ii.quantity, ii.unit_cost_minor) order by ii.position), '[]'::json) from invoice_items ii where ii.invoice_id = "invoices"."id")`,
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
  data: unknown;
  items: StoredItem[];
}

export type InvoiceListRow = Pick<InvoiceRow, keyof typeof listColumns>;

const owned = (userId: string) => eq(invoices.userId, userId);

type Order = 'newest' | 'oldest';

/**
 * A page of the user's invoices in list order (newest first, id breaking ties, so pages never
 * overlap) or reversed. The page is found as ids alone first (an index-only scan of (user_id,
 * created_at, id, status, due_date) when there is no search) and only those rows are read:
 * a deep page skips index entries, not table rows. With `total`, the number of matching rows
 * comes along as an extra column (an InitPlan, computed once): page 1 and its total in one
 * round trip.
 */
function pageQuery(
  db: Database,
  where: SQL | undefined,
  limit: number | Placeholder,
  offset: number | Placeholder,
  order: Order,
  total?: SQL<number>,
) {
  const direction = order === 'newest' ? desc : asc;
  const pageIds = db
    .select({ pageId: invoices.id })
    .from(invoices)
    .where(where)
    .orderBy(direction(invoices.createdAt), direction(invoices.id))
    .limit(limit)
    .offset(offset)
    .as('page_ids');
  return db
    .select(total ? { ...listColumns, total } : listColumns)
    .from(pageIds)
    .innerJoin(invoices, eq(invoices.id, pageIds.pageId))
    .orderBy(direction(invoices.createdAt), direction(invoices.id));
}

/**
 * A page of a search and the number of its matches, from one scan: the matches (ids and dates)
 * are gathered once by the trigram index, then counted and sorted for the page. The CTE is
 * referenced twice, so PostgreSQL materializes it. Measured on the seeded big user ('lumière',
 * 522 matches): 1.2 ms against 2.3 ms for a count and a page that each ran the bitmap scan.
 */
function searchPageQuery(
  db: Database,
  where: SQL | undefined,
  limit: number | Placeholder,
  offset: number | Placeholder,
) {
  const matches = db
    .$with('matches')
    .as(db.select({ matchId: invoices.id, matchCreatedAt: invoices.createdAt }).from(invoices).where(where));
  const pageIds = db
    .select({ pageId: matches.matchId })
    .from(matches)
    .orderBy(desc(matches.matchCreatedAt), desc(matches.matchId))
    .limit(limit)
    .offset(offset)
    .as('page_ids');
  return db
    .with(matches)
    .select({ ...listColumns, total: sql<number>`(select count(*)::int from ${matches})` })
    .from(pageIds)
    .innerJoin(invoices, eq(invoices.id, pageIds.pageId))
    .orderBy(desc(invoices.createdAt), desc(invoices.id));
}

/** Matching rows counted one by one: only for a search (the aggregate knows nothing of words). */
const countSql = (where: SQL | undefined) => sql<number>`(select count(*)::int from ${invoices} where ${where})`;

/**
 * One word of a search (normalised like search_text): `LIKE '%word%'` for 3 characters or more,
 * which the (user_id, search_text) trigram index answers, else `strpos(...) > 0`, the same
 * substring test that leaves the index to the user_id part (see the parties feature's
 * searchCondition, whose rule this is). `value` is the pattern (likeValue) or the word itself.
 */
function wordCondition(trigram: boolean, value: string | Placeholder): SQL {
  return trigram ? sql`${invoices.searchText} like ${value}` : sql`strpos(${invoices.searchText}, ${value}) > 0`;
}
const isTrigramWord = (word: string) => [...word].length >= TRIGRAM_MIN_LENGTH;
const wordValue = (word: string) => (isTrigramWord(word) ? containsPattern(word) : word);

/** Searches of at most this many words are prepared statements; longer ones are built each time. */
const PREPARED_SEARCH_WORDS = 4;

/**
 * A search's statements, prepared per shape: the status filter and, word by word, trigram or not
 * (at most 5 × 14 shapes). Building the statement cost the server about 0.3 ms a request and
 * planning it PostgreSQL about as much; the plan does not depend on the words (the matches are
 * gathered and counted whatever they are: the trigram index for long words, the user's range for
 * short ones), so a generic plan is as good as one made for the words.
 */
function preparedSearch(db: Database, status: StatusFilter, trigram: boolean[]) {
  const shape = `${status}_${trigram.map((long) => (long ? 'l' : 's')).join('')}`;
  let cache = preparedSearches.get(db);
  if (!cache) {
    cache = new Map();
    preparedSearches.set(db, cache);
  }
  let statements = cache.get(shape);
  if (!statements) {
    const where = and(
      eq(invoices.userId, sql.placeholder('userId')),
      effectiveStatusIs(status),
      ...trigram.map((long, index) => wordCondition(long, sql.placeholder(`w${index}`))),
    );
    statements = {
      page: searchPageQuery(db, where, sql.placeholder('limit'), sql.placeholder('offset')).prepare(
        `invoices_search_${shape}`,
      ),
      count: totalQuery(db, countSql(where)).prepare(`invoices_search_total_${shape}`),
    };
    cache.set(shape, statements);
  }
  return statements;
}
const preparedSearches = new WeakMap<
  Database,
  Map<
    string,
    {
      page: ReturnType<ReturnType<typeof searchPageQuery>['prepare']>;
      count: ReturnType<ReturnType<typeof totalQuery>['prepare']>;
    }
  >
>();

/** The total alone, for a page after the first (counted before the page is read). */
function totalQuery(db: Database, total: SQL<number>) {
  return db.select({ total }).from(sql`(values (1)) as one`);
}

/**
 * The hot reads as named prepared statements: PostgreSQL parses and plans each once per connection
 * (planning the list query cost more than running it), and Drizzle builds its SQL once. Built per
 * database instance, on first use.
 */
function preparedReads(db: Database) {
  const userId = sql.placeholder('userId');
  const limit = sql.placeholder('limit');
  const offset = sql.placeholder('offset');
  // One set per status filter: each has its own total (see effectiveCountSql) and its own plan.
  const statements = (filter: StatusFilter) => {
    const where = and(eq(invoices.userId, userId), effectiveStatusIs(filter));
    const total = effectiveCountSql(userId, filter);
    return {
      first: pageQuery(db, where, limit, 0, 'newest', total).prepare(`invoices_first_page_${filter}`),
      newest: pageQuery(db, where, limit, offset, 'newest').prepare(`invoices_page_${filter}`),
      oldest: pageQuery(db, where, limit, offset, 'oldest').prepare(`invoices_page_reversed_${filter}`),
      count: totalQuery(db, total).prepare(`invoices_total_${filter}`),
    };
  };
  return {
    byId: db
      .select(invoiceColumns)
      .from(invoices)
      .where(and(eq(invoices.userId, userId), eq(invoices.id, sql.placeholder('id'))))
      .prepare('invoices_by_id'),
    all: statements('all'),
    draft: statements('draft'),
    sent: statements('sent'),
    paid: statements('paid'),
    overdue: statements('overdue'),
  };
}

const prepared = new WeakMap<Database, ReturnType<typeof preparedReads>>();
function reads(db: Database) {
  let statements = prepared.get(db);
  if (!statements) {
    statements = preparedReads(db);
    prepared.set(db, statements);
  }
  return statements;
}

export async function findInvoice(db: Database, userId: string, id: string): Promise<InvoiceRow | null> {
  const [row] = await reads(db).byId.execute({ userId, id });
  return (row as InvoiceRow | undefined) ?? null;
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

export interface ListParams {
  page: number;
  perPage: number;
  status: StatusFilter;
  /** The search box's words, normalised like search_text (none: no search). */
  words: string[];
}

interface ListStatements {
  first: (limit: number) => Promise<unknown[]>;
  page: (limit: number, offset: number, order: Order) => Promise<unknown[]>;
  count: () => Promise<Array<{ total: number }>>;
}

/**
 * One page of the user's invoices, newest first, and the number of matching rows.
 *
 * Every word must occur in search_text. A search gathers its matches once and answers any page
 * and the total in one statement (searchPageQuery, prepared per shape). Without a search the total
 * comes from the per-user aggregate (effectiveCountSql) and the statements are prepared: page 1
 * and its total come in one statement; a later page counts first, so a page beyond the last is
 * answered without reading rows, and a page in the second half is read from the oldest end
 * (fewer index entries to skip) and turned around.
 */
export async function listInvoices(
  db: Database,
  userId: string,
  { page, perPage, status, words }: ListParams,
): Promise<{ rows: InvoiceListRow[]; total: number }> {
  if (words.length > 0) {
    let search: { page: () => Promise<unknown[]>; count: () => Promise<Array<{ total: number }>> };
    const limit = perPage;
    const offset = (page - 1) * perPage;
    if (words.length <= PREPARED_SEARCH_WORDS) {
      const statements = preparedSearch(db, status, words.map(isTrigramWord));
      const values = Object.fromEntries(words.map((word, index) => [`w${index}`, wordValue(word)]));
      search = {
        page: () => statements.page.execute({ ...values, userId, limit, offset }),
        count: () => statements.count.execute({ ...values, userId }),
      };
    } else {
      const where = and(
        owned(userId),
        effectiveStatusIs(status),
        ...words.map((word) => wordCondition(isTrigramWord(word), wordValue(word))),
      );
      search = { page: () => searchPageQuery(db, where, limit, offset), count: () => totalQuery(db, countSql(where)) };
    }
    const rows = (await search.page()) as Array<InvoiceListRow & { total: number }>;
    if (rows.length > 0) return { rows, total: rows[0]!.total };
    // No match, or a page past the last one: the total alone.
    if (page === 1) return { rows, total: 0 };
    return { rows, total: (await search.count())[0]?.total ?? 0 };
  }

  const set = reads(db)[status];
  const statements: ListStatements = {
    first: (limit) => set.first.execute({ userId, limit }),
    page: (limit, offset, order) => (order === 'newest' ? set.newest : set.oldest).execute({ userId, limit, offset }),
    count: () => set.count.execute({ userId }),
  };

  if (page === 1) {
    const rows = (await statements.first(perPage)) as Array<InvoiceListRow & { total: number }>;
    if (rows.length > 0) return { rows, total: rows[0]!.total };
    return { rows, total: (await statements.count())[0]?.total ?? 0 };
  }
  const total = (await statements.count())[0]?.total ?? 0;
  const offset = (page - 1) * perPage;
  if (offset >= total) return { rows: [], total };
  const limit = Math.min(perPage, total - offset);
  const fromOldest = total - offset - limit;
  if (fromOldest < offset) {
    const rows = (await statements.page(limit, fromOldest, 'oldest')) as InvoiceListRow[];
    return { rows: rows.reverse(), total };
  }
  return { rows: (await statements.page(limit, offset, 'newest')) as InvoiceListRow[], total };
}

/**
 * The largest numeric part among the user's invoice numbers (the last run of ASCII digits, as the
 * domain's invoiceNumberValue reads it), as digits without leading zeros; null when none has one.
 */
export async function highestInvoiceNumberValue(db: DbExecutor, userId: string): Promise<string | null> {
  const digits = sql`substring(${invoices.invoiceNumber} from '([0-9]+)[^0-9]*$')`;
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
  unitCostMinor: number;
  amountMinor: number;
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

// ---------------------------------------------------------------------------------------------
// The client and business an invoice points at (read only; the parties features own them)

/** True when the client exists and is the user's; locked against deletion until the transaction ends. */
export async function ownsClient(tx: DbExecutor, userId: string, id: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.userId, userId), eq(clients.id, id)))
    .for('key share');
  return row !== undefined;
}

export async function ownsBusiness(tx: DbExecutor, userId: string, id: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: businesses.id })
    .from(businesses)
    .where(and(eq(businesses.userId, userId), eq(businesses.id, id)))
    .for('key share');
  return row !== undefined;
}

export async function findEmbeddedClient(db: DbExecutor, userId: string, id: string) {
  const [row] = await db
    .select({
      id: clients.id,
      name: clients.name,
      email: clients.email,
      phone: clients.phone,
      address: clients.address,
      taxId: clients.taxId,
      createdAt: clients.createdAt,
      updatedAt: clients.updatedAt,
      invoiceCount: sql<number>`(select count(*)::int from invoices i where i.client_id = "clients"."id" and i.user_id = ${userId})`,
    })
    .from(clients)
    .where(and(eq(clients.userId, userId), eq(clients.id, id)));
  return row ?? null;
}

export async function findEmbeddedBusiness(db: DbExecutor, userId: string, id: string) {
  const [row] = await db
    .select({
      id: businesses.id,
      name: businesses.name,
      email: businesses.email,
      phone: businesses.phone,
      address: businesses.address,
      taxId: businesses.taxId,
      logoUrl: businesses.logoUrl,
      createdAt: businesses.createdAt,
      updatedAt: businesses.updatedAt,
      invoiceCount: sql<number>`(select count(*)::int from invoices i where i.business_id = "businesses"."id" and i.user_id = ${userId})`,
    })
    .from(businesses)
    .where(and(eq(businesses.userId, userId), eq(businesses.id, id)));
  return row ?? null;
}
