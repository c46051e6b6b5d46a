import { loadConfig, loadEnvFile } from './config';
import { buildApp } from './app';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './db/embedded-postgres';
import { runMigrations } from './db/migrate';
import { closeEInvoiceValidation } from './features/einvoices/einvoice-validation';
import { resolveFontsDir } from './pdf/fonts-dir';
import { createPdfPool } from './pdf/pdf-pool';
import { createPool } from './plugins/database';
import { isDatabaseUnavailable } from './plugins/errors';

/** What to say when the first connection fails: where it tried (never the password) and what to check. */
function startupFailure(error: unknown, connectionString: string): string {
  const detail = error instanceof Error ? error.message : String(error);
  if (!isDatabaseUnavailable(error)) return detail;
  const { hostname, port, pathname } = new URL(connectionString);
  return (
    `Could not reach PostgreSQL at ${hostname}:${port || 5432}${pathname} (${detail}). ` +
    'Is it running? Check DATABASE_URL, or unset it to use the embedded database.'
  );
}

/** Starts the product: database (embedded unless DATABASE_URL is set), migrations, PDF workers, HTTP. */
async function main() {
  const startedAt = performance.now();
  const log = (message: string) => console.log(`[invoicer] ${message}`);
  const envFile = loadEnvFile();
  if (envFile) log(`Settings from ${envFile} (the environment wins over it)`);
  const config = loadConfig();
  // Checked here, so a wrong FONTS_DIR stops the start instead of failing the first PDF.
  const fontsDir = resolveFontsDir(config.FONTS_DIR);

  let embedded: EmbeddedPostgres | undefined;
  let connectionString = config.DATABASE_URL;
  if (!connectionString) {
    embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, log });
    connectionString = embedded.connectionString;
  }

  const cleanups: Array<() => Promise<unknown>> = [];
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    for (const cleanup of cleanups.reverse()) await cleanup().catch((error) => console.error(error));
    await embedded?.stop().catch((error) => console.error(error));
    process.exit(code);
  };
  process.once('SIGINT', () => void stop(0));
  process.once('SIGTERM', () => void stop(0));

  try {
    await runMigrations(connectionString).catch((error: unknown) => {
      throw new Error(startupFailure(error, connectionString));
    });
    const pool = createPool(connectionString, config.DB_POOL_MAX);
    cleanups.push(() => pool.end());
    const pdf = createPdfPool({ threads: config.PDF_THREADS, fontsDir });
    cleanups.push(() => pdf.close());
    // The e-invoice rules' thread starts on the first e-invoice; stopped here so it never holds the exit back.
    cleanups.push(() => closeEInvoiceValidation());
    const app = await buildApp({ config, pool, pdf });
    cleanups.push(async () => {
      // close() stops accepting and waits for the requests in flight. A keep-alive connection that
      // finishes its request after that would stay open for the keep-alive timeout (72 s in
      // Fastify) and hold the exit back: each is closed as soon as it is idle (found by the fault
      // suite: SIGTERM during 300 saves took 70 s to exit).
      const closeIdle = setInterval(() => app.server.closeIdleConnections(), 50);
      try {
        await app.close();
      } finally {
        clearInterval(closeIdle);
      }
    });
    const address = await app.listen({ port: config.PORT, host: config.HOST });
    const shownHost = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
    const url = new URL(address);
    log(`Ready in ${Math.round(performance.now() - startedAt)} ms: http://${shownHost}:${url.port}`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    await stop(1);
  }
}

void main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
