import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { sqlState } from './database';

/**
 * Two transactions that take two rows in opposite orders, each waiting (on a barrier) until the other holds its
 * first row: PostgreSQL must abort one of them with a deadlock. Returns what each transaction answered, and how
 * many times each callback ran.
 */
async function crossLocks(db: TestApp['app']['db']) {
  const runs = [0, 0];
  let arrived = 0;
  let release!: () => void;
  const bothHoldOne = new Promise<void>((resolve) => (release = resolve));
  const lockInOrder = (who: 0 | 1, first: number, second: number) =>
    db.transaction(async (tx) => {
      runs[who]! += 1;
      await tx.execute(sql`select id from deadlock_probe where id = ${first} for update`);
      // Only the first run of each waits for the other: a second run finds the other committed or still waiting.
      if (runs[who] === 1 && ++arrived === 2) release();
      if (runs[who] === 1) await bothHoldOne;
      await tx.execute(sql`update deadlock_probe set n = n + 1 where id = ${second}`);
      return who;
    });
  const settled = await Promise.allSettled([lockInOrder(0, 1, 2), lockInOrder(1, 2, 1)]);
  return { settled, runs };
}

describe('transactions aborted by a deadlock', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.pool.query(`create table deadlock_probe (id int primary key, n int not null default 0)`);
    await t.pool.query(`insert into deadlock_probe (id) values (1), (2)`);
  });

  it('a plain Drizzle database answers the deadlock to one of the two (the case being handled)', async () => {
    const { settled } = await crossLocks(drizzle(t.pool) as unknown as TestApp['app']['db']);
    const failed = settled.filter((result) => result.status === 'rejected');
    expect(failed).toHaveLength(1);
    expect(sqlState((failed[0] as PromiseRejectedResult).reason)).toBe('40P01');
  });

  it('app.db runs the aborted one again: both commit, the loser run again, each update once', async () => {
    const before = await t.pool.query<{ n: number }>(`select sum(n)::int as n from deadlock_probe`);
    const { settled, runs } = await crossLocks(t.app.db);
    expect(settled.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled']);
    // Usually [1, 2]. On a loaded machine both backends' deadlock checks can fire before either abort lands,
    // and the two second runs may cross again (seen in CI: [1, 3]); what must hold is that a run was repeated.
    expect(Math.max(...runs)).toBeGreaterThanOrEqual(2);
    const after = await t.pool.query<{ n: number }>(`select sum(n)::int as n from deadlock_probe`);
    expect(after.rows[0]!.n - before.rows[0]!.n).toBe(2);
  });

  it('does not run again what failed for another reason', async () => {
    let runs = 0;
    await expect(
      t.app.db.transaction(async (tx) => {
        runs += 1;
        await tx.execute(sql`insert into deadlock_probe (id) values (1)`);
      }),
    ).rejects.toSatisfy((error) => sqlState(error) === '23505');
    expect(runs).toBe(1);
  });
});
