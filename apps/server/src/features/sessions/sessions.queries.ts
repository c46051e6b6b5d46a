import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { sessions } from '../../db/schema';
import type { DbExecutor } from '../../plugins/database';

/**
 * The user's signed-in browsers (docs/product/accounts.md#signed-in-devices), named by their opaque `id`; the hash of
 * the cookie stays in the database: whether a row is this request's is asked of PostgreSQL.
 */

export interface SessionRow {
  id: string;
  userAgent: string | null;
  createdAt: Date;
  lastSeenAt: Date;
  current: boolean;
}

/** The user's live sessions, this one first, then the most recently used (by the user_id index). */
export async function listSessions(db: DbExecutor, userId: string, currentIdHash: string): Promise<SessionRow[]> {
  const current = sql<boolean>`${sessions.idHash} = ${currentIdHash}`;
  return db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      current,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(current), desc(sessions.lastSeenAt), desc(sessions.createdAt), sessions.id);
}

/** Deletes the user's session `id`; null when the user has none by that id, else whether it was this request's. */
export async function deleteSession(
  db: DbExecutor,
  userId: string,
  id: string,
  currentIdHash: string,
): Promise<{ current: boolean } | null> {
  const [row] = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.id, id)))
    .returning({ current: sql<boolean>`${sessions.idHash} = ${currentIdHash}` });
  return row ?? null;
}
