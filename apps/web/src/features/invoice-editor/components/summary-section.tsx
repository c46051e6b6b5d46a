import type { CurrencyCode } from '@invoicer/domain/currencies';
import { formatMoney } from '@invoicer/domain/money';
import { percentRateToDecimal } from '@invoicer/domain/percent';
import type { Totals, VatGroup } from '@invoicer/domain/totals';
import { VAT_CATEGORY_LABELS } from '../model/einvoice-fields';
import { memo, useId, type Dispatch } from 'react';
import { ToggleSwitch } from './toggle-switch';
import { cn } from '../../../lib/cn';
import type { AdjustmentKey, EditorAction } from '../model/editor-reducer';
import type { AdjustmentFields, AdjustmentType } from '../model/invoice-form';
import { moneyTextError, normalizeDecimalText, sanitizeAdjustmentText } from '../model/numeric-text';
import { FieldError } from '../../../components/ui/field';

export interface SummarySectionProps extends AdjustmentFields {
  /** From computeTotals; null when the amounts are too large to hold. */
  totals: Totals | null;
  /** VAT per line: the tax is the breakdown per category and rate, not the Tax box. */
  vatPerLine: boolean;
  discountBeforeTax: boolean;
  /** The e-invoice check's messages by key: `tax`, `discount`, `shipping`, `discount_before_tax`. */
  problems: Readonly<Record<string, string>>;
  currency: CurrencyCode;
  dispatch: Dispatch<EditorAction>;
}

const TOO_LARGE = 'Invoice amounts are too large.';

/** Subtotal, the Tax / Discount / Shipping toggles and inputs, and Total (docs/product/editor.md#totals). */
export const SummarySection = memo(function SummarySection(props: SummarySectionProps) {
  const { totals, currency, dispatch, problems } = props;
  const beforeTaxErrorId = useId();
  const beforeTaxProblem = problems.discount_before_tax ?? null;
  const money = (minor: number | undefined) => (totals && minor !== undefined ? formatMoney(minor, currency) : '—');
  return (
    <section aria-labelledby="invoice-summary-heading" className="flex flex-col gap-3">
      <h2 id="invoice-summary-heading" className="sr-only">
        Totals
      </h2>
      <div className="flex items-center justify-between text-sm">
        <span className="font-medium text-slate-700">Subtotal</span>
        <span data-testid="invoice-subtotal" className="font-medium tabular-nums">
          {money(totals?.subtotal)}
        </span>
      </div>

      <div className="flex flex-wrap gap-x-5 gap-y-2 border-y border-slate-100 py-3">
        {!props.vatPerLine && (
          <ToggleSwitch
            label="Tax"
            checked={props.showTax}
            onCheckedChange={(on) => dispatch({ type: 'toggleAdjustment', key: 'tax', on })}
          />
        )}
        <ToggleSwitch
          label="Discount"
          checked={props.showDiscount}
          onCheckedChange={(on) => dispatch({ type: 'toggleAdjustment', key: 'discount', on })}
        />
        <ToggleSwitch
          label="Shipping"
          checked={props.showShipping}
          onCheckedChange={(on) => dispatch({ type: 'toggleAdjustment', key: 'shipping', on })}
        />
      </div>

      {props.vatPerLine && totals?.vat && <VatBreakdownRows groups={totals.vat.groups} money={money} />}
      {!props.vatPerLine && props.showTax && (
        <AdjustmentRow
          adjustment="tax"
          problem={problems.tax ?? null}
          label="Tax"
          value={props.taxPercent}
          kind={props.taxType}
          amount={money(totals?.tax)}
          currency={currency}
          dispatch={dispatch}
        />
      )}
      {props.showDiscount && (
        <AdjustmentRow
          adjustment="discount"
          problem={problems.discount ?? null}
          label="Discount"
          value={props.discountPercent}
          kind={props.discountType}
          amount={totals ? `−${money(totals.discount)}` : '—'}
          currency={currency}
          dispatch={dispatch}
        />
      )}
      {!props.vatPerLine && props.showTax && props.taxType === 'percent' && props.showDiscount && (
        <div>
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              checked={props.discountBeforeTax}
              data-field="discount_before_tax"
              aria-invalid={beforeTaxProblem ? true : undefined}
              aria-describedby={beforeTaxProblem ? beforeTaxErrorId : undefined}
              onChange={(event) => dispatch({ type: 'setDiscountBeforeTax', on: event.target.checked })}
              className="h-4 w-4 rounded border-slate-300 text-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-600"
            />
            Apply discounts before tax
          </label>
          <FieldError id={beforeTaxErrorId}>{beforeTaxProblem}</FieldError>
        </div>
      )}
      {props.showShipping && (
        <AdjustmentRow
          adjustment="shipping"
          problem={problems.shipping ?? null}
          label="Shipping"
          value={props.shippingAmount}
          kind="fixed"
          amount={money(totals?.shipping)}
          currency={currency}
          dispatch={dispatch}
        />
      )}

      <div className="flex items-center justify-between border-t border-slate-200 pt-3">
        <span className="text-base font-semibold text-slate-900">Total</span>
        <span data-testid="invoice-total" className="text-lg font-bold text-slate-900 tabular-nums">
          {money(totals?.total)}
        </span>
      </div>
      {!totals && (
        <p role="alert" className="text-sm text-red-600">
          {TOO_LARGE}
        </p>
      )}
    </section>
  );
});

