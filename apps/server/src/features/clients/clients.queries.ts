import { and, desc, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { clients } from '../../db/schema';
import type { DbExecutor } from '../../plugins/database';
import { PARTY_COLUMNS, selectPartyPage, type PartyRow } from '../parties/party.queries';
import { searchCondition } from '../parties/search-text';

export type ClientRow = typeof clients.$inferSelect;
export type NewClientRow = typeof clients.$inferInsert;
export type ClientFields = Pick<NewClientRow, 'name' | 'email' | 'phone' | 'address' | 'taxId' | 'searchText'>;

export interface ListParams {
  page: number;
  perPage: number;
  search: string;
}

const owned = (userId: string) => eq(clients.userId, userId);

/** id and created_at of the matching rows, newest first (id breaks ties, so pages never overlap). */
const keysWhere = (db: DbExecutor, where: SQL | undefined) =>
  db
    .select({ id: clients.id, createdAt: clients.createdAt })
    .from(clients)
    .where(where)
    .orderBy(desc(clients.createdAt), desc(clients.id));

const page = (db: DbExecutor, userId: string, keys: SQLWrapper) =>
  selectPartyPage<PartyRow>(db, { table: clients, columns: PARTY_COLUMNS, reference: 'client_id', userId, keys });

/**
 * One page of the user's clients, each with its invoice count, and the number of matching rows.
 * The count runs beside the page, on another pool connection.
 */
export async function listClients(
  db: DbExecutor,
  userId: string,
  { page: pageNumber, perPage, search }: ListParams,
): Promise<{ rows: PartyRow[]; total: number }> {
  const where = and(owned(userId), searchCondition(clients.searchText, search));
  const keys = keysWhere(db, where)
    .limit(perPage)
    .offset((pageNumber - 1) * perPage);
  const [rows, [counted]] = await Promise.all([
    page(db, userId, keys),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(clients)
      .where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

export async function findClient(db: DbExecutor, userId: string, id: string): Promise<PartyRow | null> {
  const [row] = await page(db, userId, keysWhere(db, and(owned(userId), eq(clients.id, id))));
  return row ?? null;
}

/** The row to change, locked until the caller's transaction ends (an update merges into it). */
export async function findClientForUpdate(db: DbExecutor, userId: string, id: string): Promise<ClientRow | null> {
  const [row] = await db
    .select()
    .from(clients)
    .where(and(owned(userId), eq(clients.id, id)))
    .for('update');
  return row ?? null;
}

export async function insertClient(db: DbExecutor, values: NewClientRow): Promise<ClientRow> {
  const [row] = await db.insert(clients).values(values).returning();
  return row!;
}

export async function updateClient(
  db: DbExecutor,
  userId: string,
  id: string,
  values: ClientFields,
): Promise<ClientRow | null> {
  const [row] = await db
    .update(clients)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(owned(userId), eq(clients.id, id)))
    .returning();
  return row ?? null;
}

/**
 * Deletes the user's clients among `ids` in one statement (so one transaction): ids of other users,
 * or of nothing, match no row. Invoices keep their rows and their stored From/To text; the foreign
 * key sets their client_id to null. Answers the ids deleted.
 */
export async function deleteClients(db: DbExecutor, userId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const deleted = await db
    .delete(clients)
    .where(and(owned(userId), inArray(clients.id, ids)))
    .returning({ id: clients.id });
  return deleted.map((row) => row.id);
}
