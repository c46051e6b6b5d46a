import type { CurrencyCode } from '@invoicer/domain/currencies';
import type { Dispatch } from 'react';
import type { EditorAction } from '../model/editor-reducer';
import type { LineItem } from '../model/invoice-form';

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
  /** Called when a list mounts its rows (they replace the rows of another list). */
  onListMount?: () => void;
}
