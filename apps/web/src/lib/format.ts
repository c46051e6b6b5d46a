/**
 * Formats several features show the same way (the invoice list's ZIP progress and activity log, the account export).
 */

/** Bytes as a progress line or a file size shows them ('312 KB', '12.3 MB'). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' });

/** A moment as the activity log and the account export show it: 'November 21, 2026 at 3:04 PM', in the reader's time zone. */
export function formatDateTime(value: string | null | undefined): string {
  const time = value ? Date.parse(value) : NaN;
  return Number.isNaN(time) ? '—' : dateTime.format(time);
}
