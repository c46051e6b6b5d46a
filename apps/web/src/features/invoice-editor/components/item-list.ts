import type { CurrencyCode } from '@invoicer/domain/currencies';
import type { Dispatch } from 'react';
import type { EditorAction } from '../model/editor-reducer';
import type { LineItem } from '../model/invoice-form';

/** A line's problems from an e-invoice check: by the contract's item field, or 'row'. */
export type RowProblems = Readonly<Record<string, string>>;

/** The key a line's problem is kept under in the editor (items are keyed by id, not position). */
export const itemProblemKey = (id: string, field: string) => `item.${id}.${field}`;

/** Props shared by the plain list (first paint, and while drag code loads) and the sortable one. */
export interface ItemListProps {
  items: LineItem[];
  /** Formatted line amounts from computeTotals, in item order. */
  amounts: string[];
  /** The invoice's currency: how many decimals a rate may have (ADR 59). */
  currency: CurrencyCode;
  dispatch: Dispatch<EditorAction>;
  /** Below 768 px: no reordering (docs/product/editor.md#items), neither by pointer nor by keyboard. */
  dragDisabled: boolean;
  /** Each row shows its VAT category, rate and exemption reason (ADR 69). */
  vatPerLine: boolean;
  /** The server's problems per item id ('row' for the line as a whole), and how a row clears one it edits. */
  problems: ReadonlyMap<string, RowProblems>;
  onClearProblem: (key: string) => void;
  /** Called when a list mounts its rows (they replace the rows of another list). */
  onListMount?: () => void;
}
