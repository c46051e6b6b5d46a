import type { CLIENT_PARTY_FIELDS } from '@invoicer/domain/api/einvoice-fields';
import { zodResolver } from '@hookform/resolvers/zod';
import { ChevronDown } from 'lucide-react';
import { Fragment, useId, useState, type HTMLInputTypeAttribute, type ReactNode } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { cn } from '../lib/cn';
import { isPartyErrorField, type PartyErrorField } from '../lib/party-save-errors';
import { usePartySave } from '../lib/use-party-save';
import { Button } from './ui/button';
import { Dialog } from './ui/dialog';
import { TextAreaField, TextField } from './ui/text-field';

/** The fields a client or a business has; each form shows some of them (the bank account: businesses only). */
export type PartyFieldName =
  | 'name'
  | 'email'
  | 'phone'
  | 'address'
  | 'tax_id'
  | 'iban'
  | 'bic'
  | 'account_holder'
  | 'preferred_language'
  // The structured e-invoice fields (the domain's list; buyer_reference: clients only).
  | (typeof CLIENT_PARTY_FIELDS)[number];

/** Every field empty: the form's starting values before the party's own. */
const EMPTY_VALUES: Record<PartyFieldName, string> = {
  name: '',
  email: '',
  phone: '',
  address: '',
  tax_id: '',
  iban: '',
  bic: '',
  account_holder: '',
  preferred_language: '',
  street: '',
  additional_street: '',
  postcode: '',
  city: '',
  region: '',
  country: '',
  vat_id: '',
  company_id: '',
  endpoint_id: '',
  endpoint_scheme: '',
  buyer_reference: '',
};

export interface PartyFieldSpec<Name extends PartyFieldName> {
  name: Name;
  label: string;
  type?: HTMLInputTypeAttribute;
  required?: boolean;
  autoComplete?: string;
  /** A text area (the address). */
  multiline?: boolean;
  /** A line of help under the field. */
  hint?: string;
  /** Consecutive fields with the same section are grouped under it as a heading. */
  section?: string;
  /**
   * The section is a disclosure, folded until opened (a button with aria-expanded); it opens by itself when one of
   * its fields has a value or an error.
   */
  folded?: boolean;
  /** A select of these choices instead of a text input ('' is the first choice's value when it means none). */
  options?: ReadonlyArray<{ value: string; label: string; lang?: string }>;
}

/**
 * A form schema over some of the fields: the server's own rules and messages
 * (docs/product/clients-and-businesses.md#the-client-modal).
 */
export type PartyFormSchema = z.ZodType<
  Partial<Record<PartyFieldName, string | null | undefined>>,
  Partial<Record<PartyFieldName, string | null>>
>;

/** What the client and business features give the shared form. */
export interface PartyFormConfig<Name extends PartyFieldName, Saved> {
  fields: readonly PartyFieldSpec<Name>[];
  schema: PartyFormSchema;
  /** The values the form starts from: the party being edited, or empty. */
  initial: Record<Name, string>;
  /** The create or update call. */
  save: (fields: Record<Name, string>) => Promise<Saved>;
  /** Toast, tell the caller: the feature's own. The dialog closes afterwards. */
  onSaved: (saved: Saved) => void;
  /** The query keys a save changes (the feature's lists, the pickers'), asked again once it settles. */
  invalidates: readonly QueryKey[];
}

type Noun = 'Client' | 'Business';

/**
 * The 'Add New Client' / 'Edit Client' and 'Add New Business' / 'Edit Business' modals
 * (docs/product/states-and-transitions.md#client-and-business-modals). The form mounts with the dialog's content, keyed
 * by what it edits, so it starts afresh (values and errors) each time it opens; while it saves, closing is refused.
 */
export function PartyFormDialog<Name extends PartyFieldName, Saved>({
  open,
  noun,
  editingId,
  description,
  onClose,
  form,
  returnFocus = null,
}: {
  open: boolean;
  noun: Noun;
  /** The id of the party being edited; null in create mode. */
  editingId: string | null;
  description: string;
  onClose: () => void;
  form: PartyFormConfig<Name, Saved>;
  /** Gets focus back on close (a dialog opened from a row's menu: that menu's button). */
  returnFocus?: HTMLElement | null;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={editingId ? `Edit ${noun}` : `Add New ${noun}`}
      description={description}
      busy={busy}
      className="max-w-md"
      returnFocus={returnFocus}
    >
      <Fragment key={editingId ?? 'new'}>
        <PartyForm noun={noun} editing={editingId !== null} onClose={onClose} onBusyChange={setBusy} {...form} />
      </Fragment>
    </Dialog>
  );
}

/** Consecutive fields grouped by their section (none: the form's first fields). */
function sectionsOf<Name extends PartyFieldName>(fields: readonly PartyFieldSpec<Name>[]) {
  const groups: Array<{ section: string | undefined; folded: boolean; fields: PartyFieldSpec<Name>[] }> = [];
  for (const field of fields) {
    const last = groups.at(-1);
    if (last && last.section === field.section) last.fields.push(field);
    else groups.push({ section: field.section, folded: field.folded ?? false, fields: [field] });
  }
  return groups;
}

/**
 * A folded section: its heading is a button that shows or hides the fields (kept mounted, so their values are sent
 * either way). Open from the start when `filled`, and while any field in it has an error.
 */
