import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer, { type Transporter } from 'nodemailer';
import { outbox } from '../db/schema';
import type { Database, DbExecutor } from './database';

/**
 * E-mail through an outbox (docs/decisions/0036-background-work-and-outgoing-e-mail.md). A message is written to the
 * `outbox` table in the transaction of the event it reports (a support request and its e-mail land together or not at
 * all), and delivered after the commit by a small loop in every server process:
 *
 * - With SMTP_URL, nodemailer sends it. A failed delivery leaves the row pending with its error
 *   and retries after MAIL_RETRY_SECONDS, doubling up to an hour; after MAIL_MAX_ATTEMPTS the row
 *   is marked failed and kept. Each row is claimed with FOR UPDATE SKIP LOCKED and marked sent in
 *   the same transaction, so several server processes never send one message twice (short of a
 *   crash between the SMTP server's acceptance and the commit; the stable Message-ID lets the
 *   receiving side drop such a duplicate). The loop also runs at start-up, delivering what earlier
 *   runs left pending, and polls now and then for rows another process could not finish.
 * - Without SMTP_URL, messages stay pending in the outbox and are written to the log, so support
 *   requests work with zero setup and are delivered once a mail server is configured.
 *
 * A Fastify plugin rather than a plain module because it owns a lifecycle tied to the app's: the
 * SMTP transport and the timer start when the app is ready and stop (after the send in flight)
 * when it closes.
 */

export interface MailMessage {
  /** What the message is, for the log and the table (`support_request`). */
  kind: string;
  userId: string | null;
  supportRequestId?: string | null;
  to: string;
  replyTo?: string | null;
  subject: string;
  text: string;
}

export interface QueuedMail extends MailMessage {
  id: number;
}

