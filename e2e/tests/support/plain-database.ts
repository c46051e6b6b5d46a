import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/**
 * The database of the plain e2e server (E2E_PLAIN_URL: no Google, no SMTP_URL), which no e-mail can leave: its
 * accounts' addresses are verified here, straight in its embedded PostgreSQL, where verification is not what a test
 * is about (a sent invoice without delivery configured). Connection from its data directory: the password file the
 * server wrote and the port in PostgreSQL's own postmaster.pid.
 */
function plainDatabaseUrl(): string {
  const dataDir = process.env.E2E_PLAIN_DATA_DIR;
  if (!dataDir) throw new Error('E2E_PLAIN_DATA_DIR is not set: run the browser tests through playwright.config.ts');
  const password = readFileSync(path.join(dataDir, 'postgres-password'), 'utf8').trim();
  // postmaster.pid: the pid, the data directory, the start time, then the port.
  const port = readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')
    .split('\n')[3]!
    .trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
}

/** Marks the plain server's account with this address verified. */
export async function verifyOnPlainServer(email: string): Promise<void> {
  const client = new pg.Client({ connectionString: plainDatabaseUrl() });
  await client.connect();
  try {
    const result = await client.query(`update users set email_verified = true where lower(email) = lower($1)`, [email]);
    if (result.rowCount !== 1) throw new Error(`no account ${email} on the plain server`);
  } finally {
    await client.end();
  }
}
