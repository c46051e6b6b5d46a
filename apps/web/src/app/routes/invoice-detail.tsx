import { PendingRoute } from './pending';

/** Built by its feature's issue; until then the page shows the plain loading state. */
export function InvoiceDetailRoute() {
  return <PendingRoute />;
}
