import { z } from 'zod';
import { TEXT_LIMITS } from './common';

/**
 * Import (docs/product/importing.md; docs/decisions/0054-importing-clients-and-invoices.md): clients from a CSV file
 * with a column mapping, and invoices from an Invoify JSON export or an Invoicer export. The upload is one multipart
 * file; the mapping travels beside it as a JSON text field. One parser, on the server: the preview call answers what
 * the import would do, so the dialog never reads the file itself.
 */

export const IMPORT_FILE_FIELD = 'file';
export const IMPORT_MAPPING_FIELD = 'mapping';

const MB = 1024 * 1024;

export const IMPORT_LIMITS = {
  /** The CSV upload, as sent. */
  csvBytes: 20 * MB,
  /** Data rows of one CSV (the header row aside): more is refused whole, saying so. */
  csvRows: 50_000,
  /** Rows the preview shows. */
  previewRows: 5,
  /** Columns of one CSV. */
  csvColumns: 200,
  /** The invoice upload (a JSON file, or an export ZIP with its PDFs, which are not read). */
  invoiceBytes: 50 * MB,
  /** Invoices of one invoice import. */
  invoices: 10_000,
  /** Clients and businesses of one export restored at once. */
  parties: 50_000,
  /** Entries of an export ZIP (one PDF an invoice, and a few JSON files). */
  zipEntries: 25_000,
  /** The JSON files of an export ZIP once inflated, together: declared and actual sizes both count. */
  zipJsonBytes: 200 * MB,
} as const;

/** A size for a sentence: "20 MB". */
const megabytes = (bytes: number) => `${Math.round(bytes / MB)} MB`;
const count = (value: number) => value.toLocaleString('en-US');

export const CLIENT_IMPORT_FIELDS = ['name', 'email', 'phone', 'address', 'tax_id'] as const;
export type ClientImportField = (typeof CLIENT_IMPORT_FIELDS)[number];

export const CLIENT_IMPORT_FIELD_LABELS: Record<ClientImportField, string> = {
  name: 'Name',
  email: 'Email',
  phone: 'Phone',
  address: 'Address',
  tax_id: 'Tax ID',
};

/** The fields a client cannot be made without: a file must have a column for each. */
export const CLIENT_IMPORT_REQUIRED: readonly ClientImportField[] = ['name', 'email'];

/**
 * Fields that may take several columns, and what joins their cells: a first and a last name make one name, a street,
 * a postcode and a city one address. The others take one column.
 */
export const CLIENT_IMPORT_JOINERS: Partial<Record<ClientImportField, string>> = { name: ' ', address: '\n' };

/** How many columns a joined field may take. */
export const CLIENT_IMPORT_MAX_COLUMNS_PER_FIELD = 6;

