/**
 * The saved-invoice body the editor sends around its nested `data` (docs/product/entities.md#saved-invoice-body): the
 * dates and the currency repeated at the top level, no client or business, a draft. For the route tests, the fault
 * suite and the benchmarks alike (no test runner needed, so the benchmarks can import it).
 */
export function savedInvoiceBody<Data extends SavedData>(
  userId: string,
  data: Data,
  top: Record<string, unknown> = {},
) {
  return {
    user_id: userId,
    client_id: null,
    business_id: null,
    data,
    issued_date: data.issued_date,
    due_date: data.due_date,
    status: 'draft',
    currency: data.currency,
    currency_symbol: data.currency_symbol,
    currency_label: data.currency_label,
    ...top,
  };
}

interface SavedData {
  issued_date: string | null;
  due_date: string | null;
  currency: string;
  currency_symbol: string;
  currency_label: string;
}
