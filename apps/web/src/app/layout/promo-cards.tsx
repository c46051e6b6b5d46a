import { ArrowUpRight, BookOpen, Sparkles, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { INVOICING_GUIDE_URL } from '../../lib/external-links';
import { useGuestGuard } from './use-guest-guard';
import { useDismissed } from './use-dismissed';

export const GUIDE_CARD_KEY = 'invoicer:promo-guide-dismissed';
export const PRO_CARD_KEY = 'invoicer:promo-pro-dismissed';

function DismissButton({ label, onClick, className }: { label: string; onClick: () => void; className: string }) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      className={`absolute top-2 right-2 inline-flex h-7 w-7 items-center justify-center rounded-md transition-colors ${className}`}
    >
      <X className="h-4 w-4" aria-hidden />
    </button>
  );
}

function Card({ title, children, className }: { title: string; children: ReactNode; className: string }) {
  return (
    <section aria-label={title} className={`relative rounded-xl p-4 pr-10 text-sm ${className}`}>
      {children}
    </section>
  );
}

/** The sidebar's two dismissible cards (docs/product/shell.md#sidebar); a dismissal is remembered in this browser. */
export function PromoCards() {
  const [guideDismissed, dismissGuide] = useDismissed(GUIDE_CARD_KEY);
  const [proDismissed, dismissPro] = useDismissed(PRO_CARD_KEY);
  const guard = useGuestGuard();
  if (guideDismissed && proDismissed) return null;

  return (
    <div className="mt-6 space-y-3">
      {!guideDismissed && (
        <Card title="Invoicing guide" className="border border-slate-200 bg-slate-50">
          <BookOpen className="h-5 w-5 text-indigo-600" aria-hidden />
          <p className="mt-2 font-semibold text-slate-900">What must an invoice include?</p>
          <p className="mt-1 leading-relaxed text-slate-600">
            GOV.UK's plain-English guide to invoicing and getting paid.
          </p>
          <a
            href={INVOICING_GUIDE_URL}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-3 inline-flex items-center gap-1 rounded font-medium text-indigo-700 hover:text-indigo-600 hover:underline"
          >
            Read the guide
            <ArrowUpRight className="h-4 w-4" aria-hidden />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
          <DismissButton
            label="Dismiss invoicing guide"
            onClick={dismissGuide}
            className="text-slate-500 hover:bg-slate-200 hover:text-slate-900"
          />
        </Card>
      )}
      {!proDismissed && (
        <Card title="Invoicer Pro" className="bg-gradient-to-br from-indigo-600 to-violet-600 text-white shadow-sm">
          <Sparkles className="h-5 w-5 text-indigo-100" aria-hidden />
          <p className="mt-2 font-semibold">Invoicer Pro</p>
          <p className="mt-1 leading-relaxed text-indigo-50">More templates and tools for growing businesses.</p>
          <Link
            to="/settings?section=billing"
            onClick={guard(false)}
            className="mt-3 inline-flex h-8 items-center rounded-lg bg-white px-3 font-semibold text-indigo-700 shadow-sm transition-colors hover:bg-indigo-50"
          >
            Get Pro
          </Link>
          <DismissButton
            label="Dismiss Invoicer Pro"
            onClick={dismissPro}
            className="text-indigo-100 hover:bg-white/15 hover:text-white"
          />
        </Card>
      )}
    </div>
  );
}
