import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  char,
  check,
  customType,
  date,
  type ExtraConfigColumn,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * One table per entity (docs/product/entities.md#how-it-is-stored). Every table that holds a user's data carries
 * user_id (docs/decisions/0027-rules-that-hold-everywhere.md#rule-1-identity-comes-from-the-session) and is deleted
 * with the user (the privacy policy promises it). Money columns are bigint minor units. `search_text` columns hold
 * lower-cased, accent-free text written by the services, indexed with pg_trgm for the list searches (clients and
 * businesses: together with user_id, through btree_gin).
 */

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const money = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    googleId: text('google_id'),
    profilePictureUrl: text('profile_picture_url'),
    authProvider: text('auth_provider').notNull().default('email'),
    emailVerified: boolean('email_verified').notNull().default(false),
    defaultCurrency: char('default_currency', { length: 3 }).notNull().default('EUR'),
    data: jsonb('data').notNull().default({}),
    /**
     * The account's settings (GET/PUT /api/users/settings): `reminders`, the schedule of automatic reminders
     * (docs/decisions/0050-automatic-reminders.md). Read field by field, defaults for what is missing.
     */
    settings: jsonb('settings').notNull().default({}),
    /**
     * The PDF template and accent colour of every invoice that names none (GET/PUT /api/users/invoice-template,
     * docs/decisions/0062-three-templates-and-the-accent-colour.md); a null colour is each template's own.
     */
    invoiceTemplate: text('invoice_template').notNull().default('modern'),
    accentColor: text('accent_color'),
    /**
     * "Apply discounts before tax": the default of a new invoice's `discount_before_tax` (ADR 69). True for new
     * accounts; migration 0025 wrote false into the accounts that existed, whose invoices keep their figures
     * (docs/decisions/0072-structured-parties-and-discounts-before-tax.md).
     */
    discountBeforeTax: boolean('discount_before_tax').notNull().default(true),
    /**
     * The language of a new invoice whose client has none, a canonical tag as `clients.preferred_language`; null is
     * English (docs/decisions/0075-the-account-default-language.md).
     */
    defaultLanguage: text('default_language'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_google_id_key').on(t.googleId),
    check('users_invoice_template_check', sql`${t.invoiceTemplate} in ('modern', 'classic', 'minimal')`),
    check('users_accent_color_check', sql`${t.accentColor} ~ '^#[0-9a-f]{6}$'`),
    check(
      'users_default_language_shape',
      sql`${t.defaultLanguage} ~ '^[a-z]{2}(-[A-Z][a-z]{3})?(-([A-Z]{2}|[0-9]{3}))?$'`,
    ),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie token: a leaked table row cannot be replayed as a cookie. */
    idHash: text('id_hash').primaryKey(),
    /**
     * The session's name outside the server (the list of signed-in devices, DELETE /api/users/sessions/{id}): random,
     * so the hash never leaves the server (docs/decisions/0052-account-links-verification-and-sessions.md).
     */
    id: uuid('id').notNull().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [
    index('sessions_user_id_idx').on(t.userId),
    index('sessions_expires_at_idx').on(t.expiresAt),
    uniqueIndex('sessions_id_key').on(t.id),
  ],
);

/**
 * The links of account e-mails (docs/decisions/0052-account-links-verification-and-sessions.md): a password reset, an
 * address to verify, a new address to confirm. The link's token is `selector` (kept as it is, to find the row) and a
 * verifier of 32 random bytes kept only as its SHA-256, compared in constant time: a copy of the table opens nothing.
 * A link works once (`used_at`) until `expires_at`; rows are kept a week past that, so an old link says "expired" or
 * "used" rather than "not valid", then swept.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    selector: text('selector').primaryKey(),
    verifierHash: bytea('verifier_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    /** The address the link was sent to: the account's own (reset, verification) or the new one (change). */
    email: text('email').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('account_tokens_user_purpose_idx').on(t.userId, t.purpose),
    index('account_tokens_expires_at_idx').on(t.expiresAt),
    check(
      'account_tokens_purpose_check',
      sql`${t.purpose} in ('password_reset', 'email_verification', 'email_change')`,
    ),
  ],
);

