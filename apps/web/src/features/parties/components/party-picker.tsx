import { Pencil, Plus } from 'lucide-react';
import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Label, Textarea } from '../../../components/ui/field';
import { cn } from '../../../lib/cn';
import { useParties } from '../hooks/use-parties';
import {
  filterParties,
  firstLine,
  lastLine,
  normalizeParty,
  partyAddressBlock,
  type Party,
  type PartyType,
} from '../model/normalize-party';

/** Spec part 2 §9 and part 1 §9. */
export const CLOSE_DELAY_MS = 150;
export const SEARCH_DEBOUNCE_MS = 100;

export interface PartyFormRenderProps {
  mode: 'create' | 'edit';
  /** The party being edited; null when creating. */
  party: Party | null;
  /** Cancel, or after a save. */
  onClose: () => void;
  /** The record the server saved (any of the accepted field names). */
  onSaved: (saved: unknown) => void;
}

/**
 * Routed mode (spec part 2 §2): create and edit forms on their own routes instead of a modal.
 * Either may be given alone; the other then uses the modal.
 */
export interface PartyPickerLinks {
  /** 'Add new {type}' goes to this path; on this path the create form opens. */
  create?: string;
  /** Edit goes to `{edit}/edit/{id}` (true: `/{type}/edit/{id}`); on such a path with a known id the edit form opens. */
  edit?: string | true;
}

export interface PartyPickerProps {
  type: PartyType;
  /** The field's visible label (From, To). */
  label: string;
  /** The list endpoint, e.g. /api/clients. */
  endpoint: string;
  userId: string;
  /** Further query parameters of the list call. */
  params?: Record<string, string>;
  /** The address block, free text: its first line is the name. */
  value: string;
  /** The chosen party's id, null when the text is not (or no longer) a chosen party. */
  partyId: string | null;
  onChange: (value: string, partyId: string | null) => void;
  placeholder?: string;
  noResultsText?: string;
  /** Called once on mount with the text area (the page hands over focus and caret of a field it replaces). */
  onMountTextarea?: (textarea: HTMLTextAreaElement) => void;
  /** Modal mode: renders the create / edit form (the page supplies it; features do not import each other). */
  renderForm?: (form: PartyFormRenderProps) => ReactNode;
  links?: PartyPickerLinks;
}

interface OpenForm {
  mode: 'create' | 'edit';
  party: Party | null;
  routed: boolean;
}

type Option = { kind: 'party'; party: Party } | { kind: 'add' };

/**
 * The form a routed path opens: the create path, or `{editPrefix}/edit/{id}` once that id is among
 * the loaded parties ('waiting' until then); 'none' on any other path.
 */
function routedForm(
  pathname: string,
  createPath: string | undefined,
  editPrefix: string | undefined,
  parties: readonly Party[],
): OpenForm | 'waiting' | 'none' {
  if (createPath && pathname === createPath) return { mode: 'create', party: null, routed: true };
  if (editPrefix && pathname.startsWith(`${editPrefix}/edit/`)) {
    const editId = decodeURIComponent(pathname.slice(`${editPrefix}/edit/`.length));
    const party = parties.find((entry) => entry.id === editId);
    return party ? { mode: 'edit', party, routed: true } : 'waiting';
  }
  return 'none';
}

/**
 * A suggestion text area for a business, client or vendor (spec part 2 §2, §4, §5; part 1 §2):
 * the address block stays free text, and an autocomplete list (ARIA combobox / listbox) offers
 * the user's parties. Choosing one fills the block and remembers its id; 'Add new {type}' and
 * Edit open the create / edit form in a modal or on a route.
 */
