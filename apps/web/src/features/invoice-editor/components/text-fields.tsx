import { memo, useId, type Dispatch } from 'react';
import { FieldError, Input, Label, Textarea } from '../../../components/ui/field';
import type { EditorAction } from '../model/editor-reducer';

/** The invoice number: free text ('0001', 'INV-2026-07'); the server keeps it unique per account. */
export const InvoiceNumberField = memo(function InvoiceNumberField({
  value,
  dispatch,
  problem,
}: {
  value: string;
  dispatch: Dispatch<EditorAction>;
  /** The e-invoice check's message for it, if any. */
  problem: string | null;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <Label htmlFor={id}>Invoice Number</Label>
      <Input
        id={id}
        value={value}
        autoComplete="off"
        data-field="invoice_number"
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? errorId : undefined}
        onChange={(event) => dispatch({ type: 'setText', field: 'invoiceNumber', value: event.target.value })}
      />
      <FieldError id={errorId}>{problem}</FieldError>
    </div>
  );
});

/** Payment Details and Terms. */
export const NotesField = memo(function NotesField({
  label,
  field,
  value,
  placeholder,
  dispatch,
}: {
  label: string;
  field: 'paymentDetails' | 'terms';
  value: string;
  placeholder: string;
  dispatch: Dispatch<EditorAction>;
}) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <Label htmlFor={id}>{label}</Label>
      <Textarea
        id={id}
        value={value}
        placeholder={placeholder}
        onChange={(event) => dispatch({ type: 'setText', field, value: event.target.value })}
      />
    </div>
  );
});
