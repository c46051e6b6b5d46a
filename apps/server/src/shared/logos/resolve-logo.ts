import type { InvoiceDocument } from '@invoicer/domain/invoice-document';
import { badRequest } from '../../plugins/errors';
import type { DbExecutor } from '../../plugins/database';
import { findLogo } from './logos.queries';
import { normalizeLogo } from './logos.service';

/**
 * The logo bytes for a document: from our own store, or decoded from a data: URL and re-encoded like an upload. Nothing
 * is ever fetched from a URL
 * (docs/decisions/0027-rules-that-hold-everywhere.md#rule-4-the-server-fetches-nothing-a-user-names).
 */
export async function resolveLogo(
  db: DbExecutor,
  logo: InvoiceDocument['logo'],
): Promise<{ bytes: Uint8Array } | null> {
  if (!logo) return null;
  if (logo.kind === 'upload') {
    const stored = await findLogo(db, logo.id);
    if (!stored) throw badRequest('The logo was not found. Upload it again.');
    return { bytes: stored.bytes };
  }
  const normalized = await normalizeLogo(Buffer.from(logo.base64, 'base64'));
  return { bytes: normalized.bytes };
}
