import { and, desc, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { businesses, logos } from '../../db/schema';
import type { DbExecutor } from '../../plugins/database';
import { PARTY_COLUMNS, selectPartyPage, type PartyRow } from '../parties/party.queries';
import { searchCondition } from '../parties/search-text';

export type BusinessRow = typeof businesses.$inferSelect;
export type NewBusinessRow = typeof businesses.$inferInsert;
export type BusinessFields = Pick<
  NewBusinessRow,
  'name' | 'email' | 'phone' | 'address' | 'taxId' | 'logoUrl' | 'searchText'
>;
/** A business as the API shows it, with its logo. */
export type BusinessPartyRow = PartyRow & { logo_url: string | null };

const BUSINESS_COLUMNS = [...PARTY_COLUMNS, 'logo_url'];

export interface ListParams {
  page: number;
  perPage: number;
  search: string;
}

const owned = (userId: string) => eq(businesses.userId, userId);

/** id and created_at of the matching rows, newest first (id breaks ties, so pages never overlap). */
const keysWhere = (db: DbExecutor, where: SQL | undefined) =>
  db
    .select({ id: businesses.id, createdAt: businesses.createdAt })
    .from(businesses)
    .where(where)
    .orderBy(desc(businesses.createdAt), desc(businesses.id));

const page = (db: DbExecutor, userId: string, keys: SQLWrapper) =>
  selectPartyPage<BusinessPartyRow>(db, {
    table: businesses,
    columns: BUSINESS_COLUMNS,
    reference: 'business_id',
    userId,
    keys,
  });

/**
 * One page of the user's businesses, each with its invoice count, and the number of matching rows.
 * The count runs beside the page, on another pool connection.
 */
export async function listBusinesses(
  db: DbExecutor,
  userId: string,
  { page: pageNumber, perPage, search }: ListParams,
): Promise<{ rows: BusinessPartyRow[]; total: number }> {
  const where = and(owned(userId), searchCondition(businesses.searchText, search));
  const keys = keysWhere(db, where)
    .limit(perPage)
    .offset((pageNumber - 1) * perPage);
  const [rows, [counted]] = await Promise.all([
    page(db, userId, keys),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(businesses)
      .where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

export async function findBusiness(db: DbExecutor, userId: string, id: string): Promise<BusinessPartyRow | null> {
  const [row] = await page(db, userId, keysWhere(db, and(owned(userId), eq(businesses.id, id))));
  return row ?? null;
}

/** The row to change, locked until the caller's transaction ends (an update merges into it). */
export async function findBusinessForUpdate(db: DbExecutor, userId: string, id: string): Promise<BusinessRow | null> {
  const [row] = await db
    .select()
    .from(businesses)
    .where(and(owned(userId), eq(businesses.id, id)))
    .for('update');
  return row ?? null;
}

export async function insertBusiness(db: DbExecutor, values: NewBusinessRow): Promise<BusinessRow> {
  const [row] = await db.insert(businesses).values(values).returning();
  return row!;
}

export async function updateBusiness(
  db: DbExecutor,
  userId: string,
  id: string,
  values: BusinessFields,
): Promise<BusinessRow | null> {
  const [row] = await db
    .update(businesses)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(owned(userId), eq(businesses.id, id)))
    .returning();
  return row ?? null;
}

/**
 * Deletes the user's businesses among `ids` in one statement (so one transaction): ids of other users,
 * or of nothing, match no row. Invoices keep their rows and their stored From/To text; the foreign
 * key sets their business_id to null. Answers the ids deleted.
 */
export async function deleteBusinesses(db: DbExecutor, userId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const deleted = await db
    .delete(businesses)
    .where(and(owned(userId), inArray(businesses.id, ids)))
    .returning({ id: businesses.id });
  return deleted.map((row) => row.id);
}

/** Whether an uploaded logo with this id is stored (a business only refers to logos that exist). */
export async function logoExists(db: DbExecutor, logoId: string): Promise<boolean> {
  const [row] = await db.select({ id: logos.id }).from(logos).where(eq(logos.id, logoId));
  return row !== undefined;
}
