import { Plus } from 'lucide-react';
import { memo, Suspense, useCallback, useEffect, useLayoutEffect, useRef, type FocusEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { ITEM_GRID, ItemRow } from './item-row';
import type { ItemListProps } from './item-list';
import { lazyWithFallback } from '../lib/lazy-with-fallback';

/** The rows without drag handles in use: on phones, and on wider screens until the drag code arrives. */
function PlainItemList({
  items,
  amounts,
  currency,
  dispatch,
  dragDisabled,
  onListMount,
  vatPerLine,
  problems,
  onClearProblem,
}: ItemListProps) {
  useLayoutEffect(() => onListMount?.(), [onListMount]);
  return items.map((item, index) => (
    <ItemRow
      key={item.id}
      item={item}
      position={index + 1}
      amount={amounts[index] ?? ''}
      currency={currency}
      dispatch={dispatch}
      drag={null}
      draggable={!dragDisabled}
      vatPerLine={vatPerLine}
      problems={problems.get(item.id)}
      onClearProblem={onClearProblem}
    />
  ));
}

// Without the drag code (it failed to load) the items stay editable, only not reorderable.
const SortableItemList = lazyWithFallback(
  () => import('./sortable-item-list').then((m) => m.SortableItemList),
  PlainItemList,
);

/** Items with the columns Item, Qty, Rate, Amount (docs/product/editor.md#items), reordering and 'Add Item'. */
export const ItemsSection = memo(function ItemsSection(props: Omit<ItemListProps, 'onListMount'>) {
  const { dispatch, items, dragDisabled } = props;
  const listRef = useRef<HTMLDivElement>(null);
  const focusNewItem = useRef(false);
  // After 'Add Item' the new line's name takes focus, so a keyboard user types straight into it.
  useEffect(() => {
    if (!focusNewItem.current) return;
    focusNewItem.current = false;
    listRef.current?.querySelector<HTMLInputElement>(`input[aria-label="Item ${items.length} name"]`)?.focus();
  }, [items.length]);

  // When the drag code arrives (or the width crosses 768 px) the rows are rendered by another
  // list and mount anew. Values live in state, but focus would drop to the page: the field that
  // had it gets it back, with the caret where it was (a detached input still knows its selection).
  const lastFocused = useRef<HTMLInputElement | HTMLTextAreaElement | null>(null);
  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    if (event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement) {
      lastFocused.current = event.target;
    }
  };
  const restoreFocus = useCallback(() => {
    const lost = lastFocused.current;
    if (!lost || lost.isConnected) return;
    const label = lost.getAttribute('aria-label');
    const replacement = label
      ? listRef.current?.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[aria-label="${CSS.escape(label)}"]`)
      : null;
    if (!replacement || (document.activeElement && document.activeElement !== document.body)) return;
    replacement.focus();
    replacement.setSelectionRange(lost.selectionStart, lost.selectionEnd, lost.selectionDirection ?? undefined);
  }, []);

  const listProps: ItemListProps = { ...props, onListMount: restoreFocus };
  return (
    <section aria-labelledby="invoice-items-heading" className="@container flex flex-col gap-2">
      <h2 id="invoice-items-heading" className="sr-only">
        Items
      </h2>
      <div
        aria-hidden
        className={cn(
          'hidden gap-2 rounded-lg bg-slate-800 px-1 py-2 text-xs font-semibold tracking-wide text-white uppercase @2xl:grid',
          ITEM_GRID,
        )}
      >
        <span />
        <span className="px-3">Item</span>
        <span className="px-3 text-right">Qty</span>
        <span className="px-3 text-right">Rate</span>
        <span className="px-1 text-right">Amount</span>
        <span />
      </div>
      <div ref={listRef} onFocus={onFocus} className="flex flex-col gap-2 @2xl:gap-0">
        {dragDisabled ? (
          // Phones never reorder (docs/product/editor.md#items), so they never download the drag code.
          <PlainItemList {...listProps} />
        ) : (
          <Suspense fallback={<PlainItemList {...listProps} />}>
            <SortableItemList {...listProps} />
          </Suspense>
        )}
      </div>
      <div>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            focusNewItem.current = true;
            dispatch({ type: 'addItem' });
          }}
        >
          <Plus className="h-4 w-4" aria-hidden />
          Add Item
        </Button>
      </div>
    </section>
  );
});
