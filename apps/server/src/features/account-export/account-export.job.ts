import {
  ACCOUNT_EXPORT_FILES,
  ACCOUNT_EXPORT_FORMAT,
  ACCOUNT_EXPORT_VERSION,
  CLIENTS_CSV_HEADER,
  csvLine,
  INVOICES_CSV_HEADER,
  type AccountExportManifest,
  type AccountExportSettings,
} from '@invoicer/domain/api/account-export';
import type { Business } from '@invoicer/domain/api/businesses';
import type { Client } from '@invoicer/domain/api/clients';
import type { CurrencyCode } from '@invoicer/domain/currencies';
import type { Invoice } from '@invoicer/domain/api/invoices';
import type { Notification } from '@invoicer/domain/api/notifications';
import type { Payment } from '@invoicer/domain/api/payments';
import { businesses, clients } from '../../db/schema';
import type { DbExecutor } from '../../plugins/database';
import { listAccountActivity, toActivityEntry } from '../../shared/activity';
import { getProfile } from '../../shared/accounts/accounts.service';
import {
  BUSINESS_COLUMNS,
  CLIENT_COLUMNS,
  type BusinessPartyRow,
  type ClientPartyRow,
} from '../../shared/parties/party.queries';
import { listAccountPayments, type PaymentRow } from '../../shared/payment-ledger';
import { countAccount, notificationPage, partyPage, type NotificationRow } from './account-export.queries';
import type { ChunkedZip } from './account-export.zip';

/**
 * What goes into the ZIP (docs/decisions/0056-what-the-account-export-holds.md), written by the export job: each JSON
 * file as the HTTP API answers the same thing, through the serializers of the features that answer it (handed over
 * by app.ts, as features never import each other), read in keyset pages and written a page at a time; the CSV files
 * spreadsheet-safe; every invoice's PDF rendered by the PDF engine, a bounded window of renders in flight.
 */

export type BusinessRow = BusinessPartyRow;

/** A PDF to come: its name in the archive, its time, and its render (from the invoices feature). */
export interface PdfEntry {
  id: string;
  fileName: string;
  mtime: Date;
  render: () => Promise<Uint8Array>;
}

/** What other features answer, handed to the export by app.ts. */
export interface ExportSources {
  settings: (db: DbExecutor, userId: string) => Promise<AccountExportSettings>;
  toClient: (row: ClientPartyRow) => Client;
  toBusiness: (row: BusinessRow) => Business;
  toPayment: (row: PaymentRow, currency: CurrencyCode) => Payment;
  toNotification: (row: NotificationRow) => Notification;
  /** A page of invoices after `afterId`, id order, as GET /api/invoices/{id} answers each. */
  invoicePage: (db: DbExecutor, userId: string, afterId: string | null, limit: number) => Promise<Invoice[]>;
  /** A reader of the PDFs' pages (named across pages, so one reader per export); renders use no database. */
  pdfPages: (db: DbExecutor, userId: string) => (afterId: string | null, limit: number) => Promise<PdfEntry[]>;
  /** Renders in flight at once (exportRenderWindow), so none of the engine's threads waits between two PDFs. */
  renderWindow: number;
}

/**
 * Renders an export keeps in flight for `threads` PDF threads. The archive takes the PDFs in id order, so one slow
 * render holds back those behind it: with 2 per thread the threads spent 15 % of the export waiting for work (CPU
 * profile of the threads), with 6 per thread a 3,000-invoice export took 16.4 and 15.4 s against 17.4 and 23.7 s,
 * for the same CPU (bench:export, docs/benchmarks.md). A render in flight holds one invoice and one PDF.
 */
export function exportRenderWindow(threads: number): number {
  return Math.max(4, threads * 6);
}

/** Rows read at once; a page of invoices is a few hundred KB of JSON. */
const PAGE = 500;
/** PDF rows read at once (their items JSON is held until each renders). */
const PDF_PAGE = 100;

