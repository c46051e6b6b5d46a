import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import { outbox } from '../db/schema';
import type { DbExecutor } from './database';

/**
 * E-mail through an outbox and the job queue (docs/decisions/0036-background-work-and-outgoing-e-mail.md,
 * docs/decisions/0045-the-job-queue.md). A message is written to the `outbox` table, and its delivery job enqueued,
 * in the transaction of the event it reports: a support request and its e-mail land together or not
 * at all. The queue delivers it after the commit, in whichever server process claims the job:
 *
 * - With SMTP_URL, nodemailer sends it. The job locks the outbox row, sends, and marks the row sent
 *   in the transaction that completes the job, so several processes never send one message twice
 *   (short of a crash between the SMTP server's acceptance and the commit; the stable Message-ID
 *   lets the receiving side drop such a duplicate). A failed delivery records its error on the row
 *   and is retried after MAIL_RETRY_SECONDS, doubling up to an hour; after MAIL_MAX_ATTEMPTS the row
 *   is marked failed and kept.
 * - A message may carry an HTML part, Cc addresses, a From display name and an invoice to attach
 *   (`attachInvoiceId`): its PDF is rendered by the PDF engine inside the delivery job, never on the
 *   request's path (docs/decisions/0049-sending-invoices-by-e-mail.md).
 * - Without SMTP_URL, this process does not work the queue: messages stay pending in the outbox (and
 *   are written to the log), so support requests work with zero setup, and a process started with
 *   SMTP_URL delivers them.
 */

export interface MailMessage {
  /** What the message is, for the log and the table (`support_request`, `invoice`, `reminder`). */
  kind: string;
  userId: string | null;
  supportRequestId?: string | null;
  /** One address or several (bare addresses, validated by the caller). */
  to: string | readonly string[];
  cc?: readonly string[] | undefined;
  replyTo?: string | null;
  /** The From display name; the address is always MAIL_FROM (docs/decisions/0049-sending-invoices-by-e-mail.md). */
  fromName?: string | null;
  subject: string;
  text: string;
  /** An HTML alternative to `text`; self-contained (no remote images, no tracking). */
  html?: string | null;
  /**
   * The user's invoice whose PDF is attached, rendered when the message is delivered (never on the request's
   * path), named as its download is. Needs `userId`: only the owner's invoice is ever attached.
   */
  attachInvoiceId?: string | null;
}

export interface QueuedMail extends MailMessage {
  id: number;
}

