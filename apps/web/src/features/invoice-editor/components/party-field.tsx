import { memo, useId, type Ref } from 'react';
import { Label, Textarea } from '../../../components/ui/field';

export type PartySide = 'from' | 'to';

/**
 * What the page gets to render From or To its own way (the signed-in user's pickers): the block,
 * the chosen party's id (business_id for From, client_id for To) and a setter for both.
 */
export interface PartyFieldRenderProps {
  side: PartySide;
  label: 'From' | 'To';
  value: string;
  partyId: string | null;
  /** `picked`: the chosen party's record as the server sent it (a client's preferred_language), when one was chosen. */
  onChange: (value: string, partyId: string | null, picked?: Record<string, unknown>) => void;
  placeholder: string;
  /**
   * Call once on mount with the field's text area: when the plain field it replaces had the
   * focus (the user was typing while the page's field loaded), it gets the focus and the caret.
   */
  takeOver: (textarea: HTMLTextAreaElement) => void;
}

export interface PartyFieldProps {
  label: 'From' | 'To';
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  textareaRef?: Ref<HTMLTextAreaElement>;
}

/**
 * The sender or the recipient as free text, one line per row of the address block: what guests
 * get, and what shows while a signed-in user's picker loads (see PartyFieldRenderProps).
 */
export const PartyField = memo(function PartyField({
  label,
  value,
  onChange,
  placeholder,
  textareaRef,
}: PartyFieldProps) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <Label htmlFor={id}>{label}</Label>
      <Textarea
        ref={textareaRef}
        id={id}
        value={value}
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value)}
        className="min-h-28"
      />
    </div>
  );
});
