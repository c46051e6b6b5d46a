import { eq, lt, sql } from 'drizzle-orm';
import { oauthStates, sessions } from '../../db/schema';
import type { DbExecutor } from '../../plugins/database';

/** How long a Google sign-in may take between the redirect and the callback. */
export const OAUTH_STATE_TTL_MS = 10 * 60_000;

export async function insertOAuthState(
  db: DbExecutor,
  values: { state: string; codeVerifier: string; nonce: string },
): Promise<void> {
  await db.insert(oauthStates).values(values);
}

/** Takes the state out (it is single-use); null when unknown or older than the TTL. */
export async function takeOAuthState(
  db: DbExecutor,
  state: string,
): Promise<{ codeVerifier: string; nonce: string } | null> {
  const [row] = await db
    .delete(oauthStates)
    .where(eq(oauthStates.state, state))
    .returning({
      codeVerifier: oauthStates.codeVerifier,
      nonce: oauthStates.nonce,
      fresh: sql<boolean>`${oauthStates.createdAt} > now() - ${OAUTH_STATE_TTL_MS} * interval '1 millisecond'`,
    });
  return row?.fresh ? { codeVerifier: row.codeVerifier, nonce: row.nonce } : null;
}

export async function sweepOAuthStates(db: DbExecutor): Promise<number> {
  const deleted = await db
    .delete(oauthStates)
    .where(lt(oauthStates.createdAt, sql`now() - ${OAUTH_STATE_TTL_MS} * interval '1 millisecond'`));
  return deleted.rowCount ?? 0;
}

/** Every session of a user (a Google link that takes over an unverified account ends them). */
export async function deleteSessionsOfUser(db: DbExecutor, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}
