import { randomUUID } from 'node:crypto';
import { BUSINESS_PARTY_FIELDS, type PartyField } from '@invoicer/domain/api/einvoice-fields';
import { and, eq, sql } from 'drizzle-orm';
import { businesses, clients } from '../../db/schema';
import type { DbExecutor } from '../../plugins/database';
import { partySearchText, type SearchableParty } from '../search-text';
import type { StructuredColumns } from './structured-fields';

/**
 * Many clients or businesses written at once, for the imports (docs/decisions/0054-importing-clients-and-invoices.md):
 * INSERTs of IMPORT_BATCH rows each, in the caller's transaction, so an import of thousands is a few statements and
 * all of them or none commit. Each row gets its search text here, as the one-by-one create does.
 */

/** Rows per INSERT: each is one JSON parameter, so only the statement's size bounds it. */
export const IMPORT_BATCH = 5_000;

export type NewBusiness = typeof businesses.$inferInsert;

type PartyFields = SearchableParty & {
  userId: string;
  createdAt?: Date;
  updatedAt?: Date;
  /** A client's preferred language (docs/decisions/0061-the-document-language.md); null or absent for none. */
  preferredLanguage?: string | null;
  /** The structured e-invoice fields, already checked by the party's schema; absent for none. */
  structured?: Partial<StructuredColumns<PartyField>>;
};
type BusinessFields = PartyFields & Pick<NewBusiness, 'iban' | 'bic' | 'accountHolder' | 'logoUrl'>;

/** The structured e-invoice columns both tables have (a client adds buyer_reference). */
const STRUCTURED = sql.raw(BUSINESS_PARTY_FIELDS.join(', '));
const STRUCTURED_TYPES = sql.raw(BUSINESS_PARTY_FIELDS.map((name) => `${name} text`).join(', '));

/**
 * Inserts rows from one JSON parameter (jsonb_to_recordset): binding eight parameters a row through the driver was
 * most of an import's time. Ids are made here, so the caller knows each row's id without relying on RETURNING's order.
 */
async function insertPartyRows(
  tx: DbExecutor,
  kind: 'clients' | 'businesses',
  rows: Array<PartyFields | BusinessFields>,
): Promise<string[]> {
  const ids = rows.map(() => randomUUID());
  for (let start = 0; start < rows.length; start += IMPORT_BATCH) {
    const now = new Date().toISOString();
    const batch = rows.slice(start, start + IMPORT_BATCH).map((row, index) => {
      const business = row as Partial<BusinessFields>;
      return {
        id: ids[start + index],
        user_id: row.userId,
        name: row.name,
        email: row.email,
        phone: row.phone,
        address: row.address,
        tax_id: row.taxId,
        search_text: partySearchText(row),
        created_at: (row.createdAt ?? new Date(now)).toISOString(),
        updated_at: (row.updatedAt ?? row.createdAt ?? new Date(now)).toISOString(),
        iban: business.iban ?? '',
        bic: business.bic ?? '',
        account_holder: business.accountHolder ?? '',
        logo_url: business.logoUrl ?? null,
        preferred_language: row.preferredLanguage ?? null,
        street: row.structured?.street ?? '',
        additional_street: row.structured?.additionalStreet ?? '',
        postcode: row.structured?.postcode ?? '',
        city: row.structured?.city ?? '',
        region: row.structured?.region ?? '',
        country: row.structured?.country ?? '',
        vat_id: row.structured?.vatId ?? '',
        company_id: row.structured?.companyId ?? '',
        endpoint_id: row.structured?.endpointId ?? '',
        endpoint_scheme: row.structured?.endpointScheme ?? '',
        buyer_reference: row.structured?.buyerReference ?? '',
      };
    });
    const json = JSON.stringify(batch);
    if (kind === 'clients') {
      await tx.execute(sql`
        insert into ${clients} (id, user_id, name, email, phone, address, tax_id, search_text, created_at, updated_at,
          preferred_language, ${STRUCTURED}, buyer_reference)
        select id, user_id, name, email, phone, address, tax_id, search_text, created_at, updated_at, preferred_language,
          ${STRUCTURED}, buyer_reference
        from jsonb_to_recordset(${json}::jsonb) as r(id uuid, user_id uuid, name text, email text, phone text,
          address text, tax_id text, search_text text, created_at timestamptz, updated_at timestamptz,
          preferred_language text, ${STRUCTURED_TYPES}, buyer_reference text)`);
    } else {
      await tx.execute(sql`
        insert into ${businesses} (id, user_id, name, email, phone, address, tax_id, search_text, created_at, updated_at,
          iban, bic, account_holder, logo_url, ${STRUCTURED})
        select id, user_id, name, email, phone, address, tax_id, search_text, created_at, updated_at,
          iban, bic, account_holder, logo_url, ${STRUCTURED}
        from jsonb_to_recordset(${json}::jsonb) as r(id uuid, user_id uuid, name text, email text, phone text,
          address text, tax_id text, search_text text, created_at timestamptz, updated_at timestamptz, iban text,
          bic text, account_holder text, logo_url text, ${STRUCTURED_TYPES})`);
    }
  }
  return ids;
}

/** Inserts the clients; answers their new ids, in the order given. */
export function insertClientRows(tx: DbExecutor, rows: PartyFields[]): Promise<string[]> {
  return insertPartyRows(tx, 'clients', rows);
}

/** Inserts the businesses; answers their new ids, in the order given. */
export function insertBusinessRows(tx: DbExecutor, rows: BusinessFields[]): Promise<string[]> {
  return insertPartyRows(tx, 'businesses', rows);
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
