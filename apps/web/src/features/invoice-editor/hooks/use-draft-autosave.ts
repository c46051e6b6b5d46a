import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { InvoiceFormValues } from '../model/invoice-form';
import { writeDraft } from '../model/draft-storage';

/** The draft is written 500 ms after the last change (docs/product/states-and-transitions.md#the-browser-draft). */
export const AUTOSAVE_DELAY_MS = 500;

export interface DraftAutosave {
  /** Drops a change still waiting to be written (the invoice was just saved to the account). */
  cancelPending: () => void;
  /**
   * The next change is not the user's (the server's invoice number arriving): when the form was
   * untouched until then it stays untouched, so no draft is written for it.
   */
  ignoreNextChange: () => void;
}

/**
 * Writes the browser draft 500 ms after any change of the form (not on first render: an
 * untouched page writes nothing). A change still waiting is written at once when the page is
 * hidden or left, so closing the tab right after typing loses nothing. Off in edit mode,
 * where the server holds the invoice.
 */
export function useDraftAutosave(
  values: InvoiceFormValues,
  enabled: boolean,
  onSaved: (savedAt: string) => void,
): DraftAutosave {
  const initial = useRef(values);
  const previous = useRef(values);
  const ignoreNext = useRef(false);
  const pending = useRef<InvoiceFormValues | null>(null);
  const onSavedRef = useRef(onSaved);
  useEffect(() => {
    onSavedRef.current = onSaved;
  });

  const flush = useCallback(() => {
    const next = pending.current;
    if (!next) return;
    pending.current = null;
    const savedAt = writeDraft(next);
    if (savedAt) onSavedRef.current(savedAt);
  }, []);

  useEffect(() => {
    const before = previous.current;
    previous.current = values;
    if (ignoreNext.current && values !== before) {
      ignoreNext.current = false;
      if (before === initial.current && pending.current === null) {
        initial.current = values;
        return;
      }
    }
    if (!enabled || values === initial.current) return;
    pending.current = values;
    const timer = window.setTimeout(flush, AUTOSAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [values, enabled, flush]);

  useEffect(() => {
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [flush]);

  return useMemo(
    () => ({
      cancelPending: () => {
        pending.current = null;
      },
      ignoreNextChange: () => {
        ignoreNext.current = true;
      },
    }),
    [],
  );
}
