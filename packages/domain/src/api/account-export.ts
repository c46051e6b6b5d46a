import { z } from 'zod';
import { activityEntrySchema } from './activity';
import { userSchema } from './auth';
import { businessSchema } from './businesses';
import { clientSchema } from './clients';
import { BUSINESS_PARTY_FIELDS, CLIENT_PARTY_FIELDS, type PartyField } from './einvoice-fields';
import { invoiceDataSchema, invoiceSchema } from './invoices';
import { timestampSchema } from './common';
import { notificationSchema } from './notifications';
import { paymentSchema } from './payments';
import { userSettingsSchema } from './reminders';
import { invoiceDefaultsSchema } from '../invoice-templates';

/**
 * The format of "Export my data" (one ZIP), which "Import" reads back: the contract between the export job
 * (features/account-export) and the importer (features/invoices/invoices.import.ts). Every JSON file holds what the
 * HTTP API answers for the same thing, so the export needs no second description of an invoice, and a file is checked
 * on import by the same schemas the web app reads the API with.
 *
 * The ZIP's files, at its root:
 * - `manifest.json`       accountExportManifestSchema: the format's name and version, when, whose, and the counts.
 * - `profile.json`        the account, as GET /api/auth/session answers `user`.
 * - `settings.json`       GET /api/users/settings's `settings`.
 * - `businesses.json`     [business], as GET /api/businesses lists them (every one, not one page).
 * - `clients.json`        [client], as GET /api/clients lists them.
 * - `invoices.json`       [invoice], as GET /api/invoices/{id} answers `invoice`: items, parties and totals included.
 * - `payments.json`       [payment], as GET /api/invoices/{id}/payments lists them (each names its invoice_id).
 * - `activity.json`       [{ invoice_id, ...entry }], each invoice's activity as GET /api/invoices/{id}/activity.
 * - `notifications.json`  [notification], as GET /api/notifications lists them.
 * - `invoices.csv`        one row per invoice with its totals; `clients.csv` one row per client. Spreadsheet-safe:
 *                         a cell that starts with = + - @, a tab or a carriage return is written with a leading '.
 * - `pdf/{invoice_number}_{issued_date}.pdf` every invoice's PDF, named as the bulk download names them.
 * Files a later version adds are ignored by an importer of this one; a missing optional file reads as empty.
 */

export const ACCOUNT_EXPORT_FORMAT = 'invoicer-export';
export const ACCOUNT_EXPORT_VERSION = 1;

export const ACCOUNT_EXPORT_FILES = {
  manifest: 'manifest.json',
  profile: 'profile.json',
  settings: 'settings.json',
  businesses: 'businesses.json',
  clients: 'clients.json',
  invoices: 'invoices.json',
  payments: 'payments.json',
  activity: 'activity.json',
  notifications: 'notifications.json',
  invoicesCsv: 'invoices.csv',
  clientsCsv: 'clients.csv',
  pdfFolder: 'pdf/',
} as const;

export const accountExportManifestSchema = z.object({
  format: z.literal(ACCOUNT_EXPORT_FORMAT),
  version: z.literal(ACCOUNT_EXPORT_VERSION),
  /** ISO 8601 timestamp of when the export started. */
  exported_at: z.string(),
  /** The account's e-mail address at the time: for the reader, never used to pick an account on import. */
  account_email: z.string(),
  counts: z.object({
    businesses: z.number().int().nonnegative(),
    clients: z.number().int().nonnegative(),
    invoices: z.number().int().nonnegative(),
    payments: z.number().int().nonnegative(),
    notifications: z.number().int().nonnegative(),
  }),
});
export type AccountExportManifest = z.infer<typeof accountExportManifestSchema>;

export const accountExportProfileSchema = userSchema;
/** settings.json: what GET /api/users/settings and GET /api/users/invoice-template answer, in one file. */
export const accountExportSettingsSchema = userSettingsSchema.extend({
  // Exports written before "Apply discounts before tax" (migration 0025) or the account's language (0026) lack them.
  invoice_template: invoiceDefaultsSchema.partial({ discount_before_tax: true, language: true }),
});
export type AccountExportSettings = z.infer<typeof accountExportSettingsSchema>;
// Exports written before the structured e-invoice fields (docs/decisions/0072-structured-parties-and-discounts-before-tax.md)
// lack them: the import reads them as none.
const optionalStructured = <const Names extends readonly PartyField[]>(names: Names) =>
  Object.fromEntries(names.map((name) => [name, z.string().optional()])) as {
    [Name in Names[number]]: z.ZodOptional<z.ZodString>;
  };
export const accountExportBusinessesSchema = z.array(businessSchema.extend(optionalStructured(BUSINESS_PARTY_FIELDS)));
// Exports written before the document language (docs/decisions/0061-the-document-language.md) lack these fields:
// the import still reads them.
export const accountExportClientsSchema = z.array(
  clientSchema.extend({
    preferred_language: z.string().nullable().optional(),
    ...optionalStructured(CLIENT_PARTY_FIELDS),
  }),
);
export const accountExportInvoicesSchema = z.array(
  invoiceSchema.extend({ data: invoiceDataSchema.extend({ language: z.string().nullable().optional() }) }),
);
export const accountExportPaymentsSchema = z.array(paymentSchema);
export const accountExportActivitySchema = z.array(activityEntrySchema.extend({ invoice_id: z.string() }));
export const accountExportNotificationsSchema = z.array(notificationSchema);

