import { and, eq, inArray, sql } from 'drizzle-orm';
import type { SepaPayee } from '@invoicer/domain/epc-qr';
import { businesses, clients, invoices, users } from '../../db/schema';
import type { DbExecutor } from '../../plugins/database';

/** The client and business an invoice points at: read only (the clients and businesses features own them). */

/** The structured e-invoice columns both tables have. */
const structuredSelection = (table: typeof clients | typeof businesses) => ({
  street: table.street,
  additionalStreet: table.additionalStreet,
  postcode: table.postcode,
  city: table.city,
  region: table.region,
  country: table.country,
  vatId: table.vatId,
  companyId: table.companyId,
  endpointId: table.endpointId,
  endpointScheme: table.endpointScheme,
});

/**
 * The account's default language and the preferred language of those of its clients given (a client of another
 * account is not found): what an invoice saved without a language prints in
 * (docs/decisions/0075-the-account-default-language.md). One round trip: the account's row, each client joined to it.
 */
export async function languageDefaults(
  db: DbExecutor,
  userId: string,
  clientIds: readonly string[],
): Promise<{ account: string | null; clients: Map<string, string | null> }> {
  const rows = await db
    .select({ account: users.defaultLanguage, clientId: clients.id, client: clients.preferredLanguage })
    .from(users)
    .leftJoin(
      clients,
      and(eq(clients.userId, users.id), clientIds.length > 0 ? inArray(clients.id, [...clientIds]) : sql`false`),
    )
    .where(eq(users.id, userId));
  const found = new Map<string, string | null>();
  for (const row of rows) if (row.clientId) found.set(row.clientId, row.client);
  return { account: rows[0]?.account ?? null, clients: found };
}

/** True when the client exists and is the user's; locked against deletion until the transaction ends. */
export async function ownsClient(tx: DbExecutor, userId: string, id: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.userId, userId), eq(clients.id, id)))
    .for('key share');
  return row !== undefined;
}

export async function ownsBusiness(tx: DbExecutor, userId: string, id: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: businesses.id })
    .from(businesses)
    .where(and(eq(businesses.userId, userId), eq(businesses.id, id)))
    .for('key share');
  return row !== undefined;
}

export async function findEmbeddedClient(db: DbExecutor, userId: string, id: string) {
  const [row] = await db
    .select({
      id: clients.id,
      name: clients.name,
      email: clients.email,
      phone: clients.phone,
      address: clients.address,
      taxId: clients.taxId,
      preferredLanguage: clients.preferredLanguage,
      ...structuredSelection(clients),
      buyerReference: clients.buyerReference,
      createdAt: clients.createdAt,
      updatedAt: clients.updatedAt,
      invoiceCount: sql<number>`(select count(*)::int from invoices i where i.client_id = "clients"."id" and i.user_id = ${userId})`,
    })
    .from(clients)
    .where(and(eq(clients.userId, userId), eq(clients.id, id)));
  return row ?? null;
}

/**
 * The bank account of the business an invoice is from, for its payment QR code; null when the invoice
 * names no business. The business must be the invoice's owner's (it always is: saves check it).
 */
export async function findInvoicePayee(db: DbExecutor, invoiceId: string): Promise<SepaPayee | null> {
  const [row] = await db
    .select({
      name: businesses.name,
      accountHolder: businesses.accountHolder,
      iban: businesses.iban,
      bic: businesses.bic,
    })
    .from(invoices)
    .innerJoin(businesses, and(eq(businesses.id, invoices.businessId), eq(businesses.userId, invoices.userId)))
    .where(eq(invoices.id, invoiceId));
  return row ?? null;
}

export async function findEmbeddedBusiness(db: DbExecutor, userId: string, id: string) {
  const [row] = await db
    .select({
      id: businesses.id,
      name: businesses.name,
      email: businesses.email,
      phone: businesses.phone,
      address: businesses.address,
      taxId: businesses.taxId,
      logoUrl: businesses.logoUrl,
      iban: businesses.iban,
      bic: businesses.bic,
      accountHolder: businesses.accountHolder,
      ...structuredSelection(businesses),
      createdAt: businesses.createdAt,
      updatedAt: businesses.updatedAt,
      invoiceCount: sql<number>`(select count(*)::int from invoices i where i.business_id = "businesses"."id" and i.user_id = ${userId})`,
    })
    .from(businesses)
    .where(and(eq(businesses.userId, userId), eq(businesses.id, id)));
  return row ?? null;
}
