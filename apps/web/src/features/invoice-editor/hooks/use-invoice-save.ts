import { useCallback, useState } from 'react';
import { saveInvoice } from '../api/save-invoice';
import type { InvoiceFormValues } from '../model/invoice-form';

export interface InvoiceSave {
  /** A save to the account is under way. */
  saving: boolean;
  /** The values of the last successful save: Save shows 'Saved' while the form is exactly these. */
  savedValues: InvoiceFormValues | null;
  save: (values: InvoiceFormValues) => Promise<void>;
}

/**
 * Save to account (spec part 1 §4, §5, §8): a new invoice (POST) or, in edit mode, the invoice
 * `invoiceId` (PUT). The caller has validated the values; a failure reaches `onFailed` with the
 * message the editor's banner shows.
 */
export function useInvoiceSave({
  invoiceId,
  onSaved,
  onFailed,
}: {
  invoiceId: string | undefined;
  onSaved: (values: InvoiceFormValues, saved: { id: string }) => void;
  onFailed: (message: string) => void;
}): InvoiceSave {
  const [saving, setSaving] = useState(false);
  const [savedValues, setSavedValues] = useState<InvoiceFormValues | null>(null);
  const save = useCallback(
    async (values: InvoiceFormValues) => {
      setSaving(true);
      const result = await saveInvoice(values, invoiceId);
      setSaving(false);
      if (!result.ok) {
        onFailed(result.message);
        return;
      }
      setSavedValues(values);
      onSaved(values, { id: result.id });
    },
    [invoiceId, onSaved, onFailed],
  );
  return { saving, savedValues, save };
}
