import type { BUSINESS_PARTY_FIELDS } from '@invoicer/domain/api/einvoice-fields';
import { eq, sql } from 'drizzle-orm';
import { businesses, logos } from '../../db/schema';
import type { DbExecutor } from '../../plugins/database';
import { BUSINESS_COLUMNS, partyQueries, type BusinessPartyRow } from '../../shared/parties/party.queries';
import type { StructuredColumns } from '../../shared/parties/structured-fields';

export type BusinessRow = typeof businesses.$inferSelect;
export type NewBusinessRow = typeof businesses.$inferInsert;
export type BusinessFields = Pick<
  NewBusinessRow,
  'name' | 'email' | 'phone' | 'address' | 'taxId' | 'logoUrl' | 'iban' | 'bic' | 'accountHolder' | 'searchText'
> &
  StructuredColumns<(typeof BUSINESS_PARTY_FIELDS)[number]>;
export type { BusinessPartyRow };

const queries = partyQueries<BusinessPartyRow>(businesses, {
  columns: BUSINESS_COLUMNS,
  reference: 'business_id',
});

export const { list: listBusinesses, find: findBusiness, deleteMany: deleteBusinesses } = queries;

/** The row to change, locked until the caller's transaction ends (an update merges into it). */
export async function findBusinessForUpdate(db: DbExecutor, userId: string, id: string): Promise<BusinessRow | null> {
  const [row] = await db.select().from(businesses).where(queries.byId(userId, id)).for('update');
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
    .where(queries.byId(userId, id))
    .returning();
  return row ?? null;
}

/** Whether an uploaded logo with this id is stored (a business only refers to logos that exist). */
export async function logoExists(db: DbExecutor, logoId: string): Promise<boolean> {
  const [row] = await db.select({ id: logos.id }).from(logos).where(eq(logos.id, logoId));
  return row !== undefined;
}
