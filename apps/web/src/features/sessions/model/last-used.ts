/**
 * When a session was last used, in words (docs/product/accounts.md#signed-in-devices). The server renews a session's
 * time at most once an hour, so anything under an hour reads "within the last hour": the list never claims more
 * precision than it has.
 */
export function lastUsedText(lastSeenAt: string, now: number = Date.now()): string {
  const minutes = Math.max(0, (now - Date.parse(lastSeenAt)) / 60_000);
  if (Number.isNaN(minutes)) return 'Last active: unknown';
  if (minutes < 60) return 'Active within the last hour';
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `Last active about ${hours} ${hours === 1 ? 'hour' : 'hours'} ago`;
  const days = Math.floor(hours / 24);
  if (days < 30) return `Last active ${days} ${days === 1 ? 'day' : 'days'} ago`;
  return `Last active on ${formatDay(lastSeenAt)}`;
}

/** A day as the lists write it: "March 4, 2026" (UTC, as every date of the product). */
export function formatDay(timestamp: string): string {
  const date = new Date(timestamp);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}