export function PartyPicker({
  type,
  label,
  endpoint,
  userId,
  params,
  value,
  partyId,
  onChange,
  placeholder = 'Type to search',
  noResultsText = 'No results found',
  onMountTextarea,
  renderForm,
  links,
}: PartyPickerProps) {
  const id = useId();
  const listboxId = `${id}-listbox`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { parties, loading, loaded, reload } = useParties({
    endpoint,
    type,
    userId,
    ...(params ? { params } : {}),
  });

  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const [form, setForm] = useState<OpenForm | null>(null);
  const closeTimer = useRef<number | undefined>(undefined);
  const popup = useRef<HTMLDivElement>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const onMountRef = useRef(onMountTextarea);
  useLayoutEffect(() => {
    if (textarea.current) onMountRef.current?.(textarea.current);
  }, []);
  // Focus coming back from a closed form (the dialog returns it) must not reopen the list.
  const skipFocusOpen = useRef(false);

  // The id stays linked while the name (the first line) is the one it was linked with: set
  // whenever the id changes (chosen here, or loaded with a draft or an invoice being edited).
  const [link, setLink] = useState({ id: partyId, name: firstLine(value) });
  if (link.id !== partyId) setLink({ id: partyId, name: firstLine(value) });

  // What the list is filtered by: the last line, 100 ms after typing; the whole list while a party is chosen.
  const searchText = partyId !== null ? '' : lastLine(value);
  const isEmpty = value.trim() === '';
  const [query, setQuery] = useState(searchText);
  useEffect(() => {
    if (searchText === query) return;
    const timer = window.setTimeout(() => {
      setQuery(searchText);
      setActiveIndex(-1);
      // Emptied text loads the list afresh (spec part 2 §7).
      if (isEmpty) void reload();
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [searchText, query, isEmpty, reload]);

  const matches = useMemo(() => filterParties(parties, query), [parties, query]);
  const createPath = links?.create;
  const canAdd = Boolean(createPath) || renderForm !== undefined;
  const options = useMemo<Option[]>(
    () => [
      ...matches.map((party) => ({ kind: 'party' as const, party })),
      ...(canAdd ? [{ kind: 'add' as const }] : []),
    ],
    [matches, canAdd],
  );
  const chosen = partyId === null ? undefined : parties.find((party) => party.id === partyId);
  const editPrefix = links?.edit === true ? `/${type}` : links?.edit;

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  const choose = useCallback(
    (party: Party) => {
      onChange(partyAddressBlock(party), party.id);
      setOpen(false);
      setActiveIndex(-1);
    },
    [onChange],
  );

  const openForm = useCallback(
    (mode: 'create' | 'edit') => {
      setOpen(false);
      setActiveIndex(-1);
      if (mode === 'create' && createPath) {
        navigate(createPath);
        return;
      }
      if (mode === 'edit' && editPrefix && partyId !== null) {
        navigate(`${editPrefix}/edit/${encodeURIComponent(partyId)}`);
        return;
      }
      if (!renderForm) {
        console.error(`No ${mode} form configured for the ${type} picker`);
        return;
      }
      if (mode === 'edit' && !chosen) return;
      skipFocusOpen.current = true;
      setForm({ mode, party: mode === 'edit' ? (chosen ?? null) : null, routed: false });
    },
    [createPath, editPrefix, partyId, renderForm, type, chosen, navigate],
  );

  // Routed mode: the create route, or the edit shape with a known id, opens the form (spec part 2 §2),
  // once per visit of that path (the list reloading after the save must not open it again).
  const [routeHandled, setRouteHandled] = useState<string | null>(null);
  if (renderForm && routeHandled !== pathname) {
    const routed = routedForm(pathname, createPath, editPrefix, parties);
    if (routed === 'none') {
      if (routeHandled !== null) setRouteHandled(null);
    } else if (routed !== 'waiting') {
      setRouteHandled(pathname);
      setForm(routed);
    }
  }

  const formIsRouted = form?.routed === true;
  const closeForm = useCallback(() => {
    setForm(null);
    // Routed mode: closing the form leaves its route (spec part 2 §2).
    if (formIsRouted) navigate(-1);
  }, [formIsRouted, navigate]);

  const formSaved = useCallback(
    (saved: unknown) => {
      const party = normalizeParty(saved, type);
      if (party) choose(party);
      void reload();
    },
    [type, choose, reload],
  );

  const handleChange = (text: string) => {
    // Editing the name away from the chosen party's unlinks it; editing its other lines does not.
    const keepId = partyId !== null && firstLine(text) === link.name;
    onChange(text, keepId ? partyId : null);
    setOpen(true);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape') {
      if (open) {
        event.preventDefault();
        event.stopPropagation();
        setOpen(false);
        setActiveIndex(-1);
      }
      return;
    }
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      // The arrows move the caret between the block's lines while the list is closed; Alt+Down opens it.
      if (!open) {
        if (event.key === 'ArrowDown' && event.altKey) {
          event.preventDefault();
          setOpen(true);
        }
        return;
      }
      if (options.length === 0) return;
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActiveIndex((index) => {
        if (index < 0) return step > 0 ? 0 : options.length - 1;
        return (index + step + options.length) % options.length;
      });
      return;
    }
    if (event.key === 'Enter' && open && activeIndex >= 0 && activeIndex < options.length) {
      event.preventDefault();
      const option = options[activeIndex]!;
      if (option.kind === 'party') choose(option.party);
      else openForm('create');
    }
  };

  // On a phone the field is often low on the screen: bring the opened list into view (above the bottom bar).
  useEffect(() => {
    if (open) popup.current?.scrollIntoView({ block: 'nearest' });
  }, [open]);

  useEffect(() => {
    if (open && activeIndex >= 0)
      document.getElementById(`${id}-option-${activeIndex}`)?.scrollIntoView({ block: 'nearest' });
  }, [open, activeIndex, id]);

  const showEdit = partyId !== null && (editPrefix !== undefined || (renderForm !== undefined && chosen !== undefined));
  const addLabel = `Add new ${type}`;

  return (
    <div className="flex min-w-0 flex-col gap-1">
      <div className="flex min-h-8 items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {showEdit && (
          <Button
            variant="ghost"
            size="sm"
            className="-my-1 h-11 px-2 text-indigo-700 md:h-8"
            onClick={() => openForm('edit')}
          >
            <Pencil className="h-3.5 w-3.5" aria-hidden />
            Edit {type}
          </Button>
        )}
      </div>
      <div className="relative">
        <Textarea
          id={id}
          role="combobox"
          aria-expanded={open}
          aria-controls={open && options.length > 0 ? listboxId : undefined}
          aria-autocomplete="list"
          aria-activedescendant={open && activeIndex >= 0 ? optionId(activeIndex) : undefined}
          autoComplete="off"
          ref={textarea}
          value={value}
          placeholder={placeholder}
          className="min-h-28"
          onChange={(event) => handleChange(event.target.value)}
          onKeyDown={handleKeyDown}
          onPointerDown={() => {
            skipFocusOpen.current = false;
            window.clearTimeout(closeTimer.current);
            setOpen(true);
          }}
          onFocus={() => {
            window.clearTimeout(closeTimer.current);
            if (skipFocusOpen.current) {
              skipFocusOpen.current = false;
              return;
            }
            setOpen(true);
          }}
          onBlur={() => {
            window.clearTimeout(closeTimer.current);
            closeTimer.current = window.setTimeout(() => {
              setOpen(false);
              setActiveIndex(-1);
            }, CLOSE_DELAY_MS);
          }}
        />
        {open && (
          <div
            ref={popup}
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
              ) : matches.length === 0 ? (
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
                      onClick={() => choose(option.party)}
                      onMouseMove={() => setActiveIndex(index)}
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
                        <span className="block truncate font-medium text-slate-900">{option.party.name || '—'}</span>
                        {option.party.description && (
                          <span className="block truncate text-xs text-slate-600">{option.party.description}</span>
                        )}
                      </span>
                    </li>
                  ) : (
                    <li
                      key="add"
                      id={optionId(index)}
                      role="option"
                      aria-selected={false}
                      onClick={() => openForm('create')}
                      onMouseMove={() => setActiveIndex(index)}
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
        )}
      </div>
      {form && renderForm?.({ mode: form.mode, party: form.party, onClose: closeForm, onSaved: formSaved })}
    </div>
  );
}
