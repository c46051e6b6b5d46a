import {
  CLIENT_IMPORT_FIELDS,
  CLIENT_IMPORT_JOINERS,
  type ClientImportField,
  type ClientImportMapping,
} from '@invoicer/domain/api/imports';

/** The import dialog's texts (docs/product/importing.md#the-import-dialogs). */
export const IMPORT_TEXTS = {
  clientsTitle: 'Import clients',
  clientsDescription: 'From a CSV file: its first row names the columns.',
  invoicesTitle: 'Import invoices',
  invoicesDescription: 'From an Invoify invoice (.json) or an Invoicer export (.zip, or its invoices.json).',
  notImported: 'Not imported',
  addColumn: 'Add a column',
  reading: 'Reading the file...',
  importing: 'Importing...',
  previewFailed: 'The file could not be read.',
  importFailed: 'The import failed. Nothing was imported.',
  wouldImport: (imported: number, skipped: number) =>
    `${count(imported)} ${imported === 1 ? 'client' : 'clients'} will be imported` +
    (skipped > 0 ? `; ${count(skipped)} ${skipped === 1 ? 'row' : 'rows'} will be skipped.` : '.'),
  skippedTitle: (skipped: number) => `${count(skipped)} skipped`,
  nothingSkipped: 'Nothing was skipped.',
  row: (row: number) => `Row ${count(row)}`,
} as const;

function count(value: number): string {
  return value.toLocaleString('en-US');
}

/** A field's value in a preview row: the mapped cells, blank ones left out, joined as the server joins them. */
export function mappedValue(cells: readonly string[], columns: readonly number[], field: ClientImportField): string {
  return columns
    .map((column) => (cells[column] ?? '').trim())
    .filter((cell) => cell !== '')
    .join(CLIENT_IMPORT_JOINERS[field] ?? ' ');
}

/** The mapping with one field's column at `slot` set (a column number) or removed (null). */
export function withColumn(
  mapping: ClientImportMapping,
  field: ClientImportField,
  slot: number,
  column: number | null,
): ClientImportMapping {
  const columns = [...mapping[field]];
  if (column === null) columns.splice(slot, 1);
  else columns[slot] = column;
  return { ...mapping, [field]: columns };
}

/** A column's name in the selects: its header, or its number when the header is blank. */
export function columnLabel(columns: readonly string[], index: number): string {
  const header = columns[index]?.trim();
  return header ? header : `Column ${index + 1}`;
}

export const MAPPED_FIELDS = CLIENT_IMPORT_FIELDS;