/** Google sign-in state between the redirect and the callback (state, PKCE verifier, nonce). */
export const oauthStates = pgTable(
  'oauth_states',
  {
    state: text('state').primaryKey(),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    returnTo: text('return_to'),
    createdAt: createdAt(),
  },
  (t) => [index('oauth_states_created_at_idx').on(t.createdAt)],
);

/**
 * The columns clients and businesses share: the party blocks of an invoice, kept per user. A
 * function, so each table gets its own column builders.
 */
const partyColumns = () => ({
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  email: text('email').notNull().default(''),
  phone: text('phone').notNull().default(''),
  address: text('address').notNull().default(''),
  taxId: text('tax_id').notNull().default(''),
  searchText: text('search_text').notNull().default(''),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * The structured e-invoice fields both party tables have, under the names of the document's seller and buyer
 * (docs/decisions/0072-structured-parties-and-discounts-before-tax.md): '' when none, checked by the domain's schemas.
 */
const structuredPartyColumns = () => ({
  street: text('street').notNull().default(''),
  additionalStreet: text('additional_street').notNull().default(''),
  postcode: text('postcode').notNull().default(''),
  city: text('city').notNull().default(''),
  region: text('region').notNull().default(''),
  country: text('country').notNull().default(''),
  vatId: text('vat_id').notNull().default(''),
  companyId: text('company_id').notNull().default(''),
  endpointId: text('endpoint_id').notNull().default(''),
  endpointScheme: text('endpoint_scheme').notNull().default(''),
});

/** The stored shapes of the coded fields, so no other writer leaves a lower-case or spaced code behind. */
function structuredPartyChecks(
  table: 'clients' | 'businesses',
  t: { country: ExtraConfigColumn; endpointScheme: ExtraConfigColumn },
) {
  return [
    check(`${table}_country_shape`, sql`${t.country} ~ '^([A-Z]{2})?$'`),
    check(`${table}_endpoint_scheme_shape`, sql`${t.endpointScheme} ~ '^([A-Z0-9]{2,4})?$'`),
  ];
}

/** The indexes both party tables have, named after the table. */
function partyIndexes(
  table: 'clients' | 'businesses',
  t: { userId: ExtraConfigColumn; createdAt: ExtraConfigColumn; id: ExtraConfigColumn; searchText: ExtraConfigColumn },
) {
  return [
    // The list order (newest first, id breaking ties) straight from the index: a page is an index range.
    // NULLS FIRST is what ORDER BY ... DESC means; an index with NULLS LAST cannot give that order.
    index(`${table}_user_created_idx`).on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Searches are per user: btree_gin puts user_id in the trigram index, so other users' matches are never visited.
    index(`${table}_user_search_trgm_idx`).using('gin', t.userId, sql`${t.searchText} gin_trgm_ops`),
  ];
}

export const businesses = pgTable(
  'businesses',
  {
    ...partyColumns(),
    logoUrl: text('logo_url'),
    // The bank account a SEPA payment QR code names (docs/decisions/0047-sepa-payment-qr.md): compact,
    // upper case, checked by the domain (mod 97 for the IBAN); '' when none.
    iban: text('iban').notNull().default(''),
    bic: text('bic').notNull().default(''),
    accountHolder: text('account_holder').notNull().default(''),
    ...structuredPartyColumns(),
  },
  (t) => [
    ...partyIndexes('businesses', t),
    ...structuredPartyChecks('businesses', t),
    // The guest-logo sweep asks whether any business still uses an uploaded logo.
    index('businesses_logo_url_idx')
      .on(t.logoUrl)
      .where(sql`${t.logoUrl} is not null`),
    // The shapes the domain stores, so no other writer can leave a spaced or lower-case code behind.
    check('businesses_iban_shape', sql`${t.iban} ~ '^([A-Z]{2}[0-9]{2}[A-Z0-9]{11,30})?$'`),
    check('businesses_bic_shape', sql`${t.bic} ~ '^([A-Z0-9]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?)?$'`),
    check('businesses_account_holder_length', sql`char_length(${t.accountHolder}) <= 70`),
  ],
);

export const clients = pgTable(
  'clients',
  {
    ...partyColumns(),
    // The language its invoices print in unless an invoice names its own (docs/decisions/0061-the-document-language.md):
    // a canonical BCP 47 tag written by the domain's schema, or null for none.
    preferredLanguage: text('preferred_language'),
    ...structuredPartyColumns(),
    /** BT-10, the buyer reference: the German public sector's Leitweg-ID. */
    buyerReference: text('buyer_reference').notNull().default(''),
  },
  (t) => [
    ...partyIndexes('clients', t),
    ...structuredPartyChecks('clients', t),
    check(
      'clients_preferred_language_shape',
      sql`${t.preferredLanguage} ~ '^[a-z]{2}(-[A-Z][a-z]{3})?(-([A-Z]{2}|[0-9]{3}))?$'`,
    ),
  ],
);

export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'set null' }),
    businessId: uuid('business_id').references(() => businesses.id, { onDelete: 'set null' }),
    invoiceNumber: text('invoice_number').notNull(),
    status: text('status').notNull().default('draft'),
    currency: char('currency', { length: 3 }).notNull(),
    issuedDate: date('issued_date', { mode: 'string' }),
    dueDate: date('due_date', { mode: 'string' }),
    /** First line of the To block, as the lists show it. */
    clientName: text('client_name').notNull().default(''),
    subtotalMinor: money('subtotal_minor'),
    taxMinor: money('tax_minor'),
    discountMinor: money('discount_minor'),
    shippingMinor: money('shipping_minor'),
    totalMinor: money('total_minor'),
    /**
     * The sum of the invoice's payments (table `payments`), kept here by the payment ledger
     * (src/shared/payment-ledger.ts) in the transaction of every payment written or deleted: a generated
     * column cannot read another table, and the list, its sort and the statistics triggers read this one
     * (docs/decisions/0048-payments-and-the-balance.md). Never more than the total.
     */
    amountPaidMinor: money('amount_paid_minor'),
    /**
     * What is still owed: THE amount due in SQL (the list shows and sorts it, the dashboard sums it);
     * the domain's twin is amountDueMinor in packages/domain/src/amount-due.ts, and a test keeps the
     * two equal. Paid owes nothing; otherwise the total less what was paid.
     */
    amountDueMinor: bigint('amount_due_minor', { mode: 'number' })
      .notNull()
      .generatedAlwaysAs(sql`case when status = 'paid' then 0 else greatest(total_minor - amount_paid_minor, 0) end`),
    /** The date the list shows and sorts by: the issued date, else the day it was created (UTC). */
    listDate: date('list_date', { mode: 'string' })
      .notNull()
      .generatedAlwaysAs(sql`coalesce(issued_date, (created_at at time zone 'UTC')::date)`),
    /** The editor's nested payload (from, to, terms, flags, logo_url, ...) without the items. */
    data: jsonb('data').notNull(),
    /** "Pause reminders" on this invoice (docs/decisions/0050-automatic-reminders.md). */
    remindersPaused: boolean('reminders_paused').notNull().default(false),
    searchText: text('search_text').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('invoices_user_number_key').on(t.userId, t.invoiceNumber),
    // The list: newest first (id breaking ties) straight from the index, with status and due_date
    // in it, so a page of ids, a status-filtered page and a count are index-only scans.
    // NULLS FIRST is what ORDER BY ... DESC means; an index with NULLS LAST cannot give that order.
    index('invoices_user_created_idx').on(
      t.userId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
      t.status,
      t.dueDate,
    ),
    // The stored-sent invoices past their due date: the one place where the effective status differs
    // from the stored one (invoice_stats counts stored statuses). An index-only range per user,
    // with the currency for the dashboard's per-currency split.
    index('invoices_user_sent_due_idx')
      .on(t.userId, t.dueDate, t.currency)
      .where(sql`${t.status} = 'sent'`),
    // The dashboard's newest invoices of a currency, in index order.
    index('invoices_user_currency_created_idx').on(
      t.userId,
      t.currency,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The list's sorts (docs/decisions/0043-sorting-the-invoice-list.md): each an index-only range of
    // the user's invoices in sort order, ties by creation time then id, with status and due_date for
    // the status filter. Text sorts use the ICU collation natural_sort (migration 0011): case and
    // accents as a reader expects, digits by value (INV-9 before INV-10).
    index('invoices_user_number_sort_idx').on(
      t.userId,
      sql`${t.invoiceNumber} collate natural_sort`,
      t.id,
      t.status,
      t.dueDate,
    ),
    index('invoices_user_client_sort_idx').on(
      t.userId,
      sql`${t.clientName} collate natural_sort`,
      t.createdAt,
      t.id,
      t.status,
      t.dueDate,
    ),
    index('invoices_user_amount_sort_idx').on(t.userId, t.amountDueMinor, t.createdAt, t.id, t.status, t.dueDate),
    index('invoices_user_date_sort_idx').on(t.userId, t.listDate, t.createdAt, t.id, t.status, t.dueDate),
    // The status sort reads each effective status as its own range (stored status, then creation).
    index('invoices_user_status_sort_idx').on(t.userId, t.status, t.createdAt, t.id, t.dueDate),
    index('invoices_client_idx').on(t.clientId),
    index('invoices_business_idx').on(t.businessId),
    // The guest-logo sweep asks whether any invoice still uses an uploaded logo.
    index('invoices_logo_id_idx')
      .on(sql`(${t.data} -> 'logo' ->> 'id')`)
      .where(sql`${t.data} -> 'logo' ->> 'kind' = 'upload'`),
    // Searches are per user: btree_gin puts user_id in the trigram index, so other users' matches are never visited.
    index('invoices_user_search_trgm_idx').using('gin', t.userId, sql`${t.searchText} gin_trgm_ops`),
    check('invoices_status_check', sql`${t.status} in ('draft', 'sent', 'paid', 'overdue')`),
    check('invoices_totals_check', sql`${t.totalMinor} >= 0 and ${t.subtotalMinor} >= 0`),
    // Payments never exceed the total: overpayment is refused, and so is a save that would lower the total below
    // what was paid (docs/product/payments.md#editing-an-invoice-that-has-payments).
    check('invoices_amount_paid_check', sql`${t.amountPaidMinor} >= 0 and ${t.amountPaidMinor} <= ${t.totalMinor}`),
  ],
);

