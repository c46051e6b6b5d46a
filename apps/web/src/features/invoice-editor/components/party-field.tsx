import { memo, useId } from 'react';
import { Label, Textarea } from '../../../components/ui/field';

export interface PartyFieldProps {
  label: 'From' | 'To';
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
}

/**
 * The sender or the recipient as free text, one line per row of the address block. The
 * spec's searchable business / client pickers replace this component in a later issue; the
 * editor only depends on this value-and-onChange shape.
 */
export const PartyField = memo(function PartyField({ label, value, onChange, placeholder }: PartyFieldProps) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <Label htmlFor={id}>{label}</Label>
      <Textarea
        id={id}
        value={value}
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value)}
        className="min-h-28"
      />
    </div>
  );
});
