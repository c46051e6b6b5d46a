import { STATUS_SORT_ORDER, type InvoiceSort, type SortOrder } from '@invoicer/domain/api/invoices';
import { INVOICE_STATUSES, type InvoiceStatus, type StatusFilter } from '@invoicer/domain/status';
import { and, asc, desc, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { invoices, invoiceStats } from '../../db/schema';
import type { Database } from '../../plugins/database';
import { effectiveStatusSql, pastDueSentSql } from '../../shared/invoice-status-sql';
import { containsPattern, TRIGRAM_MIN_LENGTH } from '../../shared/search-text';
import { listColumns, owned, type InvoiceListRow } from './invoices.queries';

/**
 * The invoice list's SQL: a page of the user's invoices by effective status and search words, in
 * the order asked, and the number of matches, in as few and as cheap statements as measured
 * (docs/benchmarks.md; the sorts: docs/decisions/0043-sorting-the-invoice-list.md).
 */

// ---------------------------------------------------------------------------------------------
// The effective status (shared/invoice-status-sql.ts) as the list counts and filters it.

/**
 * An effective count from stored ones: the stored-sent invoices past their due date (`pastDueSent`)
 * move from sent to overdue; every other status counts as stored. The one place that says so.
 */
function effectiveFromStored(
  filter: StatusFilter,
  stored: (status?: InvoiceStatus) => SQL,
  pastDueSent: SQL,
): SQL<number> {
  const count =
    filter === 'all' || filter === 'draft' || filter === 'paid'
      ? stored(filter === 'all' ? undefined : filter)
      : filter === 'sent'
        ? sql`${stored('sent')} - ${pastDueSent}`
        : sql`${stored('overdue')} + ${pastDueSent}`;
  return sql<number>`(${count})::int`;
}

/** The user's stored-sent invoices past their due date, counted: an index-only range of invoices_user_sent_due_idx. */
const pastDueSentCountSql = (userId: string | SQL | Placeholder) =>
  sql`(select count(*) from ${invoices} where ${invoices.userId} = ${userId} and ${pastDueSentSql()})`;

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
  return effectiveFromStored(filter, stored, pastDueSentCountSql(userId));
}

/** The list's status filter: the effective status equals the chip (no condition for 'all'). */
export function effectiveStatusIs(filter: StatusFilter): SQL | undefined {
  return filter === 'all' ? undefined : sql`${effectiveStatusSql()} = ${filter}`;
}

// ---------------------------------------------------------------------------------------------
// Sort orders

/** The columns a sort reads, from the table or from a search's gathered matches. */
interface SortSource {
  id: AnyPgColumn | SQL;
  createdAt: AnyPgColumn | SQL;
  invoiceNumber: AnyPgColumn | SQL;
  clientName: AnyPgColumn | SQL;
  amountDueMinor: AnyPgColumn | SQL;
  listDate: AnyPgColumn | SQL;
  status: AnyPgColumn | SQL;
  dueDate: AnyPgColumn | SQL;
}
const tableSource: SortSource = {
  id: invoices.id,
  createdAt: invoices.createdAt,
  invoiceNumber: invoices.invoiceNumber,
  clientName: invoices.clientName,
  amountDueMinor: invoices.amountDueMinor,
  listDate: invoices.listDate,
  status: invoices.status,
  dueDate: invoices.dueDate,
};

/** The effective status's place in the status sort (STATUS_SORT_ORDER: what needs attention first). */
function statusRankSql(source: SortSource): SQL<number> {
  const cases = STATUS_SORT_ORDER.map((status, rank) => sql`when ${status} then ${sql.raw(String(rank))}`);
  return sql<number>`(case ${effectiveStatusSql(source.status, source.dueDate)} ${sql.join(cases, sql` `)} end)`;
}

/**
 * The ORDER BY of a sort: its key, then creation time and id, all in one direction, so the order
 * is total (pages never overlap) and reading it backwards is the same index range read the other
 * way. Text is compared in the natural_sort collation (case and accents as a reader expects, digits
 * by value), which the sort indexes are built with (schema.ts; migration 0011). Invoice numbers are
 * unique per user, so the id alone follows them.
 */
