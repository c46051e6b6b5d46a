import { useMutation, type QueryKey } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { partySaveFailure, type PartyErrorField } from './party-save-errors';

/**
 * The save behind the client and business modals: the create or update call, the server's messages put on the fields
 * they name or shown above the buttons (docs/product/messages-and-limits.md#clients-and-businesses-messages), and the
 * busy state reported to the dialog, which refuses to close while a save runs.
 */
export function usePartySave<Fields, Saved, Field extends PartyErrorField>(options: {
  save: (fields: Fields) => Promise<Saved>;
  /** What a save changes (mutation meta.invalidates). */
  invalidates: readonly QueryKey[];
  /** Toast, tell the caller, close: the feature's own. */
  onSuccess: (saved: Saved) => void;
  /** The form's fields a server message may land on. */
  errorFields: readonly Field[];
  setFieldError: (field: Field, message: string) => void;
  onBusyChange: (busy: boolean) => void;
}) {
  const { save, invalidates, onSuccess, errorFields, setFieldError, onBusyChange } = options;
  const [generalError, setGeneralError] = useState<string | null>(null);
  const mutation = useMutation({
    // Sent even when the browser says it is offline (TanStack would pause it): the failure is then shown.
    networkMode: 'always',
    mutationFn: save,
    meta: { invalidates },
    onSuccess,
    onError: (failure) => {
      const { fields, general } = partySaveFailure(failure, errorFields);
      for (const [field, message] of Object.entries(fields)) setFieldError(field as Field, message as string);
      setGeneralError(general);
    },
  });
  const busy = mutation.isPending;
  useEffect(() => onBusyChange(busy), [busy, onBusyChange]);
  useEffect(() => () => onBusyChange(false), [onBusyChange]);

  return {
    busy,
    generalError,
    submit: (fields: Fields) => {
      setGeneralError(null);
      mutation.mutate(fields);
    },
  };
}