/**
 * Money received for an invoice (docs/product/payments.md): partial payments add up, never past the
 * total. Written only by src/shared/payment-ledger.ts, which keeps invoices.amount_paid_minor equal to
 * the sum of these in the same transaction, under the invoice's row lock. `source` tells a payment the
 * user recorded from one a status change to Paid recorded (Mark as Paid), which setting the status back
 * removes again. They go with their invoice and with the account.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    method: text('method').notNull(),
    note: text('note'),
    source: text('source').notNull().default('manual'),
    createdAt: createdAt(),
  },
  (t) => [
    // An invoice's payments, newest first, straight from the index. NULLS FIRST is what ORDER BY ... DESC means.
    index('payments_invoice_paid_on_idx').on(
      t.invoiceId,
      t.paidOn.desc().nullsFirst(),
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('payments_user_idx').on(t.userId),
    check('payments_amount_check', sql`${t.amountMinor} > 0`),
    check('payments_method_check', sql`${t.method} in ('bank_transfer', 'card', 'cash', 'cheque', 'other')`),
    check('payments_source_check', sql`${t.source} in ('manual', 'mark_as_paid')`),
    check('payments_note_length', sql`${t.note} is null or char_length(${t.note}) <= 500`),
  ],
);

/**
 * The user's invoices counted and summed by currency, month and STORED status, kept by triggers on
 * `invoices` in the transaction of every insert, update and delete (migration 0006; ADR 0010), so
 * the list's totals and the dashboard's figures read a few rows instead of every invoice.
 * `month` is the first day of the month of the issued date (the created date, UTC, when there is
 * none), as the dashboard's chart places invoices. A group with no invoice left has no row.
 * The effective status is derived when read: stored-sent invoices past their due date are the
 * only difference (invoices_user_sent_due_idx), see the invoices feature's pastDueSentSql().
 */
