import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath, NO_CHROMIUM } from '../scripts/chromium.mjs';

/**
 * Browser tests against the production build served by the real server, on its own embedded
 * PostgreSQL in a throw-away data directory, driving the system Chromium (browser downloads
 * are not used: CHROMIUM_PATH, or `chromium` on PATH). Everything this run starts listens on
 * E2E_PORT (the app), + 1 (the app without Google or e-mail delivery), + 2 and + 3 (the SMTP capture and
 * its messages) and + 307 (the OpenID provider), and keeps its data under a directory named after
 * E2E_PORT, so runs on other ports (scripts/e2e-shards.mjs runs shards side by side) share nothing.
 */
const port = Number(process.env.E2E_PORT ?? 4173);
const baseURL = `http://127.0.0.1:${port}`;
// The local OpenID provider standing in for Google (oidc-provider.mjs); 4480 beside the default port.
const oidcPort = Number(process.env.E2E_OIDC_PORT ?? port + 307);
const oidcURL = `http://127.0.0.1:${oidcPort}`;
// The Google tests tell the provider whom to approve; workers inherit this from the runner.
process.env.E2E_OIDC_URL = oidcURL;
const executablePath = chromiumPath();
if (!executablePath) throw new Error(`The browser tests need Chromium. ${NO_CHROMIUM}`);
// One fixed directory, wiped at each run, so runs never pile up clusters in the temp folder.
const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `invoicer-e2e-${port}`);
// Playwright evaluates this file again in every worker; only the runner (before it starts the server) wipes.
if (process.env.TEST_WORKER_INDEX === undefined) {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(`${dataDir}-plain`, { recursive: true, force: true });
}
/**
 * A second app server with no Google settings and no SMTP_URL, for what a product without Google sign-in or
 * e-mail delivery shows. Its data directory is known to the tests, which verify its accounts' addresses in its
 * database (no e-mail can reach them).
 */
const plainPort = port + 1;
process.env.E2E_PLAIN_URL = `http://127.0.0.1:${plainPort}`;
process.env.E2E_PLAIN_DATA_DIR = `${dataDir}-plain`;
/** The SMTP server the main app delivers to (smtp-capture.mjs), and where the tests read what it received. */
const smtpPort = port + 2;
const mailPort = port + 3;
process.env.E2E_MAIL_URL = `http://127.0.0.1:${mailPort}`;

export default defineConfig({
  testDir: './tests',
  // Playwright empties this at start: shards running side by side each have their own.
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? 'list' : [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: { executablePath, args: [...CHROMIUM_ARGS] },
  },
  projects: [
    // Tests tagged @desktop or @mobile run only in that project; untagged ones run in both.
    { name: 'desktop', use: { ...devices['Desktop Chrome'] }, grepInvert: /@mobile/ },
    { name: 'mobile', use: { ...devices['Pixel 7'] }, grepInvert: /@desktop/ },
  ],
  webServer: [
    {
      command: 'node oidc-provider.mjs',
      url: `${oidcURL}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { OIDC_PORT: String(oidcPort) },
    },
    {
      command: 'node smtp-capture.mjs',
      url: `${process.env.E2E_MAIL_URL}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { SMTP_CAPTURE_SMTP_PORT: String(smtpPort), SMTP_CAPTURE_HTTP_PORT: String(mailPort) },
    },
    {
      command: 'node ../apps/server/dist/main.js',
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        // A build elsewhere than apps/web/dist (several people testing on one machine each use their own).
        ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: path.resolve(process.env.WEB_DIST_DIR) } : {}),
        // Every browser test comes from 127.0.0.1: limits high enough that only the rate-limit tests reach them.
        RATE_LIMIT_DOCUMENTS_PER_MINUTE: '1000',
        RATE_LIMIT_PUBLIC_LINKS_PER_MINUTE: '1000',
        RATE_LIMIT_AUTH_PER_MINUTE: '1000',
        RATE_LIMIT_AUTH_PER_EMAIL: '1000',
        RATE_LIMIT_ACCOUNT_EMAILS_PER_HOUR: '1000',
        // E-mail goes to the capture above: the tests open the links of the e-mails they cause.
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        MAIL_FROM: 'invoicer@e2e.test',
        MAIL_RETRY_SECONDS: '1',
        // Google sign-in against the local provider above (plain http is allowed for loopback issuers only).
        GOOGLE_CLIENT_ID: 'invoicer-e2e',
        GOOGLE_CLIENT_SECRET: 'invoicer-e2e-secret',
        GOOGLE_ISSUER: oidcURL,
      },
    },
    {
      command: 'node ../apps/server/dist/main.js',
      url: `${process.env.E2E_PLAIN_URL}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(plainPort),
        HOST: '127.0.0.1',
        DATA_DIR: `${dataDir}-plain`,
        LOG_LEVEL: 'warn',
        ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: path.resolve(process.env.WEB_DIST_DIR) } : {}),
      },
    },
  ],
});
