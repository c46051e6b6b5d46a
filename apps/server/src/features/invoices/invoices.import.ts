import {
  ACCOUNT_EXPORT_FILES,
  ACCOUNT_EXPORT_FORMAT,
  ACCOUNT_EXPORT_VERSION,
  accountExportBusinessesSchema,
  accountExportClientsSchema,
  accountExportInvoicesSchema,
  accountExportManifestSchema,
  accountExportPaymentsSchema,
} from '@invoicer/domain/api/account-export';
import { businessBodySchema } from '@invoicer/domain/api/businesses';
import { clientBodySchema } from '@invoicer/domain/api/clients';
import { BUSINESS_PARTY_FIELDS, CLIENT_PARTY_FIELDS, type PartyField } from '@invoicer/domain/api/einvoice-fields';
import {
  IMPORT_LIMITS,
  IMPORT_MESSAGES,
  INVOICE_IMPORT_FORMAT_LABELS,
  invoiceImportMessage,
  type ImportSkippedItem,
  type InvoiceImportFormat,
  type InvoiceImportResult,
} from '@invoicer/domain/api/imports';
import { savedInvoiceBodySchema, type Invoice, type SavedInvoiceBody } from '@invoicer/domain/api/invoices';
import { parseLogoUrl } from '@invoicer/domain/invoice-document';
import { amountToMinor } from '@invoicer/domain/money';
import type { InvoiceStatus } from '@invoicer/domain/status';
import secureJson from 'secure-json-parse';
import type { z } from 'zod';
import type { Database, DbExecutor } from '../../plugins/database';
import { badRequest } from '../../plugins/errors';
import { recordActivities } from '../../shared/activity';
import { insertNotification, invoicesImportedNotification } from '../../shared/notifications';
import {
  insertBusinessRows,
  insertClientRows,
  lockAccountImports,
  partiesByEmail,
} from '../../shared/parties/party-import.queries';
import { structuredColumns, type StructuredColumns } from '../../shared/parties/structured-fields';
import { payInFull, restorePayments } from '../../shared/payment-ledger';
import { decodeText } from '../../shared/text-decoding';
import {
  insertImportedInvoices,
  ownLogoIds,
  takenInvoiceNumbers,
  todayUtc,
  type ImportedInvoiceRow,
} from './invoices.import.queries';
import {
  invoifyInvoiceSchema,
  invoifyPartyAddress,
  invoifyToSaveBody,
  looksLikeInvoify,
  type InvoifyParty,
} from './invoices.import.invoify';
import { isZip, readZipFiles } from './invoices.import.zip';
import { prepareInvoice, withDefaultLanguages } from './invoices.service';

/**
 * Invoices from a file (docs/product/importing.md#invoices-from-a-file): an Invoify invoice export (one invoice, or a
 * list of them), an Invoicer export ZIP, or its invoices.json alone. Whatever the source, each invoice becomes the body
 * of our own save and is checked by the save's schema, so an imported invoice is stored exactly as the editor would
 * store it (the one totals function computes its figures). Parties come first (restored, or made from Invoify's sender
 * and receiver, or found by e-mail among the account's own), then the invoices linked to them, then their payments;
 * all of one file in one transaction (docs/decisions/0054-importing-clients-and-invoices.md#all-or-nothing).
 */

interface PlannedParty {
  /** The export's id (restores) or the lower-cased e-mail (Invoify): how invoices refer to it. */
  key: string;
  label: string;
  email: string;
  fields: { name: string; email: string; phone: string; address: string; taxId: string };
  bank?: { iban: string; bic: string; accountHolder: string; logoUrl: string | null };
  /** A client's preferred language, as its export carried it. */
  preferredLanguage?: string | null;
  /** The structured e-invoice fields, as its export carried them. */
  structured?: Partial<StructuredColumns<PartyField>>;
  createdAt?: Date;
  updatedAt?: Date;
}

interface PlannedPayment {
  amountMinor: number;
  paidOn: string;
  method: 'bank_transfer' | 'card' | 'cash' | 'cheque' | 'other';
  note: string | null;
  source: 'manual' | 'mark_as_paid';
}

