import { ChevronDown } from 'lucide-react';
import { memo, Suspense, useId, type Dispatch } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { lazyWithFallback } from '../lib/lazy-with-fallback';
import type { EditorAction } from '../model/editor-reducer';
import type { BuyerValues, SellerValues } from '../model/einvoice-fields';

const EInvoicePanel = lazyWithFallback(
  () => import('./einvoice-panel').then((m) => m.EInvoicePanel),
  function PanelUnavailable() {
    return (
      <p role="alert" className="text-sm text-red-600">
        The e-invoice fields could not be loaded. Check the connection and reload the page.
      </p>
    );
  },
);

export interface EInvoiceSectionProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  seller: SellerValues;
  buyer: BuyerValues;
  iban: string;
  bic: string;
  vatPerLine: boolean;
  /** The e-invoice check's problems by contract path (`seller.vat_id`, `iban`). */
  problems: Readonly<Record<string, string>>;
  onClearProblem: (key: string) => void;
  dispatch: Dispatch<EditorAction>;
  /** The fields are on screen (they load on first opening). */
  onReady: () => void;
}

/**
 * "E-invoice details" (issue 17): the structured seller and buyer, the bank account and the VAT per line switch. Folded
 * by default behind a disclosure button; the editor opens it when the invoice carries any such detail or an e-invoice
 * check finds a problem here. Guests fill it in too.
 */
export const EInvoiceSection = memo(function EInvoiceSection(props: EInvoiceSectionProps) {
  const { open, onOpenChange, ...panelProps } = props;
  const panelId = useId();
  return (
    <section aria-labelledby={`${panelId}-heading`} className="rounded-xl border border-slate-200">
      <h2 id={`${panelId}-heading`} className="m-0">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          aria-describedby={`${panelId}-about`}
          onClick={() => onOpenChange(!open)}
          className="flex w-full items-center justify-between gap-2 rounded-t-xl px-4 pt-3 pb-1 text-left text-sm font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          E-invoice details
          <ChevronDown className={cn('h-4 w-4 shrink-0 transition-transform', open && 'rotate-180')} aria-hidden />
        </button>
      </h2>
      <p id={`${panelId}-about`} className="px-4 pb-3 text-xs text-slate-500">
        For XRechnung, Peppol and other e-invoices: addresses, VAT numbers, bank account, VAT per line.
      </p>
      <div id={panelId} hidden={!open} className="flex flex-col gap-5 border-t border-slate-200 px-4 py-4">
        {open && (
          <Suspense
            fallback={
              <div className="flex justify-center py-4 text-slate-500">
                <Spinner label="Loading the e-invoice fields" />
              </div>
            }
          >
            <EInvoicePanel {...panelProps} />
          </Suspense>
        )}
      </div>
    </section>
  );
});
