import { useCallback, type Dispatch, type RefObject } from 'react';
import { toast } from 'sonner';
import { clearDraft, writeDraft } from '../model/draft-storage';
import type { EditorAction } from '../model/editor-reducer';
import { todayIso, type InvoiceFormValues } from '../model/invoice-form';

/** The draft reader (and zod with it) loads only when a draft is read. */
export const loadDraftReader = () => import('../model/draft-restore');

/**
 * The hidden browser-storage panel (docs/product/editor.md#actions): save, load and clear the browser draft by hand.
 */
export function useBrowserStorage(
  valuesRef: RefObject<InvoiceFormValues>,
  dispatch: Dispatch<EditorAction>,
  setLastSaved: (savedAt: string | null) => void,
) {
  const saveToBrowser = useCallback(() => {
    const savedAt = writeDraft(valuesRef.current);
    if (savedAt) {
      setLastSaved(savedAt);
      toast.success('Invoice saved to browser storage!');
    }
  }, [valuesRef, setLastSaved]);
  const loadFromBrowser = useCallback(async () => {
    const { readDraft } = await loadDraftReader();
    const draft = readDraft(todayIso());
    if (!draft) {
      toast.info('No invoice found in browser storage.');
      return;
    }
    dispatch({ type: 'replace', values: draft.values });
    setLastSaved(draft.savedAt);
    toast.success('Invoice loaded from browser storage!');
  }, [dispatch, setLastSaved]);
  const clearStorage = useCallback(() => {
    clearDraft();
    setLastSaved(null);
    toast.success('Browser storage cleared!');
  }, [setLastSaved]);
  return { saveToBrowser, loadFromBrowser, clearStorage };
}
