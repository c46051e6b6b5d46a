import type { Business } from '@invoicer/domain/api/businesses';
import type { Client } from '@invoicer/domain/api/clients';
import { BUSINESS_PARTY_FIELDS, CLIENT_PARTY_FIELDS } from '@invoicer/domain/api/einvoice-fields';
import { toInvoiceData, toInvoiceTotals, type Invoice, type InvoiceListItem } from '@invoicer/domain/api/invoices';
import { getCurrency } from '@invoicer/domain/currencies';
import { toDecimal } from '@invoicer/domain/money';
import { lineAmount, type Totals } from '@invoicer/domain/totals';
import type { findEmbeddedBusiness, findEmbeddedClient } from './invoices.parties.queries';
import type { InvoiceListRow, InvoiceRow } from './invoices.queries';
import { currencyOf, toDocument } from './invoices.stored-data';
import { structuredApi } from '../../shared/parties/structured-fields';

/**
 * Rows to the HTTP contract (docs/product/entities.md#invoice): the list item, the invoice, and the client and business
 * it embeds.
 */

export function storedTotals(row: InvoiceRow): Totals {
  return {
    lines: row.items.map(([, , quantity, unitCost]) => lineAmount(Number(quantity), Number(unitCost))),
    subtotal: Number(row.subtotalMinor),
    tax: Number(row.taxMinor),
    discount: Number(row.discountMinor),
    shipping: Number(row.shippingMinor),
    total: Number(row.totalMinor),
  };
}

/** The invoice's currency as every answer carries it: code, symbol and label. */
export const contractCurrency = (row: Pick<InvoiceRow, 'currency'>) => {
  const currency = getCurrency(currencyOf(row));
  return { code: currency.code, symbol: currency.symbol, label: currency.label };
};

/** An invoice as the list answers it: the row's columns, no document (see invoiceListItemSchema). */
export function toInvoiceListItem(row: InvoiceListRow): InvoiceListItem {
  return {
    id: row.id,
    invoice_number: row.invoiceNumber,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    issued_date: row.issuedDate,
    due_date: row.dueDate,
    total_amount: toDecimal(Number(row.totalMinor), currencyOf(row)),
    amount_due: toDecimal(Number(row.amountDueMinor), currencyOf(row)),
    amount_paid: toDecimal(Number(row.amountPaidMinor), currencyOf(row)),
    balance_due: toDecimal(Number(row.amountDueMinor), currencyOf(row)),
    currency: contractCurrency(row),
    client_name: row.clientName,
    client_id: row.clientId,
    business_id: row.businessId,
    viewed_at: row.viewedAt ? row.viewedAt.toISOString() : null,
    view_count: row.viewCount,
  };
}

/** An invoice as every other call answers it (docs/product/entities.md#invoice); `status` is the effective one. */
export function toInvoice(
  row: InvoiceRow,
  embedded: { client?: Client | null; business?: Business | null } = {},
): Invoice {
  return {
    ...toInvoiceListItem(row),
    totals: toInvoiceTotals(storedTotals(row), currencyOf(row)),
    ...embedded,
    data: toInvoiceData(toDocument(row)),
  };
}

type EmbeddedClientRow = NonNullable<Awaited<ReturnType<typeof findEmbeddedClient>>>;
type EmbeddedBusinessRow = NonNullable<Awaited<ReturnType<typeof findEmbeddedBusiness>>>;

export function toEmbeddedClient(client: EmbeddedClientRow): Client {
  return {
    id: client.id,
    name: client.name,
    email: client.email,
    phone: client.phone,
    address: client.address,
    tax_id: client.taxId,
    preferred_language: client.preferredLanguage,
    ...structuredApi(CLIENT_PARTY_FIELDS, client),
    invoice_count: client.invoiceCount,
    created_at: client.createdAt.toISOString(),
    updated_at: client.updatedAt.toISOString(),
  };
}

export function toEmbeddedBusiness(business: EmbeddedBusinessRow): Business {
  return {
    id: business.id,
    name: business.name,
    email: business.email,
    phone: business.phone,
    address: business.address,
    tax_id: business.taxId,
    logo_url: business.logoUrl,
    iban: business.iban,
    bic: business.bic,
    account_holder: business.accountHolder,
    ...structuredApi(BUSINESS_PARTY_FIELDS, business),
    invoice_count: business.invoiceCount,
    created_at: business.createdAt.toISOString(),
    updated_at: business.updatedAt.toISOString(),
  };
}
