import {
  BUSINESS_MESSAGES,
  type Business,
  type BusinessBody,
  type BusinessListQuery,
  type BusinessListResponse,
} from '@invoicer/domain/api/businesses';
import { BUSINESS_PARTY_FIELDS } from '@invoicer/domain/api/einvoice-fields';
import { logoIdFromUrl } from '@invoicer/domain/api/logos';
import type { Database, DbExecutor } from '../../plugins/database';
import { badRequest, notFound } from '../../plugins/errors';
import { partyCreatedNotification } from '../../shared/notifications';
import { insertedPartyRow, partyService, toPartyApi } from '../../shared/parties/party.service';
import { structuredApi, structuredColumns, type StructuredColumns } from '../../shared/parties/structured-fields';
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
 * A user's businesses (Settings > Businesses and the From picker): the shared party rules
 * (shared/parties/party.service.ts) plus the logo, which is replaced only when sent (null clears it) and
 * must be one of the user's uploads that exists, and the bank account (IBAN, BIC, account holder), each
 * replaced only when sent, already checked and made compact by the domain schema.
 */

export const businessMessages = {
  created: (name: string) => `Business "${name}" has been created successfully`,
  updated: (name: string) => `Business "${name}" has been updated successfully`,
  deleted: 'Business deleted successfully',
  logoMissing: 'Logo not found. Please upload it again.',
};

/** The API's business (docs/product/entities.md#business), also embedded in invoices. */
export function toBusiness(row: BusinessPartyRow): Business {
  return {
    ...toPartyApi(row),
    logo_url: row.logo_url,
    iban: row.iban,
    bic: row.bic,
    account_holder: row.account_holder,
    ...structuredApi(BUSINESS_PARTY_FIELDS, row),
  };
}

type OwnColumns = Pick<BusinessRow, 'logoUrl' | 'iban' | 'bic' | 'accountHolder'> &
  StructuredColumns<(typeof BUSINESS_PARTY_FIELDS)[number]>;

/** The domain schema already made logo_url one of our own logo paths; the logo must also exist. */
async function checkLogo(db: DbExecutor, logoUrl: string | null | undefined): Promise<void> {
  if (!logoUrl) return;
  const id = logoIdFromUrl(logoUrl);
  if (!id || !(await logoExists(db, id)))
    throw badRequest(businessMessages.logoMissing, [businessMessages.logoMissing]);
}

/**
 * The business's own columns. The logo is checked before a create; on an update, only when it changes.
 * The bank and structured fields left out are '' on create and unchanged on update.
 */
async function ownColumns(db: DbExecutor, body: BusinessBody, current: BusinessRow | null): Promise<OwnColumns> {
  const bank = {
    iban: body.iban ?? current?.iban ?? '',
    bic: body.bic ?? current?.bic ?? '',
    accountHolder: body.account_holder ?? current?.accountHolder ?? '',
    ...structuredColumns(BUSINESS_PARTY_FIELDS, body, current),
  };
  if (!current) {
    await checkLogo(db, body.logo_url);
    return { logoUrl: body.logo_url ?? null, ...bank };
  }
  if (body.logo_url !== undefined && body.logo_url !== current.logoUrl) await checkLogo(db, body.logo_url);
  return { logoUrl: body.logo_url === undefined ? current.logoUrl : body.logo_url, ...bank };
}

const businessParties = partyService({
  list: selectBusinesses,
  find: findBusiness,
  findForUpdate: findBusinessForUpdate,
  insert: insertBusiness,
  update: updateBusinessRow,
  deleteMany: deleteBusinesses,
  ownColumns,
  insertedRow: (row: BusinessRow) => ({
    ...insertedPartyRow(row),
    logo_url: row.logoUrl,
    iban: row.iban,
    bic: row.bic,
    account_holder: row.accountHolder,
    ...structuredApi(BUSINESS_PARTY_FIELDS, row),
  }),
  toApi: toBusiness,
  notFound: () => notFound(BUSINESS_MESSAGES.notFound),
  notification: partyCreatedNotification('business'),
});

export async function listBusinesses(
  db: Database,
  userId: string,
  query: BusinessListQuery,
): Promise<Omit<BusinessListResponse, 'success'>> {
  const { rows, pagination } = await businessParties.list(db, userId, query);
  return { businesses: rows, pagination };
}

/** Invoices that name the business keep their rows and stored From text; their business_id becomes null. */
export const {
  get: getBusiness,
  create: createBusiness,
  update: updateBusiness,
  remove: deleteBusiness,
} = businessParties;
