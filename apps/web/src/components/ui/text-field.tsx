import { forwardRef, useId, type InputHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { FieldError, Input, Label, Textarea } from './field';

interface FieldFrameProps {
  label: string;
  error?: string | undefined;
  /** Shows a visual asterisk; the control itself carries aria-required. */
  required?: boolean;
}

export type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & FieldFrameProps;

function describedBy(id: string, error: string | undefined) {
  return error ? `${id}-error` : undefined;
}

function RequiredMark({ required }: { required?: boolean | undefined }) {
  return required ? (
    <span className="ml-0.5 text-red-600" aria-hidden>
      *
    </span>
  ) : null;
}

/** A labelled input with its error line, wired for screen readers; react-hook-form's register() spreads onto it. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, required, ...props },
  ref,
) {
  const id = useId();
  return (
    <div>
      <Label htmlFor={id}>
        {label}
        <RequiredMark required={required} />
      </Label>
      <Input
        ref={ref}
        id={id}
        className="mt-1"
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error)}
        {...props}
      />
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
});

export type TextAreaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & FieldFrameProps;

/** A labelled textarea with its error line. */
export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField(
  { label, error, required, ...props },
  ref,
) {
  const id = useId();
  return (
    <div>
      <Label htmlFor={id}>
        {label}
        <RequiredMark required={required} />
      </Label>
      <Textarea
        ref={ref}
        id={id}
        className="mt-1 min-h-20"
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error)}
        {...props}
      />
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
});
