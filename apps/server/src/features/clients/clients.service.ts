import {
  CLIENT_MESSAGES,
  type Client,
  type ClientBody,
  type ClientListQuery,
  type ClientListResponse,
} from '@invoicer/domain/api/clients';
import { CLIENT_PARTY_FIELDS } from '@invoicer/domain/api/einvoice-fields';
import type { Database } from '../../plugins/database';
import { notFound } from '../../plugins/errors';
import type { ClientPartyRow } from '../../shared/parties/party.queries';
import { partyCreatedNotification } from '../../shared/notifications';
import { insertedPartyRow, partyService, toPartyApi } from '../../shared/parties/party.service';
import { structuredApi, structuredColumns, type StructuredColumns } from '../../shared/parties/structured-fields';
import {
  deleteClients,
  findClient,
  findClientForUpdate,
  insertClient,
  listClients as selectClients,
  updateClient as updateClientRow,
  type ClientRow,
} from './clients.queries';

/**
 * A user's clients: the shared party rules (shared/parties/party.service.ts) plus bulk delete. The modal
 * never sends tax_id, so an update keeps the stored one.
 */

export const clientMessages = {
  created: (name: string) => `Client "${name}" has been created successfully`,
  updated: (name: string) => `Client "${name}" has been updated successfully`,
  deleted: 'Client deleted successfully',
  bulkDeleted: (count: number) => `Successfully deleted ${count} ${count === 1 ? 'client' : 'clients'}`,
};

/** The API's client (docs/product/entities.md#client), also embedded in invoices. */
export function toClient(row: ClientPartyRow): Client {
  return {
    ...toPartyApi(row),
    preferred_language: row.preferred_language ?? null,
    ...structuredApi(CLIENT_PARTY_FIELDS, row),
  };
}

const clientParties = partyService({
  list: selectClients,
  find: findClient,
  findForUpdate: findClientForUpdate,
  insert: insertClient,
  update: updateClientRow,
  deleteMany: deleteClients,
  // Its preferred language and structured fields: none on create when left out, unchanged on update.
  ownColumns: async (
    _db,
    body: ClientBody,
    current: ClientRow | null,
  ): Promise<Pick<ClientRow, 'preferredLanguage'> & StructuredColumns<(typeof CLIENT_PARTY_FIELDS)[number]>> => ({
    preferredLanguage:
      body.preferred_language === undefined ? (current?.preferredLanguage ?? null) : body.preferred_language,
    ...structuredColumns(CLIENT_PARTY_FIELDS, body, current),
  }),
  insertedRow: (row: ClientRow) => ({
    ...insertedPartyRow(row),
    preferred_language: row.preferredLanguage,
    ...structuredApi(CLIENT_PARTY_FIELDS, row),
  }),
  toApi: toClient,
  notFound: () => notFound(CLIENT_MESSAGES.notFound),
  notification: partyCreatedNotification('client'),
});

export async function listClients(
  db: Database,
  userId: string,
  query: ClientListQuery,
): Promise<Omit<ClientListResponse, 'success'>> {
  const { rows, pagination } = await clientParties.list(db, userId, query);
  return { clients: rows, pagination };
}

export const { get: getClient, create: createClient, update: updateClient, remove: deleteClient } = clientParties;

/**
 * Deletes the caller's own clients among the ids, all in one statement, and answers how many went.
 * Ids of another user's clients (or of none) are not deleted and not reported: the answer is the
 * same as for ids that never existed, so it reveals nothing about other accounts.
 */
export async function bulkDeleteClients(db: Database, userId: string, ids: string[]): Promise<number> {
  const deleted = await deleteClients(db, userId, ids);
  return deleted.length;
}
