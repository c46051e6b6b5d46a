import { forwardRef, useId, type InputHTMLAttributes } from 'react';
import { FieldError, Input, Label } from '../../../components/ui/field';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string | undefined;
  hint?: string;
}

/** A labelled input with its hint and error line, wired for screen readers; register() spreads onto it. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, ...props },
  ref,
) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Input
        ref={ref}
        id={id}
        className="mt-1"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...props}
      />
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
});

/** A password input with its label and error line. */
export const PasswordField = forwardRef<HTMLInputElement, TextFieldProps>(function PasswordField(props, ref) {
  return <TextField ref={ref} type="password" {...props} />;
});
