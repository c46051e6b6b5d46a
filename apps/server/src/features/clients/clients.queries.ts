import type { CLIENT_PARTY_FIELDS } from '@invoicer/domain/api/einvoice-fields';
import { sql } from 'drizzle-orm';
import { clients } from '../../db/schema';
import type { DbExecutor } from '../../plugins/database';
import { CLIENT_COLUMNS, partyQueries, type ClientPartyRow } from '../../shared/parties/party.queries';
import type { StructuredColumns } from '../../shared/parties/structured-fields';

export type ClientRow = typeof clients.$inferSelect;
export type NewClientRow = typeof clients.$inferInsert;
export type ClientFields = Pick<
  NewClientRow,
  'name' | 'email' | 'phone' | 'address' | 'taxId' | 'preferredLanguage' | 'searchText'
> &
  Partial<StructuredColumns<(typeof CLIENT_PARTY_FIELDS)[number]>>;

const queries = partyQueries<ClientPartyRow>(clients, { columns: CLIENT_COLUMNS, reference: 'client_id' });

export const { list: listClients, find: findClient, deleteMany: deleteClients } = queries;

/** The row to change, locked until the caller's transaction ends (an update merges into it). */
export async function findClientForUpdate(db: DbExecutor, userId: string, id: string): Promise<ClientRow | null> {
  const [row] = await db.select().from(clients).where(queries.byId(userId, id)).for('update');
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
    .where(queries.byId(userId, id))
    .returning();
  return row ?? null;
}