interface PlannedInvoice {
  label: string;
  body: SavedInvoiceBody;
  clientKey: string | null;
  businessKey: string | null;
  /** The stored status to write. */
  status: InvoiceStatus;
  createdAt?: Date;
  updatedAt?: Date;
  /** null: none listed (a paid invoice is then paid in full, as a save as paid would). */
  payments: PlannedPayment[] | null;
}

interface Plan {
  format: InvoiceImportFormat;
  businesses: PlannedParty[];
  clients: PlannedParty[];
  invoices: PlannedInvoice[];
  skipped: ImportSkippedItem[];
}

const firstMessages = (error: z.ZodError) => [...new Set(error.issues.map((issue) => issue.message))].join('; ');

function parseJson(bytes: Uint8Array): unknown {
  const decoded = decodeText(bytes);
  if (!decoded) throw badRequest(IMPORT_MESSAGES.notJson);
  try {
    // Keys such as __proto__ are refused rather than merged into objects (prototype pollution).
    return secureJson.parse(decoded.text, undefined, { protoAction: 'error', constructorAction: 'error' });
  } catch {
    throw badRequest(IMPORT_MESSAGES.notJson);
  }
}

/** A file of the export, checked by its schema; a missing optional file reads as empty. */
function exportFile<T extends z.ZodType>(files: Map<string, Buffer>, name: string, schema: T): z.infer<T> | [] {
  const bytes = files.get(name);
  if (!bytes) return [];
  const parsed = schema.safeParse(parseJson(bytes));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
    throw badRequest(IMPORT_MESSAGES.exportFileInvalid(name, `${issue.message}${where}.`));
  }
  return parsed.data;
}

/** Reads the upload and decides what it is; a 400 when it is none of the formats. */
function readSource(
  bytes: Buffer,
): { format: InvoiceImportFormat; files: Map<string, Buffer> } | { invoify: unknown[] } {
  if (isZip(bytes)) {
    const wanted = new Set(
      [
        ACCOUNT_EXPORT_FILES.manifest,
        ACCOUNT_EXPORT_FILES.businesses,
        ACCOUNT_EXPORT_FILES.clients,
        ACCOUNT_EXPORT_FILES.invoices,
        ACCOUNT_EXPORT_FILES.payments,
      ].map(String),
    );
    const files = readZipFiles(bytes, wanted);
    const manifestBytes = files.get(ACCOUNT_EXPORT_FILES.manifest);
    if (!manifestBytes) throw badRequest(IMPORT_MESSAGES.zipNotExport);
    const manifest = parseJson(manifestBytes) as { format?: unknown; version?: unknown } | null;
    if (manifest?.format !== ACCOUNT_EXPORT_FORMAT) throw badRequest(IMPORT_MESSAGES.zipNotExport);
    if (manifest.version !== ACCOUNT_EXPORT_VERSION) {
      throw badRequest(IMPORT_MESSAGES.zipVersion(String(manifest.version).slice(0, 20)));
    }
    exportFile(files, ACCOUNT_EXPORT_FILES.manifest, accountExportManifestSchema);
    return { format: 'invoicer-export', files };
  }
  const value = parseJson(bytes);
  if (looksLikeInvoify(value)) return { invoify: [value] };
  if (Array.isArray(value) && value.length > 0 && value.every(looksLikeInvoify)) return { invoify: value };
  // Our invoices.json alone: an array of invoices as the API answers them.
  const isOurInvoice = (entry: unknown) =>
    !!entry && typeof entry === 'object' && 'invoice_number' in entry && 'data' in entry && 'status' in entry;
  if (Array.isArray(value) && value.length > 0 && value.every(isOurInvoice)) {
    return { format: 'invoicer-invoices', files: new Map([[ACCOUNT_EXPORT_FILES.invoices, bytes]]) };
  }
  if (Array.isArray(value) && value.length === 0) throw badRequest(IMPORT_MESSAGES.noInvoices);
  throw badRequest(IMPORT_MESSAGES.notAnExport);
}

