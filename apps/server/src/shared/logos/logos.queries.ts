import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../plugins/database';
import { logos } from '../../db/schema';
import type { NormalizedLogo } from './logos.service';

/** Guest logos nothing refers to are removed this long after their last upload. */
export const UNUSED_GUEST_LOGO_TTL_MS = 24 * 60 * 60 * 1000;
/** Rows deleted by one sweep job, so it never holds many locks at once; a full batch queues the next. */
export const SWEEP_BATCH = 500;

/**
 * The owner's copy of these bytes, if it has one (guests share one owner: nobody). Found, its
 * upload time is renewed: a guest who uploads the same logo again keeps it another 24 hours.
 */
export async function reuseLogo(db: Database, sha256: string, userId: string | null): Promise<string | null> {
  const [row] = await db
    .update(logos)
    .set({ createdAt: sql`now()` })
    .where(and(eq(logos.sha256, sha256), userId === null ? isNull(logos.userId) : eq(logos.userId, userId)))
    .returning({ id: logos.id });
  return row?.id ?? null;
}

/**
 * Stores the logo, or answers the owner's existing copy of the same bytes (content-addressed:
 * the unique key (user_id, sha256) treats every guest as one owner, NULLS NOT DISTINCT), so two
 * identical uploads at the same moment still make one row.
 */
export async function insertLogo(db: Database, logo: NormalizedLogo, userId: string | null): Promise<string> {
  const [row] = await db
    .insert(logos)
    .values({
      userId,
      mimeType: logo.mimeType,
      bytes: logo.bytes,
      byteSize: logo.bytes.byteLength,
      width: logo.width,
      height: logo.height,
      sha256: logo.sha256,
    })
    .onConflictDoUpdate({ target: [logos.userId, logos.sha256], set: { createdAt: sql`now()` } })
    .returning({ id: logos.id });
  return row!.id;
}

export async function findLogo(db: DbExecutor, id: string) {
  const [row] = await db
    .select({ bytes: logos.bytes, mimeType: logos.mimeType, sha256: logos.sha256 })
    .from(logos)
    .where(eq(logos.id, id));
  return row ?? null;
}

/**
 * Deletes up to SWEEP_BATCH guest logos uploaded (or uploaded again) more than `olderThanMs` ago
 * that no invoice and no business refers to; answers how many went. Safe to run from several
 * server processes at once: each deletes what it finds, a row another process took is simply not
 * found again. The references are found through invoices_logo_id_idx and businesses_logo_url_idx.
 */
export async function sweepUnusedGuestLogos(db: DbExecutor, olderThanMs = UNUSED_GUEST_LOGO_TTL_MS): Promise<number> {
  const result = await db.execute(sql`
    delete from logos where id in (
      select l.id from logos l
       where l.user_id is null
         and l.created_at < now() - ${olderThanMs} * interval '1 millisecond'
         and not exists (select 1 from invoices i
                          where i.data -> 'logo' ->> 'kind' = 'upload' and i.data -> 'logo' ->> 'id' = l.id::text)
         and not exists (select 1 from businesses b where b.logo_url = '/api/logos/' || l.id::text)
       limit ${SWEEP_BATCH}
       for update skip locked)`);
  return result.rowCount ?? 0;
}
