import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type pg from 'pg';
import type { Config } from './config';
import { exportRenderWindow } from './features/account-export/account-export.job';
import accountExportRoutes from './features/account-export/account-export.routes';
import accountLinksRoutes from './features/auth/account-links.routes';
import authRoutes from './features/auth/auth.routes';
import businessesRoutes from './features/businesses/businesses.routes';
import { toBusiness } from './features/businesses/businesses.service';
import { toClient } from './features/clients/clients.service';
import clientsRoutes from './features/clients/clients.routes';
import dashboardRoutes from './features/dashboard/dashboard.routes';
import documentsRoutes from './features/documents/documents.routes';
import einvoicesRoutes from './features/einvoices/einvoices.routes';
import { makeEInvoice } from './features/einvoices/einvoices.service';
import healthRoutes from './features/health/health.routes';
import { renderSavedInvoicePdf } from './features/invoices/invoices.download';
import { exportInvoicePage, exportPdfPages } from './features/invoices/invoices.export';
import invoiceImportRoutes from './features/invoices/invoices.import.routes';
import invoiceLinksRoutes from './features/invoices/invoices.links.routes';
import invoicesRoutes from './features/invoices/invoices.routes';
import logosRoutes from './features/logos/logos.routes';
import notificationsRoutes from './features/notifications/notifications.routes';
import { toNotification } from './features/notifications/notifications.service';
import paymentsRoutes from './features/payments/payments.routes';
import { toPayment } from './features/payments/payments.service';
import remindersRoutes from './features/reminders/reminders.routes';
import sendingRoutes from './features/sending/sending.routes';
import sessionsRoutes from './features/sessions/sessions.routes';
import supportRoutes from './features/support/support.routes';
import type { PdfPool } from './pdf/pdf-pool';
import usersRoutes from './features/users/users.routes';
import { getExportSettings } from './features/users/users.service';
import { defaultWebDistDir } from './paths';
import database from './plugins/database';
import errors, { clientErrors, frameworkErrors, zodValidatorCompiler } from './plugins/errors';
import jobs from './plugins/jobs';
import mailer from './plugins/mailer';
import rateLimit from './plugins/rate-limit';
import security from './plugins/security';
import serverSecrets from './plugins/server-secrets';
import session from './plugins/session';
import webApp from './plugins/web-app';

