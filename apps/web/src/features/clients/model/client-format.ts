/** 'Added' dates as day, short month, year (docs/product/messages-and-limits.md#formats), e.g. 21 Nov 2026. */
export function formatAdded(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
}
