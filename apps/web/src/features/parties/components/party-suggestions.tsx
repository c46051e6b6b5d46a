import { Plus } from 'lucide-react';
import type { Ref } from 'react';
import { cn } from '../../../lib/cn';
import type { Party } from '../model/normalize-party';

export type PartyOption = { kind: 'party'; party: Party } | { kind: 'add' };

export interface PartySuggestionsProps {
  popupRef: Ref<HTMLDivElement>;
  listboxId: string;
  optionId: (index: number) => string;
  /** The field's label: the list is '{label} suggestions'. */
  label: string;
  options: readonly PartyOption[];
  activeIndex: number;
  /** The chosen party, marked selected. */
  partyId: string | null;
  loading: boolean;
  loaded: boolean;
  /** No party matches the text ('Add new' may still be offered). */
  noMatches: boolean;
  noResultsText: string;
  addLabel: string;
  onChoose: (party: Party) => void;
  onAdd: () => void;
  onActivate: (index: number) => void;
}

/** The open list under a party picker: the user's matching parties, then 'Add new {type}'. */
export function PartySuggestions({
  popupRef,
  listboxId,
  optionId,
  label,
  options,
  activeIndex,
  partyId,
  loading,
  loaded,
  noMatches,
  noResultsText,
  addLabel,
  onChoose,
  onAdd,
  onActivate,
}: PartySuggestionsProps) {
  return (
    <div
      ref={popupRef}
      className="absolute inset-x-0 top-full z-30 mt-1 scroll-mb-24 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-lg md:scroll-mb-4"
      // Choosing with the mouse or a finger keeps the focus in the text area.
      onMouseDown={(event) => event.preventDefault()}
    >
      <div role="status" className="px-3 text-sm text-slate-600 empty:hidden">
        {loading && !loaded ? (
          <span className="flex items-center gap-2 py-2.5">
            <span
              aria-hidden
              className="block h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent"
            />
            Loading...
          </span>
        ) : noMatches ? (
          <span className="block py-2.5">{noResultsText}</span>
        ) : null}
      </div>
      {options.length > 0 && (
        <ul
          role="listbox"
          id={listboxId}
          aria-label={`${label} suggestions`}
          aria-busy={loading}
          className="max-h-72 overflow-y-auto py-1"
        >
          {options.map((option, index) =>
            option.kind === 'party' ? (
              <li
                key={option.party.id}
                id={optionId(index)}
                role="option"
                aria-selected={option.party.id === partyId}
                onClick={() => onChoose(option.party)}
                onMouseMove={() => onActivate(index)}
                className={cn(
                  'flex min-h-11 cursor-pointer items-center gap-3 px-3 py-2 text-sm',
                  index === activeIndex && 'bg-indigo-50',
                )}
              >
                <span
                  aria-hidden
                  className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-indigo-100 text-sm font-semibold text-indigo-700"
                >
                  {option.party.logo}
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block font-medium wrap-anywhere text-slate-900">{option.party.name || '—'}</span>
                  {option.party.description && (
                    <span className="block text-xs wrap-anywhere text-slate-600">{option.party.description}</span>
                  )}
                </span>
              </li>
            ) : (
              <li
                key="add"
                id={optionId(index)}
                role="option"
                aria-selected={false}
                onClick={onAdd}
                onMouseMove={() => onActivate(index)}
                className={cn(
                  'flex min-h-11 cursor-pointer items-center gap-2 border-t border-slate-100 px-3 py-2 text-sm font-medium text-indigo-700',
                  index === activeIndex && 'bg-indigo-50',
                )}
              >
                <Plus className="h-4 w-4" aria-hidden />
                {addLabel}
              </li>
            ),
          )}
        </ul>
      )}
    </div>
  );
}