/** The logo a restored invoice or business keeps: a data URL, or an upload of this very account. */
function keptLogo(url: string | null | undefined, ownLogos: Set<string>): string | null {
  if (!url) return null;
  const logo = parseLogoUrl(url);
  if (!logo) return null;
  return logo.kind === 'data' || ownLogos.has(logo.id) ? url : null;
}

function uploadLogoId(url: string | null | undefined): string | null {
  const logo = url ? parseLogoUrl(url) : null;
  return logo?.kind === 'upload' ? logo.id : null;
}

/** The stored status that reads as the exported one: overdue past its due date is a sent invoice. */
function storedStatus(invoice: Pick<Invoice, 'status' | 'due_date'>, today: string): InvoiceStatus {
  if (invoice.status === 'overdue' && invoice.due_date && invoice.due_date < today) return 'sent';
  return invoice.status;
}

const toDate = (value: string | Date) => (value instanceof Date ? value : new Date(value));

/** Checks one party with its form's schema; a reason when it cannot be stored. */
function checkParty(
  kind: 'client' | 'business',
  raw: {
    name: string;
    email: string;
    phone?: string;
    address?: string;
    tax_id?: string;
    preferred_language?: string | null;
  },
  extra: Record<string, unknown> = {},
):
  | {
      ok: true;
      fields: PlannedParty['fields'];
      bank: PlannedParty['bank'];
      preferredLanguage?: string | null;
      structured: NonNullable<PlannedParty['structured']>;
    }
  | { ok: false; reason: string } {
  if (kind === 'client') {
    const parsed = clientBodySchema.safeParse(raw);
    if (!parsed.success) return { ok: false, reason: firstMessages(parsed.error) };
    const body = parsed.data;
    return {
      ok: true,
      fields: {
        name: body.name,
        email: body.email,
        phone: body.phone ?? '',
        address: body.address ?? '',
        taxId: body.tax_id ?? '',
      },
      bank: undefined,
      preferredLanguage: body.preferred_language ?? null,
      structured: structuredColumns(CLIENT_PARTY_FIELDS, body, null),
    };
  }
  const parsed = businessBodySchema.safeParse({ ...raw, ...extra });
  if (!parsed.success) return { ok: false, reason: firstMessages(parsed.error) };
  const body = parsed.data;
  return {
    ok: true,
    fields: {
      name: body.name,
      email: body.email,
      phone: body.phone ?? '',
      address: body.address ?? '',
      taxId: body.tax_id ?? '',
    },
    bank: {
      iban: body.iban ?? '',
      bic: body.bic ?? '',
      accountHolder: body.account_holder ?? '',
      logoUrl: (extra.logo_url as string | null | undefined) ?? null,
    },
    structured: structuredColumns(BUSINESS_PARTY_FIELDS, body, null),
  };
}

