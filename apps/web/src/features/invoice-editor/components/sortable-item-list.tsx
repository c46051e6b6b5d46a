import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type Modifier,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, type Dispatch } from 'react';
import type { CurrencyCode } from '@invoicer/domain/currencies';
import type { EditorAction } from '../model/editor-reducer';
import type { LineItem } from '../model/invoice-form';
import { ItemRow, type RowDragProps } from './item-row';
import type { ItemListProps, RowProblems } from './item-list';

const verticalOnly: Modifier = ({ transform }) => ({ ...transform, x: 0 });
// Module constants on purpose: dnd-kit memoises on their identity, and a new options object per
// render would hand every sortable row a new context, re-rendering all rows on each keystroke.
const modifiers = [verticalOnly];
// A few pixels of movement before a drag starts, so a click on the grip stays a click.
const pointerOptions = { activationConstraint: { distance: 4 } };
const keyboardOptions = { coordinateGetter: sortableKeyboardCoordinates };

/**
 * The items with drag reordering (@dnd-kit): by the grip with a pointer, or by keyboard
 * (Space to lift, arrows to move, Space to drop). Loaded after first paint, as its own chunk.
 */
export function SortableItemList({
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
  const sensors = useSensors(useSensor(PointerSensor, pointerOptions), useSensor(KeyboardSensor, keyboardOptions));

  // The same array object while the order is unchanged: typing must not re-render every sortable row.
  const idsKey = items.map((item) => item.id).join('\n');
  const ids = useMemo(() => (idsKey === '' ? [] : idsKey.split('\n')), [idsKey]);

  const idsRef = useRef(ids);
  useEffect(() => {
    idsRef.current = ids;
  });
  const accessibility = useMemo<{ announcements: Announcements }>(() => {
    const position = (id: UniqueIdentifier) => idsRef.current.indexOf(String(id)) + 1;
    const announcements: Announcements = {
      onDragStart: ({ active }) => `Picked up item ${position(active.id)}.`,
      onDragOver: ({ active, over }) =>
        over ? `Item ${position(active.id)} is over position ${position(over.id)}.` : undefined,
      onDragEnd: ({ active, over }) =>
        over ? `Item ${position(active.id)} dropped at position ${position(over.id)}.` : 'Item dropped.',
      onDragCancel: ({ active }) => `Moving item ${position(active.id)} was cancelled.`,
    };
    return { announcements };
  }, []);

  const onDragEnd = useCallback(
    ({ active, over }: DragEndEvent) => {
      if (over && active.id !== over.id) {
        dispatch({ type: 'moveItem', activeId: String(active.id), overId: String(over.id) });
      }
    },
    [dispatch],
  );

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      modifiers={modifiers}
      onDragEnd={onDragEnd}
      accessibility={accessibility}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy} disabled={dragDisabled}>
        {items.map((item, index) => (
          <SortableItemRow
            key={item.id}
            item={item}
            position={index + 1}
            amount={amounts[index] ?? ''}
            currency={currency}
            dispatch={dispatch}
            disabled={dragDisabled}
            vatPerLine={vatPerLine}
            problems={problems.get(item.id)}
            onClearProblem={onClearProblem}
          />
        ))}
      </SortableContext>
    </DndContext>
  );
}

interface SortableItemRowProps {
  item: LineItem;
  position: number;
  amount: string;
  currency: CurrencyCode;
  dispatch: Dispatch<EditorAction>;
  disabled: boolean;
  vatPerLine: boolean;
  problems: RowProblems | undefined;
  onClearProblem: (key: string) => void;
}

const SortableItemRow = memo(function SortableItemRow({
  item,
  position,
  amount,
  currency,
  dispatch,
  disabled,
  vatPerLine,
  problems,
  onClearProblem,
}: SortableItemRowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: item.id,
    disabled,
  });
  const drag: RowDragProps | null = disabled
    ? null
    : {
        rowRef: setNodeRef,
        handleRef: setActivatorNodeRef,
        handleProps: { ...attributes, ...listeners },
        style: { transform: CSS.Translate.toString(transform), transition },
        isDragging,
      };
  return (
    <ItemRow
      item={item}
      position={position}
      amount={amount}
      currency={currency}
      dispatch={dispatch}
      drag={drag}
      draggable={!disabled}
      vatPerLine={vatPerLine}
      problems={problems}
      onClearProblem={onClearProblem}
    />
  );
});
