import { sql, type SQLWrapper } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { invoices } from '../../db/schema';
import type { DbExecutor } from '../../plugins/database';

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
