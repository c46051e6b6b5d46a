import {
  CLIENT_MESSAGES,
  type Client,
  type ClientBody,
  type ClientListQuery,
  type ClientListResponse,
} from '@invoicer/domain/api/clients';
import { paginate } from '@invoicer/domain/api/common';
import type { Database } from '../../plugins/database';
import { notFound } from '../../plugins/errors';
import { insertNotification } from '../notifications/notifications.queries';
import type { PartyRow } from '../parties/party.queries';
import { partySearchText } from '../parties/search-text';
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
 * A user's clients (spec part 2 §2 and §7, part 1 §7): list with search and pages, read, create
 * (with its notification), edit, delete one or many. Every query is scoped to the session user;
 * another user's client is answered exactly like one that does not exist (404).
 */

export const clientMessages = {
  created: (name: string) => `Client "${name}" has been created successfully`,
  updated: (name: string) => `Client "${name}" has been updated successfully`,
  deleted: 'Client deleted successfully',
  bulkDeleted: (count: number) => `Successfully deleted ${count} ${count === 1 ? 'client' : 'clients'}`,
};

export const clientNotification = (row: Pick<ClientRow, 'id' | 'name' | 'userId'>) => ({
  userId: row.userId,
  type: 'success',
  title: 'Client created',
  message: `Client "${row.name}" has been added to your clients.`,
  relatedEntityType: 'client',
  relatedEntityId: row.id,
});

/** The API's client (spec part 2 §3), also embedded in invoices. */
export function toClient(row: PartyRow): Client {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    address: row.address,
    tax_id: row.tax_id,
    invoice_count: row.invoice_count,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

function fromRow(row: ClientRow, invoiceCount: number): Client {
  return toClient({
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    address: row.address,
    tax_id: row.taxId,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
    invoice_count: invoiceCount,
  });
}

const clientNotFound = () => notFound(CLIENT_MESSAGES.notFound);

export async function listClients(
  db: Database,
  userId: string,
  query: ClientListQuery,
): Promise<Omit<ClientListResponse, 'success'>> {
  const { rows, total } = await selectClients(db, userId, {
    page: query.page,
    perPage: query.per_page,
    search: query.search,
  });
  return { clients: rows.map(toClient), pagination: paginate(query.page, query.per_page, total) };
}

export async function getClient(db: Database, userId: string, id: string): Promise<Client> {
  const row = await findClient(db, userId, id);
  if (!row) throw clientNotFound();
  return toClient(row);
}

/** Creates the client and its notification in one transaction. */
export async function createClient(db: Database, userId: string, body: ClientBody): Promise<Client> {
  const fields = {
    name: body.name,
    email: body.email,
    phone: body.phone ?? '',
    address: body.address ?? '',
    taxId: body.tax_id ?? '',
  };
  return db.transaction(async (tx) => {
    const row = await insertClient(tx, { ...fields, userId, searchText: partySearchText(fields) });
    await insertNotification(tx, clientNotification(row));
    return fromRow(row, 0);
  });
}

/** Name and e-mail are replaced; phone, address and tax id only when sent (the modal never sends tax_id). */
export async function updateClient(db: Database, userId: string, id: string, body: ClientBody): Promise<Client> {
  return db.transaction(async (tx) => {
    const current = await findClientForUpdate(tx, userId, id);
    if (!current) throw clientNotFound();
    const fields = {
      name: body.name,
      email: body.email,
      phone: body.phone ?? current.phone,
      address: body.address ?? current.address,
      taxId: body.tax_id ?? current.taxId,
    };
    await updateClientRow(tx, userId, id, { ...fields, searchText: partySearchText(fields) });
    const row = await findClient(tx, userId, id);
    if (!row) throw clientNotFound();
    return toClient(row);
  });
}

export async function deleteClient(db: Database, userId: string, id: string): Promise<void> {
  const deleted = await deleteClients(db, userId, [id]);
  if (deleted.length === 0) throw clientNotFound();
}

/**
 * Deletes the caller's own clients among the ids, all in one statement, and answers how many went.
 * Ids of another user's clients (or of none) are not deleted and not reported: the answer is the
 * same as for ids that never existed, so it reveals nothing about other accounts.
 */
export async function bulkDeleteClients(db: Database, userId: string, ids: string[]): Promise<number> {
  const deleted = await deleteClients(db, userId, ids);
  return deleted.length;
}