export const invoiceStats = pgTable(
  'invoice_stats',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    currency: char('currency', { length: 3 }).notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    status: text('status').notNull(),
    invoiceCount: integer('invoice_count').notNull(),
    totalMinor: bigint('total_minor', { mode: 'number' }).notNull(),
    /** Sums of the group's invoices.amount_paid_minor and amount_due_minor (revenue and outstanding, ADR 0048). */
    paidMinor: bigint('paid_minor', { mode: 'number' }).notNull().default(0),
    dueMinor: bigint('due_minor', { mode: 'number' }).notNull().default(0),
  },
  // Migration 0006 adds INCLUDE (invoice_count, total_minor) to the key, which Drizzle cannot
  // declare: a user's rows are then an index-only scan instead of a heap page per row. The payments
  // migration adds paid_minor and due_minor to the INCLUDE.
  (t) => [primaryKey({ columns: [t.userId, t.currency, t.month, t.status] })],
);

/**
 * The Idempotency-Key of each POST /api/invoices that created an invoice (ADR 12): a save sent
 * again because its answer never arrived (a dropped connection, a crash after the commit) gets
 * the invoice it created instead of a second one or a 409. Written in the save's transaction.
 */
export const invoiceSaveKeys = pgTable(
  'invoice_save_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** The request body's SHA-256: the same key with another body is refused, not replayed. */
    requestSha256: text('request_sha256').notNull(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    // Deleting invoices (one, a selection, an account) finds their keys through this.
    index('invoice_save_keys_invoice_idx').on(t.invoiceId),
  ],
);

