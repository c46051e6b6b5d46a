import { eq } from 'drizzle-orm';
import { supportRequests, users } from '../../db/schema';
import type { DbExecutor } from '../../plugins/database';

/** SQL of the support feature; identity always comes from the session's user row. */

export interface Requester {
  firstName: string;
  lastName: string;
  email: string;
}

/** The session user's name and e-mail, read inside the request's transaction; null if the account is gone. */
export async function findRequester(tx: DbExecutor, userId: string): Promise<Requester | null> {
  const [row] = await tx
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .for('key share');
  return row ?? null;
}

export type NewSupportRequest = typeof supportRequests.$inferInsert;

export async function insertSupportRequest(
  tx: DbExecutor,
  values: NewSupportRequest,
): Promise<{ id: string; createdAt: Date }> {
  const [row] = await tx
    .insert(supportRequests)
    .values(values)
    .returning({ id: supportRequests.id, createdAt: supportRequests.createdAt });
  return row!;
}