/** Our export (or its invoices.json): its parties, invoices and payments, each checked. */
async function planExport(
  tx: DbExecutor,
  userId: string,
  format: InvoiceImportFormat,
  files: Map<string, Buffer>,
): Promise<Plan> {
  const businesses = exportFile(files, ACCOUNT_EXPORT_FILES.businesses, accountExportBusinessesSchema);
  const clients = exportFile(files, ACCOUNT_EXPORT_FILES.clients, accountExportClientsSchema);
  const invoices = exportFile(files, ACCOUNT_EXPORT_FILES.invoices, accountExportInvoicesSchema);
  const payments = exportFile(files, ACCOUNT_EXPORT_FILES.payments, accountExportPaymentsSchema);
  if (invoices.length > IMPORT_LIMITS.invoices) throw badRequest(IMPORT_MESSAGES.tooManyInvoices);
  if (businesses.length + clients.length > IMPORT_LIMITS.parties) throw badRequest(IMPORT_MESSAGES.tooManyParties);
  if (invoices.length + businesses.length + clients.length === 0) throw badRequest(IMPORT_MESSAGES.noInvoices);

  const logoIds = [...businesses.map((b) => b.logo_url), ...invoices.map((i) => i.data.logo_url)]
    .map(uploadLogoId)
    .filter((id): id is string => id !== null);
  const ownLogos = await ownLogoIds(tx, userId, [...new Set(logoIds)]);
  const today = await todayUtc(tx);
  const skipped: ImportSkippedItem[] = [];

  const plannedBusinesses: PlannedParty[] = [];
  for (const business of businesses) {
    const label = `Business "${business.name.slice(0, 80)}"`;
    const checked = checkParty('business', business, {
      iban: business.iban,
      bic: business.bic,
      account_holder: business.account_holder,
      logo_url: keptLogo(business.logo_url, ownLogos),
    });
    if (!checked.ok) {
      skipped.push({ item: label, reason: checked.reason });
      continue;
    }
    plannedBusinesses.push({
      key: business.id,
      label,
      email: checked.fields.email.toLowerCase(),
      fields: checked.fields,
      bank: checked.bank,
      structured: checked.structured,
      createdAt: toDate(business.created_at),
      updatedAt: toDate(business.updated_at),
    });
  }
  const plannedClients: PlannedParty[] = [];
  for (const client of clients) {
    const label = `Client "${client.name.slice(0, 80)}"`;
    const checked = checkParty('client', client);
    if (!checked.ok) {
      skipped.push({ item: label, reason: checked.reason });
      continue;
    }
    plannedClients.push({
      key: client.id,
      label,
      email: checked.fields.email.toLowerCase(),
      fields: checked.fields,
      preferredLanguage: checked.preferredLanguage ?? null,
      structured: checked.structured,
      createdAt: toDate(client.created_at),
      updatedAt: toDate(client.updated_at),
    });
  }

  // Amounts stay decimals until their invoice (and so its currency) is known.
  const paymentsByInvoice = new Map<string, Array<Omit<PlannedPayment, 'amountMinor'> & { amount: number }>>();
  for (const payment of payments) {
    const list = paymentsByInvoice.get(payment.invoice_id) ?? [];
    list.push({
      amount: payment.amount,
      paidOn: payment.date,
      method: payment.method,
      note: payment.note,
      source: payment.source,
    });
    paymentsByInvoice.set(payment.invoice_id, list);
  }

  const plannedInvoices: PlannedInvoice[] = [];
  for (const invoice of invoices) {
    const label = `Invoice ${invoice.invoice_number.slice(0, 80)}`;
    const parsed = savedInvoiceBodySchema.safeParse({
      data: { ...invoice.data, logo_url: keptLogo(invoice.data.logo_url, ownLogos) },
      status: invoice.status,
    });
    if (!parsed.success) {
      skipped.push({ item: label, reason: firstMessages(parsed.error) });
      continue;
    }
    plannedInvoices.push({
      label,
      body: parsed.data,
      clientKey: invoice.client_id,
      businessKey: invoice.business_id,
      status: storedStatus(invoice, today),
      createdAt: toDate(invoice.created_at),
      updatedAt: toDate(invoice.updated_at),
      payments:
        format === 'invoicer-export' && files.has(ACCOUNT_EXPORT_FILES.payments)
          ? (paymentsByInvoice.get(invoice.id) ?? []).map(({ amount, ...rest }) => ({
              ...rest,
              amountMinor: amountToMinor(amount, parsed.data.data.currency),
            }))
          : null,
    });
  }
  return { format, businesses: plannedBusinesses, clients: plannedClients, invoices: plannedInvoices, skipped };
}

