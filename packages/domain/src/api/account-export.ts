import { z } from 'zod';
import { activityEntrySchema } from './activity';
import { userSchema } from './auth';
import { businessSchema } from './businesses';
import { clientSchema } from './clients';
import { invoiceSchema } from './invoices';
import { notificationSchema } from './notifications';
import { paymentSchema } from './payments';
import { userSettingsSchema } from './reminders';

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
export const accountExportSettingsSchema = userSettingsSchema;
export const accountExportBusinessesSchema = z.array(businessSchema);
export const accountExportClientsSchema = z.array(clientSchema);
export const accountExportInvoicesSchema = z.array(invoiceSchema);
export const accountExportPaymentsSchema = z.array(paymentSchema);
export const accountExportActivitySchema = z.array(activityEntrySchema.extend({ invoice_id: z.string() }));
export const accountExportNotificationsSchema = z.array(notificationSchema);

/** The first character of a CSV cell that a spreadsheet would run as a formula (CSV injection). */
export const CSV_FORMULA_START = /^[=+\-@\t\r]/;

/** A cell's text made safe for a spreadsheet: a leading ' before what would start a formula. */
export function spreadsheetSafe(text: string): string {
  return CSV_FORMULA_START.test(text) ? `'${text}` : text;
}