/** Where links in e-mails point: PUBLIC_URL, else this server as it listens (plugins/mailer.ts, linkOrigin). */
export function linkOrigin(config: Pick<Config, 'PUBLIC_URL' | 'HOST' | 'PORT'>): string {
  if (config.PUBLIC_URL) return new URL(config.PUBLIC_URL).origin;
  const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.PORT}`;
}

export interface AppDependencies {
  config: Config;
  pool: pg.Pool;
  pdf: PdfPool;
  /** Sees every route as it is registered (tests walk them to prove none escapes the sign-in guard). */
  onRoute?: (route: RouteOptions) => void;
}

/**
 * Builds the HTTP application around resources the caller owns (database pool, PDF workers),
 * so tests build it against their own database and close it without stopping shared workers.
 * Load order matters: errors first (everything after throws into it), then security headers
 * and the cross-site check, the database, the job queue (in the database; the plugins and features
 * after it declare their jobs), sessions (the sign-in guard of every route registered after them),
 * rate limits (they need the database), the mailer (its outbox is in the database, its deliveries
 * are jobs), features, and the web app last (it owns the not-found handler).
 */
export async function buildApp({ config, pool, pdf, onRoute }: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.LOG_LEVEL === 'silent' ? false : { level: config.LOG_LEVEL },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    frameworkErrors,
    clientErrorHandler: clientErrors,
    // Set deliberately (docs/reliability.md): Fastify's requestTimeout of 0 also turned off Node's
    // own, so a body trickling in a byte every 10 s held its connection forever. A request must now
    // arrive in full (headers and body) within REQUEST_TIMEOUT_MS, its headers within
    // HEADERS_TIMEOUT_MS. No socket inactivity timeout (connectionTimeout): it would also cut a
    // response the server is still preparing (a queued PDF); the two limits above cover slow
    // clients, keepAliveTimeout idle ones.
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    keepAliveTimeout: config.KEEP_ALIVE_TIMEOUT_MS,
    http: {
      headersTimeout: config.HEADERS_TIMEOUT_MS,
      // How often Node looks for requests past those limits (default 30 s): a slow request is
      // closed at most this much after its limit.
      connectionsCheckingInterval: Math.min(2_000, config.HEADERS_TIMEOUT_MS),
    },
  }).withTypeProvider<ZodTypeProvider>();
  // Beyond this many open connections new ones are closed at once, before any file descriptor or
  // memory is spent on them (a per-address cap belongs to the proxy, which sees addresses).
  app.server.maxConnections = config.MAX_CONNECTIONS;

  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  if (onRoute) app.addHook('onRoute', onRoute);

  await app.register(errors);
  await app.register(security, { publicUrl: config.PUBLIC_URL });
  await app.register(database, { pool });
  await app.register(serverSecrets, { pool });
  await app.register(jobs, { pool, stopTimeoutMs: config.JOBS_STOP_TIMEOUT_MS });
  await app.register(session, { publicUrl: config.PUBLIC_URL });
  await app.register(rateLimit, { pool });
  await app.register(mailer, {
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM ?? config.SUPPORT_EMAIL,
    retrySeconds: config.MAIL_RETRY_SECONDS,
    maxAttempts: config.MAIL_MAX_ATTEMPTS,
    linkOrigin: linkOrigin(config),
    // E-mails that attach an invoice render it in the delivery job, as its download does; the engine's fair queue
    // counts all of them as one client, so a batch of e-mails never crowds out the users' own PDFs.
    renderInvoicePdf: (tx, userId, invoiceId, signal) =>
      renderSavedInvoicePdf(tx, pdf, userId, invoiceId, { client: 'mail', signal }),
  });

  await app.register(healthRoutes);
  await app.register(documentsRoutes, {
    pdf,
    perMinute: config.RATE_LIMIT_DOCUMENTS_PER_MINUTE,
    einvoice: makeEInvoice,
  });
  await app.register(logosRoutes, {
    uploadsPerMinute: config.RATE_LIMIT_DOCUMENTS_PER_MINUTE,
    guestBytesPerDay: config.GUEST_LOGO_BYTES_PER_DAY,
  });
  await app.register(authRoutes, { config });
  await app.register(accountLinksRoutes, { config });
  await app.register(usersRoutes, {
    attemptsPerMinute: config.RATE_LIMIT_AUTH_PER_MINUTE,
    accountEmailsPerHour: config.RATE_LIMIT_ACCOUNT_EMAILS_PER_HOUR,
  });
  await app.register(sessionsRoutes);
  await app.register(clientsRoutes, { importsPerMinute: config.RATE_LIMIT_DOCUMENTS_PER_MINUTE });
  await app.register(businessesRoutes);
  await app.register(invoicesRoutes, {
    pdf,
    perMinute: config.RATE_LIMIT_DOCUMENTS_PER_MINUTE,
    einvoice: makeEInvoice,
  });
  await app.register(invoiceImportRoutes, { perMinute: config.RATE_LIMIT_DOCUMENTS_PER_MINUTE });
  await app.register(einvoicesRoutes, { perMinute: config.RATE_LIMIT_DOCUMENTS_PER_MINUTE });
  await app.register(invoiceLinksRoutes, {
    pdf,
    publicUrl: config.PUBLIC_URL,
    viewsPerMinute: config.RATE_LIMIT_PUBLIC_LINKS_PER_MINUTE,
    documentsPerMinute: config.RATE_LIMIT_DOCUMENTS_PER_MINUTE,
  });
  await app.register(remindersRoutes, {
    scan: config.REMINDERS_SCAN === 'on',
    perDay: config.REMINDERS_PER_ACCOUNT_PER_DAY,
  });
  await app.register(sendingRoutes, { perHour: config.RATE_LIMIT_SEND_PER_HOUR, publicUrl: config.PUBLIC_URL });
  await app.register(paymentsRoutes);
  await app.register(dashboardRoutes);
  await app.register(notificationsRoutes);
  await app.register(accountExportRoutes, {
    perMinute: config.RATE_LIMIT_DOCUMENTS_PER_MINUTE,
    // "Export my data" writes what the other features answer, through their own serializers.
    sources: {
      settings: getExportSettings,
      toClient,
      toBusiness,
      toPayment,
      toNotification,
      invoicePage: exportInvoicePage,
      // The engine's fair queue counts every export as one client, so exports never crowd out the users' own PDFs.
      pdfPages: (db, userId) => exportPdfPages(db, pdf, userId, 'export'),
      renderWindow: exportRenderWindow(pdf.threads),
    },
  });
  await app.register(supportRoutes, {
    supportEmail: config.SUPPORT_EMAIL,
    perHour: config.RATE_LIMIT_SUPPORT_PER_HOUR,
  });

  await app.register(webApp, { distDir: config.WEB_DIST_DIR ?? defaultWebDistDir });
  return app;
}