function sortKeys(source: SortSource, sort: InvoiceSort): Array<AnyPgColumn | SQL> {
  switch (sort) {
    case 'created':
      return [source.createdAt, source.id];
    case 'number':
      return [sql`${source.invoiceNumber} collate natural_sort`, source.id];
    case 'client':
      return [sql`${source.clientName} collate natural_sort`, source.createdAt, source.id];
    case 'amount':
      return [source.amountDueMinor, source.createdAt, source.id];
    case 'issued':
      return [source.listDate, source.createdAt, source.id];
    case 'status':
      return [statusRankSql(source), source.createdAt, source.id];
  }
}
const orderBy = (source: SortSource, sort: InvoiceSort, order: SortOrder) =>
  sortKeys(source, sort).map((key) => (order === 'asc' ? asc(key) : desc(key)));
const reverse = (order: SortOrder): SortOrder => (order === 'asc' ? 'desc' : 'asc');

// ---------------------------------------------------------------------------------------------
// Pages and totals

/**
 * A page of the user's invoices in a sort order. The page is found as ids alone first (an
 * index-only scan of the sort's index, with status and due_date in it for the status filter) and
 * only those rows are read: a deep page skips index entries, not table rows. With `total`, the
 * number of matching rows comes along as an extra column (an InitPlan, computed once): page 1 and
 * its total in one round trip.
 */
function pageQuery(
  db: Database,
  where: SQL | undefined,
  limit: number | Placeholder,
  offset: number | Placeholder,
  sort: InvoiceSort,
  order: SortOrder,
  total?: SQL<number>,
) {
  const pageIds = db
    .select({ pageId: invoices.id })
    .from(invoices)
    .where(where)
    .orderBy(...orderBy(tableSource, sort, order))
    .limit(limit)
    .offset(offset)
    .as('page_ids');
  return db
    .select(total ? { ...listColumns, total } : listColumns)
    .from(pageIds)
    .innerJoin(invoices, eq(invoices.id, pageIds.pageId))
    .orderBy(...orderBy(tableSource, sort, order));
}

/**
 * A page of a search and the number of its matches, from one scan: the matches (with what the sorts
 * read) are gathered once by the trigram index, then counted and sorted for the page. The CTE is
 * referenced twice, so PostgreSQL materializes it. Measured on the seeded big user ('lumière',
 * 522 matches): 1.2 ms against 2.3 ms for a count and a page that each ran the bitmap scan.
 */
function searchPageQuery(
  db: Database,
  where: SQL | undefined,
  limit: number | Placeholder,
  offset: number | Placeholder,
  sort: InvoiceSort,
  order: SortOrder,
) {
  const matches = db.$with('matches').as(
    db
      .select({
        matchId: invoices.id,
        matchCreatedAt: invoices.createdAt,
        matchNumber: invoices.invoiceNumber,
        matchClient: invoices.clientName,
        matchDue: invoices.amountDueMinor,
        matchDate: invoices.listDate,
        matchStatus: invoices.status,
        matchDueDate: invoices.dueDate,
      })
      .from(invoices)
      .where(where),
  );
  const source: SortSource = {
    id: matches.matchId,
    createdAt: matches.matchCreatedAt,
    invoiceNumber: matches.matchNumber,
    clientName: matches.matchClient,
    amountDueMinor: matches.matchDue,
    listDate: matches.matchDate,
    status: matches.matchStatus,
    dueDate: matches.matchDueDate,
  };
  const pageIds = db
    .select({ pageId: matches.matchId })
    .from(matches)
    .orderBy(...orderBy(source, sort, order))
    .limit(limit)
    .offset(offset)
    .as('page_ids');
  return db
    .with(matches)
    .select({ ...listColumns, total: sql<number>`(select count(*)::int from ${matches})` })
    .from(pageIds)
    .innerJoin(invoices, eq(invoices.id, pageIds.pageId))
    .orderBy(...orderBy(tableSource, sort, order));
}

/** Matching rows counted one by one: only for a search (the aggregate knows nothing of words). */
const countSql = (where: SQL | undefined) => sql<number>`(select count(*)::int from ${invoices} where ${where})`;

