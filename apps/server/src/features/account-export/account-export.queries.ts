import { and, asc, count, desc, eq, gt, gte, inArray, lt, sql } from 'drizzle-orm';
import {
  accountExportChunks,
  accountExports,
  businesses,
  clients,
  invoices,
  notifications,
  payments,
} from '../../db/schema';
import type { DbExecutor } from '../../plugins/database';
import { selectPartyPage, type PartyRow, type PartyTable } from '../../shared/parties/party.queries';

/**
 * SQL of "Export my data" (docs/decisions/0053-account-export-storage-and-streaming.md): the export's row, its ZIP
 * in chunks, and the account's rows the export reads in keyset pages (id order) that no other feature reads that way.
 * Every statement filters on user_id.
 */

export type AccountExportRow = typeof accountExports.$inferSelect;

const OPEN = ['queued', 'running'];

/** A new queued export of the user's, or null when one is already queued or running (the partial unique index). */
export async function insertExport(db: DbExecutor, userId: string): Promise<AccountExportRow | null> {
  const [row] = await db.insert(accountExports).values({ userId }).onConflictDoNothing().returning();
  return row ?? null;
}

export async function findOpenExport(db: DbExecutor, userId: string): Promise<AccountExportRow | null> {
  const [row] = await db
    .select()
    .from(accountExports)
    .where(and(eq(accountExports.userId, userId), inArray(accountExports.status, OPEN)));
  return row ?? null;
}

export async function findExport(db: DbExecutor, userId: string, id: string): Promise<AccountExportRow | null> {
  const [row] = await db
    .select()
    .from(accountExports)
    .where(and(eq(accountExports.userId, userId), eq(accountExports.id, id)));
  return row ?? null;
}

/** The user's newest export (GET /api/users/export). */
export async function findLatestExport(db: DbExecutor, userId: string): Promise<AccountExportRow | null> {
  const [row] = await db
    .select()
    .from(accountExports)
    .where(eq(accountExports.userId, userId))
    .orderBy(desc(accountExports.createdAt), desc(accountExports.id))
    .limit(1);
  return row ?? null;
}

/** Exports the user started since `since` (the hourly limit). */
export async function countExportsSince(db: DbExecutor, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(accountExports)
    .where(and(eq(accountExports.userId, userId), gte(accountExports.createdAt, since)));
  return row?.n ?? 0;
}

/**
 * An export queued or running since before `before` is failed: its job was given up without reaching its failure
 * handler (every attempt's process died). Without this it would hold the account's one open export forever.
 */
export async function failStuckExports(db: DbExecutor, before: Date, message: string, userId?: string) {
  await db
    .update(accountExports)
    .set({ status: 'failed', error: message, finishedAt: sql`now()` })
    .where(
      and(
        inArray(accountExports.status, OPEN),
        lt(accountExports.createdAt, before),
        userId ? eq(accountExports.userId, userId) : undefined,
      ),
    );
}

/** The job begins (again, after a retry): running from zero; false when the export is gone or no longer open. */
export async function markRunning(db: DbExecutor, id: string, total: number): Promise<boolean> {
  const rows = await db
    .update(accountExports)
    .set({ status: 'running', done: 0, total, error: null, startedAt: sql`now()` })
    .where(and(eq(accountExports.id, id), inArray(accountExports.status, OPEN)))
    .returning({ id: accountExports.id });
  return rows.length === 1;
}

export async function updateProgress(db: DbExecutor, id: string, done: number): Promise<void> {
  await db
    .update(accountExports)
    .set({ done })
    .where(and(eq(accountExports.id, id), eq(accountExports.status, 'running')));
}

export async function markReady(db: DbExecutor, id: string, sizeBytes: number, ttlHours: number): Promise<void> {
  await db
    .update(accountExports)
    .set({
      status: 'ready',
      done: accountExports.total,
      sizeBytes,
      finishedAt: sql`now()`,
      expiresAt: sql`now() + make_interval(hours => ${ttlHours})`,
    })
    .where(eq(accountExports.id, id));
}

