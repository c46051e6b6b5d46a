import { and, eq, sql } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { DbExecutor } from '../../plugins/database';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export async function findUserById(db: DbExecutor, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

/** E-mail addresses are compared case-insensitively (the unique index is on lower(email)). */
export async function findUserByEmail(db: DbExecutor, email: string, forUpdate = false): Promise<UserRow | null> {
  const query = db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function findUserByGoogleId(db: DbExecutor, googleId: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.googleId, googleId));
  return row ?? null;
}

export async function insertUser(db: DbExecutor, values: NewUser): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function updateUser(
  db: DbExecutor,
  id: string,
  values: Partial<Omit<NewUser, 'id' | 'createdAt'>>,
): Promise<UserRow | null> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  return row ?? null;
}

/** Sets email_verified; true when it was false (the caller then has waiting work looked at again). */
export async function markUserVerified(db: DbExecutor, id: string): Promise<boolean> {
  const updated = await db
    .update(users)
    .set({ emailVerified: true, updatedAt: sql`now()` })
    .where(and(eq(users.id, id), eq(users.emailVerified, false)))
    .returning({ id: users.id });
  return updated.length === 1;
}

/** Compare-and-set of the password hash: false when it changed since it was checked. */
export async function replacePasswordHash(
  db: DbExecutor,
  id: string,
  expectedHash: string,
  newHash: string,
): Promise<boolean> {
  const updated = await db
    .update(users)
    .set({ passwordHash: newHash, updatedAt: sql`now()` })
    .where(and(eq(users.id, id), eq(users.passwordHash, expectedHash)))
    .returning({ id: users.id });
  return updated.length === 1;
}

/** Deletes the user; every table holding the user's data cascades from users (sessions included). */
export async function deleteUser(db: DbExecutor, id: string): Promise<boolean> {
  const deleted = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
  return deleted.length === 1;
}
