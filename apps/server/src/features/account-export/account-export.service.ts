import {
  ACCOUNT_EXPORT_MESSAGES,
  ACCOUNT_EXPORT_TTL_HOURS,
  ACCOUNT_EXPORTS_PER_HOUR,
  accountExportFileName,
  type AccountExport,
} from '@invoicer/domain/api/account-export';
import type { FastifyInstance } from 'fastify';
import { Readable } from 'node:stream';
import type { Database, DbExecutor } from '../../plugins/database';
import { HttpError, notFound } from '../../plugins/errors';
import type { Job } from '../../plugins/jobs';
import { insertNotification } from '../../shared/notifications';
import { serialLane, writeAccountExport, type ExportSources } from './account-export.job';
import {
  countExportsSince,
  countInvoices,
  deleteChunks,
  deleteExpiredExports,
  failStuckExports,
  findExport,
  findLatestExport,
  findOpenExport,
  insertChunk,
  insertExport,
  markFailed,
  markReady,
  markRetrying,
  markRunning,
  readChunks,
  updateProgress,
  type AccountExportRow,
} from './account-export.queries';
import { ChunkedZip } from './account-export.zip';

/**
 * "Export my data" (docs/decisions/0053-account-export-storage-and-streaming.md, 0056-what-the-account-export-holds.md):
 * a request queues the job and answers at once; the job writes the ZIP into PostgreSQL in chunks and reports its
 * progress; the download streams the chunks back in order; a sweep deletes what is past its 24 hours.
 */

export interface AccountExportPayload {
  exportId: string;
  userId: string;
}

declare module '../../plugins/jobs' {
  interface JobPayloads {
    'account-export.run': AccountExportPayload;
    'account-export.sweep': Record<string, never>;
  }
}

/** An export still queued or running this long after it was asked for has lost its job for good. */
const STUCK_AFTER_MS = 3 * 3600_000;
/** How often progress is written at most: every this many invoices, or this often. */
const PROGRESS_EVERY = 250;
const PROGRESS_MS = 1_000;

const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

export function downloadUrl(id: string): string {
  return `/api/users/export/${id}/download`;
}

function isExpired(row: AccountExportRow, now = Date.now()): boolean {
  return row.status === 'ready' && row.expiresAt !== null && row.expiresAt.getTime() <= now;
}

export function toAccountExport(row: AccountExportRow): AccountExport {
  const status = isExpired(row) ? 'expired' : (row.status as AccountExport['status']);
  return {
    id: row.id,
    status,
    progress: { done: row.done, total: row.total },
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt ? row.expiresAt.toISOString() : null,
    size_bytes: row.sizeBytes === null ? null : Number(row.sizeBytes),
    download_url: status === 'ready' ? downloadUrl(row.id) : null,
    failure: row.status === 'failed' ? (row.error ?? ACCOUNT_EXPORT_MESSAGES.failed) : null,
  };
}

/**
 * POST /api/users/export: the account's export already queued or running, or a new one queued (its row and its job
 * in one transaction). At most ACCOUNT_EXPORTS_PER_HOUR new ones an hour.
 */
export async function startExport(app: FastifyInstance, userId: string): Promise<AccountExport> {
  await failStuckExports(app.db, new Date(Date.now() - STUCK_AFTER_MS), ACCOUNT_EXPORT_MESSAGES.failed, userId);
  const open = await findOpenExport(app.db, userId);
  if (open) return toAccountExport(open);
  if ((await countExportsSince(app.db, userId, new Date(Date.now() - 3600_000))) >= ACCOUNT_EXPORTS_PER_HOUR) {
    throw new HttpError(429, ACCOUNT_EXPORT_MESSAGES.tooMany);
  }
  const created = await app.db.transaction(async (tx) => {
    const row = await insertExport(tx, userId);
    if (row) await app.jobs.send('account-export.run', { exportId: row.id, userId }, { tx });
    return row;
  });
  // Null: another request of the account's queued one meanwhile; that one is the answer.
  const row = created ?? (await findOpenExport(app.db, userId));
  if (!row) throw new HttpError(409, ACCOUNT_EXPORT_MESSAGES.failed);
  return toAccountExport(row);
}

/** The user's export; 404 for another account's id, a malformed one, or one swept away. */
export async function getExport(db: Database, userId: string, id: string): Promise<AccountExport> {
  if (!isUuid(id)) throw notFound(ACCOUNT_EXPORT_MESSAGES.notFound);
  const row = await findExport(db, userId, id.toLowerCase());
  if (!row) throw notFound(ACCOUNT_EXPORT_MESSAGES.notFound);
  return toAccountExport(row);
}

