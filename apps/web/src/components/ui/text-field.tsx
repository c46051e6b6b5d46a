import { forwardRef, useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { FieldError, Input, Label, Textarea } from './field';

interface FieldFrameProps {
  label: string;
  error?: string | undefined;
  /** Shows a visual asterisk; the control itself carries aria-required. */
  required?: boolean;
  /** A line of help under the control, read with it. */
  hint?: string;
}

/** What the control inside a frame needs to be named, required and described by its error line. */
interface ControlWiring {
  id: string;
  'aria-required': true | undefined;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** Label with the required mark, the control, its hint and its error line, wired for screen readers. */
function FieldFrame({
  label,
  error,
  required,
  hint,
  children,
}: FieldFrameProps & { children: (wiring: ControlWiring) => ReactNode }) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div>
      <Label htmlFor={id}>
        {label}
        {required && (
          <span className="ml-0.5 text-red-600" aria-hidden>
            *
          </span>
        )}
      </Label>
      {children({
        id,
        'aria-required': required || undefined,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}

export type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & FieldFrameProps;

/** A labelled input with its error line; react-hook-form's register() spreads onto it. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, required, hint, ...props },
  ref,
) {
  return (
    <FieldFrame label={label} error={error} required={required} hint={hint}>
      {(wiring) => <Input ref={ref} className="mt-1" {...wiring} {...props} />}
    </FieldFrame>
  );
});

export type TextAreaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & FieldFrameProps;

/** A labelled textarea with its error line. */
export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField(
  { label, error, required, hint, ...props },
  ref,
) {
  return (
    <FieldFrame label={label} error={error} required={required} hint={hint}>
      {(wiring) => <Textarea ref={ref} className="mt-1 min-h-20" {...wiring} {...props} />}
    </FieldFrame>
  );
});

/** A password input with its label and error line. */
export const PasswordField = forwardRef<HTMLInputElement, TextFieldProps>(function PasswordField(props, ref) {
  return <TextField ref={ref} type="password" {...props} />;
});