/** Invoify invoices: each one's save body, its receiver as a client and its sender as a business. */
function planInvoify(values: unknown[]): Plan {
  if (values.length > IMPORT_LIMITS.invoices) throw badRequest(IMPORT_MESSAGES.tooManyInvoices);
  const skipped: ImportSkippedItem[] = [];
  const businesses = new Map<string, PlannedParty>();
  const clients = new Map<string, PlannedParty>();
  const invoices: PlannedInvoice[] = [];

  const party = (kind: 'client' | 'business', source: InvoifyParty): string | null => {
    const checked = checkParty(kind, {
      name: source.name,
      email: source.email,
      phone: source.phone,
      address: invoifyPartyAddress(source),
    });
    // A party without a name or a usable address stays only in the invoice's text.
    if (!checked.ok) return null;
    const key = checked.fields.email.toLowerCase();
    const into = kind === 'client' ? clients : businesses;
    if (!into.has(key)) {
      into.set(key, {
        key,
        label: `${kind === 'client' ? 'Client' : 'Business'} "${checked.fields.name.slice(0, 80)}"`,
        email: key,
        fields: checked.fields,
        bank: checked.bank,
      });
    }
    return key;
  };

  values.forEach((value, index) => {
    const parsed = invoifyInvoiceSchema.safeParse(value);
    const number = (value as { details?: { invoiceNumber?: unknown } }).details?.invoiceNumber;
    const label = `Invoice ${typeof number === 'string' || typeof number === 'number' ? String(number).slice(0, 80) : `#${index + 1}`}`;
    if (!parsed.success) {
      skipped.push({ item: label, reason: IMPORT_MESSAGES.notAnExport });
      return;
    }
    const converted = invoifyToSaveBody(parsed.data);
    if ('reason' in converted) {
      skipped.push({ item: label, reason: converted.reason });
      return;
    }
    const body = savedInvoiceBodySchema.safeParse(converted.body);
    if (!body.success) {
      skipped.push({ item: label, reason: firstMessages(body.error) });
      return;
    }
    invoices.push({
      label,
      body: body.data,
      clientKey: party('client', parsed.data.receiver),
      businessKey: party('business', parsed.data.sender),
      status: 'draft',
      payments: null,
    });
  });
  return { format: 'invoify', businesses: [...businesses.values()], clients: [...clients.values()], invoices, skipped };
}

/**
 * Writes a party list: each one the account already has (same e-mail) is used instead of a copy and reported; the
 * others are inserted. Answers the id of every key and how many were inserted.
 */
async function writeParties(
  tx: DbExecutor,
  userId: string,
  kind: 'clients' | 'businesses',
  parties: PlannedParty[],
  skipped: ImportSkippedItem[],
): Promise<{ ids: Map<string, string>; inserted: number }> {
  const existing = await partiesByEmail(tx, kind, userId, [...new Set(parties.map((party) => party.email))]);
  const ids = new Map<string, string>();
  const fresh: PlannedParty[] = [];
  for (const party of parties) {
    const id = existing.get(party.email);
    if (id) {
      ids.set(party.key, id);
      skipped.push({
        item: party.label,
        reason: kind === 'clients' ? IMPORT_MESSAGES.clientExists : IMPORT_MESSAGES.businessExists,
      });
    } else {
      fresh.push(party);
    }
  }
  const rows = fresh.map((party) => ({
    userId,
    ...party.fields,
    ...(party.preferredLanguage ? { preferredLanguage: party.preferredLanguage } : {}),
    ...(party.structured ? { structured: party.structured } : {}),
    ...(party.createdAt ? { createdAt: party.createdAt } : {}),
    ...(party.updatedAt ? { updatedAt: party.updatedAt } : {}),
  }));
  const inserted =
    kind === 'clients'
      ? await insertClientRows(tx, rows)
      : await insertBusinessRows(
          tx,
          fresh.map((party, index) => ({
            ...rows[index]!,
            iban: party.bank?.iban ?? '',
            bic: party.bank?.bic ?? '',
            accountHolder: party.bank?.accountHolder ?? '',
            logoUrl: party.bank?.logoUrl ?? null,
          })),
        );
  fresh.forEach((party, index) => ids.set(party.key, inserted[index]!));
  return { ids, inserted: inserted.length };
}

