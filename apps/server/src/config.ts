import { existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** Every setting the server reads, with its default. `.env.example` at the repository root lists the same. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  /** Unset: an embedded PostgreSQL is started under DATA_DIR. */
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Public origin (https://invoices.example.com) when behind a proxy; decides Secure cookies and the allowed Origin. */
  PUBLIC_URL: z.string().url().optional(),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** Requests per minute per client address on the public document endpoints. */
  RATE_LIMIT_DOCUMENTS_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  /** Public invoice links opened (GET /api/public/invoices/{token}) per minute per client address. */
  RATE_LIMIT_PUBLIC_LINKS_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  /** Sign-in and sign-up attempts per minute per client address (also password change and account deletion). */
  RATE_LIMIT_AUTH_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  /**
   * Failed sign-ins per 15 minutes per account from browsers that never signed in to it, and
   * separately per browser that did (its device cookie, ADR 0013).
   */
  RATE_LIMIT_AUTH_PER_EMAIL: z.coerce.number().int().min(1).default(10),
  /**
   * E-mails with an account link (password reset, verification, a new address to confirm) per hour: per e-mail address
   * for resets, per account for the others (docs/decisions/0052-account-links-verification-and-sessions.md).
   */
  RATE_LIMIT_ACCOUNT_EMAILS_PER_HOUR: z.coerce.number().int().min(1).default(5),
  /** Bytes of new logos a guest (per client address) may store per day; signed-in uploads have no quota. */
  GUEST_LOGO_BYTES_PER_DAY: z.coerce
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1)
    .default(20 * 1024 * 1024),
  PDF_THREADS: z.coerce.number().int().min(1).max(64).optional(),
  /**
   * Connection limits (docs/reliability.md, "Timeouts and connection limits"): a request, body
   * included, must arrive in full within REQUEST_TIMEOUT_MS, its headers within HEADERS_TIMEOUT_MS;
   * an idle keep-alive connection closes after KEEP_ALIVE_TIMEOUT_MS; past MAX_CONNECTIONS open
   * connections new ones are refused.
   */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(15_000),
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(72_000),
  MAX_CONNECTIONS: z.coerce.number().int().min(1).default(10_000),
  /** Directory of the built web app served on /. */
  WEB_DIST_DIR: z.string().optional(),
  /** Directory of the PDF fonts; unset: apps/server/assets/fonts. */
  FONTS_DIR: z.string().optional(),
  /** Where support requests are sent: the address the legal pages and the Coming soon page show. */
  SUPPORT_EMAIL: z.string().email().default('support@invoicer.app'),
  /** Sender of the product's e-mails (default SUPPORT_EMAIL); some SMTP relays accept only their own domain. */
  MAIL_FROM: z.string().email().optional(),
  /** smtp://user:pass@host:587 or smtps://...:465. Unset: e-mails wait in the outbox table and are logged. */
  SMTP_URL: z.string().url().optional(),
  /** Delay before the first retry of a failed delivery, doubling (with jitter) with each attempt up to an hour. */
  MAIL_RETRY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** Delivery attempts before a message is marked failed (it stays in the outbox). */
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(10),
  /**
   * How long a stopping server waits for the background jobs in flight (docs/reliability.md,
   * "Background work"); past it they are failed and another process (or the next start) retries them.
   */
  JOBS_STOP_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(10_000),
  /**
   * Whether this process looks for due reminders, at start-up and every minute
   * (docs/decisions/0050-automatic-reminders.md). Off only for test servers whose tests must not see reminders they
   * did not ask for; a production server leaves it on (every process may, the passes never overlap).
   */
  REMINDERS_SCAN: z.enum(['on', 'off']).default('on'),
  /** Reminder e-mails per account per day (UTC); past it the rest wait for the next day. */
  REMINDERS_PER_ACCOUNT_PER_DAY: z.coerce.number().int().min(1).max(100_000).default(200),
  /** Support requests per hour per user. */
  RATE_LIMIT_SUPPORT_PER_HOUR: z.coerce.number().int().min(1).default(10),
  /**
   * Invoices sent by e-mail (POST /api/invoices/{id}/send) per hour per account, each to at most 10 addresses
   * (docs/decisions/0049-sending-invoices-by-e-mail.md).
   */
  RATE_LIMIT_SEND_PER_HOUR: z.coerce.number().int().min(1).default(50),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_ISSUER: z.string().url().default('https://accounts.google.com'),
});

export type Config = z.infer<typeof envSchema> & { dataDir: string };

/**
 * Reads `.env` in the working directory into process.env, when there is one (`npm start` runs from
 * the repository root, where .env.example says to copy it). A variable already set in the real
 * environment wins over the file. Answers the file read, or null.
 */
export function loadEnvFile(file = path.resolve('.env')): string | null {
  if (!existsSync(file)) return null;
  process.loadEnvFile(file);
  return file;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid settings:\n${lines.join('\n')}`);
  }
  if (parsed.data.HEADERS_TIMEOUT_MS > parsed.data.REQUEST_TIMEOUT_MS) {
    throw new Error('Invalid settings:\n  HEADERS_TIMEOUT_MS: must not be more than REQUEST_TIMEOUT_MS');
  }
  return { ...parsed.data, dataDir: path.resolve(parsed.data.DATA_DIR) };
}
