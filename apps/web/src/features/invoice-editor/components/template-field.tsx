import { TEMPLATE_NAMES, type PaperSize, type TemplateName } from '@invoicer/domain/invoice-templates';
import { X } from 'lucide-react';
import { memo, useId } from 'react';
import type { InvoiceFormValues } from '../model/invoice-form';

type Look = Pick<InvoiceFormValues, 'template' | 'accentColor' | 'paper'>;

export interface TemplateFieldProps extends Look {
  onChange: (patch: Partial<Look>) => void;
}

const TEMPLATE_LABELS: Record<TemplateName, string> = { modern: 'Modern', classic: 'Classic', minimal: 'Minimal' };

/** The colour input shows this while the invoice follows the account's colour (it cannot be empty). */
const NEUTRAL = '#64748b';

/**
 * This invoice's own PDF template and accent colour, beside the currency: empty means the account's
 * default from Settings > Invoice Templates (docs/decisions/0062-three-templates-and-the-accent-colour.md).
 */
export const TemplateField = memo(function TemplateField({
  template,
  accentColor,
  paper,
  onChange,
}: TemplateFieldProps) {
  const selectId = useId();
  const paperId = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={selectId} className="text-sm font-medium text-slate-700">
        Template
      </label>
      <div className="flex items-center gap-2">
        <select
          id={selectId}
          value={template ?? ''}
          onChange={(event) => onChange({ template: (event.target.value || null) as TemplateName | null })}
          className="h-10 min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/30 focus:outline-none"
        >
          <option value="">Account default</option>
          {TEMPLATE_NAMES.map((name) => (
            <option key={name} value={name}>
              {TEMPLATE_LABELS[name]}
            </option>
          ))}
        </select>
        <input
          type="color"
          aria-label="Accent colour"
          title={accentColor ? `Accent colour ${accentColor}` : "Accent colour: the account's"}
          value={accentColor ?? NEUTRAL}
          onChange={(event) => onChange({ accentColor: event.target.value.toLowerCase() })}
          className="h-10 w-10 shrink-0 cursor-pointer rounded-lg border border-slate-300 bg-white p-1"
        />
        {accentColor && (
          <button
            type="button"
            aria-label="Use the account's accent colour"
            onClick={() => onChange({ accentColor: null })}
            className="inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            <X className="h-4 w-4" aria-hidden />
          </button>
        )}
      </div>
      <label htmlFor={paperId} className="text-sm font-medium text-slate-700">
        Paper
      </label>
      <select
        id={paperId}
        value={paper ?? ''}
        onChange={(event) => onChange({ paper: (event.target.value || null) as PaperSize | null })}
        className="h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/30 focus:outline-none"
      >
        <option value="">By currency (Letter for USD and CAD)</option>
        <option value="a4">A4</option>
        <option value="letter">US Letter</option>
      </select>
    </div>
  );
});
