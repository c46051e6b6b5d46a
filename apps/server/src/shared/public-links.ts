import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { PUBLIC_LINK_TOKEN_BYTES, PUBLIC_LINK_TOKEN_PATTERN } from '@invoicer/domain/api/public-links';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { invoiceLinks } from '../db/schema';
import type { DbExecutor } from '../plugins/database';
import { recordActivity } from './activity';

/**
 * Public invoice links (docs/decisions/0046-public-invoice-links-and-activity.md): the tokens, how they are kept,
 * and the rows of invoice_links. The invoices feature answers the calls; a feature that sends an invoice by e-mail
 * calls ensurePublicLink in its own transaction to put the link in the message.
 *
 * A token is PUBLIC_LINK_TOKEN_BYTES random bytes in base64url. It is stored twice, never in the clear:
 * - its SHA-256 (hex), unique, by which an opened link finds its invoice in one index lookup;
 * - sealed with AES-256-GCM under the `public-links` server secret, the invoice id as associated data (a sealed
 *   token copied onto another invoice's row does not open), so the owner can be shown the same link again.
 */

export function newLinkToken(): string {
  return randomBytes(PUBLIC_LINK_TOKEN_BYTES).toString('base64url');
}

/** True for text shaped like a token; anything else is never looked up. */
export const isLinkToken = (value: string): boolean => PUBLIC_LINK_TOKEN_PATTERN.test(value);

export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/** nonce ‖ ciphertext ‖ tag. */
export function sealLinkToken(key: Buffer, invoiceId: string, token: string): Buffer {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(Buffer.from(invoiceId));
  const body = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return Buffer.concat([nonce, body, cipher.getAuthTag()]);
}

