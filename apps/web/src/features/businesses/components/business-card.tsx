import type { Business } from '@invoicer/domain/api/businesses';
import { formatIban } from '@invoicer/domain/bank-account';
import { FileText, Landmark, Mail, MapPin, Pencil, Phone, Trash2 } from 'lucide-react';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { invoiceCountText } from '../../../lib/invoice-count';

/**
 * One business in the settings grid (docs/product/clients-and-businesses.md#the-businesses-section): name, email,
 * address, phone, tax id, bank account (the IBAN in groups of four), invoice count.
 */
export function BusinessCard({
  business,
  onEdit,
  onDelete,
}: {
  business: Business;
  onEdit: (business: Business) => void;
  onDelete: (business: Business) => void;
}) {
  // The name and details take the card's whole width, the actions sit in its footer: on a phone a long
  // name or e-mail wraps over the full card instead of a narrow column beside the buttons (issue 14).
  return (
    <article
      aria-labelledby={`business-${business.id}`}
      className="flex w-full min-w-0 flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex items-center gap-3">
        <Avatar name={business.name} src={business.logo_url} className="h-10 w-10 rounded-lg" />
        <h3 id={`business-${business.id}`} className="min-w-0 flex-1 font-semibold wrap-anywhere text-slate-900">
          {business.name}
        </h3>
      </div>
      <div className="mt-3 space-y-1 text-sm text-slate-700">
        <p className="flex items-start gap-1.5">
          <Mail className="mt-0.5 h-3.5 w-3.5 shrink-0 text-slate-500" aria-hidden />
          <span className="min-w-0 wrap-anywhere">{business.email}</span>
        </p>
        {business.address && (
          <p className="flex items-start gap-1.5">
            <MapPin className="mt-0.5 h-3.5 w-3.5 shrink-0 text-slate-500" aria-hidden />
            <span className="min-w-0 whitespace-pre-line wrap-anywhere">{business.address}</span>
          </p>
        )}
        {business.phone && (
          <p className="flex items-start gap-1.5">
            <Phone className="mt-0.5 h-3.5 w-3.5 shrink-0 text-slate-500" aria-hidden />
            <span className="min-w-0 wrap-anywhere">{business.phone}</span>
          </p>
        )}
        {business.tax_id && <p className="wrap-anywhere text-slate-600">Tax ID: {business.tax_id}</p>}
        {business.iban && (
          <p className="flex items-start gap-1.5">
            <Landmark className="mt-0.5 h-3.5 w-3.5 shrink-0 text-slate-500" aria-hidden />
            <span className="min-w-0 wrap-anywhere">IBAN: {formatIban(business.iban)}</span>
          </p>
        )}
        {business.bic && <p className="wrap-anywhere text-slate-600">BIC: {business.bic}</p>}
      </div>
      <div className="mt-auto flex items-center justify-between gap-3 pt-3">
        <p className="flex items-center gap-1.5 text-xs font-medium text-slate-600">
          <FileText className="h-3.5 w-3.5" aria-hidden />
          {invoiceCountText(business.invoice_count)}
        </p>
        <div className="-mr-2 -mb-2 flex shrink-0">
          <Button
            variant="ghost"
            size="icon"
            className="h-11 w-11 md:h-9 md:w-9"
            aria-label={`Edit ${business.name}`}
            onClick={() => onEdit(business)}
          >
            <Pencil className="h-4 w-4" aria-hidden />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="h-11 w-11 text-red-700 hover:bg-red-50 md:h-9 md:w-9"
            aria-label={`Delete ${business.name}`}
            onClick={() => onDelete(business)}
          >
            <Trash2 className="h-4 w-4" aria-hidden />
          </Button>
        </div>
      </div>
    </article>
  );
}
