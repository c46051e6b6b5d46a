import { GripVertical, MessageSquarePlus, MessageSquareX, Trash2 } from 'lucide-react';
import { memo, useId, type CSSProperties, type Dispatch, type HTMLAttributes, type ReactNode, type Ref } from 'react';
import { FieldError, Input, Textarea } from '../../../components/ui/field';
import { cn } from '../../../lib/cn';
import type { EditorAction } from '../model/editor-reducer';
import type { LineItem } from '../model/invoice-form';
import type { CurrencyCode } from '@invoicer/domain/currencies';
import { MAX_UNIT_LENGTH, UNIT_SUGGESTIONS } from '@invoicer/domain/quantity';
import {
  acceptUnitCostText,
  moneyTextError,
  QUANTITY_MAX_LENGTH,
  quantityInputText,
  quantityTextError,
  sanitizeAdjustmentText,
  stripLeadingZeros,
} from '../model/numeric-text';
import { BreakableAmount } from '../../../components/ui/breakable-amount';
import { VAT_CATEGORIES, type VatCategory } from '@invoicer/domain/einvoice/einvoice-model';
import { DEFAULT_EXEMPTION_REASONS } from '@invoicer/domain/totals';
import { needsExemptionReason, VAT_CATEGORY_LABELS } from '../model/einvoice-fields';
import { itemProblemKey, type RowProblems } from './item-list';

/** What the sortable wrapper hands a row: its drag handle's ref and listeners, and the row's moving style. */
/** Columns of the table layout: handle, Item, Qty, Rate, Amount, actions (the header row uses the same). */
export const ITEM_GRID = '@2xl:grid-cols-[2rem_minmax(0,1fr)_5.5rem_7.5rem_8rem_4.5rem]';

export interface RowDragProps {
  rowRef: Ref<HTMLDivElement>;
  handleRef: Ref<HTMLButtonElement>;
  handleProps: HTMLAttributes<HTMLButtonElement>;
  style: CSSProperties;
  isDragging: boolean;
}

export interface ItemRowProps {
  item: LineItem;
  /** 1-based position, used in the inputs' labels. */
  position: number;
  /** The line amount from computeTotals, already formatted. */
  amount: string;
  /** The invoice's currency: a rate it cannot hold (a fraction in JPY) is named under the box. */
  currency: CurrencyCode;
  dispatch: Dispatch<EditorAction>;
  /** Null while the drag code loads, and on mobile where reordering is off. */
  drag: RowDragProps | null;
  /** Whether reordering exists at this width (a handle is shown). */
  draggable: boolean;
  /** VAT per line: the row shows its category, rate and exemption reason. */
  vatPerLine: boolean;
  /** The e-invoice check's problems on this line, by field ('row' for the line as a whole). */
  problems: RowProblems | undefined;
  onClearProblem: (key: string) => void;
}

/**
 * One invoice line. Memoised: a keystroke changes one item object and one amount string, so
 * only that row renders again, whatever the number of items.
 */