/** The token a sealed value holds; null when it does not open with this key and invoice (a rotated secret). */
export function unsealLinkToken(key: Buffer, invoiceId: string, sealed: Buffer): string | null {
  if (sealed.byteLength <= NONCE_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, NONCE_BYTES));
    decipher.setAAD(Buffer.from(invoiceId));
    decipher.setAuthTag(sealed.subarray(sealed.byteLength - TAG_BYTES));
    const token = Buffer.concat([
      decipher.update(sealed.subarray(NONCE_BYTES, sealed.byteLength - TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
    return isLinkToken(token) ? token : null;
  } catch {
    return null;
  }
}

export interface LinkState {
  token: string;
  createdAt: Date;
}

/** The link of an invoice that is on, opened for its owner; null when there is none (or it cannot be opened). */
export async function findPublicLink(
  db: DbExecutor,
  key: Buffer,
  userId: string,
  invoiceId: string,
): Promise<LinkState | null> {
  const [row] = await db
    .select({ sealed: invoiceLinks.tokenSealed, createdAt: invoiceLinks.linkCreatedAt })
    .from(invoiceLinks)
    .where(and(eq(invoiceLinks.invoiceId, invoiceId), eq(invoiceLinks.userId, userId)));
  if (!row?.sealed || !row.createdAt) return null;
  const token = unsealLinkToken(key, invoiceId, row.sealed);
  return token ? { token, createdAt: row.createdAt } : null;
}

/**
 * The invoice's link: the one that is on, or a new one (`replace`: a new one in any case, the old one stops
 * working). A new link records a "link created" activity entry. The caller has checked that the invoice is the
 * user's and holds its row lock, so two calls for one invoice never make two links.
 */
export async function ensurePublicLink(
  tx: DbExecutor,
  key: Buffer,
  userId: string,
  invoiceId: string,
  { replace = false }: { replace?: boolean } = {},
): Promise<LinkState & { created: boolean }> {
  const current = await findPublicLink(tx, key, userId, invoiceId);
  if (current && !replace) return { ...current, created: false };
  const token = newLinkToken();
  const link = {
    tokenHash: hashLinkToken(token),
    tokenSealed: sealLinkToken(key, invoiceId, token),
    linkCreatedAt: sql`now()`,
  };
  const [row] = await tx
    .insert(invoiceLinks)
    .values({ invoiceId, userId, ...link })
    .onConflictDoUpdate({ target: invoiceLinks.invoiceId, set: link })
    .returning({ createdAt: invoiceLinks.linkCreatedAt });
  await recordActivity(tx, { invoiceId, userId, kind: 'link_created', data: { replaced: current !== null } });
  return { token, createdAt: row!.createdAt!, created: true };
}

/**
 * Turns the invoice's link off: the token is forgotten, so the old link answers 404 from now on; the view counts
 * stay. Records "link turned off" when a link was on. The caller has checked the invoice is the user's.
 */
export async function revokePublicLink(tx: DbExecutor, userId: string, invoiceId: string): Promise<boolean> {
  const revoked = await tx
    .update(invoiceLinks)
    .set({ tokenHash: null, tokenSealed: null, linkCreatedAt: null })
    .where(
      and(eq(invoiceLinks.invoiceId, invoiceId), eq(invoiceLinks.userId, userId), isNotNull(invoiceLinks.tokenHash)),
    )
    .returning({ invoiceId: invoiceLinks.invoiceId });
  if (revoked.length === 0) return false;
  await recordActivity(tx, { invoiceId, userId, kind: 'link_revoked' });
  return true;
}

/** The invoice an opened link leads to, and its owner; null for a token that is not on. */
export async function findLinkedInvoice(
  db: DbExecutor,
  tokenHash: string,
): Promise<{ invoiceId: string; userId: string } | null> {
  const [row] = await db
    .select({ invoiceId: invoiceLinks.invoiceId, userId: invoiceLinks.userId })
    .from(invoiceLinks)
    .where(eq(invoiceLinks.tokenHash, tokenHash));
  return row ?? null;
}

/** Later views of one invoice within a day are one activity entry ("Viewed 3 more times"). */
export const VIEW_MERGE_MS = 24 * 60 * 60 * 1000;

/** Views of one invoice counted together: how many, and when the first and the last of them were answered. */
export interface LinkViews {
  invoiceId: string;
  views: number;
  /** ISO times. */
  firstAt: string;
  lastAt: string;
}

/** Two batches of one invoice's views as one. */
export function mergeLinkViews(a: LinkViews, b: LinkViews): LinkViews {
  return {
    invoiceId: a.invoiceId,
    views: a.views + b.views,
    firstAt: a.firstAt < b.firstAt ? a.firstAt : b.firstAt,
    lastAt: a.lastAt > b.lastAt ? a.lastAt : b.lastAt,
  };
}

/**
 * Counts views of an invoice's link, by guests or users other than the owner (the request decided that; the
 * owner's own views never reach here). They are counted after the answer, by a job
 * (docs/decisions/0051-public-views-off-the-request-path.md), and belong to the invoice: they count even if the
 * link was turned off meanwhile. One UPDATE of the link's row does the counting, so concurrent batches (of
 * several processes) are serialized by its lock and exactly one of them finds no view before its own: that one
 * holds the first view. Answers the invoice's owner and whether this batch held the first view; null when the
 * invoice is gone. Run it in a transaction: the activity entries are written with it.
 */
export async function countLinkViews(
  tx: DbExecutor,
  { invoiceId, views, firstAt, lastAt }: LinkViews,
): Promise<{ userId: string; first: boolean } | null> {
  const [row] = await tx
    .update(invoiceLinks)
    .set({
      viewCount: sql`${invoiceLinks.viewCount} + ${views}::int`,
      // The times of the answers, not of the counting; batches may be counted out of order.
      firstViewedAt: sql`least(${invoiceLinks.firstViewedAt}, ${firstAt}::timestamptz)`,
      lastViewedAt: sql`greatest(${invoiceLinks.lastViewedAt}, ${lastAt}::timestamptz)`,
    })
    .where(eq(invoiceLinks.invoiceId, invoiceId))
    .returning({ userId: invoiceLinks.userId, viewCount: invoiceLinks.viewCount });
  if (!row) return null;
  const first = row.viewCount === views;
  const record = { invoiceId, userId: row.userId, kind: 'viewed' } as const;
  // The first view is dated when it was answered, so the log keeps the order of what happened (a link turned off
  // right after its first view still shows the view first). Later views merge into the newest entry, so theirs is
  // dated when they are counted: an entry dated back could hide behind an older one and start a second count.
  if (first) await recordActivity(tx, { ...record, data: { first: true }, at: firstAt });
  const more = first ? views - 1 : views;
  if (more > 0) await recordActivity(tx, { ...record, times: more }, { withinMs: VIEW_MERGE_MS });
  return { userId: row.userId, first };
}