/**
 * One word of a search (normalised like search_text): `LIKE '%word%'` for 3 characters or more,
 * which the (user_id, search_text) trigram index answers, else `strpos(...) > 0`, the same
 * substring test that leaves the index to the user_id part (see shared/search-text.ts's
 * searchCondition, whose rule this is). `value` is the pattern (likeValue) or the word itself.
 */
function wordCondition(trigram: boolean, value: string | Placeholder): SQL {
  return trigram ? sql`${invoices.searchText} like ${value}` : sql`strpos(${invoices.searchText}, ${value}) > 0`;
}
const isTrigramWord = (word: string) => [...word].length >= TRIGRAM_MIN_LENGTH;
const wordValue = (word: string) => (isTrigramWord(word) ? containsPattern(word) : word);

/** Searches of at most this many words are prepared statements; longer ones are built each time. */
const PREPARED_SEARCH_WORDS = 4;

type Prepared<T extends { prepare: (name: string) => unknown }> = ReturnType<T['prepare']>;
type PageStatement = Prepared<ReturnType<typeof pageQuery>>;
type SearchStatement = Prepared<ReturnType<typeof searchPageQuery>>;
type TotalStatement = Prepared<ReturnType<typeof totalQuery>>;

/**
 * Named prepared statements, per database instance, built on first use under a name that says
 * their shape: PostgreSQL parses and plans each once per connection (planning the list query cost
 * more than running it), and Drizzle builds its SQL once.
 */
const statementCache = new WeakMap<Database, Map<string, unknown>>();
function cached<T>(db: Database, name: string, build: () => T): T {
  let cache = statementCache.get(db);
  if (!cache) {
    cache = new Map();
    statementCache.set(db, cache);
  }
  let statement = cache.get(name) as T | undefined;
  if (!statement) {
    statement = build();
    cache.set(name, statement);
  }
  return statement;
}

/**
 * A search's statements, prepared per shape: the status filter, the sort and, word by word, trigram
 * or not. Building the statement cost the server about 0.3 ms a request and planning it PostgreSQL
 * about as much; the plan does not depend on the words (the matches are gathered and counted
 * whatever they are: the trigram index for long words, the user's range for short ones), so a
 * generic plan is as good as one made for the words.
 */
function preparedSearch(db: Database, status: StatusFilter, trigram: boolean[], sort: InvoiceSort, order: SortOrder) {
  const shape = `${status}_${trigram.map((long) => (long ? 'l' : 's')).join('')}`;
  const where = () =>
    and(
      eq(invoices.userId, sql.placeholder('userId')),
      effectiveStatusIs(status),
      ...trigram.map((long, index) => wordCondition(long, sql.placeholder(`w${index}`))),
    );
  const page: SearchStatement = cached(db, `invoices_search_${shape}_${sort}_${order}`, () =>
    searchPageQuery(db, where(), sql.placeholder('limit'), sql.placeholder('offset'), sort, order).prepare(
      `invoices_search_${shape}_${sort}_${order}`,
    ),
  );
  const count: TotalStatement = cached(db, `invoices_search_total_${shape}`, () =>
    totalQuery(db, countSql(where())).prepare(`invoices_search_total_${shape}`),
  );
  return { page, count };
}

/** The total alone, for a page after the first (counted before the page is read). */
function totalQuery(db: Database, total: SQL<number>) {
  return db.select({ total }).from(sql`(values (1)) as one`);
}

/** The reads of one status filter in one sort order (either direction), prepared. */
function preparedReads(db: Database, filter: StatusFilter, sort: InvoiceSort) {
  const userId = sql.placeholder('userId');
  const limit = sql.placeholder('limit');
  const offset = sql.placeholder('offset');
  const where = () => and(eq(invoices.userId, userId), effectiveStatusIs(filter));
  const name = `invoices_${filter}_${sort}`;
  const first = (order: SortOrder): PageStatement =>
    cached(db, `${name}_first_${order}`, () =>
      pageQuery(db, where(), limit, 0, sort, order, effectiveCountSql(userId, filter)).prepare(
        `${name}_first_${order}`,
      ),
    );
  const page = (order: SortOrder): PageStatement =>
    cached(db, `${name}_page_${order}`, () =>
      pageQuery(db, where(), limit, offset, sort, order).prepare(`${name}_page_${order}`),
    );
  const count: TotalStatement = cached(db, `invoices_total_${filter}`, () =>
    totalQuery(db, effectiveCountSql(userId, filter)).prepare(`invoices_total_${filter}`),
  );
  return { first, page, count };
}

