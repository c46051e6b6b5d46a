import { Pencil } from 'lucide-react';
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
import { Button } from '../../../components/ui/button';
import { Label, Textarea } from '../../../components/ui/field';
import { usePartyForm, type PartyFormRenderProps, type PartyPickerLinks } from '../hooks/use-party-form';
import { useParties } from '../hooks/use-parties';
import {
  filterParties,
  firstLine,
  lastLine,
  partyAddressBlock,
  type Party,
  type PartyType,
} from '../model/normalize-party';
import { PartySuggestions, type PartyOption } from './party-suggestions';

/** Close delay and search debounce (docs/product/messages-and-limits.md#timing). */
export const CLOSE_DELAY_MS = 150;
export const SEARCH_DEBOUNCE_MS = 100;

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
  /** `picked`: the chosen party's record as the server sent it, when one was chosen from the list. */
  onChange: (value: string, partyId: string | null, picked?: Record<string, unknown>) => void;
  placeholder?: string;
  noResultsText?: string;
  /** Called once on mount with the text area (the page hands over focus and caret of a field it replaces). */
  onMountTextarea?: (textarea: HTMLTextAreaElement) => void;
  /** Modal mode: renders the create / edit form (the page supplies it; features do not import each other). */
  renderForm?: (form: PartyFormRenderProps) => ReactNode;
  links?: PartyPickerLinks;
}

/**
 * A suggestion text area for a business, client or vendor (docs/product/editor.md#the-party-picker):
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
  const { parties, loading, loaded, reload } = useParties({
    endpoint,
    type,
    userId,
    ...(params ? { params } : {}),
  });

  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
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
      // Emptied text loads the list afresh (docs/product/states-and-transitions.md#party-picker).
      if (isEmpty) void reload();
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [searchText, query, isEmpty, reload]);

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  const choose = useCallback(
    (party: Party) => {
      onChange(partyAddressBlock(party), party.id, party.raw);
      setOpen(false);
      setActiveIndex(-1);
    },
    [onChange],
  );

  const forms = usePartyForm({
    type,
    partyId,
    parties,
    renderForm,
    links,
    onSaved: useCallback(
      (party: Party | null) => {
        if (party) choose(party);
        void reload();
      },
      [choose, reload],
    ),
  });
  const matches = useMemo(() => filterParties(parties, query), [parties, query]);
  const { canAdd } = forms;
  const options = useMemo<PartyOption[]>(
    () => [
      ...matches.map((party) => ({ kind: 'party' as const, party })),
      ...(canAdd ? [{ kind: 'add' as const }] : []),
    ],
    [matches, canAdd],
  );

  // The highlight belongs to the list it was made in: a keystroke that leaves the list as it was keeps it.
  const optionsKey = options.map((option) => (option.kind === 'party' ? option.party.id : '+')).join('\n');
  const [highlightedIn, setHighlightedIn] = useState(optionsKey);
  if (highlightedIn !== optionsKey) {
    setHighlightedIn(optionsKey);
    setActiveIndex(-1);
  }

  const openForm = (mode: 'create' | 'edit') => {
    setOpen(false);
    setActiveIndex(-1);
    // Focus coming back from a closed modal must not reopen the list.
    if (forms.openForm(mode)) skipFocusOpen.current = true;
  };

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

  return (
    <div className="flex min-w-0 flex-col gap-1">
      <div className="flex min-h-8 items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {forms.canEdit && (
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
          <PartySuggestions
            popupRef={popup}
            listboxId={listboxId}
            optionId={optionId}
            label={label}
            options={options}
            activeIndex={activeIndex}
            partyId={partyId}
            loading={loading}
            loaded={loaded}
            noMatches={matches.length === 0}
            noResultsText={noResultsText}
            addLabel={`Add new ${type}`}
            onChoose={choose}
            onAdd={() => openForm('create')}
            onActivate={setActiveIndex}
          />
        )}
      </div>
      {forms.formView}
    </div>
  );
}
