import {
  BUSINESS_MESSAGES,
  type Business,
  type BusinessBody,
  type BusinessListQuery,
  type BusinessListResponse,
} from '@invoicer/domain/api/businesses';
import { paginate } from '@invoicer/domain/api/common';
import { logoIdFromUrl } from '@invoicer/domain/api/logos';
import type { Database, DbExecutor } from '../../plugins/database';
import { badRequest, notFound } from '../../plugins/errors';
import { insertNotification } from '../notifications/notifications.queries';
import { partySearchText } from '../parties/search-text';
import {
  deleteBusinesses,
  findBusiness,
  findBusinessForUpdate,
  insertBusiness,
  listBusinesses as selectBusinesses,
  logoExists,
  updateBusiness as updateBusinessRow,
  type BusinessPartyRow,
  type BusinessRow,
} from './businesses.queries';

/**
 * A user's businesses (Settings > Businesses and the From picker; spec part 2 §2 and §7, part 1 §7):
 * list with optional search and pages, read, create (with its notification), edit, delete. Scoped
 * to the session user; another user's business answers exactly like one that does not exist (404).
 */

export const businessMessages = {
  created: (name: string) => `Business "${name}" has been created successfully`,
  updated: (name: string) => `Business "${name}" has been updated successfully`,
  deleted: 'Business deleted successfully',
  logoMissing: 'Logo not found. Please upload it again.',
};

export const businessNotification = (row: Pick<BusinessRow, 'id' | 'name' | 'userId'>) => ({
  userId: row.userId,
  type: 'success',
  title: 'Business created',
  message: `Business "${row.name}" has been added to your businesses.`,
  relatedEntityType: 'business',
  relatedEntityId: row.id,
});

/** The API's business (spec part 2 §3), also embedded in invoices. */
export function toBusiness(row: BusinessPartyRow): Business {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    address: row.address,
    tax_id: row.tax_id,
    logo_url: row.logo_url,
    invoice_count: row.invoice_count,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

const businessNotFound = () => notFound(BUSINESS_MESSAGES.notFound);

/** The domain schema already made logo_url one of our own logo paths; the logo must also exist. */
async function checkLogo(db: DbExecutor, logoUrl: string | null | undefined): Promise<void> {
  if (!logoUrl) return;
  const id = logoIdFromUrl(logoUrl);
  if (!id || !(await logoExists(db, id)))
    throw badRequest(businessMessages.logoMissing, [businessMessages.logoMissing]);
}

export async function listBusinesses(
  db: Database,
  userId: string,
  query: BusinessListQuery,
): Promise<Omit<BusinessListResponse, 'success'>> {
  const { rows, total } = await selectBusinesses(db, userId, {
    page: query.page,
    perPage: query.per_page,
    search: query.search,
  });
  return { businesses: rows.map(toBusiness), pagination: paginate(query.page, query.per_page, total) };
}

export async function getBusiness(db: Database, userId: string, id: string): Promise<Business> {
  const row = await findBusiness(db, userId, id);
  if (!row) throw businessNotFound();
  return toBusiness(row);
}

/** Creates the business and its notification in one transaction. */
export async function createBusiness(db: Database, userId: string, body: BusinessBody): Promise<Business> {
  await checkLogo(db, body.logo_url);
  const fields = {
    name: body.name,
    email: body.email,
    phone: body.phone ?? '',
    address: body.address ?? '',
    taxId: body.tax_id ?? '',
  };
  return db.transaction(async (tx) => {
    const row = await insertBusiness(tx, {
      ...fields,
      logoUrl: body.logo_url ?? null,
      userId,
      searchText: partySearchText(fields),
    });
    await insertNotification(tx, businessNotification(row));
    return toBusiness({
      id: row.id,
      name: row.name,
      email: row.email,
      phone: row.phone,
      address: row.address,
      tax_id: row.taxId,
      logo_url: row.logoUrl,
      created_at: row.createdAt,
      updated_at: row.updatedAt,
      invoice_count: 0,
    });
  });
}

/** Name and e-mail are replaced; phone, address, tax id and logo only when sent (null clears them). */
export async function updateBusiness(db: Database, userId: string, id: string, body: BusinessBody): Promise<Business> {
  return db.transaction(async (tx) => {
    const current = await findBusinessForUpdate(tx, userId, id);
    if (!current) throw businessNotFound();
    if (body.logo_url !== undefined && body.logo_url !== current.logoUrl) await checkLogo(tx, body.logo_url);
    const fields = {
      name: body.name,
      email: body.email,
      phone: body.phone ?? current.phone,
      address: body.address ?? current.address,
      taxId: body.tax_id ?? current.taxId,
    };
    await updateBusinessRow(tx, userId, id, {
      ...fields,
      logoUrl: body.logo_url === undefined ? current.logoUrl : body.logo_url,
      searchText: partySearchText(fields),
    });
    const row = await findBusiness(tx, userId, id);
    if (!row) throw businessNotFound();
    return toBusiness(row);
  });
}

/** Invoices that name the business keep their rows and stored From text; their business_id becomes null. */
export async function deleteBusiness(db: Database, userId: string, id: string): Promise<void> {
  const deleted = await deleteBusinesses(db, userId, [id]);
  if (deleted.length === 0) throw businessNotFound();
}