export interface Mailer {
  /** True when SMTP_URL is set: messages are delivered, not only kept. */
  readonly delivering: boolean;
  /**
   * The origin links in e-mails start with (https://invoices.example.com): PUBLIC_URL's, else this server's own
   * address as it listens (only right for a server used on the machine it runs on; the README says to set it).
   */
  readonly linkOrigin: string;
  /** Writes the message to the outbox and enqueues its delivery; pass the transaction of the event it reports. */
  enqueue(tx: DbExecutor, message: MailMessage): Promise<QueuedMail>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

declare module './jobs' {
  interface JobPayloads {
    'mail.deliver': { outboxId: number };
  }
}

/** Renders the PDF of the user's invoice through `db` (the delivery job's transaction); null when it is gone. */
export type InvoicePdfRenderer = (
  db: DbExecutor,
  userId: string,
  invoiceId: string,
  signal: AbortSignal,
) => Promise<{ fileName: string; bytes: Uint8Array } | null>;

export interface MailerOptions {
  smtpUrl?: string | undefined;
  /** The From address. */
  from: string;
  retrySeconds: number;
  maxAttempts: number;
  /** See Mailer.linkOrigin. */
  linkOrigin: string;
  /** The PDF engine, as app.ts reaches it (this floor cannot import it): for messages with attachInvoiceId. */
  renderInvoicePdf?: InvoicePdfRenderer | undefined;
}

/** The product's name, the From display name of every message that sets none. */
export const PRODUCT_NAME = 'Invoicer';

const joinAddresses = (addresses: string | readonly string[]): string =>
  typeof addresses === 'string' ? addresses : addresses.join(', ');

/** A hung SMTP server must not hold a row lock (and a connection) for minutes. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

export default fp<MailerOptions>(
  async (app, { smtpUrl, from, retrySeconds, maxAttempts, linkOrigin, renderInvoicePdf }) => {
    const transport = smtpUrl ? nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS }) : undefined;
    const domain = from.split('@')[1] ?? 'localhost';

    app.jobs.work(
      'mail.deliver',
      async (job, tx) => {
        const [row] = await tx.select().from(outbox).where(eq(outbox.id, job.data.outboxId)).for('update');
        // Delivered (or given up) already, by an earlier run of this job that committed. (A message whose invoice
        // was deleted went with it: the row is gone.)
        if (!row || row.status !== 'pending' || !transport) return;
        const attachments = [];
        if (row.attachInvoiceId) {
          // Rendered now, in the job, so the request that queued the message never waited for the engine; the
          // engine's fair queue counts these renders as one client's, "mail", beside the users' own.
          const rendered =
            row.userId && renderInvoicePdf
              ? await renderInvoicePdf(tx, row.userId, row.attachInvoiceId, job.signal)
              : null;
          if (!rendered) throw new Error(`the invoice ${row.attachInvoiceId} to attach could not be read`);
          attachments.push({
            filename: rendered.fileName,
            content: Buffer.from(rendered.bytes.buffer, rendered.bytes.byteOffset, rendered.bytes.byteLength),
            contentType: 'application/pdf',
          });
        }
        await transport.sendMail({
          from: { name: row.fromName ?? PRODUCT_NAME, address: from },
          to: row.recipient,
          ...(row.cc ? { cc: row.cc } : {}),
          ...(row.replyTo ? { replyTo: row.replyTo } : {}),
          subject: row.subject,
          text: row.body,
          ...(row.html ? { html: row.html } : {}),
          ...(attachments.length > 0 ? { attachments } : {}),
          messageId: `<outbox-${row.id}-${row.createdAt.getTime()}@${domain}>`,
        });
        await tx
          .update(outbox)
          .set({ attempts: job.attempt, status: 'sent', sentAt: sql`now()`, lastError: null })
          .where(eq(outbox.id, row.id));
        app.log.info({ outboxId: row.id, kind: row.kind, attempts: job.attempt }, 'mail outbox: sent');
      },
      {
        // Without SMTP_URL the jobs wait for a process that has it.
        concurrency: transport ? 1 : 0,
        // A retry is found within 2 s of coming due.
        pollSeconds: 2,
        attempts: maxAttempts,
        retryDelaySeconds: retrySeconds,
        maxRetryDelaySeconds: 3600,
        // Connect, greet and one socket timeout, with room to spare.
        timeoutSeconds: 120,
        // Kept until a process with SMTP_URL delivers them.
        keepWaitingDays: 365,
        onFailure: async (job, error, db) => {
          const { outboxId } = job.data as { outboxId: number };
          const message = error instanceof Error ? error.message : String(error);
          await db
            .update(outbox)
            .set({
              attempts: job.attempt,
              lastError: message.slice(0, 1000),
              status: job.lastAttempt ? 'failed' : 'pending',
            })
            .where(and(eq(outbox.id, outboxId), eq(outbox.status, 'pending')));
          if (job.lastAttempt) {
            app.log.error(
              { outboxId, error: message },
              'mail outbox: delivery failed for good; the message stays in the outbox',
            );
          }
        },
      },
    );

    const mailer: Mailer = {
      delivering: transport !== undefined,
      linkOrigin,
      async enqueue(tx, message) {
        if (message.attachInvoiceId && !message.userId) throw new Error('an attached invoice needs its owner');
        const jobId = randomUUID();
        const [row] = await tx
          .insert(outbox)
          .values({
            jobId,
            userId: message.userId,
            kind: message.kind,
            supportRequestId: message.supportRequestId ?? null,
            recipient: joinAddresses(message.to),
            cc: message.cc && message.cc.length > 0 ? joinAddresses(message.cc) : null,
            replyTo: message.replyTo ?? null,
            fromName: message.fromName ?? null,
            subject: message.subject,
            body: message.text,
            html: message.html ?? null,
            attachInvoiceId: message.attachInvoiceId ?? null,
          })
          .returning({ id: outbox.id });
        const mail = { ...message, id: row!.id };
        await app.jobs.send('mail.deliver', { outboxId: mail.id }, { tx, id: jobId });
        if (!transport) {
          app.log.info(
            {
              outboxId: mail.id,
              kind: mail.kind,
              to: mail.to,
              cc: mail.cc,
              replyTo: mail.replyTo,
              attachInvoiceId: mail.attachInvoiceId,
              subject: mail.subject,
              text: mail.text,
            },
            'e-mail kept in the outbox (SMTP_URL is not set)',
          );
        }
        return mail;
      },
    };
    app.decorate('mailer', mailer);

    /** Gives a delivery job to the pending messages written before the job queue existed (job_id null). */
    async function queueUnqueued(): Promise<void> {
      for (;;) {
        const queued = await app.db.transaction(async (tx) => {
          const rows = await tx
            .select({ id: outbox.id })
            .from(outbox)
            .where(and(eq(outbox.status, 'pending'), isNull(outbox.jobId)))
            .orderBy(outbox.id)
            .limit(500)
            .for('update', { skipLocked: true });
          for (const { id } of rows) {
            const jobId = randomUUID();
            await app.jobs.send('mail.deliver', { outboxId: id }, { tx, id: jobId });
            await tx.update(outbox).set({ jobId }).where(eq(outbox.id, id));
          }
          return rows.length;
        });
        if (queued === 0) return;
        app.log.info(`mail outbox: queued ${queued} message(s) written before the job queue`);
      }
    }

    app.addHook('onReady', async () => {
      if (transport) {
        await queueUnqueued();
        return;
      }
      const [row] = await app.db
        .select({ count: sql<number>`count(*)::int` })
        .from(outbox)
        .where(eq(outbox.status, 'pending'))
        .catch(() => [{ count: 0 }]);
      if (row && row.count > 0) {
        app.log.warn(`${row.count} e-mail(s) wait in the outbox table; set SMTP_URL to deliver them.`);
      }
    });
    app.addHook('onClose', async () => transport?.close());
  },
  { name: 'mailer', dependencies: ['database', 'jobs'] },
);