export const ItemRow = memo(function ItemRow({
  item,
  position,
  amount,
  currency,
  dispatch,
  drag,
  draggable,
  vatPerLine,
  problems,
  onClearProblem,
}: ItemRowProps) {
  const update = (patch: Partial<Omit<LineItem, 'id'>>) => {
    // Editing a field takes its problem away (and the line's own, which may be about any of them).
    if (problems) {
      for (const field of [...Object.keys(patch).map(problemFieldOf), 'row']) {
        if (problems[field]) onClearProblem(itemProblemKey(item.id, field));
      }
    }
    dispatch({ type: 'updateItem', id: item.id, patch });
  };
  const label = `Item ${position}`;
  const rateError = moneyTextError(item.unitCost, 'Rate', currency);
  const rateErrorId = useId();
  const quantityError = quantityTextError(item.quantity);
  const quantityErrorId = useId();
  const unitListId = useId();
  const rowErrorId = useId();
  return (
    <div
      ref={drag?.rowRef}
      style={drag?.style}
      data-testid="item-row"
      className={cn(
        'relative rounded-xl border border-slate-200 bg-white p-3 @2xl:rounded-none @2xl:border-0 @2xl:border-b @2xl:px-1 @2xl:py-2',
        drag?.isDragging && 'z-10 shadow-lg ring-2 ring-indigo-200 @2xl:rounded-lg',
      )}
    >
      {/* A card on narrow widths (actions beside the name), a table row from 42rem of items
          width, where the wrappers dissolve into the row's grid (display: contents). The DOM
          follows the table's order, so Tab goes name, quantity, rate, then the actions. */}
      <div className={cn('grid grid-cols-[minmax(0,1fr)_auto] gap-2 @2xl:items-start', ITEM_GRID)}>
        <div className="col-start-1 row-start-1 flex gap-2 @2xl:contents">
          {draggable ? (
            <button
              type="button"
              ref={drag?.handleRef}
              {...drag?.handleProps}
              aria-label={`Drag to reorder ${label}`}
              disabled={!drag}
              className="flex h-10 w-8 shrink-0 cursor-grab touch-none items-center justify-center rounded-md text-slate-400 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-indigo-600 active:cursor-grabbing disabled:cursor-default"
            >
              <GripVertical className="h-4 w-4" aria-hidden />
            </button>
          ) : (
            <span aria-hidden className="hidden @2xl:block" />
          )}
          <div className="min-w-0 flex-1">
            <Input
              aria-label={`${label} name`}
              data-field={itemProblemKey(item.id, 'row')}
              aria-invalid={problems?.row ? true : undefined}
              aria-describedby={problems?.row ? rowErrorId : undefined}
              placeholder="Item name"
              value={item.name}
              onChange={(event) => update({ name: event.target.value })}
            />
          </div>
        </div>
        <div className="col-span-2 grid grid-cols-3 gap-2 @2xl:contents">
          <NumberCell label="Qty">
            <Input
              aria-label={`${label} quantity`}
              inputMode="decimal"
              autoComplete="off"
              maxLength={QUANTITY_MAX_LENGTH}
              value={item.quantity}
              onChange={(event) => {
                const quantity = quantityInputText(event.target.value);
                if (quantity !== null) update({ quantity });
              }}
              aria-invalid={quantityError ? true : undefined}
              aria-describedby={quantityError ? quantityErrorId : undefined}
              className="text-right"
            />
            {/* Free text with suggestions (ADR 60): printed after the quantity, "1.5 hours". */}
            <Input
              aria-label={`${label} unit`}
              placeholder="unit"
              list={unitListId}
              autoComplete="off"
              maxLength={MAX_UNIT_LENGTH}
              value={item.unit}
              onChange={(event) => update({ unit: event.target.value })}
              className="h-8 text-right text-xs"
            />
            <datalist id={unitListId}>
              {UNIT_SUGGESTIONS.map((unit) => (
                <option key={unit} value={unit} />
              ))}
            </datalist>
            <FieldError id={quantityErrorId}>{quantityError}</FieldError>
          </NumberCell>
          <NumberCell label="Rate">
            <Input
              aria-label={`${label} rate`}
              inputMode="decimal"
              autoComplete="off"
              value={item.unitCost}
              onChange={(event) =>
                acceptUnitCostText(event.target.value, currency) &&
                update({ unitCost: stripLeadingZeros(event.target.value) })
              }
              aria-invalid={rateError ? true : undefined}
              aria-describedby={rateError ? rateErrorId : undefined}
              className="text-right"
            />
            <FieldError id={rateErrorId}>{rateError}</FieldError>
          </NumberCell>
          <NumberCell label="Amount">
            <output
              aria-label={`${label} amount`}
              className="flex min-h-10 items-center justify-end px-1 text-right text-sm leading-tight font-medium text-slate-900 tabular-nums"
            >
              <span className="min-w-0">
                <BreakableAmount>{amount}</BreakableAmount>
              </span>
            </output>
          </NumberCell>
        </div>
        <div className="col-start-2 row-start-1 flex justify-end gap-1 @2xl:col-start-6">
          <button
            type="button"
            onClick={() => update({ showDesc: !item.showDesc })}
            aria-expanded={item.showDesc}
            aria-label={item.showDesc ? `Hide description of ${label}` : `Add description to ${label}`}
            title={item.showDesc ? 'Hide description' : 'Add description'}
            className="flex h-10 w-10 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-indigo-600 @2xl:w-8"
          >
            {item.showDesc ? (
              <MessageSquareX className="h-4 w-4" aria-hidden />
            ) : (
              <MessageSquarePlus className="h-4 w-4" aria-hidden />
            )}
          </button>
          <button
            type="button"
            onClick={() => dispatch({ type: 'removeItem', id: item.id })}
            aria-label={`Remove ${label}`}
            title="Remove item"
            className="flex h-10 w-10 items-center justify-center rounded-md text-slate-500 hover:bg-red-50 hover:text-red-600 focus-visible:outline-2 focus-visible:outline-indigo-600 @2xl:w-8"
          >
            <Trash2 className="h-4 w-4" aria-hidden />
          </button>
        </div>
        {vatPerLine && <LineVatFields item={item} label={label} problems={problems} update={update} />}
        {item.showDesc && (
          <div className="col-span-2 @2xl:col-span-3 @2xl:col-start-2">
            <Textarea
              aria-label={`${label} description`}
              placeholder="Description (optional)"
              value={item.description}
              onChange={(event) => update({ description: event.target.value })}
              className="min-h-16"
            />
          </div>
        )}
      </div>
      <FieldError id={rowErrorId}>{problems?.row}</FieldError>
    </div>
  );
});

