import { useCallback, useEffect, useRef } from 'react';
import type { InvoiceFormValues } from '../model/invoice-form';
import { writeDraft } from '../model/draft-storage';

/** Spec part 1 §9: the draft is written 500 ms after the last change. */
export const AUTOSAVE_DELAY_MS = 500;

/**
 * Writes the browser draft 500 ms after any change of the form (not on first render: an
 * untouched page writes nothing). A change still waiting is written at once when the page is
 * hidden or left, so closing the tab right after typing loses nothing. Off in edit mode,
 * where the server holds the invoice.
 */
export function useDraftAutosave(values: InvoiceFormValues, enabled: boolean, onSaved: (savedAt: string) => void) {
  const initial = useRef(values);
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
}
