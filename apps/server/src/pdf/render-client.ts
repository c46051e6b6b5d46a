import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PdfRenderOptions } from './pdf-pool';

/**
 * Whose render this is, for the PDF engine's fair queue: the signed-in user (all their sessions
 * share one queue), else the client address (behind TRUST_PROXY, the forwarded one). A session
 * that cannot be read (database down) counts as the address: PDFs of invoices sent in the body
 * need no database. The signal aborts when the client goes away, so its queued renders are
 * dropped instead of rendered for nobody.
 */
export async function renderContext(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Required<Pick<PdfRenderOptions, 'client' | 'signal'>>> {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  const session = request.session ?? (await request.loadSession().catch(() => null));
  return { client: session ? `user:${session.userId}` : `ip:${request.ip}`, signal: controller.signal };
}