function FoldedSection({
  title,
  filled,
  hasError,
  children,
}: {
  title: string;
  filled: boolean;
  hasError: boolean;
  children: ReactNode;
}) {
  const [expanded, setExpanded] = useState(filled);
  const contentId = useId();
  const open = expanded || hasError;
  return (
    <div className="border-t border-slate-200 pt-4">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={contentId}
        onClick={() => setExpanded(!open)}
        className="flex min-h-11 w-full items-center justify-between gap-2 rounded-lg text-left sm:min-h-10 text-sm font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      >
        <span>{title}</span>
        <ChevronDown
          aria-hidden
          className={cn('h-4 w-4 shrink-0 text-slate-500 transition-transform', open && 'rotate-180')}
        />
      </button>
      <p className="text-xs text-slate-500">
        For e-invoices (Factur-X, XRechnung, Peppol). Leave empty if you only send PDF invoices.
      </p>
      <div id={contentId} role="group" aria-label={title} hidden={!open} className="mt-4 space-y-4">
        {children}
      </div>
    </div>
  );
}

function PartyForm<Name extends PartyFieldName, Saved>({
  noun,
  editing,
  fields,
  schema,
  initial,
  save,
  onSaved,
  invalidates,
  onClose,
  onBusyChange,
}: PartyFormConfig<Name, Saved> & {
  noun: Noun;
  editing: boolean;
  onClose: () => void;
  onBusyChange: (busy: boolean) => void;
}) {
  const {
    register,
    handleSubmit,
    clearErrors,
    setError,
    formState: { errors },
  } = useForm<z.input<PartyFormSchema>, unknown, z.output<PartyFormSchema>>({
    // Fields this form does not show stay '' and are never sent.
    defaultValues: { ...EMPTY_VALUES, ...initial },
    resolver: zodResolver(schema),
    // Editing a field clears its error; the rules run again on the next submit
    // (docs/product/states-and-transitions.md#client-and-business-modals).
    reValidateMode: 'onSubmit',
  });

  const { busy, generalError, submit } = usePartySave({
    save,
    invalidates,
    onSuccess: (saved: Saved) => {
      onSaved(saved);
      onClose();
    },
    // A server message lands on a field it names, among the fields this form has.
    errorFields: fields.map(({ name }): string => name).filter(isPartyErrorField),
    setFieldError: (field: PartyErrorField, message: string) => setError(field, { type: 'server', message }),
    onBusyChange,
  });

  const onSubmit = handleSubmit((values) => {
    // Optional fields the user left empty are sent as ''.
    submit(Object.fromEntries(fields.map(({ name }) => [name, values[name] ?? ''])) as Record<Name, string>);
  });

  const renderField = ({
    name,
    label,
    type,
    required,
    autoComplete = 'off',
    multiline,
    hint,
    options,
  }: PartyFieldSpec<Name>) => {
    if (options) {
      const id = `party-${name}`;
      return (
        <div key={name} className="flex flex-col gap-1">
          <label htmlFor={id} className="text-sm font-medium text-slate-700">
            {label}
          </label>
          <select
            id={id}
            disabled={busy}
            {...register(name, { onChange: () => clearErrors(name) })}
            className="h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/30 focus:outline-none"
          >
            {options.map((option) => (
              <option key={option.value} value={option.value} {...(option.lang ? { lang: option.lang } : {})}>
                {option.label}
              </option>
            ))}
          </select>
          {hint && <p className="text-xs text-slate-500">{hint}</p>}
          {errors[name]?.message && (
            <p role="alert" className="text-sm text-red-600">
              {errors[name]?.message}
            </p>
          )}
        </div>
      );
    }
    const props = {
      label,
      error: errors[name]?.message,
      disabled: busy,
      ...(hint ? { hint } : {}),
      ...register(name, { onChange: () => clearErrors(name) }),
    };
    return multiline ? (
      <TextAreaField key={name} {...props} />
    ) : (
      <TextField
        key={name}
        {...props}
        {...(type ? { type } : {})}
        required={required ?? false}
        autoComplete={autoComplete}
        autoFocus={name === fields[0]?.name}
      />
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      {sectionsOf(fields).map(({ section, folded, fields: grouped }) =>
        section && folded ? (
          <FoldedSection
            key={section}
            title={section}
            filled={grouped.some(({ name }) => (initial[name] ?? '') !== '')}
            hasError={grouped.some(({ name }) => errors[name] !== undefined)}
          >
            {grouped.map(renderField)}
          </FoldedSection>
        ) : section ? (
          <fieldset key={section} className="space-y-4 border-t border-slate-200 pt-4">
            <legend className="float-left mb-1 w-full text-sm font-semibold text-slate-900">{section}</legend>
            {grouped.map(renderField)}
          </fieldset>
        ) : (
          <Fragment key={grouped[0]!.name}>{grouped.map(renderField)}</Fragment>
        ),
      )}
      {generalError && (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-800">
          {generalError}
        </div>
      )}
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={busy} className="h-11 sm:h-10">
          Cancel
        </Button>
        <Button type="submit" disabled={busy} className="h-11 sm:h-10">
          {busy ? (editing ? 'Saving...' : 'Creating...') : editing ? 'Save Changes' : `Create ${noun}`}
        </Button>
      </div>
    </form>
  );
}
