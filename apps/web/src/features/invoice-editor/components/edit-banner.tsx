import { FilePlus2, Pencil } from 'lucide-react';
import { Button } from '../../../components/ui/button';

/**
 * Edit mode's banner (docs/product/editor.md#edit-mode): 'Editing Invoice: {number}' and a way back to a new invoice.
 */
export function EditBanner({ invoiceNumber, onNewInvoice }: { invoiceNumber: string; onNewInvoice: () => void }) {
  return (
    <div
      data-testid="edit-banner"
      className="mb-3 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-indigo-200 bg-indigo-50 px-4 py-3"
    >
      <p className="flex items-center gap-2 text-sm font-medium text-indigo-900">
        <Pencil className="h-4 w-4 shrink-0" aria-hidden />
        Editing Invoice: {invoiceNumber}
      </p>
      <Button variant="secondary" size="sm" className="h-11 md:h-8" onClick={onNewInvoice}>
        <FilePlus2 className="h-4 w-4" aria-hidden />
        New Invoice
      </Button>
    </div>
  );
}
