import multipart from '@fastify/multipart';
import { LOGO_MAX_BYTES, LOGO_MESSAGES, LOGO_UPLOAD_FIELD, logoPath } from '@invoicer/domain/api/logos';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, HttpError, notFound } from '../../plugins/errors';
import { consumeRateLimit, refundRateLimit } from '../../plugins/rate-limit';
import { findLogo, insertLogo, reuseLogo, SWEEP_BATCH, sweepUnusedGuestLogos } from '../../shared/logos/logos.queries';
import { normalizeLogo } from '../../shared/logos/logos.service';

declare module '../../plugins/jobs' {
  interface JobPayloads {
    'logos.sweep': Record<string, never>;
  }
}

const logoParams = z.object({ id: z.uuid({ error: 'Logo id must be a UUID.' }) });
const DAY_MS = 24 * 60 * 60 * 1000;

export interface LogosRoutesOptions {
  uploadsPerMinute: number;
  /** Bytes of new logos one guest address may store per day. */
  guestBytesPerDay: number;
}

/**
 * Logo upload (public, rate limited) and the logo store it answers with. Storage is bounded:
 * logos are content-addressed per owner (the same bytes again answer the stored copy), a guest
 * address may store `guestBytesPerDay` of new logos a day, and guest logos nothing refers to are
 * swept 24 hours after their last upload.
 */
const logosRoutes: FastifyPluginAsyncZod<LogosRoutesOptions> = async (app, { uploadsPerMinute, guestBytesPerDay }) => {
  // Registered here only, so no other route accepts multipart bodies.
  await app.register(multipart, {
    limits: { fileSize: LOGO_MAX_BYTES, files: 1, fields: 10, parts: 11, fieldSize: 1024, headerPairs: 100 },
  });

  app.post(
    '/upload-logo',
    { config: { rateLimit: { max: uploadsPerMinute, timeWindow: 60_000 } } },
    async (request, reply) => {
      if (!request.isMultipart()) throw badRequest('Send the logo as multipart/form-data in the field "logo".');
      let bytes: Buffer | undefined;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            if (part.fieldname !== LOGO_UPLOAD_FIELD) {
              part.file.resume();
              throw badRequest('Send the logo in the form field "logo".');
            }
            bytes = await part.toBuffer();
          }
        }
      } catch (error) {
        if (error instanceof HttpError) throw error;
        // Anything else here is the multipart parser refusing the body (truncated, malformed, over a limit).
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(LOGO_MESSAGES.tooLarge);
        throw badRequest('The upload could not be read. Send one image in the form field "logo".');
      }
      if (!bytes || bytes.byteLength === 0) throw badRequest(LOGO_MESSAGES.missing);
      const logo = await normalizeLogo(bytes);
      // A signed-in user's upload is theirs (deleted with the account); a guest's belongs to nobody.
      const session = await request.loadSession();
      const userId = session?.userId ?? null;
      const existing = await reuseLogo(app.db, logo.sha256, userId);
      if (existing) return reply.code(201).send({ success: true, logo_url: logoPath(existing) });
      // New bytes from a guest count against the address's daily quota (behind TRUST_PROXY, the
      // forwarded address), taken before the insert and given back if it is exceeded.
      const quotaKey = `logo-bytes:${request.ip}`;
      if (userId === null) {
        const { count, ttlMs } = await consumeRateLimit(app.pool, quotaKey, DAY_MS, logo.bytes.byteLength);
        if (count > guestBytesPerDay) {
          await refundRateLimit(app.pool, quotaKey, logo.bytes.byteLength);
          reply.header('Retry-After', String(Math.max(1, Math.ceil(ttlMs / 1000))));
          throw new HttpError(429, LOGO_MESSAGES.guestQuota(guestBytesPerDay));
        }
      }
      const id = await insertLogo(app.db, logo, userId);
      return reply.code(201).send({ success: true, logo_url: logoPath(id) });
    },
  );

  // Public: the id is unguessable, and guests' invoices show their logos too.
  app.get('/api/logos/:id', { schema: { params: logoParams }, config: { auth: 'public' } }, async (request, reply) => {
    const logo = await findLogo(app.db, request.params.id);
    if (!logo) throw notFound(LOGO_MESSAGES.notFound);
    return reply
      .header('Content-Type', logo.mimeType)
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('ETag', `"${logo.sha256}"`)
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .send(logo.bytes);
  });
  // Unused guest logos go 24 hours after their last upload: a job every hour (minute 25, UTC) deletes
  // a batch, and a full batch queues the next in the same transaction, so each batch commits on its
  // own and a backlog is worked through without one long transaction.
  app.jobs.work('logos.sweep', async (_job, tx) => {
    if ((await sweepUnusedGuestLogos(tx)) === SWEEP_BATCH) await app.jobs.send('logos.sweep', {}, { tx });
  });
  app.jobs.schedule('logos.sweep', '25 * * * *', {});
};

export default logosRoutes;