export const invoiceItems = pgTable(
  'invoice_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    // Up to 3 decimals, exactly (docs/decisions/0060-decimal-quantities-and-units.md); read as a JS number.
    quantity: numeric('quantity', { precision: 13, scale: 3, mode: 'number' }).notNull(),
    unit: text('unit').notNull().default(''),
    unitCostMinor: money('unit_cost_minor'),
    amountMinor: money('amount_minor'),
    // VAT mode (docs/decisions/0069-vat-categories-and-discounts-before-tax.md): the line's UNTDID 5305 category and
    // its rate in thousandths of a percent; both null on a line of the simple mode.
    vatCategory: text('vat_category'),
    vatRate: integer('vat_rate'),
    vatExemptionReason: text('vat_exemption_reason').notNull().default(''),
  },
  (t) => [
    uniqueIndex('invoice_items_invoice_position_key').on(t.invoiceId, t.position),
    index('invoice_items_user_idx').on(t.userId),
    // The schema's bounds (docs/decisions/0060-decimal-quantities-and-units.md), so no other writer stores more.
    check('invoice_items_quantity_check', sql`${t.quantity} >= 0`),
    check('invoice_items_unit_check', sql`char_length(${t.unit}) <= 20`),
    check(
      'invoice_items_vat_check',
      sql`(${t.vatCategory} is null and ${t.vatRate} is null) or (${t.vatCategory} in ('S', 'Z', 'E', 'AE', 'K', 'G', 'O') and ${t.vatRate} between 0 and 100000)`,
    ),
  ],
);

/**
 * The public link of an invoice and the views it had (docs/decisions/0046-public-invoice-links-and-activity.md): one
 * row per invoice that was ever shared. The token itself is never stored in the clear: `token_hash` (SHA-256, hex)
 * finds the row of a link that is opened, `token_sealed` (AES-256-GCM under the `public-links` server secret) lets
 * the owner be shown the same link again. Turning the link off clears the three link columns; the view counts stay,
 * as they belong to the invoice, not to one link.
 */
export const invoiceLinks = pgTable(
  'invoice_links',
  {
    invoiceId: uuid('invoice_id')
      .primaryKey()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash'),
    tokenSealed: bytea('token_sealed'),
    /** When the link now on was made; null while the invoice has no link. */
    linkCreatedAt: timestamp('link_created_at', { withTimezone: true }),
    firstViewedAt: timestamp('first_viewed_at', { withTimezone: true }),
    lastViewedAt: timestamp('last_viewed_at', { withTimezone: true }),
    viewCount: integer('view_count').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invoice_links_token_hash_key').on(t.tokenHash),
    index('invoice_links_user_idx').on(t.userId),
    check(
      'invoice_links_token_check',
      sql`(${t.tokenHash} is null) = (${t.tokenSealed} is null) and (${t.tokenHash} is null) = (${t.linkCreatedAt} is null)`,
    ),
    check('invoice_links_views_check', sql`${t.viewCount} >= 0`),
  ],
);

/**
 * What happened to an invoice, newest first on its page (docs/product/public-links-and-activity.md#activity):
 * written only through src/shared/activity.ts, in the transaction of the event it records. `user_id` is the
 * invoice's owner (also for a view by a guest); `data` holds what the sentence needs (kind by kind in that module).
 * A bigserial id, so entries written in one transaction (same created_at) keep the order they were written in.
 */