/** Pages of `read` in id order until one comes back short, each read in the lane. */
async function* keysetPages<T, C>(
  lane: Lane,
  read: (after: C | null, limit: number) => Promise<T[]>,
  cursor: (page: T[]) => C,
  limit = PAGE,
): AsyncGenerator<T[]> {
  let after: C | null = null;
  for (;;) {
    const from = after;
    const page = await lane(() => read(from, limit));
    if (page.length > 0) yield page;
    if (page.length < limit) return;
    after = cursor(page);
  }
}

const lastId = <T extends { id: string }>(page: T[]) => page[page.length - 1]!.id;
/** The largest id of a page that is not in id order (selectPartyPage orders it newest first). */
const maxId = <T extends { id: string }>(page: T[]) =>
  page.reduce((max, row) => (row.id > max ? row.id : max), page[0]!.id);

/** A JSON array written a page at a time: never the whole array as one string. */
async function jsonArray<T>(zip: ChunkedZip, name: string, at: Date, pages: AsyncIterable<T[]>): Promise<void> {
  const file = zip.deflated(name, at);
  let first = true;
  await file.text('[');
  for await (const page of pages) {
    let text = '';
    for (const item of page) {
      text += (first ? '\n' : ',\n') + JSON.stringify(item);
      first = false;
    }
    await file.text(text);
  }
  await file.text(first ? ']' : '\n]\n');
  await file.end();
}

async function* mapPages<T, U>(pages: AsyncIterable<T[]>, map: (item: T) => U): AsyncGenerator<U[]> {
  for await (const page of pages) yield page.map(map);
}

function invoiceCsvLine(invoice: Invoice): string {
  return csvLine([
    invoice.id,
    invoice.invoice_number,
    invoice.status,
    invoice.issued_date,
    invoice.due_date,
    invoice.currency.code,
    invoice.client_name,
    invoice.client_id,
    invoice.business_id,
    invoice.totals.subtotal,
    invoice.totals.tax,
    invoice.totals.discount,
    invoice.totals.shipping,
    invoice.total_amount,
    invoice.amount_paid,
    invoice.balance_due,
    invoice.created_at,
    invoice.updated_at,
  ]);
}

function clientCsvLine(client: Client): string {
  return csvLine([
    client.id,
    client.name,
    client.email,
    client.phone,
    client.address,
    client.tax_id,
    client.invoice_count,
    client.created_at,
    client.updated_at,
  ]);
}

async function csvFile<T>(
  zip: ChunkedZip,
  name: string,
  at: Date,
  header: readonly string[],
  pages: AsyncIterable<T[]>,
  line: (item: T) => string,
): Promise<void> {
  const file = zip.deflated(name, at);
  await file.text(csvLine(header));
  for await (const page of pages) await file.text(page.map(line).join(''));
  await file.end();
}

/** Runs database work one piece at a time, in the order asked: a transaction is one connection. */
export type Lane = <T>(work: () => Promise<T>) => Promise<T>;

export function serialLane(): Lane {
  let last: Promise<unknown> = Promise.resolve();
  return (work) => {
    const run = last.then(work);
    last = run.catch(() => undefined);
    return run;
  };
}

export interface ExportRun {
  db: DbExecutor;
  /** Every use of `db` goes through it (the chunk writes too, in the caller). */
  lane: Lane;
  userId: string;
  sources: ExportSources;
  zip: ChunkedZip;
  /** Called after each PDF written, with how many are done. */
  onPdf: (done: number) => void;
}

