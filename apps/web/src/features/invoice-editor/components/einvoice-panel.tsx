import { COUNTRY_CODES } from '@invoicer/domain/einvoice/einvoice-codes';
import { useEffect, useId, useMemo, type ReactNode } from 'react';
import { FieldError, Input } from '../../../components/ui/field';
import { cn } from '../../../lib/cn';
import { COMMON_EAS_SCHEMES, type BuyerField, type PartyRole, type SellerField } from '../model/einvoice-fields';
import type { EInvoiceSectionProps } from './einvoice-section';
import { ToggleSwitch } from './toggle-switch';

type PartyFieldKey = SellerField | BuyerField;

/** The party fields in the order a form of an address reads, with plain labels. */
const PARTY_LAYOUT: ReadonlyArray<{ field: PartyFieldKey; label: string; wide?: boolean; autoComplete?: string }> = [
  { field: 'name', label: 'Name', wide: true, autoComplete: 'organization' },
  { field: 'street', label: 'Street', wide: true, autoComplete: 'address-line1' },
  { field: 'additional_street', label: 'Additional address line', wide: true, autoComplete: 'address-line2' },
  { field: 'postcode', label: 'Postcode', autoComplete: 'postal-code' },
  { field: 'city', label: 'City', autoComplete: 'address-level2' },
  { field: 'region', label: 'Region', autoComplete: 'address-level1' },
  { field: 'country', label: 'Country' },
  { field: 'vat_id', label: 'VAT number' },
  { field: 'company_id', label: 'Company registration number' },
  { field: 'email', label: 'E-mail', autoComplete: 'email' },
  { field: 'endpoint_id', label: 'Electronic address' },
  { field: 'endpoint_scheme', label: 'Electronic address scheme' },
];

const SELLER_ONLY: typeof PARTY_LAYOUT = [
  { field: 'contact_name', label: 'Contact name', autoComplete: 'name' },
  { field: 'phone', label: 'Phone', autoComplete: 'tel' },
];
const BUYER_ONLY: typeof PARTY_LAYOUT = [
  { field: 'buyer_reference', label: 'Buyer reference (Leitweg-ID)', wide: true },
];

const selectClass =
  'h-10 w-full rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-900 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/30 focus:outline-none aria-invalid:border-red-500';

/** Country names in the browser's language, sorted by name (Intl.DisplayNames; the code where it knows none). */
function useCountryOptions(): Array<{ code: string; name: string }> {
  return useMemo(() => {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames(typeof navigator === 'undefined' ? ['en'] : [...navigator.languages, 'en'], {
        type: 'region',
      });
    } catch {
      names = null;
    }
    return COUNTRY_CODES.map((code) => ({ code, name: names?.of(code) ?? code })).sort((a, b) =>
      a.name.localeCompare(b.name),
    );
  }, []);
}

/**
 * The fields of "E-invoice details", loaded the first time the section opens (the country and scheme lists and the
 * fields stay out of the editor's first load). `onReady` says they are on screen, so a problem's field can take focus.
 */
export function EInvoicePanel(props: Omit<EInvoiceSectionProps, 'open' | 'onOpenChange'>) {
  const { dispatch, problems, onClearProblem, onReady } = props;
  const countries = useCountryOptions();
  useEffect(() => onReady(), [onReady]);
  const clear = (key: string) => {
    if (problems[key]) onClearProblem(key);
  };
  return (
    <>
      <div className="grid grid-cols-1 gap-5 @2xl:grid-cols-2">
        <PartyFieldset
          role="seller"
          legend="You (seller)"
          values={props.seller}
          layout={[...PARTY_LAYOUT, ...SELLER_ONLY]}
          countries={countries}
          problems={problems}
          onChange={(field, value) => {
            clear(`seller.${field}`);
            dispatch({ type: 'setPartyDetail', role: 'seller', field: field as SellerField, value });
          }}
        />
        <PartyFieldset
          role="buyer"
          legend="Your client (buyer)"
          values={props.buyer}
          layout={[...PARTY_LAYOUT, ...BUYER_ONLY]}
          countries={countries}
          problems={problems}
          onChange={(field, value) => {
            clear(`buyer.${field}`);
            dispatch({ type: 'setPartyDetail', role: 'buyer', field: field as BuyerField, value });
          }}
        />
      </div>
      <fieldset className="grid min-w-0 grid-cols-1 gap-3 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold text-slate-800">Bank transfer</legend>
        {(['iban', 'bic'] as const).map((field) => (
          <DetailField key={field} label={field.toUpperCase()} path={field} problems={problems}>
            {(control) => (
              <Input
                {...control}
                value={props[field]}
                autoComplete="off"
                spellCheck={false}
                onChange={(event) => {
                  clear(field);
                  dispatch({ type: 'setBank', field, value: event.target.value });
                }}
              />
            )}
          </DetailField>
        ))}
      </fieldset>
      <div className="flex flex-col gap-1">
        <ToggleSwitch
          label="VAT per line"
          checked={props.vatPerLine}
          onCheckedChange={(on) => dispatch({ type: 'setVatPerLine', on })}
        />
        <p className="text-xs text-slate-500">
          Each line gets its VAT category and rate; the tax is then the VAT of each rate.
        </p>
      </div>
    </>
  );
}