export interface ListParams {
  page: number;
  perPage: number;
  status: StatusFilter;
  /** The search box's words, normalised like search_text (none: no search). */
  words: string[];
  sort: InvoiceSort;
  order: SortOrder;
}

/**
 * One page of the user's invoices in the order asked, and the number of matching rows.
 *
 * Every word must occur in search_text. A search gathers its matches once and answers any page
 * and the total in one statement (searchPageQuery, prepared per shape and sort). Without a search
 * the total comes from the per-user aggregate (effectiveCountSql) and the statements are prepared:
 * page 1 and its total come in one statement; a later page counts first, so a page beyond the last
 * is answered without reading rows, and a page in the second half is read from the far end (fewer
 * index entries to skip) and turned around. The status sort reads each effective status as its own
 * range (listByStatus).
 */
export async function listInvoices(
  db: Database,
  userId: string,
  params: ListParams,
): Promise<{ rows: InvoiceListRow[]; total: number }> {
  const { page, perPage, status, words, order } = params;
  // Filtered to one status, the status sort is its tiebreak: creation time, then id.
  const sort = params.sort === 'status' && status !== 'all' ? 'created' : params.sort;
  if (words.length > 0) {
    let search: { page: () => Promise<unknown[]>; count: () => Promise<Array<{ total: number }>> };
    const limit = perPage;
    const offset = (page - 1) * perPage;
    if (words.length <= PREPARED_SEARCH_WORDS) {
      const statements = preparedSearch(db, status, words.map(isTrigramWord), sort, order);
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
      search = {
        page: () => searchPageQuery(db, where, limit, offset, sort, order),
        count: () => totalQuery(db, countSql(where)),
      };
    }
    const rows = (await search.page()) as Array<InvoiceListRow & { total: number }>;
    if (rows.length > 0) return { rows, total: rows[0]!.total };
    // No match, or a page past the last one: the total alone.
    if (page === 1) return { rows, total: 0 };
    return { rows, total: (await search.count())[0]?.total ?? 0 };
  }

  if (sort === 'status') return listByStatus(db, userId, page, perPage, order);

  const statements = preparedReads(db, status, sort);
  if (page === 1) {
    const rows = (await statements.first(order).execute({ userId, limit: perPage })) as Array<
      InvoiceListRow & { total: number }
    >;
    if (rows.length > 0) return { rows, total: rows[0]!.total };
    return { rows, total: (await statements.count.execute({ userId }))[0]?.total ?? 0 };
  }
  const total = (await statements.count.execute({ userId }))[0]?.total ?? 0;
  const offset = (page - 1) * perPage;
  if (offset >= total) return { rows: [], total };
  const limit = Math.min(perPage, total - offset);
  const fromFarEnd = total - offset - limit;
  if (fromFarEnd < offset) {
    const rows = (await statements
      .page(reverse(order))
      .execute({ userId, limit, offset: fromFarEnd })) as InvoiceListRow[];
    return { rows: rows.reverse(), total };
  }
  return { rows: (await statements.page(order).execute({ userId, limit, offset })) as InvoiceListRow[], total };
}

// ---------------------------------------------------------------------------------------------
// The status sort

/**
 * The stored statuses that make up each effective status, each an index range of
 * invoices_user_status_sort_idx in creation order: overdue is the stored overdue invoices and the
 * sent ones past their due date (two ranges merged), every other status its own stored one. The
 * effective status is still tested by its one definition (effectiveStatusIs).
 */
const STORED_PARTS: Record<InvoiceStatus, InvoiceStatus[]> = {
  overdue: ['overdue', 'sent'],
  sent: ['sent'],
  draft: ['draft'],
  paid: ['paid'],
};

/**
 * A slice of one effective status in creation order (either direction). PostgreSQL cannot see that
 * a constant rank column keeps branches in order, so a single "order by rank, created_at" over all
 * statuses sorted every invoice of the user; one status at a time, each slice is an index range
 * (the two ranges of overdue merged by a Merge Append: each branch is ordered by itself).
 */
