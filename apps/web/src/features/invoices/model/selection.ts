/**
 * The list's selection (issue 14): the rows of the page on screen, or, Gmail's way, "all N
 * invoices" the search and status filter match, on every page. A new page, search, filter or sort
 * starts with nothing selected, so nothing is ever selected out of sight.
 */
export interface Selection {
  /** Ids chosen on the page on screen. */
  ids: ReadonlySet<string>;
  /** Every invoice the list's search and filter match, not only this page's. */
  allMatching: boolean;
}

export const NO_SELECTION: Selection = { ids: new Set(), allMatching: false };

/** One row's box. Unticking a row of "all N" leaves the rest of this page selected. */
export function toggleRow(selection: Selection, pageIds: readonly string[], id: string, checked: boolean): Selection {
  const ids = new Set(selection.allMatching ? pageIds : selection.ids);
  if (checked) ids.add(id);
  else ids.delete(id);
  return { ids, allMatching: false };
}

/** The header's box: this page's rows, all or none; never rows of another page. */
export function togglePage(pageIds: readonly string[], checked: boolean): Selection {
  return checked ? { ids: new Set(pageIds), allMatching: false } : NO_SELECTION;
}

/** The ids the rows show ticked. */
export function checkedIds(selection: Selection, pageIds: readonly string[]): ReadonlySet<string> {
  if (selection.allMatching) return new Set(pageIds);
  return new Set(pageIds.filter((id) => selection.ids.has(id)));
}

/**
 * How many invoices an action would act on: every match, or the ticked rows still on this page (a
 * row that left the page after a refresh is no longer counted, nor acted on).
 */
export function selectedCount(selection: Selection, pageIds: readonly string[], total: number): number {
  return selection.allMatching ? total : checkedIds(selection, pageIds).size;
}

/** Gmail's offer: the whole page is ticked and more invoices match than the page shows. */
export function offersAllMatching(selection: Selection, pageIds: readonly string[], total: number): boolean {
  return (
    !selection.allMatching &&
    pageIds.length > 0 &&
    pageIds.every((id) => selection.ids.has(id)) &&
    total > pageIds.length
  );
}
