import { useCallback, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { normalizeParty, type Party, type PartyType } from '../model/normalize-party';

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
 * Routed mode (docs/product/editor.md#the-party-picker): create and edit forms on their own routes instead of a modal.
 * Either may be given alone; the other then uses the modal.
 */
export interface PartyPickerLinks {
  /** 'Add new {type}' goes to this path; on this path the create form opens. */
  create?: string;
  /** Edit goes to `{edit}/edit/{id}` (true: `/{type}/edit/{id}`); on such a path with a known id the edit form opens. */
  edit?: string | true;
}

interface OpenForm {
  mode: 'create' | 'edit';
  party: Party | null;
  routed: boolean;
}

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
 * The picker's create and edit forms (docs/product/editor.md#the-party-picker): 'Add new {type}' and Edit open the
 * page's form in a modal, or go to its route when the page gives links; a saved party becomes the
 * chosen one and the list is loaded again.
 */
export function usePartyForm({
  type,
  partyId,
  parties,
  renderForm,
  links,
  onSaved,
}: {
  type: PartyType;
  partyId: string | null;
  parties: readonly Party[];
  renderForm: ((form: PartyFormRenderProps) => ReactNode) | undefined;
  links: PartyPickerLinks | undefined;
  /** The party the form saved, read with the picker's rules (null when the answer names none). */
  onSaved: (party: Party | null) => void;
}) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [form, setForm] = useState<OpenForm | null>(null);
  const createPath = links?.create;
  const editPrefix = links?.edit === true ? `/${type}` : links?.edit;
  const chosen = partyId === null ? undefined : parties.find((party) => party.id === partyId);

  /** Opens the form; true when it opened as a modal here (the focus will come back from it). */
  const openForm = useCallback(
    (mode: 'create' | 'edit'): boolean => {
      if (mode === 'create' && createPath) {
        navigate(createPath);
        return false;
      }
      if (mode === 'edit' && editPrefix && partyId !== null) {
        navigate(`${editPrefix}/edit/${encodeURIComponent(partyId)}`);
        return false;
      }
      if (!renderForm) {
        console.error(`No ${mode} form configured for the ${type} picker`);
        return false;
      }
      if (mode === 'edit' && !chosen) return false;
      setForm({ mode, party: mode === 'edit' ? (chosen ?? null) : null, routed: false });
      return true;
    },
    [createPath, editPrefix, partyId, renderForm, type, chosen, navigate],
  );

  // Routed mode: the create route, or the edit shape with a known id, opens the form, once per
  // visit of that path (the list reloading after the save must not open it again).
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
    // Routed mode: closing the form leaves its route (docs/product/clients-and-businesses.md#the-clients-page).
    if (formIsRouted) navigate(-1);
  }, [formIsRouted, navigate]);

  const formSaved = useCallback((saved: unknown) => onSaved(normalizeParty(saved, type)), [type, onSaved]);

  return {
    /** 'Add new {type}' is offered. */
    canAdd: Boolean(createPath) || renderForm !== undefined,
    /** The chosen party can be edited here. */
    canEdit: partyId !== null && (editPrefix !== undefined || (renderForm !== undefined && chosen !== undefined)),
    openForm,
    formView: form && renderForm?.({ mode: form.mode, party: form.party, onClose: closeForm, onSaved: formSaved }),
  };
}