function statusSliceQuery(db: Database, status: InvoiceStatus, order: SortOrder) {
  const userId = sql.placeholder('userId');
  const direction = sql.raw(order);
  const branches = STORED_PARTS[status].map(
    (stored) =>
      sql`(select ${invoices.createdAt} as created_at, ${invoices.id} as id from ${invoices}
            where ${invoices.userId} = ${userId} and ${invoices.status} = ${stored} and ${effectiveStatusIs(status)}
            order by ${invoices.createdAt} ${direction}, ${invoices.id} ${direction})`,
  );
  const slice = sql`(${sql.join(branches, sql` union all `)}) as slice`;
  const pageIds = db
    .select({ pageId: sql<string>`slice.id`.as('page_id') })
    .from(slice)
    .orderBy(sql`slice.created_at ${direction}, slice.id ${direction}`)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('page_ids');
  return db
    .select(listColumns)
    .from(pageIds)
    .innerJoin(invoices, eq(invoices.id, pageIds.pageId))
    .orderBy(...orderBy(tableSource, 'created', order));
}

/**
 * How many invoices of the user have each effective status, in one statement: the user's rows of
 * the aggregate summed per stored status in one range, and the past-due count once (it is the
 * costly part: an index entry per such invoice). An aggregate in FROM is computed once; a scalar
 * subquery there was pulled up and run for each column that reads it.
 */
function statusCountsQuery(db: Database) {
  const userId = sql.placeholder('userId');
  const stored = (status?: InvoiceStatus) => sql.raw(`stored.${status}`);
  const late = sql.raw('late.n');
  const sums = INVOICE_STATUSES.map(
    (status) =>
      sql`coalesce(sum(${invoiceStats.invoiceCount}) filter (where ${invoiceStats.status} = ${status}), 0) as ${sql.raw(status)}`,
  );
  return db
    .select({
      overdue: effectiveFromStored('overdue', stored, late),
      sent: effectiveFromStored('sent', stored, late),
      draft: effectiveFromStored('draft', stored, late),
      paid: effectiveFromStored('paid', stored, late),
    })
    .from(
      sql`(select ${sql.join(sums, sql`, `)} from ${invoiceStats} where ${invoiceStats.userId} = ${userId}) as stored,
          (select count(*) as n from ${invoices} where ${invoices.userId} = ${userId} and ${pastDueSentSql()}) as late`,
    );
}

/**
 * A page of the status sort: the effective statuses in STATUS_SORT_ORDER (reversed for desc), each
 * in creation order in the same direction. The counts per status (from the aggregate) say which
 * statuses the page spans, and where in each it starts; each part is then read as a slice of its
 * status, from the nearer end.
 */
async function listByStatus(
  db: Database,
  userId: string,
  page: number,
  perPage: number,
  order: SortOrder,
): Promise<{ rows: InvoiceListRow[]; total: number }> {
  const counts = (
    await cached(db, 'invoices_status_counts', () => statusCountsQuery(db).prepare('invoices_status_counts')).execute({
      userId,
    })
  )[0] as Record<InvoiceStatus, number>;
  const statuses = order === 'asc' ? STATUS_SORT_ORDER : [...STATUS_SORT_ORDER].reverse();
  const total = statuses.reduce((sum, status) => sum + counts[status], 0);
  let skip = (page - 1) * perPage;
  let wanted = perPage;
  const rows: InvoiceListRow[] = [];
  for (const status of statuses) {
    if (wanted === 0) break;
    const count = counts[status];
    if (skip >= count) {
      skip -= count;
      continue;
    }
    const limit = Math.min(wanted, count - skip);
    const fromFarEnd = count - skip - limit;
    const [direction, offset] = fromFarEnd < skip ? [reverse(order), fromFarEnd] : [order, skip];
    const statement = cached(db, `invoices_status_${status}_${direction}`, () =>
      statusSliceQuery(db, status, direction).prepare(`invoices_status_${status}_${direction}`),
    );
    const part = (await statement.execute({ userId, limit, offset })) as InvoiceListRow[];
    rows.push(...(direction === order ? part : part.reverse()));
    wanted -= limit;
    skip = 0;
  }
  return { rows, total };
}
