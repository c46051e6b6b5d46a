import { eq } from 'drizzle-orm';
import type { Database } from '../../plugins/database';
import { logos } from '../../db/schema';
import type { NormalizedLogo } from './logos.service';

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
    .returning({ id: logos.id });
  return row!.id;
}

export async function findLogo(db: Database, id: string) {
  const [row] = await db
    .select({ bytes: logos.bytes, mimeType: logos.mimeType, sha256: logos.sha256 })
    .from(logos)
    .where(eq(logos.id, id));
  return row ?? null;
}
