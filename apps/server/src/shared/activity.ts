import type { ActivityEntry, ActivityKind } from '@invoicer/domain/api/activity';
import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import { invoiceActivity } from '../db/schema';
import type { DbExecutor } from '../plugins/database';

/**
 * The invoice activity log (docs/product/public-links-and-activity.md#activity), and the one way to write it.
 * Every feature that changes an invoice (saving, status, links, views; sending and payments when they come) calls
 * recordActivity with the transaction of the change, so the entry and the change land together or not at all
 * (docs/decisions/0027-rules-that-hold-everywhere.md#rule-6-writes-that-belong-together-are-one-transaction). What
 * each kind's `data` holds is listed beside ACTIVITY_KINDS in packages/domain/src/api/activity.ts.
 */

export interface ActivityRecord {
  invoiceId: string;
  /** The invoice's owner (for a guest's view too): the row goes with the account. */
  userId: string;
  kind: ActivityKind;
  data?: Record<string, unknown>;
  /** With a merge rule: how many events this entry stands for (views counted together); default 1. */
  times?: number;
  /**
   * When it happened, for an event written down after it happened (views are counted after their answer,
   * docs/decisions/0051-public-views-off-the-request-path.md); default: the time of the write.
   */
  at?: string;
}

export interface MergeRule {
  /**
   * Repeated events within this window are one entry: when the invoice's newest entry is of the same kind,
   * can be merged (it has no `first` mark) and began less than `withinMs` ago, its `count` goes up and its
   * `last_at` moves instead of a new entry being added. Saves and views would otherwise flood the log.
   */
  withinMs: number;
}

/**
 * Records one entry of an invoice's activity. Pass the transaction of the change it reports. With `merge`, the
 * caller must hold a lock that serializes the invoice's writers of this kind (the invoice row for saves, its link
 * row for views), so two merges never race.
 */
export async function recordActivity(db: DbExecutor, record: ActivityRecord, merge?: MergeRule): Promise<void> {
  if (merge) {
    const [newest] = await db
      .select({
        id: invoiceActivity.id,
        kind: invoiceActivity.kind,
        mergeable: sql<boolean>`not (${invoiceActivity.data} ? 'first') and ${invoiceActivity.createdAt} > clock_timestamp() - ${merge.withinMs} * interval '1 millisecond'`,
      })
      .from(invoiceActivity)
      .where(eq(invoiceActivity.invoiceId, record.invoiceId))
      .orderBy(desc(invoiceActivity.createdAt), desc(invoiceActivity.id))
      .limit(1);
    if (newest && newest.kind === record.kind && newest.mergeable) {
      await db
        .update(invoiceActivity)
        .set({
          data: sql`${invoiceActivity.data} || jsonb_build_object('count', coalesce((${invoiceActivity.data} ->> 'count')::int, 1) + ${record.times ?? 1}::int, 'last_at', clock_timestamp())`,
        })
        .where(eq(invoiceActivity.id, newest.id));
      return;
    }
  }
  await db.insert(invoiceActivity).values({
    invoiceId: record.invoiceId,
    userId: record.userId,
    kind: record.kind,
    data: merge ? { ...record.data, count: record.times ?? 1 } : (record.data ?? {}),
    // The time of the write, not of the transaction's start (now()): writers of one invoice wait for each other's
    // lock, and the one that waited longest must not be dated before the ones it waited for.
    createdAt: record.at ? sql`${record.at}::timestamptz` : sql`clock_timestamp()`,
  });
}

export interface ActivityRow {
  id: number;
  kind: string;
  data: unknown;
  createdAt: Date;
}

/** An entry as GET /api/invoices/{id}/activity answers it. */
export function toActivityEntry(row: ActivityRow): ActivityEntry {
  return {
    id: String(row.id),
    kind: row.kind as ActivityKind,
    data:
      row.data && typeof row.data === 'object' && !Array.isArray(row.data) ? (row.data as Record<string, unknown>) : {},
    created_at: row.createdAt.toISOString(),
  };
}

/** Every entry of the user's invoices, `limit` at a time in id order after `afterId` (the account export's pages). */
export function listAccountActivity(
  db: DbExecutor,
  userId: string,
  afterId: number,
  limit: number,
): Promise<Array<ActivityRow & { invoiceId: string }>> {
  return db
    .select({
      id: invoiceActivity.id,
      invoiceId: invoiceActivity.invoiceId,
      kind: invoiceActivity.kind,
      data: invoiceActivity.data,
      createdAt: invoiceActivity.createdAt,
    })
    .from(invoiceActivity)
    .where(and(eq(invoiceActivity.userId, userId), gt(invoiceActivity.id, afterId)))
    .orderBy(asc(invoiceActivity.id))
    .limit(limit);
}

/** The newest `limit` entries of the user's invoice, newest first (an index range). */
export async function listActivity(
  db: DbExecutor,
  userId: string,
  invoiceId: string,
  limit: number,
): Promise<ActivityRow[]> {
  return db
    .select({
      id: invoiceActivity.id,
      kind: invoiceActivity.kind,
      data: invoiceActivity.data,
      createdAt: invoiceActivity.createdAt,
    })
    .from(invoiceActivity)
    .where(and(eq(invoiceActivity.invoiceId, invoiceId), eq(invoiceActivity.userId, userId)))
    .orderBy(desc(invoiceActivity.createdAt), desc(invoiceActivity.id))
    .limit(limit);
}

/** Many invoices' entries at once (an import's "Created" entries): one INSERT per 1,000, never merged. */
export async function recordActivities(db: DbExecutor, records: ActivityRecord[]): Promise<void> {
  for (let start = 0; start < records.length; start += 1_000) {
    await db.insert(invoiceActivity).values(
      records.slice(start, start + 1_000).map((record) => ({
        invoiceId: record.invoiceId,
        userId: record.userId,
        kind: record.kind,
        data: record.data ?? {},
      })),
    );
  }
}