/** Back to queued for the next attempt (its chunks rolled back with the failed one). */
export async function markRetrying(db: DbExecutor, id: string): Promise<void> {
  await db
    .update(accountExports)
    .set({ status: 'queued', done: 0 })
    .where(and(eq(accountExports.id, id), inArray(accountExports.status, OPEN)));
}

export async function markFailed(db: DbExecutor, id: string, message: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(accountExportChunks).where(eq(accountExportChunks.exportId, id));
    await tx
      .update(accountExports)
      .set({ status: 'failed', error: message, finishedAt: sql`now()` })
      .where(eq(accountExports.id, id));
  });
}

export async function deleteChunks(db: DbExecutor, exportId: string): Promise<void> {
  await db.delete(accountExportChunks).where(eq(accountExportChunks.exportId, exportId));
}

export async function insertChunk(
  db: DbExecutor,
  chunk: { exportId: string; userId: string; seq: number; bytes: Buffer },
): Promise<void> {
  await db.insert(accountExportChunks).values(chunk);
}

/** Up to `limit` chunks of the user's export from `fromSeq` on, in order (the download's keyset pages). */
export function readChunks(
  db: DbExecutor,
  userId: string,
  exportId: string,
  fromSeq: number,
  limit: number,
): Promise<Array<{ seq: number; bytes: Buffer }>> {
  return db
    .select({ seq: accountExportChunks.seq, bytes: accountExportChunks.bytes })
    .from(accountExportChunks)
    .where(
      and(
        eq(accountExportChunks.exportId, exportId),
        eq(accountExportChunks.userId, userId),
        gte(accountExportChunks.seq, fromSeq),
      ),
    )
    .orderBy(asc(accountExportChunks.seq))
    .limit(limit);
}

/** Deletes exports past their time (their chunks cascade); answers how many. */
export async function deleteExpiredExports(db: DbExecutor): Promise<number> {
  const rows = await db
    .delete(accountExports)
    .where(lt(accountExports.expiresAt, sql`now()`))
    .returning({ id: accountExports.id });
  return rows.length;
}

// ---------------------------------------------------------------------------------------------
// The account's rows, for the ZIP

/** The user's invoices: the total of the export's progress. */
export async function countInvoices(db: DbExecutor, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(invoices).where(eq(invoices.userId, userId));
  return row?.n ?? 0;
}

/** What the manifest counts. */
export async function countAccount(db: DbExecutor, userId: string) {
  const counted = (
    table: typeof businesses | typeof clients | typeof invoices | typeof payments | typeof notifications,
  ) => sql<number>`(select count(*)::int from ${table} where user_id = ${userId})`;
  const [row] = await db
    .execute<{
      businesses: number;
      clients: number;
      invoices: number;
      payments: number;
      notifications: number;
    }>(
      sql`select ${counted(businesses)} as businesses, ${counted(clients)} as clients, ${counted(invoices)} as invoices,
    ${counted(payments)} as payments, ${counted(notifications)} as notifications`,
    )
    .then((result) => result.rows);
  return row!;
}

/**
 * A page of the user's clients or businesses (with the table's own columns) after `afterId`, as their list answers
 * each, invoice counts included (selectPartyPage, the lists' own statement).
 */
export function partyPage<Row extends PartyRow>(
  db: DbExecutor,
  table: PartyTable,
  columns: readonly string[],
  reference: 'client_id' | 'business_id',
  userId: string,
  afterId: string | null,
  limit: number,
): Promise<Row[]> {
  const keys = db
    .select({ id: table.id, createdAt: table.createdAt })
    .from(table)
    .where(afterId === null ? eq(table.userId, userId) : and(eq(table.userId, userId), gt(table.id, afterId)))
    .orderBy(asc(table.id))
    .limit(limit);
  return selectPartyPage<Row>(db, { table, columns, reference, userId, keys });
}

export type NotificationRow = typeof notifications.$inferSelect;

/** A page of the user's notifications after `afterId` (all of them, not only the newest the page lists). */
export function notificationPage(
  db: DbExecutor,
  userId: string,
  afterId: string | null,
  limit: number,
): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notifications)
    .where(
      afterId === null
        ? eq(notifications.userId, userId)
        : and(eq(notifications.userId, userId), gt(notifications.id, afterId)),
    )
    .orderBy(asc(notifications.id))
    .limit(limit);
}
