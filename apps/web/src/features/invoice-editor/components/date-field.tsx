import { formatLongUsDate, isIsoDate } from '@invoicer/domain/dates';
import { CalendarDays } from 'lucide-react';
import { memo, Suspense, useId, useRef, useState } from 'react';
import { lazyWithFallback } from '../lib/lazy-with-fallback';
import { FieldError } from '../../../components/ui/field';
import { ClosesOnMount } from './closes-on-mount';

const loadDatePopover = () => import('./date-popover');
const DatePopover = lazyWithFallback(() => loadDatePopover().then((m) => m.DatePopover), ClosesOnMount);

export interface DateFieldProps {
  label: string;
  /** YYYY-MM-DD, or '' when none. */
  value: string;
  onChange: (value: string) => void;
  /** The contract field it is (`issued_date`), which the e-invoice check's problems name. */
  field?: string;
  /** The e-invoice check's message for it, if any. */
  problem?: string | null;
}

/**
 * Issued / Due date: a button showing the date opens a calendar with a year dropdown and a
 * typeable text box (docs/product/editor.md#dates). The calendar is loaded on first use.
 */
export const DateField = memo(function DateField({ label, value, onChange, field, problem }: DateFieldProps) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const labelId = useId();
  const buttonId = useId();
  const errorId = `${buttonId}-error`;
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <span id={labelId} className="text-sm font-medium text-slate-700">
        {label}
      </span>
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        aria-labelledby={`${labelId} ${buttonId}`}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? errorId : undefined}
        data-field={field}
        onClick={() => setOpen((current) => !current)}
        onPointerEnter={() => void loadDatePopover()}
        onFocus={() => void loadDatePopover()}
        className="flex h-10 w-full items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-left text-sm text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600"
      >
        <CalendarDays className="h-4 w-4 shrink-0 text-slate-500" aria-hidden />
        <span className="truncate">{isIsoDate(value) ? formatLongUsDate(value) : 'Pick a date'}</span>
      </button>
      <FieldError id={errorId}>{problem ?? null}</FieldError>
      {open && (
        <Suspense fallback={null}>
          <DatePopover
            anchorRef={buttonRef}
            open={open}
            onOpenChange={setOpen}
            label={label}
            value={value}
            onChange={onChange}
          />
        </Suspense>
      )}
    </div>
  );
});