export const invoiceActivity = pgTable(
  'invoice_activity',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    data: jsonb('data').notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    // The page's order (newest first, id breaking ties) straight from the index. NULLS FIRST is what
    // ORDER BY ... DESC means; the planner cannot use a NULLS LAST index for it.
    index('invoice_activity_invoice_created_idx').on(
      t.invoiceId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('invoice_activity_user_idx').on(t.userId),
  ],
);

/**
 * When the reminder scheduler looks at an invoice next (docs/decisions/0050-automatic-reminders.md): one row per
 * invoice that was ever sent, kept apart from `invoices` so the scheduler's writes never touch the list's indexes or
 * the statistics triggers. A trigger on `invoices` (migration 0015) sets `next_check_at` to now whenever what the
 * schedule depends on changes (status, dates, total, pause); the scheduler then computes the exact next day with the
 * domain's reminderPlan and stores it, or null when nothing more is due. Finding what is due is a range of the partial
 * index, whatever the number of invoices.
 */
export const invoiceReminderState = pgTable(
  'invoice_reminder_state',
  {
    invoiceId: uuid('invoice_id')
      .primaryKey()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }),
  },
  (t) => [
    index('invoice_reminder_state_due_idx')
      .on(t.nextCheckAt)
      .where(sql`${t.nextCheckAt} is not null`),
    index('invoice_reminder_state_user_idx').on(t.userId),
  ],
);

/**
 * Every reminder stage done for an invoice, and its owner's overdue notice: written in the transaction that sends the
 * reminder (with its activity entry, notification and e-mail), so the unique keys make each happen exactly once
 * whatever the number of server processes, restarts and retries (docs/decisions/0050-automatic-reminders.md).
 * `stage` is a stage of packages/domain/src/reminders.ts or `overdue`; `due_date` the due date it was for (a new due
 * date has stages of its own). `outcome`: `sent`, `no_recipient` (the client had no e-mail address), or `notified`
 * (the overdue notice).
 */
export const invoiceReminders = pgTable(
  'invoice_reminders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    stage: text('stage').notNull(),
    outcome: text('outcome').notNull(),
    recipient: text('recipient'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invoice_reminders_stage_key').on(t.invoiceId, t.dueDate, t.stage),
    // The owner hears once that the invoice became overdue, whatever its due dates.
    uniqueIndex('invoice_reminders_overdue_key')
      .on(t.invoiceId)
      .where(sql`${t.stage} = 'overdue'`),
    // The per-account daily cap counts the account's reminders of the day.
    index('invoice_reminders_user_created_idx').on(t.userId, t.createdAt),
    check('invoice_reminders_outcome_check', sql`${t.outcome} in ('sent', 'no_recipient', 'notified')`),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull().default('info'),
    title: text('title').notNull(),
    message: text('message').notNull().default(''),
    isRead: boolean('is_read').notNull().default(false),
    relatedEntityType: text('related_entity_type'),
    relatedEntityId: uuid('related_entity_id'),
    createdAt: createdAt(),
  },
  (t) => [
    // The list's order (newest first, id breaking ties) straight from the index. NULLS FIRST is what
    // ORDER BY ... DESC means; the planner cannot use a NULLS LAST index for it, NOT NULL or not.
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`${t.isRead} = false`),
  ],
);

export const supportRequests = pgTable(
  'support_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issueType: text('issue_type').notNull(),
    details: text('details').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('support_requests_user_idx').on(t.userId, t.createdAt.desc().nullsFirst())],
);

/**
 * Uploaded logos, re-encoded; guests may upload too, so user_id is optional. Content-addressed per
 * owner: the same bytes are stored once per user, and once for all guests (NULLS NOT DISTINCT).
 * Guest logos no invoice or business refers to are swept 24 hours after their last upload.
 */
export const logos = pgTable(
  'logos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    mimeType: text('mime_type').notNull(),
    bytes: bytea('bytes').notNull(),
    byteSize: integer('byte_size').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    sha256: text('sha256').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('logos_user_idx').on(t.userId),
    index('logos_sha256_idx').on(t.sha256),
    unique('logos_user_sha256_key').on(t.userId, t.sha256).nullsNotDistinct(),
  ],
);

