import { randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import type pg from 'pg';

/**
 * Secrets the server makes for itself (signing keys), kept in PostgreSQL so that they survive a restart and every
 * server process uses the same one
 * (docs/decisions/0027-rules-that-hold-everywhere.md#rule-5-state-lives-in-postgresql-only): no setting to configure.
 * The first process to need a secret creates it (an insert that loses a race changes nothing) and every process reads
 * the stored one, then keeps it in memory. Deleting a row and restarting the servers rotates that secret.
 */

/** `device-cookie` signs sign-in device cookies (ADR 0013); `public-links` seals invoice link tokens (ADR 0046). */
export type SecretName = 'device-cookie' | 'public-links';

declare module 'fastify' {
  interface FastifyInstance {
    /** The named secret, 32 random bytes, the same in every process. */
    serverSecret(name: SecretName): Promise<Buffer>;
  }
}

export async function loadServerSecret(pool: pg.Pool, name: SecretName): Promise<Buffer> {
  await pool.query(`insert into server_secrets (name, secret) values ($1, $2) on conflict (name) do nothing`, [
    name,
    randomBytes(32),
  ]);
  const { rows } = await pool.query<{ secret: Buffer }>(`select secret from server_secrets where name = $1`, [name]);
  return rows[0]!.secret;
}

export default fp<{ pool: pg.Pool }>(
  async (app, { pool }) => {
    const loaded = new Map<SecretName, Promise<Buffer>>();
    app.decorate('serverSecret', (name: SecretName) => {
      let secret = loaded.get(name);
      if (!secret) {
        secret = loadServerSecret(pool, name);
        // A failure (database down) is not remembered: the next request tries again.
        secret.catch(() => loaded.delete(name));
        loaded.set(name, secret);
      }
      return secret;
    });
    // Made at start-up, so the first sign-in does not wait for it and a refused request never
    // writes it; if the database is unreachable now, the first use makes it instead.
    app.addHook('onReady', async () => {
      await app.serverSecret('device-cookie').catch(() => undefined);
      await app.serverSecret('public-links').catch(() => undefined);
    });
  },
  { name: 'server-secrets', dependencies: ['database'] },
);