/** The first character of a CSV cell that a spreadsheet would run as a formula (CSV injection). */
export const CSV_FORMULA_START = /^[=+\-@\t\r]/;

/** A cell's text made safe for a spreadsheet: a leading ' before what would start a formula. */
export function spreadsheetSafe(text: string): string {
  return CSV_FORMULA_START.test(text) ? `'${text}` : text;
}

// ---------------------------------------------------------------------------------------------
// The HTTP contract of the export itself (features/account-export on the server, Settings > Profile on the web)

/**
 * `expired` is a ready export past its 24 hours that the hourly sweep has not deleted yet: it can no longer be
 * downloaded. A deleted one answers 404.
 */
export const ACCOUNT_EXPORT_STATUSES = ['queued', 'running', 'ready', 'failed', 'expired'] as const;
export type AccountExportStatus = (typeof ACCOUNT_EXPORT_STATUSES)[number];

/** How long a ready export can be downloaded. */
export const ACCOUNT_EXPORT_TTL_HOURS = 24;

/** GET /api/users/export/{id} (and GET /api/users/export, the newest): where an export is. */
export const accountExportSchema = z.object({
  id: z.string(),
  status: z.enum(ACCOUNT_EXPORT_STATUSES),
  /** Invoices written so far, of how many. */
  progress: z.object({ done: z.number().int().nonnegative(), total: z.number().int().nonnegative() }),
  created_at: timestampSchema,
  /** Until when it can be downloaded; null until it is ready. */
  expires_at: timestampSchema.nullable(),
  /** The ZIP's size in bytes; null until it is ready. */
  size_bytes: z.number().int().nonnegative().nullable(),
  /** Where to download the ZIP; only while it is ready. */
  download_url: z.string().nullable(),
  /** Why it failed, for the user; null unless failed. */
  failure: z.string().nullable(),
});
export type AccountExport = z.infer<typeof accountExportSchema>;

export const accountExportResponseSchema = z.object({ success: z.literal(true) }).extend(accountExportSchema.shape);
export type AccountExportResponse = z.infer<typeof accountExportResponseSchema>;

/** POST /api/users/export: 202, the export started, or the one already queued or running. */
export const accountExportStartedResponseSchema = z.object({
  success: z.literal(true),
  id: z.string(),
  status: z.enum(ACCOUNT_EXPORT_STATUSES),
});
export type AccountExportStartedResponse = z.infer<typeof accountExportStartedResponseSchema>;

/** GET /api/users/export: the account's newest export that was not swept yet, or null (what Settings shows first). */
export const latestAccountExportResponseSchema = z.object({
  success: z.literal(true),
  export: accountExportSchema.nullable(),
});
export type LatestAccountExportResponse = z.infer<typeof latestAccountExportResponseSchema>;

/** Exports an account may start in an hour (each renders every invoice as a PDF). */
export const ACCOUNT_EXPORTS_PER_HOUR = 5;

export const ACCOUNT_EXPORT_MESSAGES = {
  notFound: 'Export not found. It may have expired: start a new one.',
  tooMany: `You can start ${ACCOUNT_EXPORTS_PER_HOUR} exports an hour. Please try again later.`,
  failed: 'The export could not be completed. Please try again.',
  readyTitle: 'Your data export is ready',
  readyMessage: (hours: number) => `Download it from Settings > Profile within ${hours} hours.`,
} as const;

/** The ZIP's file name on download: invoicer-export-YYYY-MM-DD.zip (the day it was made, UTC). */
export function accountExportFileName(createdAt: Date): string {
  return `invoicer-export-${createdAt.toISOString().slice(0, 10)}.zip`;
}

/** One CSV line (RFC 4180, CRLF): every text cell spreadsheet-safe, quoted when it holds a comma, quote or line break. */
export function csvLine(cells: ReadonlyArray<string | number | null>): string {
  return `${cells
    .map((cell) => {
      if (cell === null) return '';
      if (typeof cell === 'number') return String(cell);
      const safe = spreadsheetSafe(cell);
      return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
    })
    .join(',')}\r\n`;
}

/** invoices.csv's columns: one row per invoice, amounts as decimals in the invoice's currency. */
export const INVOICES_CSV_HEADER = [
  'id',
  'invoice_number',
  'status',
  'issued_date',
  'due_date',
  'currency',
  'client_name',
  'client_id',
  'business_id',
  'subtotal',
  'tax',
  'discount',
  'shipping',
  'total_amount',
  'amount_paid',
  'balance_due',
  'created_at',
  'updated_at',
] as const;

/** clients.csv's columns. */
export const CLIENTS_CSV_HEADER = [
  'id',
  'name',
  'email',
  'phone',
  'address',
  'tax_id',
  'invoice_count',
  'created_at',
  'updated_at',
] as const;
