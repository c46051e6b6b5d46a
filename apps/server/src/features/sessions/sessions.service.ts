import { USER_MESSAGES, type SessionInfo } from '@invoicer/domain/api/users';
import { describeUserAgent } from '@invoicer/domain/user-agent';
import type { Database } from '../../plugins/database';
import { notFound } from '../../plugins/errors';
import { endOtherSessions, type AuthSession } from '../../plugins/session';
import { deleteSession, listSessions } from './sessions.queries';

/**
 * Signed-in devices (docs/product/accounts.md#signed-in-devices): the list Settings shows, signing out one of them,
 * and signing out all the others. A session is named by its random `id`, never by the hash of its cookie
 * (docs/decisions/0052-account-links-verification-and-sessions.md).
 */

export async function getSessions(db: Database, session: AuthSession): Promise<SessionInfo[]> {
  const rows = await listSessions(db, session.userId, session.idHash);
  return rows.map((row) => ({
    id: row.id,
    device: describeUserAgent(row.userAgent),
    created_at: row.createdAt.toISOString(),
    last_seen_at: row.lastSeenAt.toISOString(),
    current: row.current,
  }));
}

/**
 * Ends the user's session `id` (any of them; another user's, or one already ended, answers 404 alike). Answers
 * whether it was this browser's own, which the route then signs out.
 */
export async function endSession(db: Database, session: AuthSession, id: string): Promise<boolean> {
  const ended = await deleteSession(db, session.userId, id, session.idHash);
  if (!ended) throw notFound(USER_MESSAGES.sessionNotFound);
  return ended.current;
}

/** "Sign out all other sessions": every session of the user but this one; answers how many ended. */
export function endOthers(db: Database, session: AuthSession): Promise<number> {
  return endOtherSessions(db, session.userId, session.idHash);
}
