import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  ACCOUNT_LINK_LIFETIME_HOURS,
  ACCOUNT_MESSAGES,
  ACCOUNT_TOKEN_PATTERN,
  type AccountLinkPurpose,
} from '@invoicer/domain/api/auth';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { accountTokens } from '../../db/schema';
import type { DbExecutor } from '../../plugins/database';

/**
 * The links of account e-mails: password reset, e-mail verification, a new address to confirm
 * (docs/decisions/0052-account-links-verification-and-sessions.md). A token is a selector (12 random bytes, kept as it
 * is: it finds the row) and a verifier (32 random bytes from the CSPRNG, 256 bits; kept only as its SHA-256 and
 * compared with timingSafeEqual), both base64url: 16 + 43 characters. A copy of the table opens nothing, and the
 * comparison takes as long whether the verifier is right or not. A link works once, until it expires.
 */

const SELECTOR_BYTES = 12;
const VERIFIER_BYTES = 32;
const SELECTOR_LENGTH = 16;
/** Rows are kept this long past their expiry, so an old link says "expired" or "used" rather than "not valid". */
const KEEP_AFTER_EXPIRY = "interval '7 days'";

export type AccountTokenRow = typeof accountTokens.$inferSelect;

export type TokenCheck =
  { ok: true; row: AccountTokenRow } | { ok: false; reason: 'invalid' | 'expired' | 'used'; message: string };

const sha256 = (text: string) => createHash('sha256').update(text).digest();
/** Compared against when the selector matches no row, so an unknown link costs the same as a wrong one. */
const NO_ROW_HASH = sha256('no such account token');

/** Makes a link's token for the user and stores its row; answers the token (which is kept nowhere). */
export async function issueAccountToken(
  tx: DbExecutor,
  values: { userId: string; purpose: AccountLinkPurpose; email: string },
): Promise<string> {
  const selector = randomBytes(SELECTOR_BYTES).toString('base64url');
  const verifier = randomBytes(VERIFIER_BYTES).toString('base64url');
  await tx.insert(accountTokens).values({
    selector,
    verifierHash: sha256(verifier),
    userId: values.userId,
    purpose: values.purpose,
    email: values.email,
    expiresAt: sql`now() + ${ACCOUNT_LINK_LIFETIME_HOURS[values.purpose]} * interval '1 hour'`,
  });
  return selector + verifier;
}

const refused = (reason: 'invalid' | 'expired' | 'used'): TokenCheck => ({
  ok: false,
  reason,
  message:
    reason === 'expired'
      ? ACCOUNT_MESSAGES.linkExpired
      : reason === 'used'
        ? ACCOUNT_MESSAGES.linkUsed
        : ACCOUNT_MESSAGES.linkInvalid,
});

/**
 * Whether `token` is a working link for one of `purposes`: not valid (malformed, unknown, wrong verifier, another
 * purpose), used, expired, or its row. With `lock`, the row is locked for the caller's transaction (the one that
 * uses it), so two uses of one link cannot both pass. "Used" and "expired" are told only to whoever holds the
 * whole token: they reveal nothing else.
 */
export async function checkAccountToken(
  db: DbExecutor,
  token: string,
  purposes: readonly AccountLinkPurpose[],
  { lock = false }: { lock?: boolean } = {},
): Promise<TokenCheck> {
  if (!ACCOUNT_TOKEN_PATTERN.test(token)) return refused('invalid');
  const selector = token.slice(0, SELECTOR_LENGTH);
  const query = db
    .select({ row: accountTokens, expired: sql<boolean>`${accountTokens.expiresAt} <= now()` })
    .from(accountTokens)
    .where(eq(accountTokens.selector, selector));
  const [found] = lock ? await query.for('update') : await query;
  const given = sha256(token.slice(SELECTOR_LENGTH));
  const expected = found?.row.verifierHash ?? NO_ROW_HASH;
  const matches = expected.length === given.length && timingSafeEqual(expected, given);
  if (!found || !matches || !purposes.includes(found.row.purpose as AccountLinkPurpose)) return refused('invalid');
  if (found.row.usedAt) return refused('used');
  if (found.expired) return refused('expired');
  return { ok: true, row: found.row };
}

/**
 * Uses up every working link of the user for `purpose` (the one just used, and any other sent before it): a password
 * set, an address verified or changed makes the older links of the same kind pointless.
 */
export async function useUpAccountTokens(tx: DbExecutor, userId: string, purpose: AccountLinkPurpose): Promise<void> {
  await tx
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)));
}

/** Deletes rows a week past their expiry; a job runs it every hour. */
export async function sweepAccountTokens(db: DbExecutor): Promise<number> {
  const deleted = await db
    .delete(accountTokens)
    .where(lt(accountTokens.expiresAt, sql`now() - ${sql.raw(KEEP_AFTER_EXPIRY)}`));
  return deleted.rowCount ?? 0;
}

/** E-mail addresses are one account's when they are equal without case (the unique index is on lower(email)). */
export function sameAddress(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}
