import type { QueryKey } from '@tanstack/react-query';

/**
 * The first part of every query key. A feature builds its keys on its root; a write names the
 * roots it changes in its mutation's `meta.invalidates`, and the app's MutationCache refreshes
 * them, whichever feature shows them (the editor's save refreshes the invoice list, the invoice
 * page and the dashboard without importing those features).
 */
export const queryRoots = {
  session: ['session'],
  invoices: ['invoices'],
  /** An invoice's payments (features/payments); a status change or a save may record or remove some too. */
  payments: ['payments'],
  invoiceEdit: ['invoice-edit'],
  dashboard: ['dashboard'],
  notifications: ['notifications'],
  clients: ['clients'],
  businesses: ['businesses'],
  parties: ['parties'],
  /** The account's signed-in devices (features/sessions). */
  sessions: ['sessions'],
  /** The account's data exports (features/account-export). */
  accountExport: ['account-export'],
} as const satisfies Record<string, QueryKey>;

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** Query keys (prefixes) the write may have changed: refreshed once it has settled. */
      invalidates?: readonly QueryKey[];
    };
  }
}
