import { and, eq, sql } from 'drizzle-orm';
import { businesses, clients } from '../../db/schema';
import type { DbExecutor } from '../../plugins/database';
import { partySearchText, type SearchableParty } from '../search-text';

/**
 * Many clients or businesses written at once, for the imports (docs/decisions/0054-importing-clients-and-invoices.md):
 * multi-row INSERTs of IMPORT_BATCH rows, in the caller's transaction, so an import of thousands is a few dozen
 * statements and all of them or none commit. Each row gets its search text here, as the one-by-one create does.
 */

/** Rows per INSERT: 1,000 rows of at most 12 columns stay far below PostgreSQL's 65,535 parameters. */
export const IMPORT_BATCH = 1_000;

export type NewClient = typeof clients.$inferInsert;
export type NewBusiness = typeof businesses.$inferInsert;

type PartyFields = SearchableParty & { userId: string; createdAt?: Date; updatedAt?: Date };

function withSearchText<T extends PartyFields>(row: T): T & { searchText: string } {
  return { ...row, searchText: partySearchText(row) };
}

/** Inserts the clients in batches; answers their new ids, in the order given. */
export async function insertClientRows(tx: DbExecutor, rows: Array<PartyFields>): Promise<string[]> {
  const ids: string[] = [];
  for (let start = 0; start < rows.length; start += IMPORT_BATCH) {
    const batch = rows.slice(start, start + IMPORT_BATCH).map(withSearchText);
    const inserted = await tx.insert(clients).values(batch).returning({ id: clients.id });
    ids.push(...inserted.map((row) => row.id));
  }
  return ids;
}

/** Inserts the businesses in batches; answers their new ids, in the order given. */
export async function insertBusinessRows(
  tx: DbExecutor,
  rows: Array<PartyFields & Pick<NewBusiness, 'iban' | 'bic' | 'accountHolder' | 'logoUrl'>>,
): Promise<string[]> {
  const ids: string[] = [];
  for (let start = 0; start < rows.length; start += IMPORT_BATCH) {
    const batch = rows.slice(start, start + IMPORT_BATCH).map(withSearchText);
    const inserted = await tx.insert(businesses).values(batch).returning({ id: businesses.id });
    ids.push(...inserted.map((row) => row.id));
  }
  return ids;
}

/**
 * The user's clients or businesses by e-mail address (lower case, trimmed: the duplicate rule of the imports), the
 * oldest first when several share one. One statement, whatever the number of addresses.
 */
export async function partiesByEmail(
  db: DbExecutor,
  kind: 'clients' | 'businesses',
  userId: string,
  emails: string[],
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  if (emails.length === 0) return found;
  const table = kind === 'clients' ? clients : businesses;
  const rows = await db
    .select({ id: table.id, email: sql<string>`lower(btrim(${table.email}))` })
    .from(table)
    .where(
      and(
        eq(table.userId, userId),
        // One parameter, however many addresses: a JSON array, unpacked by PostgreSQL.
        sql`lower(btrim(${table.email})) in (select jsonb_array_elements_text(${JSON.stringify(emails)}::jsonb))`,
      ),
    )
    .orderBy(table.createdAt, table.id);
  for (const row of rows) if (!found.has(row.email)) found.set(row.email, row.id);
  return found;
}

/**
 * Serialises the imports of one account (a transaction-scoped advisory lock), so two imports sent at once cannot
 * both find an address free and both write it. Other writes of the account do not wait.
 */
export async function lockAccountImports(tx: DbExecutor, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`import:${userId}`}, 0))`);
}
