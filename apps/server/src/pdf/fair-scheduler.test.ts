import { describe, expect, it } from 'vitest';
import { FairScheduler, QueueFullError, TaskAbortedError } from './fair-scheduler';

/** A task the test finishes by hand, recording when it started. */
function gate(log: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    run: async () => {
      log.push(name);
      await done;
      return name;
    },
    finish: () => finish(),
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('FairScheduler', () => {
  it('takes the clients in turns: one waiting task of B runs before the rest of A’s queue', async () => {
    const scheduler = new FairScheduler({ slots: 1, largeSlots: 1, maxQueuedPerClient: 100, maxQueued: 100 });
    const log: string[] = [];
    const a = Array.from({ length: 10 }, (_, i) => gate(log, `a${i}`));
    const b = gate(log, 'b0');
    const c = gate(log, 'c0');
    const results = [...a.map((task) => scheduler.submit('A', false, task.run))];
    results.push(scheduler.submit('B', false, b.run), scheduler.submit('C', false, c.run));
    for (const task of [a[0]!, a[1]!, b, c]) {
      await tick();
      task.finish();
    }
    await tick();
    // a1 was waiting before B and C came; then each client in turn, A's eight others last.
    expect(log).toEqual(['a0', 'a1', 'b0', 'c0', 'a2']);
    for (const task of a) task.finish();
    await Promise.all(results);
  });

  it('does not let a client that empties its queue and sends again cut ahead of a waiting one', async () => {
    const scheduler = new FairScheduler({ slots: 1, largeSlots: 1, maxQueuedPerClient: 100, maxQueued: 100 });
    const log: string[] = [];
    const first = gate(log, 'a0');
    const done = [scheduler.submit('A', false, first.run)];
    const b = gate(log, 'b0');
    done.push(scheduler.submit('B', false, b.run));
    // A sends its next task only now, after B: B must go first.
    const again = gate(log, 'a1');
    done.push(scheduler.submit('A', false, again.run));
    first.finish();
    await tick();
    b.finish();
    await tick();
    again.finish();
    await Promise.all(done);
    expect(log).toEqual(['a0', 'b0', 'a1']);
  });

  it('runs large tasks on at most largeSlots slots, keeping a slot for small ones', async () => {
    const scheduler = new FairScheduler({ slots: 2, largeSlots: 1, maxQueuedPerClient: 100, maxQueued: 100 });
    const log: string[] = [];
    const large = Array.from({ length: 3 }, (_, i) => gate(log, `L${i}`));
    const small = Array.from({ length: 3 }, (_, i) => gate(log, `s${i}`));
    const done = large.map((task) => scheduler.submit('flood', true, task.run));
    await tick();
    expect(scheduler.stats()).toMatchObject({ running: 1, runningLarge: 1, queued: 2 });
    done.push(...small.map((task) => scheduler.submit('other', false, task.run)));
    for (const task of small) {
      await tick();
      expect(scheduler.stats().runningLarge).toBe(1);
      task.finish();
    }
    await tick();
    // Every small task ran while the first large one was still running.
    expect(log).toEqual(['L0', 's0', 's1', 's2']);
    for (const task of large) {
      task.finish();
      await tick();
    }
    await Promise.all(done);
    expect(log).toEqual(['L0', 's0', 's1', 's2', 'L1', 'L2']);
    expect(scheduler.idle).toBe(true);
  });

  it('refuses a client past its budget, not the others; drops tasks whose client went away', async () => {
    const scheduler = new FairScheduler({ slots: 1, largeSlots: 1, maxQueuedPerClient: 2, maxQueued: 4 });
    const log: string[] = [];
    const running = gate(log, 'x0');
    const done = [scheduler.submit('X', false, running.run)];
    await tick();
    const queued = [gate(log, 'x1'), gate(log, 'x2')];
    done.push(...queued.map((task) => scheduler.submit('X', false, task.run)));
    await expect(scheduler.submit('X', false, gate(log, 'x3').run)).rejects.toEqual(new QueueFullError('client'));
    const controller = new AbortController();
    const gone = scheduler.submit('Y', false, gate(log, 'y0').run, controller.signal);
    const z = gate(log, 'z0');
    done.push(scheduler.submit('Z', false, z.run));
    await expect(scheduler.submit('W', false, gate(log, 'w0').run)).rejects.toEqual(new QueueFullError('engine'));
    controller.abort();
    running.finish();
    await expect(gone).rejects.toBeInstanceOf(TaskAbortedError);
    for (const task of [...queued, z]) {
      await tick();
      task.finish();
    }
    await Promise.all(done);
    expect(log).toEqual(['x0', 'x1', 'z0', 'x2']);
  });
});
