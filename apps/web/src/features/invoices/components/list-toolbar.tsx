import type { StatusFilter } from '@invoicer/domain/status';
import { Search, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { cn } from '../../../lib/cn';
import { STATUS_CHIPS } from '../model/list-query';

/** The search waits for a pause in typing before it asks the server (docs/product/invoices.md#searching-invoices). */
const SEARCH_DELAY_MS = 300;

export interface ListToolbarProps {
  search: string;
  status: StatusFilter;
  onSearch: (search: string) => void;
  onStatus: (status: StatusFilter) => void;
}

/** The search box and the status chips All, Draft, Sent, Paid, Overdue (docs/product/invoices.md#the-invoice-list). */
export function ListToolbar({ search, status, onSearch, onStatus }: ListToolbarProps) {
  const [text, setText] = useState(search);
  // The URL changed by itself (Back, a link): the box shows it, unless it already says the same.
  const [seen, setSeen] = useState(search);
  if (search !== seen) {
    setSeen(search);
    if (text.trim() !== search) setText(search);
  }

  useEffect(() => {
    if (text.trim() === search) return;
    const timer = window.setTimeout(() => onSearch(text), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [text, search, onSearch]);

  return (
    <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
      <div role="search" className="relative w-full lg:max-w-sm">
        <label htmlFor="invoice-search" className="sr-only">
          Search invoices
        </label>
        <Search
          className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400"
          aria-hidden
        />
        <input
          id="invoice-search"
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') onSearch(text);
          }}
          placeholder="Search by number, client or amount..."
          autoComplete="off"
          className="h-11 w-full rounded-lg border border-slate-300 bg-white pr-10 pl-9 text-sm text-slate-900 placeholder:text-slate-500 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/30 focus:outline-none md:h-10 [&::-webkit-search-cancel-button]:hidden"
        />
        {text && (
          <button
            type="button"
            aria-label="Clear search"
            onClick={() => {
              setText('');
              onSearch('');
            }}
            className="absolute top-1/2 right-1 inline-flex h-9 w-9 -translate-y-1/2 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            <X className="h-4 w-4" aria-hidden />
          </button>
        )}
      </div>
      <div role="group" aria-label="Filter by status" className="flex flex-wrap gap-1.5">
        {STATUS_CHIPS.map((chip) => {
          const active = chip.value === status;
          return (
            <button
              key={chip.value}
              type="button"
              aria-pressed={active}
              onClick={() => onStatus(chip.value)}
              className={cn(
                'h-11 shrink-0 rounded-full border px-4 text-sm font-medium transition-colors md:h-9',
                'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
                active
                  ? 'border-indigo-600 bg-indigo-600 text-white'
                  : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
              )}
            >
              {chip.label}
            </button>
          );
        })}
      </div>
    </div>
  );
}