export interface Mailer {
  /** True when SMTP_URL is set: messages are delivered, not only kept. */
  readonly delivering: boolean;
  /** Writes the message to the outbox, pending; pass the transaction of the event it reports. */
  enqueue(executor: DbExecutor, message: MailMessage): Promise<QueuedMail>;
  /** After the enqueuing transaction committed: deliver now (in the background), or log it without SMTP. */
  dispatch(mail: QueuedMail): void;
  /** Delivers every pending message that is due; answers how many were sent. Does nothing without SMTP. */
  deliverDue(): Promise<number>;
  /** Resolves when no delivery run is in progress. */
  idle(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export interface MailerOptions {
  smtpUrl?: string | undefined;
  /** The From address. */
  from: string;
  retrySeconds: number;
  maxAttempts: number;
  /** How often an idle loop looks for rows left by other processes (default one minute). */
  pollMs?: number;
}

const MAX_RETRY_MS = 60 * 60 * 1000;
const DEFAULT_POLL_MS = 60_000;
/** A hung SMTP server must not hold a row lock (and a pool connection) for minutes. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** Milliseconds to wait after the attempt-th failed attempt (1-based). */
export function retryDelayMs(retrySeconds: number, attempt: number): number {
  return Math.min(MAX_RETRY_MS, retrySeconds * 1000 * 2 ** Math.min(attempt - 1, 20));
}

type Outcome = 'sent' | 'retry' | 'failed' | 'none';

/** The delivery loop of one process. Exported for tests that run several against one database. */
export class OutboxWorker {
  private readonly transport: Transporter;
  private readonly pollMs: number;
  private readonly domain: string;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private rerun = false;
  private closed = false;

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    private readonly options: MailerOptions & { smtpUrl: string },
  ) {
    this.transport = nodemailer.createTransport({ url: options.smtpUrl, ...SMTP_TIMEOUTS });
    this.pollMs = options.pollMs ?? DEFAULT_POLL_MS;
    this.domain = options.from.split('@')[1] ?? 'localhost';
  }

  /** Runs the loop now (or right after the current run); never throws. */
  wake(): void {
    if (this.closed) return;
    if (this.running) {
      this.rerun = true;
      return;
    }
    clearTimeout(this.timer);
    this.running = this.run().finally(() => {
      this.running = undefined;
      if (this.rerun) {
        this.rerun = false;
        this.wake();
      }
    });
  }

  /** Resolves when no run is in progress (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    await this.idle();
    this.transport.close();
  }

  async deliverDue(): Promise<number> {
    let sent = 0;
    for (;;) {
      const outcome = await this.deliverOne();
      if (outcome === 'none') return sent;
      if (outcome === 'sent') sent++;
      if (this.closed) return sent;
    }
  }

  private async run(): Promise<void> {
    let nextInMs = this.pollMs;
    try {
      await this.deliverDue();
      nextInMs = await this.msUntilNextDue();
    } catch (error) {
      // The database is down or restarting: try again at the next poll.
      this.log.warn({ err: error }, 'mail outbox: delivery run failed');
    }
    if (!this.closed) {
      this.timer = setTimeout(() => this.wake(), Math.max(50, Math.min(nextInMs, this.pollMs)));
      this.timer.unref();
    }
  }

  private async msUntilNextDue(): Promise<number> {
    const [row] = await this.db
      .select({ ms: sql<number | null>`(extract(epoch from min(${outbox.nextAttemptAt}) - now()) * 1000)::float8` })
      .from(outbox)
      .where(eq(outbox.status, 'pending'));
    return row?.ms ?? this.pollMs;
  }

  /** Claims one due message (skipping rows another process holds), sends it and records the outcome, in one transaction. */
  private async deliverOne(): Promise<Outcome> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(outbox)
        .where(and(eq(outbox.status, 'pending'), lte(outbox.nextAttemptAt, sql`now()`)))
        .orderBy(asc(outbox.nextAttemptAt), asc(outbox.id))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!row) return 'none';
      const attempts = row.attempts + 1;
      try {
        await this.transport.sendMail({
          from: { name: 'Invoicer', address: this.options.from },
          to: row.recipient,
          ...(row.replyTo ? { replyTo: row.replyTo } : {}),
          subject: row.subject,
          text: row.body,
          messageId: `<outbox-${row.id}-${row.createdAt.getTime()}@${this.domain}>`,
        });
      } catch (error) {
        const failed = attempts >= this.options.maxAttempts;
        const message = error instanceof Error ? error.message : String(error);
        await tx
          .update(outbox)
          .set({
            attempts,
            lastError: message.slice(0, 1000),
            status: failed ? 'failed' : 'pending',
            nextAttemptAt: sql`now() + ${retryDelayMs(this.options.retrySeconds, attempts)} * interval '1 millisecond'`,
          })
          .where(eq(outbox.id, row.id));
        const fields = { outboxId: row.id, kind: row.kind, attempts, error: message };
        if (failed) this.log.error(fields, 'mail outbox: delivery failed for good; the message stays in the outbox');
        else this.log.warn(fields, 'mail outbox: delivery failed; will retry');
        return failed ? 'failed' : 'retry';
      }
      await tx
        .update(outbox)
        .set({ attempts, status: 'sent', sentAt: sql`now()`, lastError: null })
        .where(eq(outbox.id, row.id));
      this.log.info({ outboxId: row.id, kind: row.kind, attempts }, 'mail outbox: sent');
      return 'sent';
    });
  }
}

export async function enqueueMail(executor: DbExecutor, message: MailMessage): Promise<QueuedMail> {
  const [row] = await executor
    .insert(outbox)
    .values({
      userId: message.userId,
      kind: message.kind,
      supportRequestId: message.supportRequestId ?? null,
      recipient: message.to,
      replyTo: message.replyTo ?? null,
      subject: message.subject,
      body: message.text,
    })
    .returning({ id: outbox.id });
  return { ...message, id: row!.id };
}

export default fp<MailerOptions>(
  async (app, options) => {
    const { smtpUrl } = options;
    const worker = smtpUrl ? new OutboxWorker(app.db, app.log, { ...options, smtpUrl }) : undefined;

    const mailer: Mailer = {
      delivering: worker !== undefined,
      enqueue: enqueueMail,
      dispatch(mail) {
        if (worker) return worker.wake();
        app.log.info(
          {
            outboxId: mail.id,
            kind: mail.kind,
            to: mail.to,
            replyTo: mail.replyTo,
            subject: mail.subject,
            text: mail.text,
          },
          'e-mail kept in the outbox (SMTP_URL is not set)',
        );
      },
      deliverDue: async () => (worker ? worker.deliverDue() : 0),
      idle: async () => worker?.idle(),
    };
    app.decorate('mailer', mailer);

    app.addHook('onReady', async () => {
      if (worker) {
        worker.wake(); // what earlier runs left pending
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
    app.addHook('onClose', async () => worker?.close());
  },
  { name: 'mailer', dependencies: ['database'] },
);
