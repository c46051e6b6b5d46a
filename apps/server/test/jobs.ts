import type { JobPayloads } from '../src/plugins/jobs';
import type { TestApp } from './app';
import { waitFor } from './wait-for';

/**
 * Sends a job through the app's queue and waits until the queue has nothing left to do (a job may
 * queue follow-ups, as the logo sweep does with a full batch); throws if one of them failed.
 */
export async function runQueue<N extends keyof JobPayloads & string>(
  t: TestApp,
  name: N,
  payload: JobPayloads[N],
): Promise<void> {
  const since = await t.pool.query<{ now: Date }>('select now()');
  await t.app.jobs.send(name, payload);
  const outstanding = async () => {
    const { rows } = await t.pool.query<{ open: number; failed: number }>(
      `select count(*) filter (where state < 'completed')::int as open,
              count(*) filter (where state = 'failed')::int as failed
         from pgboss.job where name = $1 and created_on >= $2`,
      [name, since.rows[0]!.now],
    );
    return rows[0]!;
  };
  await waitFor(async () => (await outstanding()).open === 0, 30_000);
  const { failed } = await outstanding();
  if (failed > 0) throw new Error(`${failed} ${name} job(s) failed`);
}

/**
 * Waits until the app has sent what its requests handed over after their answers (`jobs.merging`, such as the
 * views of public links) and every `name` job there is has run; throws if one of them failed. No sleeping: it
 * waits for the sends, then for the jobs' rows.
 */
export async function settleQueue<N extends keyof JobPayloads & string>(t: TestApp, name: N): Promise<void> {
  await t.app.jobs.idle();
  const outstanding = async () => {
    const { rows } = await t.pool.query<{ open: number; failed: number }>(
      `select count(*) filter (where state < 'completed')::int as open,
              count(*) filter (where state = 'failed')::int as failed
         from pgboss.job where name = $1`,
      [name],
    );
    return rows[0]!;
  };
  await waitFor(async () => (await outstanding()).open === 0, 30_000);
  await t.app.jobs.idle();
  const { failed } = await outstanding();
  if (failed > 0) throw new Error(`${failed} ${name} job(s) failed`);
}
