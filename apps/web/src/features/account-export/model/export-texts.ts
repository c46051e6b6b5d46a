import type { AccountExport } from '@invoicer/domain/api/account-export';
import { formatBytes, formatDateTime } from '../../../lib/format';

export const EXPORT_TEXTS = {
  title: 'Export my data',
  intro:
    'One ZIP file with your profile, businesses, clients, invoices, payments and notifications as JSON, your invoices and clients as CSV, and every invoice as a PDF.',
  start: 'Export my data',
  starting: 'Starting...',
  startAgain: 'Start a new export',
  tryAgain: 'Try again',
  loadFailed: 'Your exports could not be loaded.',
  retry: 'Retry',
  startFailed: 'The export could not be started. Please try again.',
  queued: 'Your export is waiting to start...',
  progressLabel: 'Export progress',
  expired: 'Your last export has expired. Start a new one to download your data.',
} as const;

const count = (n: number) => n.toLocaleString('en-US');

/** "Preparing your export: 1,234 of 20,000 invoices". */
export function progressText({ done, total }: AccountExport['progress']): string {
  return `Preparing your export: ${count(done)} of ${count(total)} ${total === 1 ? 'invoice' : 'invoices'}`;
}

/** "Download (12.3 MB)". */
export function downloadText(sizeBytes: number | null): string {
  return sizeBytes === null ? 'Download' : `Download (${formatBytes(sizeBytes)})`;
}

/** "available until November 28, 2026 at 3:04 PM". */
export function availableUntilText(expiresAt: string | null): string {
  return `Available until ${formatDateTime(expiresAt)}`;
}

/** Queued and running exports are followed every POLL_MS until they end. */
export const POLL_MS = 1_500;

export const isUnderWay = (status: AccountExport['status'] | undefined) => status === 'queued' || status === 'running';