export const IMPORT_MESSAGES = {
  notMultipart: 'Send the file as multipart/form-data in the field "file".',
  missingFile: 'Choose a file to import.',
  wrongField: 'Send the file in the form field "file".',
  unreadable: 'The upload could not be read. Send one file in the form field "file".',
  empty: 'The file is empty.',
  tooLarge: (limit: number) => `The file is too large (at most ${megabytes(limit)}).`,
  binary: 'This file is not a CSV file: it holds binary data. Save the spreadsheet as CSV and import that.',
  noRows: 'The file has a header row but no clients under it.',
  tooManyRows: `The file has more than ${count(IMPORT_LIMITS.csvRows)} rows. Import at most ${count(IMPORT_LIMITS.csvRows)} clients at a time: split the file and import each part.`,
  tooManyColumns: `The file has more than ${IMPORT_LIMITS.csvColumns} columns.`,
  malformed: (row: number, detail: string) => `The file is not a valid CSV file: ${detail} (row ${count(row)}).`,
  missingColumn: (label: string) =>
    `The file has no ${label} column. Choose which column holds the ${label.toLowerCase()} of each client.`,
  mappingInvalid:
    'The column mapping must be a JSON object naming, for each field, a column by its header or its number.',
  unknownColumn: (column: string) => `The file has no column "${column}".`,
  columnOutOfRange: (index: number, columns: number) =>
    `Column ${index + 1} does not exist: the file has ${columns} ${columns === 1 ? 'column' : 'columns'}.`,
  singleColumn: (label: string) => `${label} takes one column.`,
  tooManyColumnsForField: (label: string) => `${label} takes at most ${CLIENT_IMPORT_MAX_COLUMNS_PER_FIELD} columns.`,
  /** Per-row reasons (beside the client form's own messages). */
  duplicateInFile: (row: number) => `The same e-mail address is in row ${count(row)}, which is imported.`,
  duplicateExisting: 'A client with this e-mail address already exists.',
  imported: (imported: number) => `Imported ${count(imported)} ${imported === 1 ? 'client' : 'clients'}.`,

  // Invoices
  notAnExport:
    'This file is not an invoice export. Import an Invoify invoice (.json) or an Invoicer export (.zip, or its invoices.json).',
  notJson: 'This file is neither JSON nor a ZIP file. Import an Invoify invoice (.json) or an Invoicer export (.zip).',
  zipNotExport: 'This ZIP file is not an Invoicer export: it has no manifest.json.',
  zipVersion: (version: string) =>
    `This export was made by a newer version of Invoicer (format version ${version}); it cannot be imported here.`,
  zipUnreadable: 'The ZIP file is damaged or uses a feature this importer does not read (ZIP64, encryption).',
  zipTooManyEntries: `The ZIP file has more than ${count(IMPORT_LIMITS.zipEntries)} files.`,
  zipTooLarge: `The ZIP file's data files are too large once unpacked (at most ${megabytes(IMPORT_LIMITS.zipJsonBytes)} together).`,
  exportFileInvalid: (file: string, detail: string) => `${file} in the export is not valid: ${detail}`,
  tooManyInvoices: `The file holds more than ${count(IMPORT_LIMITS.invoices)} invoices. Import at most ${count(IMPORT_LIMITS.invoices)} at a time.`,
  tooManyParties: `The export holds more than ${count(IMPORT_LIMITS.parties)} clients or businesses.`,
  noInvoices: 'The file holds no invoices.',
  numberTaken: (invoiceNumber: string) => `Invoice number ${invoiceNumber} already exists.`,
  numberTwice: (invoiceNumber: string) =>
    `Invoice number ${invoiceNumber} is in the file twice; the first is imported.`,
  clientExists: 'A client with this e-mail address already exists: its invoices are linked to it.',
  businessExists: 'A business with this e-mail address already exists: its invoices are linked to it.',
} as const;

// ---------------------------------------------------------------------------------------------
// Requests

/** A column of the file: its number (0 is the first) or its header text. */
const columnRefSchema = z.union([
  z.number().int().min(0),
  z
    .string()
    .max(TEXT_LIMITS.name * 2)
    .refine((value) => value.trim() !== ''),
]);
export type ColumnRef = z.infer<typeof columnRefSchema>;
const fieldColumnsSchema = z
  .union([columnRefSchema, z.array(columnRefSchema).max(CLIENT_IMPORT_MAX_COLUMNS_PER_FIELD), z.null()])
  .optional();

/**
 * The `mapping` field: for each client field, a column, several (name and address: joined), or null for none. Fields
 * left out are not imported. Absent altogether: the suggestion from the header names.
 */
export const clientImportMappingSchema = z
  .string()
  .max(20_000)
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: IMPORT_MESSAGES.mappingInvalid });
      return z.NEVER;
    }
  })
  .pipe(
    z.strictObject(
      {
        name: fieldColumnsSchema,
        email: fieldColumnsSchema,
        phone: fieldColumnsSchema,
        address: fieldColumnsSchema,
        tax_id: fieldColumnsSchema,
      },
      { error: IMPORT_MESSAGES.mappingInvalid },
    ),
  );
export type ClientImportMappingInput = z.infer<typeof clientImportMappingSchema>;