/** Writes the whole archive into `zip` (not ended). */
export async function writeAccountExport({ db, lane, userId, sources, zip, onPdf }: ExportRun): Promise<void> {
  const at = new Date();
  const counts = await lane(() => countAccount(db, userId));
  const profile = await lane(() => getProfile(db, userId));
  const manifest: AccountExportManifest = {
    format: ACCOUNT_EXPORT_FORMAT,
    version: ACCOUNT_EXPORT_VERSION,
    exported_at: at.toISOString(),
    account_email: profile.email,
    counts,
  };
  const whole = async (name: string, value: unknown) => {
    const file = zip.deflated(name, at);
    await file.text(JSON.stringify(value, null, 2));
    await file.end();
  };
  await whole(ACCOUNT_EXPORT_FILES.manifest, manifest);
  await whole(ACCOUNT_EXPORT_FILES.profile, profile);
  await whole(ACCOUNT_EXPORT_FILES.settings, await lane(() => sources.settings(db, userId)));

  const businessPages = () =>
    keysetPages(
      lane,
      (after: string | null, limit) =>
        partyPage<BusinessRow>(db, businesses, BUSINESS_COLUMNS, 'business_id', userId, after, limit),
      maxId,
    );
  await jsonArray(zip, ACCOUNT_EXPORT_FILES.businesses, at, mapPages(businessPages(), sources.toBusiness));

  const clientPages = () =>
    mapPages(
      keysetPages(
        lane,
        (after: string | null, limit) =>
          partyPage<ClientPartyRow>(db, clients, CLIENT_COLUMNS, 'client_id', userId, after, limit),
        maxId,
      ),
      sources.toClient,
    );
  await jsonArray(zip, ACCOUNT_EXPORT_FILES.clients, at, clientPages());
  await csvFile(zip, ACCOUNT_EXPORT_FILES.clientsCsv, at, CLIENTS_CSV_HEADER, clientPages(), clientCsvLine);

  const invoicePages = () =>
    keysetPages(lane, (after: string | null, limit) => sources.invoicePage(db, userId, after, limit), lastId);
  await jsonArray(zip, ACCOUNT_EXPORT_FILES.invoices, at, invoicePages());
  await csvFile(zip, ACCOUNT_EXPORT_FILES.invoicesCsv, at, INVOICES_CSV_HEADER, invoicePages(), invoiceCsvLine);

  await jsonArray(
    zip,
    ACCOUNT_EXPORT_FILES.payments,
    at,
    mapPages(
      keysetPages(lane, (after: string | null, limit) => listAccountPayments(db, userId, after, limit), lastId),
      (row) => sources.toPayment(row, row.currency),
    ),
  );
  await jsonArray(
    zip,
    ACCOUNT_EXPORT_FILES.activity,
    at,
    mapPages(
      keysetPages(
        lane,
        (after: number | null, limit) => listAccountActivity(db, userId, after ?? 0, limit),
        (page) => page[page.length - 1]!.id,
      ),
      (row) => ({ invoice_id: row.invoiceId, ...toActivityEntry(row) }),
    ),
  );
  await jsonArray(
    zip,
    ACCOUNT_EXPORT_FILES.notifications,
    at,
    mapPages(
      keysetPages(lane, (after: string | null, limit) => notificationPage(db, userId, after, limit), lastId),
      sources.toNotification,
    ),
  );

  await writePdfs(zip, keysetPages(lane, sources.pdfPages(db, userId), lastId, PDF_PAGE), sources.renderWindow, onPdf);
}

/**
 * Every invoice's PDF, in id order: up to `window` renders in flight (the engine's threads never idle between two
 * PDFs), each written into the archive as soon as it and those before it are done.
 */
async function writePdfs(
  zip: ChunkedZip,
  pages: AsyncIterable<PdfEntry[]>,
  window: number,
  onPdf: (done: number) => void,
): Promise<void> {
  const inFlight: Array<{ entry: PdfEntry; bytes: Promise<Uint8Array> }> = [];
  let done = 0;
  const writeOldest = async () => {
    const { entry, bytes } = inFlight.shift()!;
    await zip.stored(`${ACCOUNT_EXPORT_FILES.pdfFolder}${entry.fileName}`, entry.mtime, await bytes);
    onPdf(++done);
  };
  try {
    // One page read ahead: the next page's reads run while this page's PDFs render.
    const iterator = pages[Symbol.asyncIterator]();
    let ahead = iterator.next();
    for (;;) {
      const { value: page, done: finished } = await ahead;
      if (finished) break;
      ahead = iterator.next();
      ahead.catch(() => undefined); // awaited in turn; never unhandled if a render fails first
      for (const entry of page) {
        if (inFlight.length >= window) await writeOldest();
        const bytes = entry.render();
        bytes.catch(() => undefined); // awaited in turn; never unhandled if an earlier one fails first
        inFlight.push({ entry, bytes });
      }
    }
    while (inFlight.length > 0) await writeOldest();
  } finally {
    // A failure leaves renders in flight: they finish on their own, and nothing waits for them.
    inFlight.length = 0;
  }
}