export async function getLatestExport(db: Database, userId: string): Promise<AccountExport | null> {
  const row = await findLatestExport(db, userId);
  return row ? toAccountExport(row) : null;
}

/** Chunks read per statement while downloading (a few MB in memory at most). */
const CHUNKS_PER_READ = 2;

/**
 * GET /api/users/export/{id}/download: the ZIP's chunks in order, read a few at a time by their sequence number
 * (never the whole file in memory), as a stream that reads on only as fast as the client takes it.
 */
export async function openDownload(
  db: Database,
  userId: string,
  id: string,
): Promise<{ fileName: string; size: number; stream: Readable }> {
  if (!isUuid(id)) throw notFound(ACCOUNT_EXPORT_MESSAGES.notFound);
  const row = await findExport(db, userId, id.toLowerCase());
  if (!row || row.status !== 'ready' || isExpired(row)) throw notFound(ACCOUNT_EXPORT_MESSAGES.notFound);
  async function* chunks(): AsyncGenerator<Buffer> {
    let next = 0;
    for (;;) {
      const rows = await readChunks(db, userId, row!.id, next, CHUNKS_PER_READ);
      for (const chunk of rows) yield chunk.bytes;
      if (rows.length < CHUNKS_PER_READ) return;
      next = rows[rows.length - 1]!.seq + 1;
    }
  }
  return {
    fileName: accountExportFileName(row.createdAt),
    size: Number(row.sizeBytes ?? 0),
    stream: Readable.from(chunks(), { objectMode: false }),
  };
}

/**
 * The job: the ZIP written through the job's transaction, so its chunks, the export's `ready` and the notification
 * commit together with the job's completion, and a run that fails or dies leaves nothing behind (its transaction
 * rolls back; a retry starts from the start). Progress goes through the request pool, outside that transaction, so
 * Settings sees it while the job runs.
 */
export async function runExport(
  app: FastifyInstance,
  sources: ExportSources,
  job: Job<AccountExportPayload>,
  tx: DbExecutor,
): Promise<void> {
  const { exportId, userId } = job.data;
  const total = await countInvoices(tx, userId);
  if (!(await markRunning(app.db, exportId, total))) return; // deleted (account gone) or no longer open
  await deleteChunks(tx, exportId);

  let written = 0;
  let lastWritten = 0;
  let lastAt = performance.now();
  let progress: Promise<void> = Promise.resolve();
  const report = (done: number) => {
    written = done;
    const now = performance.now();
    if (done - lastWritten < PROGRESS_EVERY && now - lastAt < PROGRESS_MS) return;
    lastWritten = done;
    lastAt = now;
    // Off the critical path: one write at a time, in order; a lost one is made good by the next.
    progress = progress.then(() =>
      updateProgress(app.db, exportId, written).catch((error: unknown) =>
        app.log.warn({ err: error, exportId }, 'account export: progress not recorded'),
      ),
    );
  };

  // The transaction is one connection: reads and chunk writes take turns (node-postgres would queue them anyway, and
  // warns that it will stop doing so).
  const lane = serialLane();
  const zip = new ChunkedZip((seq, bytes) => lane(() => insertChunk(tx, { exportId, userId, seq, bytes })));
  try {
    await writeAccountExport({ db: tx, lane, userId, sources, zip, onPdf: report });
    const size = await zip.end();
    await progress;
    await markReady(tx, exportId, size, ACCOUNT_EXPORT_TTL_HOURS);
    await insertNotification(tx, {
      userId,
      type: 'success',
      title: ACCOUNT_EXPORT_MESSAGES.readyTitle,
      message: ACCOUNT_EXPORT_MESSAGES.readyMessage(ACCOUNT_EXPORT_TTL_HOURS),
      relatedEntityType: 'export',
      relatedEntityId: exportId,
    });
  } finally {
    await progress;
  }
}

/**
 * After a failed run (rolled back): back to queued for the retry, or failed for good. The user reads a plain message;
 * the cause is in the log (the job queue logs every failure).
 */
export async function recordFailure(db: Database, job: Job<AccountExportPayload>): Promise<void> {
  if (job.lastAttempt) await markFailed(db, job.data.exportId, ACCOUNT_EXPORT_MESSAGES.failed);
  else await markRetrying(db, job.data.exportId);
}

/** The hourly sweep: exports past their 24 hours deleted (chunks with them), stuck ones failed; answers how many went. */
export async function sweepExports(db: DbExecutor): Promise<number> {
  await failStuckExports(db, new Date(Date.now() - STUCK_AFTER_MS), ACCOUNT_EXPORT_MESSAGES.failed);
  return deleteExpiredExports(db);
}