/**
 * Every e-mail the product sends, written with its delivery job in the transaction of the event it
 * reports and delivered afterwards by the job queue (src/plugins/mailer.ts): `pending` until the
 * SMTP server accepts it (`sent`), retried with backoff, `failed` after the last attempt. Without
 * SMTP_URL messages stay pending here (and are logged), to be delivered once a mail server is
 * configured.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** The support request this message carries, when it carries one. */
    supportRequestId: uuid('support_request_id').references(() => supportRequests.id, { onDelete: 'cascade' }),
    /** One address, or several joined by ", " (each validated before it is written: bare addresses only). */
    recipient: text('recipient').notNull(),
    /** Cc addresses, joined like `recipient`; null for none. */
    cc: text('cc'),
    replyTo: text('reply_to'),
    /** The From display name ("Ada Consulting via Invoicer"); null: the product's name. The address is MAIL_FROM. */
    fromName: text('from_name'),
    subject: text('subject').notNull(),
    /** The plain-text part. */
    body: text('body').notNull(),
    /** The HTML part, when the message has one (invoice e-mails, shared/invoice-email.ts). */
    html: text('html'),
    /**
     * The invoice whose PDF is attached, rendered by the PDF engine when the message is delivered
     * (plugins/mailer.ts), so the e-mail carries the invoice as it is then, and no request waits for a render.
     * Deleting the invoice deletes its messages that have not left (and the record of those that have).
     */
    attachInvoiceId: uuid('attach_invoice_id').references(() => invoices.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('pending'),
    /**
     * The delivery job (plugins/jobs.ts), made with the row. Null for rows written before the job
     * queue existed: a process with SMTP_URL gives them one when it starts.
     */
    jobId: uuid('job_id'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (t) => [
    // When and how often delivery is tried is the job queue's (plugins/mailer.ts); the row keeps the outcome.
    index('outbox_support_request_idx').on(t.supportRequestId),
    // Deleting an invoice finds its messages by this index (the cascade), not by a scan of the outbox.
    index('outbox_attach_invoice_idx').on(t.attachInvoiceId),
    check('outbox_status_check', sql`${t.status} in ('pending', 'sent', 'failed')`),
  ],
);

/** Fixed-window request counters shared by every server process (rule 5: state lives in PostgreSQL). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/**
 * Secrets the server makes for itself and every process shares (state lives only in PostgreSQL):
 * created by the first process that needs one, read by the others. `device-cookie` signs the
 * sign-in device cookies (ADR 0013), `public-links` seals invoice link tokens (ADR 0046). Deleting a row and
 * restarting the servers rotates it.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  secret: bytea('secret').notNull(),
  createdAt: createdAt(),
});

/**
 * "Export my data" (docs/decisions/0053-account-export-storage-and-streaming.md): one row per export, written by the
 * export job (features/account-export) as it goes, and the ZIP itself in account_export_chunks. The ZIP lives in
 * PostgreSQL because the servers share one database and no disk; 24 hours after it is ready the sweep deletes both.
 * One export per account is queued or running at a time (the partial unique index).
 */
export const accountExports = pgTable(
  'account_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('queued'),
    /** Invoices written so far, and how many there are (progress). */
    done: integer('done').notNull().default(0),
    total: integer('total').notNull().default(0),
    /** Why it failed, as the user reads it. */
    error: text('error'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    index('account_exports_user_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    index('account_exports_expires_at_idx').on(t.expiresAt),
    uniqueIndex('account_exports_one_open_key')
      .on(t.userId)
      .where(sql`${t.status} in ('queued', 'running')`),
    check('account_exports_status_check', sql`${t.status} in ('queued', 'running', 'ready', 'failed')`),
  ],
);

/** The ZIP of an export, in order: `seq` 0, 1, 2… of about 1 MB each (stored uncompressed: see the migration). */
export const accountExportChunks = pgTable(
  'account_export_chunks',
  {
    exportId: uuid('export_id')
      .notNull()
      .references(() => accountExports.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.exportId, t.seq] }),
    // Deleting an account finds its chunks by this index (the cascade on user_id), not by a scan.
    index('account_export_chunks_user_idx').on(t.userId),
  ],
);
