import { clientBodySchema } from '@invoicer/domain/api/clients';
import {
  CLIENT_IMPORT_FIELD_LABELS,
  CLIENT_IMPORT_FIELDS,
  CLIENT_IMPORT_JOINERS,
  CLIENT_IMPORT_REQUIRED,
  clientImportMappingSchema,
  IMPORT_LIMITS,
  IMPORT_MESSAGES,
  type ClientImportField,
  type ClientImportMapping,
  type ClientImportMappingInput,
  type ClientImportPreview,
  type ClientImportResult,
  type ColumnRef,
  type ImportSkippedRow,
} from '@invoicer/domain/api/imports';
import type { Database } from '../../plugins/database';
import { badRequest } from '../../plugins/errors';
import { clientsImportedNotification, insertNotification } from '../../shared/notifications';
import { insertClientRows, lockAccountImports, partiesByEmail } from '../../shared/parties/party-import.queries';
import { readCsv, type CsvTable } from './clients.import.csv';

/**
 * Clients from a CSV file (docs/product/importing.md#clients-from-a-csv-file): the file read once on the server, its
 * columns mapped to the client's fields (the mapping sent, else one suggested from the header names), each row checked
 * by the client form's own schema, and the rows that pass written in one transaction
 * (docs/decisions/0054-importing-clients-and-invoices.md#all-or-nothing). The preview runs the same steps without the
 * writes, so it answers exactly what the import would do.
 */