/** A mapping resolved against the file: each field's column numbers, in order (none: []). */
export type ClientImportMapping = Record<ClientImportField, number[]>;

// ---------------------------------------------------------------------------------------------
// Responses

export const importSkippedRowSchema = z.object({ row: z.number().int(), reason: z.string() });
export type ImportSkippedRow = z.infer<typeof importSkippedRowSchema>;

const resolvedMappingSchema = z.object(
  Object.fromEntries(CLIENT_IMPORT_FIELDS.map((field) => [field, z.array(z.number().int())])) as Record<
    ClientImportField,
    z.ZodArray<z.ZodNumber>
  >,
);

/** How the server read the file. */
export const csvFileInfoSchema = z.object({
  encoding: z.enum(['UTF-8', 'UTF-16LE', 'UTF-16BE', 'Windows-1252']),
  delimiter: z.enum([',', ';', '\t']),
  /** Data rows (blank rows aside). */
  rows: z.number().int(),
});
export type CsvFileInfo = z.infer<typeof csvFileInfoSchema>;

/**
 * POST /api/clients/import/preview: the file as read, the first rows, the mapping in force (the one sent, else the
 * suggestion), and what the import would do with it, without writing anything.
 */
export const clientImportPreviewResponseSchema = z.object({
  success: z.literal(true),
  file: csvFileInfoSchema,
  /** The header row's cells. */
  columns: z.array(z.string()),
  /** The first data rows, cell by cell, as many cells as columns. */
  sample: z.array(z.array(z.string())),
  mapping: resolvedMappingSchema,
  /** Whether `mapping` is the suggestion (no mapping was sent). */
  suggested: z.boolean(),
  /** What the import would do: rows it would write, rows it would skip and why. */
  imported: z.number().int(),
  skipped: z.array(importSkippedRowSchema),
});
export type ClientImportPreview = z.infer<typeof clientImportPreviewResponseSchema>;

/** POST /api/clients/import */
export const clientImportResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  imported: z.number().int(),
  skipped: z.array(importSkippedRowSchema),
});
export type ClientImportResult = z.infer<typeof clientImportResponseSchema>;

export const INVOICE_IMPORT_FORMATS = ['invoify', 'invoicer-export', 'invoicer-invoices'] as const;
export type InvoiceImportFormat = (typeof INVOICE_IMPORT_FORMATS)[number];

export const INVOICE_IMPORT_FORMAT_LABELS: Record<InvoiceImportFormat, string> = {
  invoify: 'Invoify invoice',
  'invoicer-export': 'Invoicer export',
  'invoicer-invoices': 'Invoicer invoices.json',
};

export const importSkippedItemSchema = z.object({ item: z.string(), reason: z.string() });
export type ImportSkippedItem = z.infer<typeof importSkippedItemSchema>;

/** POST /api/invoices/import */
export const invoiceImportResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  format: z.enum(INVOICE_IMPORT_FORMATS),
  imported: z.object({
    invoices: z.number().int(),
    clients: z.number().int(),
    businesses: z.number().int(),
    payments: z.number().int(),
  }),
  skipped: z.array(importSkippedItemSchema),
});
export type InvoiceImportResult = z.infer<typeof invoiceImportResponseSchema>;

/** The sentence of an invoice import's answer: "Imported 3 invoices, 2 clients and 1 business." */
export function invoiceImportMessage(imported: InvoiceImportResult['imported']): string {
  const parts = [
    [imported.invoices, 'invoice', 'invoices'],
    [imported.clients, 'client', 'clients'],
    [imported.businesses, 'business', 'businesses'],
    [imported.payments, 'payment', 'payments'],
  ] as const;
  const said = parts
    .filter(([value], index) => index === 0 || value > 0)
    .map(([value, one, many]) => `${count(value)} ${value === 1 ? one : many}`);
  const last = said.pop()!;
  return `Imported ${said.length > 0 ? `${said.join(', ')} and ${last}` : last}.`;
}