/** The contract's item field a form field is checked as. */
function problemFieldOf(key: string): string {
  const fields: Record<string, string> = {
    name: 'name',
    quantity: 'quantity',
    unitCost: 'unit_cost',
    vatCategory: 'vat_category',
    vatRate: 'vat_rate',
    vatExemptionReason: 'vat_exemption_reason',
  };
  return fields[key] ?? key;
}

/** The line's VAT category, its rate (standard rate only) and the exemption reason where the rules ask for one. */
function LineVatFields({
  item,
  label,
  problems,
  update,
}: {
  item: LineItem;
  label: string;
  problems: RowProblems | undefined;
  update: (patch: Partial<Omit<LineItem, 'id'>>) => void;
}) {
  const categoryErrorId = useId();
  const rateErrorId = useId();
  const reasonErrorId = useId();
  const category = item.vatCategory ?? '';
  const rate = item.vatRate ?? '';
  const problem = (field: string) => problems?.[field] ?? null;
  const invalid = (field: string, id: string) =>
    problem(field) ? { 'aria-invalid': true as const, 'aria-describedby': id } : {};
  return (
    <div
      data-testid="item-vat"
      className="col-span-2 grid grid-cols-1 gap-2 sm:grid-cols-[minmax(0,14rem)_7rem_minmax(0,1fr)] @2xl:col-span-4 @2xl:col-start-2"
    >
      <div className="flex min-w-0 flex-col gap-1">
        <span aria-hidden className="text-xs font-medium text-slate-500">
          VAT
        </span>
        <select
          aria-label={`${label} VAT category`}
          data-field={`item.${item.id}.vat_category`}
          value={category}
          onChange={(event) => {
            const next = event.target.value as VatCategory | '';
            update({ vatCategory: next, ...(next === 'S' ? {} : { vatRate: '' }) });
          }}
          {...invalid('vat_category', categoryErrorId)}
          className="h-10 w-full rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-900 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/30 focus:outline-none aria-invalid:border-red-500"
        >
          <option value="">Choose a VAT category</option>
          {VAT_CATEGORIES.map((code) => (
            <option key={code} value={code}>
              {VAT_CATEGORY_LABELS[code]}
            </option>
          ))}
        </select>
        <FieldError id={categoryErrorId}>{problem('vat_category')}</FieldError>
      </div>
      {category === 'S' && (
        <div className="flex min-w-0 flex-col gap-1">
          <span aria-hidden className="text-xs font-medium text-slate-500">
            Rate %
          </span>
          <Input
            aria-label={`${label} VAT rate (%)`}
            data-field={`item.${item.id}.vat_rate`}
            inputMode="decimal"
            autoComplete="off"
            value={rate}
            onChange={(event) =>
              update({ vatRate: sanitizeAdjustmentText(event.target.value, 'percent', rate, 'EUR') })
            }
            {...invalid('vat_rate', rateErrorId)}
            className="text-right"
          />
          <FieldError id={rateErrorId}>{problem('vat_rate')}</FieldError>
        </div>
      )}
      {needsExemptionReason(category) && (
        <div className="flex min-w-0 flex-col gap-1 sm:col-start-3">
          <span aria-hidden className="text-xs font-medium text-slate-500">
            Exemption reason
          </span>
          <Input
            aria-label={`${label} VAT exemption reason`}
            data-field={`item.${item.id}.vat_exemption_reason`}
            placeholder={category ? DEFAULT_EXEMPTION_REASONS[category] : undefined}
            value={item.vatExemptionReason ?? ''}
            onChange={(event) => update({ vatExemptionReason: event.target.value })}
            {...invalid('vat_exemption_reason', reasonErrorId)}
          />
          <FieldError id={reasonErrorId}>{problem('vat_exemption_reason')}</FieldError>
        </div>
      )}
    </div>
  );
}

/** In card layout each number shows its column name above it; in table layout the header row names the columns. */
function NumberCell({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <span aria-hidden className="text-xs font-medium text-slate-500 @2xl:hidden">
        {label}
      </span>
      {children}
    </div>
  );
}