/** A header as compared: lower case, accents and everything but letters and digits dropped ("E-Mail" is "email"). */
export function headerKey(header: string): string {
  return header
    .replaceAll('ß', 'ss')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/**
 * Header names each field is suggested for, best first (English, German, French, Spanish, Dutch: what spreadsheets
 * and address books of our users export). The client's name prefers the organisation over a contact person.
 */
const HEADER_NAMES: Record<ClientImportField, string[]> = {
  name: [
    'name',
    'clientname',
    'customername',
    'client',
    'customer',
    'company',
    'companyname',
    'organization',
    'organisation',
    'organizationname',
    'organisationname',
    'business',
    'businessname',
    'accountname',
    'firm',
    'kunde',
    'kundenname',
    'firma',
    'firmenname',
    'unternehmen',
    'nom',
    'raisonsociale',
    'societe',
    'entreprise',
    'nombre',
    'empresa',
    'razonsocial',
    'bedrijf',
    'bedrijfsnaam',
    'naam',
    'fullname',
    'displayname',
    'contactname',
    'contact',
  ],
  email: [
    'email',
    'emailaddress',
    'mail',
    'emailadresse',
    'mailadresse',
    'courriel',
    'adressemail',
    'adresseemail',
    'correo',
    'correoelectronico',
    'billingemail',
    'invoiceemail',
    'primaryemail',
    'contactemail',
    'email1',
    'emailaddress1',
    'workemail',
  ],
  phone: [
    'phone',
    'phonenumber',
    'telephone',
    'tel',
    'telefon',
    'telefonnummer',
    'telephonenumber',
    'telefono',
    'telefoon',
    'mobile',
    'mobilephone',
    'mobilenumber',
    'cell',
    'cellphone',
    'handy',
    'portable',
    'movil',
    'businessphone',
    'workphone',
    'phone1',
    'primaryphone',
  ],
  address: [],
  tax_id: [
    'taxid',
    'vat',
    'vatid',
    'vatnumber',
    'vatno',
    'vatregistrationnumber',
    'taxnumber',
    'taxno',
    'tin',
    'ein',
    'ustid',
    'ustidnr',
    'umsatzsteuerid',
    'steuernummer',
    'tva',
    'numerotva',
    'siret',
    'siren',
    'nif',
    'cif',
    'btwnummer',
    'btw',
    'gst',
    'gstin',
    'gstnumber',
    'abn',
    'taxidentificationnumber',
  ],
};

/** Address parts, in the order they are written on an envelope; a file's columns of one part keep their order. */
const ADDRESS_PARTS: string[][] = [
  [
    'address',
    'billingaddress',
    'postaladdress',
    'mailingaddress',
    'fulladdress',
    'adresse',
    'anschrift',
    'direccion',
    'adres',
  ],
  [
    'street',
    'streetaddress',
    'address1',
    'addressline1',
    'addressstreet',
    'line1',
    'strasse',
    'rue',
    'calle',
    'straat',
  ],
  ['address2', 'addressline2', 'line2', 'street2', 'addressline3', 'address3'],
  ['zip', 'zipcode', 'postcode', 'postalcode', 'plz', 'postleitzahl', 'codepostal', 'cp', 'codigopostal', 'postcode'],
  ['city', 'town', 'ort', 'stadt', 'ville', 'ciudad', 'plaats', 'woonplaats', 'locality'],
  ['state', 'province', 'region', 'county', 'bundesland', 'provincia', 'provincie', 'stateprovince'],
  ['country', 'land', 'pays', 'pais', 'countryname', 'countryregion'],
];
const FIRST_NAMES = ['firstname', 'givenname', 'forename', 'vorname', 'prenom', 'voornaam'];
const LAST_NAMES = [
  'lastname',
  'surname',
  'familyname',
  'nachname',
  'nomdefamille',
  'apellido',
  'apellidos',
  'achternaam',
];

const emptyMapping = (): ClientImportMapping =>
  Object.fromEntries(CLIENT_IMPORT_FIELDS.map((field) => [field, []])) as unknown as ClientImportMapping;

/** The mapping a file's header row suggests; a column is suggested for one field at most. */
export function suggestMapping(columns: string[]): ClientImportMapping {
  const keys = columns.map(headerKey);
  const used = new Set<number>();
  const mapping = emptyMapping();
  const best = (names: string[]) => {
    for (const name of names) {
      const index = keys.findIndex((key, column) => key === name && !used.has(column));
      if (index >= 0) return index;
    }
    return -1;
  };
  for (const field of ['email', 'phone', 'tax_id', 'name'] as const) {
    const index = best(HEADER_NAMES[field]);
    if (index >= 0) {
      mapping[field] = [index];
      used.add(index);
    }
  }
  if (mapping.name.length === 0) {
    const first = best(FIRST_NAMES);
    if (first >= 0) used.add(first);
    const last = best(LAST_NAMES);
    mapping.name = [first, last].filter((index) => index >= 0);
    if (last >= 0) used.add(last);
  }
  // A one-line address column wins; otherwise its parts, in envelope order.
  const whole = best(ADDRESS_PARTS[0]!);
  if (whole >= 0) {
    mapping.address = [whole];
  } else {
    for (const part of ADDRESS_PARTS.slice(1)) {
      keys.forEach((key, index) => {
        if (!used.has(index) && part.includes(key) && mapping.address.length < 6) {
          mapping.address.push(index);
          used.add(index);
        }
      });
    }
  }
  return mapping;
}

/** The mapping sent, checked against the file's columns: a 400 naming the column or field that does not fit. */
export function resolveMapping(input: ClientImportMappingInput, columns: string[]): ClientImportMapping {
  const mapping = emptyMapping();
  const keys = columns.map((column) => column.trim().toLowerCase());
  const columnIndex = (ref: ColumnRef): number => {
    if (typeof ref === 'number') {
      if (ref >= columns.length) throw badRequest(IMPORT_MESSAGES.columnOutOfRange(ref, columns.length));
      return ref;
    }
    const index = keys.indexOf(ref.trim().toLowerCase());
    if (index < 0) throw badRequest(IMPORT_MESSAGES.unknownColumn(ref.trim().slice(0, 100)));
    return index;
  };
  for (const field of CLIENT_IMPORT_FIELDS) {
    const value = input[field];
    if (value === undefined || value === null) continue;
    const refs = Array.isArray(value) ? value : [value];
    if (refs.length > 1 && !CLIENT_IMPORT_JOINERS[field]) {
      throw badRequest(IMPORT_MESSAGES.singleColumn(CLIENT_IMPORT_FIELD_LABELS[field]));
    }
    mapping[field] = refs.map(columnIndex);
  }
  return mapping;
}

/** Parses the `mapping` field (absent: null, the suggestion is used). */
export function parseMappingField(text: string | undefined): ClientImportMappingInput | null {
  if (text === undefined || text.trim() === '') return null;
  const parsed = clientImportMappingSchema.safeParse(text);
  if (!parsed.success) throw badRequest(IMPORT_MESSAGES.mappingInvalid);
  return parsed.data;
}

interface PlannedClient {
  row: number;
  name: string;
  email: string;
  phone: string;
  address: string;
  taxId: string;
}

interface Plan {
  table: CsvTable;
  mapping: ClientImportMapping;
  suggested: boolean;
  clients: PlannedClient[];
  skipped: ImportSkippedRow[];
}

/** A row's value of a field: its cells, trimmed, blank ones left out, joined (a name by spaces, an address by lines). */
function fieldValue(cells: string[], columns: number[], joiner: string): string {
  const parts: string[] = [];
  for (const column of columns) {
    const cell = (cells[column] ?? '').trim();
    if (cell !== '') parts.push(cell);
  }
  return parts.join(joiner);
}

interface Checked {
  table: CsvTable;
  mapping: ClientImportMapping;
  suggested: boolean;
  valid: PlannedClient[];
  skipped: ImportSkippedRow[];
}

/** Reads the file, resolves the mapping and checks every row with the client form's schema (no database needed). */
function check(bytes: Uint8Array, mappingField: string | undefined): Checked {
  const table = readCsv(bytes);
  const input = parseMappingField(mappingField);
  const mapping = input ? resolveMapping(input, table.columns) : suggestMapping(table.columns);
  for (const field of CLIENT_IMPORT_REQUIRED) {
    if (mapping[field].length === 0) throw badRequest(IMPORT_MESSAGES.missingColumn(CLIENT_IMPORT_FIELD_LABELS[field]));
  }
  const skipped: ImportSkippedRow[] = [];
  const valid: PlannedClient[] = [];
  for (const { row, cells } of table.rows) {
    const candidate = Object.fromEntries(
      CLIENT_IMPORT_FIELDS.map((field) => [
        field,
        fieldValue(cells, mapping[field], CLIENT_IMPORT_JOINERS[field] ?? ' '),
      ]),
    );
    const parsed = clientBodySchema.safeParse(candidate);
    if (!parsed.success) {
      const reasons = [...new Set(parsed.error.issues.map((issue) => issue.message))];
      skipped.push({ row, reason: reasons.join('; ') });
      continue;
    }
    const client = parsed.data;
    valid.push({
      row,
      name: client.name,
      email: client.email,
      phone: client.phone ?? '',
      address: client.address ?? '',
      taxId: client.tax_id ?? '',
    });
  }
  return { table, mapping, suggested: input === null, valid, skipped };
}

/**
 * The duplicates (docs/decisions/0054-importing-clients-and-invoices.md#duplicates): an address compared without case
 * is imported once, at its first row; a row whose address the account already has is skipped. `existing` finds those
 * (in the import's transaction, under its lock).
 */
async function plan(checked: Checked, existing: (emails: string[]) => Promise<Set<string>>): Promise<Plan> {
  const known = await existing([...new Set(checked.valid.map((client) => client.email.toLowerCase()))]);
  const skipped = [...checked.skipped];
  const firstRow = new Map<string, number>();
  const clients: PlannedClient[] = [];
  for (const client of checked.valid) {
    const key = client.email.toLowerCase();
    const first = firstRow.get(key);
    if (known.has(key)) skipped.push({ row: client.row, reason: IMPORT_MESSAGES.duplicateExisting });
    else if (first !== undefined) skipped.push({ row: client.row, reason: IMPORT_MESSAGES.duplicateInFile(first) });
    else {
      firstRow.set(key, client.row);
      clients.push(client);
    }
  }
  skipped.sort((a, b) => a.row - b.row);
  return { table: checked.table, mapping: checked.mapping, suggested: checked.suggested, clients, skipped };
}

const existingEmails = (db: Parameters<typeof partiesByEmail>[0], userId: string) => async (emails: string[]) =>
  new Set((await partiesByEmail(db, 'clients', userId, emails)).keys());

/** POST /api/clients/import/preview: what the import would do, nothing written. */
export async function previewClientImport(
  db: Database,
  userId: string,
  bytes: Uint8Array,
  mappingField: string | undefined,
): Promise<Omit<ClientImportPreview, 'success'>> {
  const result = await plan(check(bytes, mappingField), existingEmails(db, userId));
  const width = result.table.columns.length;
  return {
    file: result.table.info,
    columns: result.table.columns,
    sample: result.table.rows
      .slice(0, IMPORT_LIMITS.previewRows)
      .map(({ cells }) => Array.from({ length: width }, (_, index) => cells[index] ?? '')),
    mapping: result.mapping,
    suggested: result.suggested,
    imported: result.clients.length,
    skipped: result.skipped,
  };
}

/**
 * POST /api/clients/import: every row that passes, in one transaction with one notification; the rows that do not are
 * reported and nothing of them is written. The file's first row is listed first (newest) on the clients page.
 */
export async function importClients(
  db: Database,
  userId: string,
  bytes: Uint8Array,
  mappingField: string | undefined,
): Promise<Omit<ClientImportResult, 'success'>> {
  // The file is read and checked before the transaction: its connection is held only for the writes.
  const checked = check(bytes, mappingField);
  return db.transaction(async (tx) => {
    await lockAccountImports(tx, userId);
    const result = await plan(checked, existingEmails(tx, userId));
    const now = Date.now();
    await insertClientRows(
      tx,
      result.clients.map((client, index) => {
        const at = new Date(now - index);
        return {
          userId,
          name: client.name,
          email: client.email,
          phone: client.phone,
          address: client.address,
          taxId: client.taxId,
          createdAt: at,
          updatedAt: at,
        };
      }),
    );
    if (result.clients.length > 0) {
      await insertNotification(tx, clientsImportedNotification(userId, result.clients.length, result.skipped.length));
    }
    return {
      message: IMPORT_MESSAGES.imported(result.clients.length),
      imported: result.clients.length,
      skipped: result.skipped,
    };
  });
}