/** The VAT of each category and rate (computeVatBreakdown through computeTotals), as the e-invoice carries it. */
function VatBreakdownRows({ groups, money }: { groups: VatGroup[]; money: (minor: number | undefined) => string }) {
  return (
    <dl data-testid="invoice-vat-breakdown" className="flex flex-col gap-1 text-sm">
      {groups.map((group) => {
        const name =
          group.category === 'S'
            ? `VAT ${formatPercent(group.rate)}`
            : `${VAT_CATEGORY_LABELS[group.category]} (${formatPercent(group.rate)})`;
        return (
          <div key={`${group.category}:${group.rate}`} className="flex items-center justify-between gap-3">
            <dt className="min-w-0 text-slate-700">
              {name} <span className="text-xs text-slate-500">on {money(group.taxable)}</span>
            </dt>
            <dd className="tabular-nums text-slate-700">{money(group.tax)}</dd>
          </div>
        );
      })}
    </dl>
  );
}

/** A PercentRate (thousandths of a percent) as '19 %' or '8.875 %'. */
function formatPercent(rate: number): string {
  return `${percentRateToDecimal(rate).toLocaleString(undefined, { maximumFractionDigits: 3 })} %`;
}

interface AdjustmentRowProps {
  adjustment: AdjustmentKey;
  label: string;
  value: string;
  kind: AdjustmentType;
  amount: string;
  currency: CurrencyCode;
  dispatch: Dispatch<EditorAction>;
  /** The e-invoice check's message for the row, if any. */
  problem: string | null;
}

function AdjustmentRow({ adjustment, label, value, kind, amount, currency, dispatch, problem }: AdjustmentRowProps) {
  const inputId = useId();
  const errorId = useId();
  // A fixed amount the currency cannot hold (a fraction in JPY), in the shared schema's words; else the e-invoice's.
  const error = (kind === 'fixed' ? moneyTextError(value, label, currency) : null) ?? problem;
  const percent = kind === 'percent';
  const set = (next: string) => dispatch({ type: 'setAdjustment', key: adjustment, value: next });
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor={inputId} className="w-16 text-sm font-medium text-slate-700 sm:w-20">
        {label}
        <span className="sr-only">{percent ? ' rate (%)' : ' amount'}</span>
      </label>
      <input
        id={inputId}
        type="number"
        data-field={adjustment}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        inputMode="decimal"
        min={0}
        max={percent ? 100 : undefined}
        step={percent ? 1 : 0.01}
        value={value}
        onChange={(event) => set(sanitizeAdjustmentText(event.target.value, kind, value, currency))}
        onBlur={() => {
          const normalized = normalizeDecimalText(value);
          if (normalized !== value) set(normalized);
        }}
        className="h-9 w-20 rounded-lg border border-slate-300 bg-white px-2 text-right text-sm tabular-nums focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/30 focus:outline-none"
      />
      {adjustment !== 'shipping' && (
        <TypeSwitch
          label={label}
          kind={kind}
          onChange={(next) => dispatch({ type: 'setAdjustmentType', key: adjustment, kind: next })}
        />
      )}
      <span className="ml-auto text-sm tabular-nums text-slate-700" data-testid={`invoice-${adjustment}-amount`}>
        {amount}
      </span>
      {error && (
        <div className="w-full">
          <FieldError id={errorId}>{error}</FieldError>
        </div>
      )}
    </div>
  );
}

/** Percent or fixed amount, as a pair of radio buttons (arrow keys move between them). */
function TypeSwitch({
  label,
  kind,
  onChange,
}: {
  label: string;
  kind: AdjustmentType;
  onChange: (kind: AdjustmentType) => void;
}) {
  const name = useId();
  const options: Array<{ value: AdjustmentType; text: string; name: string }> = [
    { value: 'percent', text: '%', name: 'Percent' },
    { value: 'fixed', text: 'Fixed', name: 'Fixed amount' },
  ];
  return (
    <fieldset className="inline-flex rounded-lg border border-slate-300 bg-white p-0.5">
      <legend className="sr-only">{label} type</legend>
      {options.map((option) => (
        <label
          key={option.value}
          className={cn(
            'cursor-pointer rounded-md px-2.5 py-1 text-xs font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-indigo-600',
            kind === option.value ? 'bg-indigo-600 text-white' : 'text-slate-600 hover:bg-slate-100',
          )}
        >
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={kind === option.value}
            onChange={() => onChange(option.value)}
            className="sr-only"
          />
          <span aria-hidden>{option.text}</span>
          <span className="sr-only">{option.name}</span>
        </label>
      ))}
    </fieldset>
  );
}
