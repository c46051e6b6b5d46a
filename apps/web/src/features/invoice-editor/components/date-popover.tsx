import { isIsoDate } from '@invoicer/domain/dates';
import { useId, useState, type CSSProperties, type RefObject } from 'react';
import { DayPicker } from 'react-day-picker';
import 'react-day-picker/style.css';
import { Button } from '../../../components/ui/button';
import { FieldError, Input } from '../../../components/ui/field';
import { AnchoredPopover } from './anchored-popover';

/** The year dropdown covers the last 100 years, and 5 ahead for due dates (docs/product/editor.md#dates). */
const YEARS_BACK = 100;
const YEARS_AHEAD = 5;

const calendarStyle = {
  '--rdp-accent-color': '#4f46e5',
  '--rdp-accent-background-color': '#eef2ff',
  '--rdp-day-height': '38px',
  '--rdp-day-width': '38px',
  '--rdp-day_button-height': '36px',
  '--rdp-day_button-width': '36px',
} as CSSProperties;

/** Local calendar dates, so the day clicked is the day stored whatever the time zone. */
function isoToDate(iso: string): Date {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, day);
}

function dateToIso(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export interface DatePopoverProps {
  anchorRef: RefObject<HTMLElement | null>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  label: string;
  value: string;
  onChange: (value: string) => void;
}

/** The calendar of a date field: choosing a day stores YYYY-MM-DD and closes; a date may also be typed. */
export function DatePopover({ anchorRef, open, onOpenChange, label, value, onChange }: DatePopoverProps) {
  const [text, setText] = useState(value);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();
  const selected = isIsoDate(value) ? isoToDate(value) : undefined;
  const thisYear = new Date().getFullYear();

  const choose = (iso: string) => {
    onChange(iso);
    onOpenChange(false);
  };
  const commitText = () => {
    const typed = text.trim();
    if (isIsoDate(typed)) choose(typed);
    else setError('Enter a date as YYYY-MM-DD, for example 2026-11-21.');
  };

  return (
    <AnchoredPopover anchorRef={anchorRef} open={open} onOpenChange={onOpenChange} label={`Choose ${label}`}>
      <div className="mb-2 flex flex-col gap-1">
        <label htmlFor={inputId} className="text-xs font-medium text-slate-600">
          Type {label} (YYYY-MM-DD)
        </label>
        <div className="flex gap-2">
          <Input
            id={inputId}
            value={text}
            placeholder="YYYY-MM-DD"
            inputMode="numeric"
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className="h-9"
            onChange={(event) => {
              setText(event.target.value);
              setError(null);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                commitText();
              }
            }}
          />
          <Button size="sm" variant="secondary" className="h-9" onClick={commitText}>
            Set
          </Button>
        </div>
        <FieldError id={errorId}>{error}</FieldError>
      </div>
      <DayPicker
        mode="single"
        required
        selected={selected}
        onSelect={(date) => choose(dateToIso(date))}
        defaultMonth={selected}
        captionLayout="dropdown"
        startMonth={new Date(Math.min(thisYear - YEARS_BACK, selected?.getFullYear() ?? thisYear), 0)}
        endMonth={new Date(Math.max(thisYear + YEARS_AHEAD, selected?.getFullYear() ?? 0), 11)}
        style={calendarStyle}
      />
    </AnchoredPopover>
  );
}