/** POST /api/invoices/import */
export async function importInvoices(
  db: Database,
  userId: string,
  bytes: Buffer,
): Promise<Omit<InvoiceImportResult, 'success'>> {
  // The file is read and checked before the transaction where no database is needed (Invoify).
  const source = readSource(bytes);
  const invoifyPlan = 'invoify' in source ? planInvoify(source.invoify) : null;
  const exported = 'files' in source ? source : null;

  return db.transaction(async (tx) => {
    await lockAccountImports(tx, userId);
    const plan = invoifyPlan ?? (await planExport(tx, userId, exported!.format, exported!.files));
    const skipped = [...plan.skipped];

    const businesses = await writeParties(tx, userId, 'businesses', plan.businesses, skipped);
    const clients = await writeParties(tx, userId, 'clients', plan.clients, skipped);

    // Invoice numbers: one the account has, or one met earlier in the file, is reported, never duplicated.
    const taken = await takenInvoiceNumbers(tx, userId, [
      ...new Set(plan.invoices.map((invoice) => invoice.body.data.invoiceNumber)),
    ]);
    const seen = new Set<string>();
    const accepted: PlannedInvoice[] = [];
    for (const invoice of plan.invoices) {
      const number = invoice.body.data.invoiceNumber;
      if (taken.has(number)) skipped.push({ item: invoice.label, reason: IMPORT_MESSAGES.numberTaken(number) });
      else if (seen.has(number)) skipped.push({ item: invoice.label, reason: IMPORT_MESSAGES.numberTwice(number) });
      else {
        seen.add(number);
        accepted.push(invoice);
      }
    }

    const clientIdOf = (invoice: PlannedInvoice) => (invoice.clientKey && clients.ids.get(invoice.clientKey)) || null;
    // Invoify's invoices are new to us: without a language, the client's, else the account's (ADR 75). A restored
    // export's invoices keep what they were saved with (none still prints in the client's, else English).
    const bodies =
      plan.format === 'invoify'
        ? await withDefaultLanguages(
            tx,
            userId,
            accepted.map((invoice) => ({ body: invoice.body, clientId: clientIdOf(invoice) })),
          )
        : accepted.map((invoice) => invoice.body);
    const now = Date.now();
    const rows: ImportedInvoiceRow[] = accepted.map((invoice, index) => {
      const { columns, items } = prepareInvoice(bodies[index]!);
      const at = invoice.createdAt ?? new Date(now - index);
      return {
        columns,
        items,
        status: invoice.status,
        clientId: clientIdOf(invoice),
        businessId: (invoice.businessKey && businesses.ids.get(invoice.businessKey)) || null,
        // Imported invoices send no reminders until the user turns them on: old debts must not mail clients at once
        // (docs/product/importing.md#what-an-import-does-not-bring).
        remindersPaused: invoice.status === 'sent' || invoice.status === 'overdue',
        createdAt: at,
        updatedAt: invoice.updatedAt ?? at,
      };
    });
    const ids = await insertImportedInvoices(tx, userId, rows);

    // Payments, in the same transaction: the export's, or a paid invoice's full payment when none are listed.
    let paymentCount = 0;
    for (let index = 0; index < accepted.length; index++) {
      const invoice = accepted[index]!;
      const row = rows[index]!;
      const ledger = {
        id: ids[index]!,
        userId,
        invoiceNumber: row.columns.invoiceNumber,
        clientName: row.columns.clientName ?? '',
        status: invoice.status,
        currency: row.columns.currency,
        totalMinor: row.columns.totalMinor ?? 0,
        amountPaidMinor: 0,
      };
      if (invoice.payments && invoice.payments.length > 0) {
        if (!(await restorePayments(tx, ledger, invoice.payments))) {
          throw badRequest(
            IMPORT_MESSAGES.exportFileInvalid(
              ACCOUNT_EXPORT_FILES.payments,
              `the payments of ${invoice.label} add up to more than its total.`,
            ),
          );
        }
        paymentCount += invoice.payments.length;
      } else if (invoice.status === 'paid') {
        await payInFull(tx, ledger);
      }
    }

    await recordActivities(
      tx,
      ids.map((invoiceId) => ({ invoiceId, userId, kind: 'created' as const })),
    );
    const imported = {
      invoices: ids.length,
      clients: clients.inserted,
      businesses: businesses.inserted,
      payments: paymentCount,
    };
    const message = invoiceImportMessage(imported);
    if (ids.length + clients.inserted + businesses.inserted > 0) {
      await insertNotification(
        tx,
        invoicesImportedNotification(userId, message, INVOICE_IMPORT_FORMAT_LABELS[plan.format]),
      );
    }
    return { message, format: plan.format, imported, skipped };
  });
}
