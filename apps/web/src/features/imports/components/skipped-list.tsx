/** How many skipped entries the report lists; the rest are counted (a file of 50,000 bad rows stays readable). */
export const SKIPPED_SHOWN = 100;

/**
 * The skipped rows or items of an import, each with its reason (docs/product/importing.md#the-report): a list that
 * wraps on a phone, the place first and the reason under it.
 */
export function SkippedList({ entries, label }: { entries: Array<{ where: string; reason: string }>; label: string }) {
  if (entries.length === 0) return null;
  const shown = entries.slice(0, SKIPPED_SHOWN);
  return (
    <section aria-label={label} className="mt-3">
      <h3 className="text-sm font-semibold text-slate-900">{label}</h3>
      <ul className="mt-2 max-h-64 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200">
        {shown.map((entry, index) => (
          <li key={`${entry.where}-${index}`} className="px-3 py-2 text-sm break-words">
            <span className="font-medium text-slate-900">{entry.where}</span>
            <span className="block text-slate-600">{entry.reason}</span>
          </li>
        ))}
      </ul>
      {entries.length > shown.length && (
        <p className="mt-2 text-sm text-slate-600">
          and {(entries.length - shown.length).toLocaleString('en-US')} more
        </p>
      )}
    </section>
  );
}
