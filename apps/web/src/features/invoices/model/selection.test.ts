import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkedIds,
  NO_SELECTION,
  offersAllMatching,
  selectedCount,
  toggleRow,
  togglePage,
  type Selection,
} from './selection';

const page = ['a', 'b', 'c'];

describe('the list selection', () => {
  it('selects the page on screen only, and offers all matching invoices once the page is full', () => {
    const all = togglePage(page, true);
    expect([...checkedIds(all, page)]).toEqual(page);
    expect(selectedCount(all, page, 57)).toBe(3);
    expect(offersAllMatching(all, page, 57)).toBe(true);
    expect(offersAllMatching(all, page, 3)).toBe(false);
    expect(offersAllMatching(toggleRow(all, page, 'b', false), page, 57)).toBe(false);
    expect(togglePage(page, false)).toEqual(NO_SELECTION);
    // A ticked row that a refresh moved off the page is neither shown nor counted.
    expect(selectedCount(all, ['a', 'c', 'd'], 57)).toBe(2);
  });

  it('counts every matching invoice once all are chosen; unticking a row keeps the rest of the page', () => {
    const everything: Selection = { ids: new Set(page), allMatching: true };
    expect(selectedCount(everything, page, 57)).toBe(57);
    expect(offersAllMatching(everything, page, 57)).toBe(false);
    expect([...checkedIds(everything, page)]).toEqual(page);
    const less = toggleRow(everything, page, 'b', false);
    expect(less.allMatching).toBe(false);
    expect([...less.ids].sort()).toEqual(['a', 'c']);
  });

  it('never shows a row of another page as ticked, nor counts one', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 10 }),
        fc.array(fc.tuple(fc.nat(20), fc.boolean(), fc.boolean())),
        (ids, steps) => {
          let selection = NO_SELECTION;
          for (const [index, checked, whole] of steps) {
            selection = whole ? togglePage(ids, checked) : toggleRow(selection, ids, ids[index % ids.length]!, checked);
          }
          for (const id of selection.ids) expect(ids).toContain(id);
          expect(checkedIds(selection, ids).size).toBe(selectedCount(selection, ids, ids.length));
        },
      ),
    );
  });
});
