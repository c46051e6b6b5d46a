const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date written YYYY-MM-DD (the only date form the product stores). */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

// prettier-ignore
const MONTHS = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
];

/** "November 21, 2026": the US English long format of invoices (docs/product/messages-and-limits.md#formats). Timezone-free. */
export function formatLongUsDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return `${MONTHS[month - 1]} ${day}, ${year}`;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A date as a document in `language` prints it (docs/decisions/0061-the-document-language.md): Intl's long date of
 * that locale ("28. November 2026" in de, "28 novembre 2026" in fr, "2026年11月28日" in ja), computed in UTC so no
 * timezone moves it. US English (no language, `en`, `en-US`) is formatLongUsDate, unchanged.
 */
export function formatDateForReader(isoDate: string, language?: string | null): string {
  if (language == null || language === 'en' || language === 'en-US') return formatLongUsDate(isoDate);
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  let format = dateFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' });
    dateFormats.set(language, format);
  }
  return format.format(new Date(Date.UTC(year, month - 1, day))).replace(/[\u200e\u200f\u061c]/g, '');
}

/** YYYY-MM-DD plus n days, computed in UTC so no timezone moves the date. */
export function addDays(isoDate: string, days: number): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}
