import { paginate, type Pagination } from '@invoicer/domain/api/common';
import type { Database, DbExecutor } from '../../plugins/database';
import { insertNotification, type NewNotification } from '../notifications';
import type { ListParams, PartyRow } from './party.queries';
import { partySearchText, type SearchableParty } from '../search-text';

/**
 * The rules clients and businesses share (docs/product/clients-and-businesses.md): list with search and
 * pages, read, create with its notification, edit, delete. Every query is scoped to the session
 * user; another user's party is answered exactly like one that does not exist (404). Each feature
 * adds its own messages, notification and columns (businesses: the logo).
 */

/** What both bodies carry; a feature's body may add its own fields. */
export interface PartyBody {
  name: string;
  email: string;
  phone?: string | undefined;
  address?: string | undefined;
  tax_id?: string | undefined;
}

export interface PartyListQuery {
  page: number;
  per_page: number;
  search: string;
}

/** A party row as Drizzle reads it (camelCase columns). */
export type StoredParty = SearchableParty & { id: string; userId: string; createdAt: Date; updatedAt: Date };

type SavedFields = SearchableParty & { searchText: string };

export interface PartyFeature<Body extends PartyBody, Row extends PartyRow, Stored extends StoredParty, Own, Api> {
  list(db: DbExecutor, userId: string, params: ListParams): Promise<{ rows: Row[]; total: number }>;
  find(db: DbExecutor, userId: string, id: string): Promise<Row | null>;
  findForUpdate(db: DbExecutor, userId: string, id: string): Promise<Stored | null>;
  insert(db: DbExecutor, values: SavedFields & Own & { userId: string }): Promise<Stored>;
  update(db: DbExecutor, userId: string, id: string, values: SavedFields & Own): Promise<unknown>;
  deleteMany(db: DbExecutor, userId: string, ids: string[]): Promise<string[]>;
  /**
   * The table's own columns from the body: on create (`current` null, before the transaction) and on
   * update (with the locked row, inside it). May throw to refuse the body.
   */
  ownColumns(db: DbExecutor, body: Body, current: Stored | null): Promise<Own>;
  /** The list and detail row of a party just inserted (no invoice refers to it yet). */
  insertedRow(row: Stored): Row;
  toApi(row: Row): Api;
  notFound(): Error;
  notification(row: Stored): NewNotification;
}

/** The list and detail fields both tables have, from a row just inserted. */
export function insertedPartyRow(row: StoredParty): PartyRow {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    address: row.address,
    tax_id: row.taxId,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
    invoice_count: 0,
  };
}

/** The API fields both have (docs/product/entities.md#client); a business adds logo_url. */
export function toPartyApi(row: PartyRow) {
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

export function partyService<Body extends PartyBody, Row extends PartyRow, Stored extends StoredParty, Own, Api>(
  feature: PartyFeature<Body, Row, Stored, Own, Api>,
) {
  return {
    async list(db: Database, userId: string, query: PartyListQuery): Promise<{ rows: Api[]; pagination: Pagination }> {
      const { rows, total } = await feature.list(db, userId, {
        page: query.page,
        perPage: query.per_page,
        search: query.search,
      });
      return { rows: rows.map(feature.toApi), pagination: paginate(query.page, query.per_page, total) };
    },

    async get(db: Database, userId: string, id: string): Promise<Api> {
      const row = await feature.find(db, userId, id);
      if (!row) throw feature.notFound();
      return feature.toApi(row);
    },

    /** Creates the party and its notification in one transaction. */
    async create(db: Database, userId: string, body: Body): Promise<Api> {
      const own = await feature.ownColumns(db, body, null);
      const fields = {
        name: body.name,
        email: body.email,
        phone: body.phone ?? '',
        address: body.address ?? '',
        taxId: body.tax_id ?? '',
      };
      return db.transaction(async (tx) => {
        const row = await feature.insert(tx, { ...fields, ...own, userId, searchText: partySearchText(fields) });
        await insertNotification(tx, feature.notification(row));
        return feature.toApi(feature.insertedRow(row));
      });
    },

    /** Name and e-mail are replaced; phone, address and tax id only when sent. */
    async update(db: Database, userId: string, id: string, body: Body): Promise<Api> {
      return db.transaction(async (tx) => {
        const current = await feature.findForUpdate(tx, userId, id);
        if (!current) throw feature.notFound();
        const own = await feature.ownColumns(tx, body, current);
        const fields = {
          name: body.name,
          email: body.email,
          phone: body.phone ?? current.phone,
          address: body.address ?? current.address,
          taxId: body.tax_id ?? current.taxId,
        };
        await feature.update(tx, userId, id, { ...fields, ...own, searchText: partySearchText(fields) });
        const row = await feature.find(tx, userId, id);
        if (!row) throw feature.notFound();
        return feature.toApi(row);
      });
    },

    async remove(db: Database, userId: string, id: string): Promise<void> {
      const deleted = await feature.deleteMany(db, userId, [id]);
      if (deleted.length === 0) throw feature.notFound();
    },
  };
}
