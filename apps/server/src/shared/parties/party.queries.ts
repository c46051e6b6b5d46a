import { BUSINESS_PARTY_FIELDS, CLIENT_PARTY_FIELDS } from '@invoicer/domain/api/einvoice-fields';
import { and, desc, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { invoices, type businesses, type clients } from '../../db/schema';
import type { DbExecutor } from '../../plugins/database';
import { searchCondition } from '../search-text';

/** The two party tables: the same columns, and businesses add logo_url. */
export type PartyTable = typeof clients | typeof businesses;

/** A client or business as the list and detail calls answer it, straight from SQL (snake_case, like the API). */
export interface PartyRow {
  id: string;
  name: string;
  email: string;
  phone: string;
  address: string;
  tax_id: string;
  created_at: Date;
  updated_at: Date;
  invoice_count: number;
}

/** The columns every party answers with; a table may add its own (businesses: logo_url). */
export const PARTY_COLUMNS = ['id', 'name', 'email', 'phone', 'address', 'tax_id', 'created_at', 'updated_at'];

/**
 * A client's columns: the party's, its preferred language and its structured e-invoice fields (the clients list,
 * detail and the account export).
 */
export const CLIENT_COLUMNS = [...PARTY_COLUMNS, 'preferred_language', ...CLIENT_PARTY_FIELDS];

/**
 * A business's columns: the party's, its logo, bank account and structured e-invoice fields (the businesses list,
 * detail and the account export).
 */
export const BUSINESS_COLUMNS = [
  ...PARTY_COLUMNS,
  'logo_url',
  'iban',
  'bic',
  'account_holder',
  ...BUSINESS_PARTY_FIELDS,
];

/** A business as the list and detail calls answer it. */
export type BusinessPartyRow = PartyRow & {
  logo_url: string | null;
  iban: string;
  bic: string;
  account_holder: string;
} & { [Name in (typeof BUSINESS_PARTY_FIELDS)[number]]: string };

/** A client as the list and detail calls answer it. */
export type ClientPartyRow = PartyRow & { preferred_language: string | null } & {
  [Name in (typeof CLIENT_PARTY_FIELDS)[number]]: string;
};

export interface PartyPageQuery {
  /** clients or businesses. */
  table: PgTable;
  /** Column names to answer, PARTY_COLUMNS plus the table's own. */
  columns: readonly string[];
  /** Which invoices column refers to the party. */
  reference: 'client_id' | 'business_id';
  userId: string;
  /**
   * A select of `id` and `created_at` of the wanted rows, already filtered by user (and search),
   * ordered (created_at desc, id desc) and cut to one page.
   */
  keys: SQLWrapper;
}

/**
 * Fetches one page of parties with, for each, the number of the user's invoices referring to it.
 *
 * The page is cut on keys only (a "deferred join"): without a search, `keys` is an index-only scan of
 * (user_id, created_at desc, id desc), so a late page skips index entries rather than sorting the
 * user's rows, and only the page's rows (at most 100) are read from the table. Each of them gets its
 * invoice count through invoices_client_idx / invoices_business_idx: one statement, no query per row.
 */
export async function selectPartyPage<Row extends PartyRow>(db: DbExecutor, query: PartyPageQuery): Promise<Row[]> {
  const columns = sql.join(
    query.columns.map((column) => sql`t.${sql.identifier(column)}`),
    sql`, `,
  );
  const result = await db.execute<Record<string, unknown>>(sql`
    select ${columns}, (
      select count(*)::int from ${invoices} i
      where i.${sql.identifier(query.reference)} = t.id and i.user_id = ${query.userId}
    ) as invoice_count
    from (${query.keys}) k
    join ${query.table} t on t.id = k.id and t.user_id = ${query.userId}
    order by k.created_at desc, k.id desc`);
  // A raw statement skips Drizzle's column mapping, and its driver hands timestamps over as text.
  return result.rows.map(
    (row) =>
      ({
        ...row,
        created_at: toDate(row.created_at),
        updated_at: toDate(row.updated_at),
      }) as Row,
  );
}

function toDate(value: unknown): Date {
  return value instanceof Date ? value : new Date(String(value));
}

export interface ListParams {
  page: number;
  perPage: number;
  search: string;
}

export interface PartyQueryOptions {
  /** Column names to answer, PARTY_COLUMNS plus the table's own. */
  columns: readonly string[];
  /** Which invoices column refers to the party. */
  reference: 'client_id' | 'business_id';
}

/**
 * The statements of one party table that touch only the columns both tables share: list, detail,
 * delete, and the "this user's row with this id" condition. `Row` is how the list and detail answer
 * a party (PartyRow plus the table's own columns). Statements on whole rows (insert, update, locked
 * read) stay with each table: Drizzle types their values and results per table, not over the union.
 */
export function partyQueries<Row extends PartyRow>(table: PartyTable, { columns, reference }: PartyQueryOptions) {
  const owned = (userId: string) => eq(table.userId, userId);
  const byId = (userId: string, id: string) => and(owned(userId), eq(table.id, id));

  /** id and created_at of the matching rows, newest first (id breaks ties, so pages never overlap). */
  const keysWhere = (db: DbExecutor, where: SQL | undefined) =>
    db
      .select({ id: table.id, createdAt: table.createdAt })
      .from(table)
      .where(where)
      .orderBy(desc(table.createdAt), desc(table.id));

  const page = (db: DbExecutor, userId: string, keys: SQLWrapper) =>
    selectPartyPage<Row>(db, { table, columns, reference, userId, keys });

  return {
    byId,

    /**
     * One page of the user's parties, each with its invoice count, and the number of matching rows.
     * The count runs beside the page, on another pool connection.
     */
    async list(
      db: DbExecutor,
      userId: string,
      { page: pageNumber, perPage, search }: ListParams,
    ): Promise<{ rows: Row[]; total: number }> {
      const where = and(owned(userId), searchCondition(table.searchText, search));
      const keys = keysWhere(db, where)
        .limit(perPage)
        .offset((pageNumber - 1) * perPage);
      const [rows, [counted]] = await Promise.all([
        page(db, userId, keys),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(table)
          .where(where),
      ]);
      return { rows, total: counted?.total ?? 0 };
    },

    async find(db: DbExecutor, userId: string, id: string): Promise<Row | null> {
      const [row] = await page(db, userId, keysWhere(db, byId(userId, id)));
      return row ?? null;
    },

    /**
     * Deletes the user's parties among `ids` in one statement (so one transaction): ids of other users,
     * or of nothing, match no row. Invoices keep their rows and their stored From/To text; the foreign
     * key sets their client_id / business_id to null. Answers the ids deleted.
     */
    async deleteMany(db: DbExecutor, userId: string, ids: string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const deleted = await db
        .delete(table)
        .where(and(owned(userId), inArray(table.id, ids)))
        .returning({ id: table.id });
      return deleted.map((row) => row.id);
    },
  };
}
