import type { InvoiceStatus, StatusFilter } from '@invoicer/domain/status';
import { and, asc, desc, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { invoices, invoiceStats } from '../../db/schema';
import type { Database } from '../../plugins/database';
import { effectiveStatusSql, pastDueSentSql } from '../../shared/invoice-status-sql';
import { containsPattern, TRIGRAM_MIN_LENGTH } from '../../shared/search-text';
import { listColumns, owned, type InvoiceListRow } from './invoices.queries';

/**
 * The invoice list's SQL: a page of the user's invoices by effective status and search words, and
 * the number of matches, in as few and as cheap statements as measured (docs/benchmarks.md).
 */

// ---------------------------------------------------------------------------------------------
// The effective status (shared/invoice-status-sql.ts) as the list counts and filters it.

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
// Pages and totals

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
 * The list's reads as named prepared statements: PostgreSQL parses and plans each once per connection
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