interface ControlProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
  'data-field': string;
}

/** A labelled control with the e-invoice check's message under it. */
function DetailField({
  label,
  path,
  problems,
  wide,
  children,
}: {
  label: string;
  path: string;
  problems: Readonly<Record<string, string>>;
  wide?: boolean;
  children: (control: ControlProps) => ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const problem = problems[path] ?? null;
  return (
    <div className={cn('flex min-w-0 flex-col gap-1', wide && 'sm:col-span-2')}>
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      {children({
        id,
        'data-field': path,
        ...(problem ? { 'aria-invalid': true as const, 'aria-describedby': errorId } : {}),
      })}
      <FieldError id={errorId}>{problem}</FieldError>
    </div>
  );
}

function PartyFieldset({
  role,
  legend,
  values,
  layout,
  countries,
  problems,
  onChange,
}: {
  role: PartyRole;
  legend: string;
  values: Readonly<Record<string, string>>;
  layout: typeof PARTY_LAYOUT;
  countries: Array<{ code: string; name: string }>;
  problems: Readonly<Record<string, string>>;
  onChange: (field: PartyFieldKey, value: string) => void;
}) {
  return (
    <fieldset className="grid min-w-0 grid-cols-1 gap-3 sm:grid-cols-2">
      <legend className="mb-2 text-sm font-semibold text-slate-800">{legend}</legend>
      {layout.map(({ field, label, wide, autoComplete }) => {
        const value = values[field] ?? '';
        return (
          <DetailField key={field} label={label} path={`${role}.${field}`} problems={problems} wide={wide}>
            {(control) =>
              field === 'country' ? (
                <select
                  {...control}
                  value={value.toUpperCase()}
                  onChange={(event) => onChange(field, event.target.value)}
                  className={selectClass}
                >
                  <option value="">Choose a country</option>
                  {countries.map((country) => (
                    <option key={country.code} value={country.code}>
                      {country.name}
                    </option>
                  ))}
                </select>
              ) : field === 'endpoint_scheme' ? (
                <select
                  {...control}
                  value={value.toUpperCase()}
                  onChange={(event) => onChange(field, event.target.value)}
                  className={selectClass}
                >
                  <option value="">Choose a scheme</option>
                  {/* A scheme set through the API that is not among the common ones stays selectable. */}
                  {value && !COMMON_EAS_SCHEMES.some((scheme) => scheme.code === value.toUpperCase()) && (
                    <option value={value.toUpperCase()}>{value.toUpperCase()}</option>
                  )}
                  {COMMON_EAS_SCHEMES.map((scheme) => (
                    <option key={scheme.code} value={scheme.code}>
                      {scheme.code} · {scheme.label}
                    </option>
                  ))}
                </select>
              ) : (
                <Input
                  {...control}
                  value={value}
                  // The browser's own address belongs to the seller only, never to the client's fields.
                  autoComplete={role === 'seller' && autoComplete ? autoComplete : 'off'}
                  type={field === 'email' ? 'email' : 'text'}
                  onChange={(event) => onChange(field, event.target.value)}
                />
              )
            }
          </DetailField>
        );
      })}
    </fieldset>
  );
}
