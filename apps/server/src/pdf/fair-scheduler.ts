/**
 * The order in which the PDF engine takes work, so that one client cannot starve the others
 * (issue 13: eight concurrent 1,000-item invoices and three bulk ZIPs from one address took
 * another user's one-page PDF from 15-20 ms to 1.1-3.7 s).
 *
 * - Each client (a signed-in user, else a client address) has its own queue; the free slots are
 *   given to the clients in turn (round robin), one task each, so a client with one task waits
 *   at most one turn of the others, however many they queued.
 * - Large documents run on at most `largeSlots` slots at once (one fewer than the threads), so a
 *   thread is always left for small ones: large work waits, small work does not.
 * - A client may hold at most `maxQueuedPerClient` tasks waiting (its render budget): past it,
 *   its next task is refused (503), not anyone else's. Every task is counted, so a bulk ZIP counts
 *   each PDF it renders.
 * - A task whose client went away before it started leaves the queue at once.
 *
 * Pure bookkeeping: it runs the tasks it is given and knows nothing of threads or PDFs.
 */

export class QueueFullError extends Error {
  constructor(readonly scope: 'client' | 'engine') {
    super(scope === 'client' ? 'render budget of this client exhausted' : 'render queue full');
  }
}

export class TaskAbortedError extends Error {
  constructor() {
    super('the client went away before its task started');
  }
}

export interface FairSchedulerOptions {
  /** Tasks run at once (the worker threads). */
  slots: number;
  /** Of those, at most this many large tasks. */
  largeSlots: number;
  maxQueuedPerClient: number;
  /** All clients together. */
  maxQueued: number;
}

interface Task {
  client: string;
  large: boolean;
  run: () => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  signal: AbortSignal | undefined;
}

export interface SchedulerStats {
  running: number;
  runningLarge: number;
  queued: number;
  /** Tasks waiting, per client. */
  queuedByClient: Record<string, number>;
}

export class FairScheduler {
  private readonly queues = new Map<string, Task[]>();
  /** Clients with waiting tasks, in turn order; `cursor` is whose turn is next. */
  private readonly turns: string[] = [];
  private cursor = 0;
  private running = 0;
  private runningLarge = 0;
  private queued = 0;

  constructor(private readonly options: FairSchedulerOptions) {}

  submit<T>(client: string, large: boolean, run: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (signal?.aborted) return Promise.reject(new TaskAbortedError());
    const queue = this.queues.get(client) ?? [];
    if (queue.length >= this.options.maxQueuedPerClient) return Promise.reject(new QueueFullError('client'));
    if (this.queued >= this.options.maxQueued) return Promise.reject(new QueueFullError('engine'));
    return new Promise<T>((resolve, reject) => {
      const task: Task = { client, large, run, resolve: resolve as (value: unknown) => void, reject, signal };
      queue.push(task);
      // A client that goes away leaves the queue at once, freeing its budget.
      signal?.addEventListener('abort', () => this.withdraw(task), { once: true });
      if (queue.length === 1) {
        this.queues.set(client, queue);
        // A newcomer waits its turn after every client already waiting (just before the cursor),
        // so a client that empties its queue and sends again cannot cut ahead of the others.
        this.turns.splice(this.cursor, 0, client);
        this.cursor = (this.cursor + 1) % this.turns.length;
      }
      this.queued++;
      this.dispatch();
    });
  }

  stats(): SchedulerStats {
    return {
      running: this.running,
      runningLarge: this.runningLarge,
      queued: this.queued,
      queuedByClient: Object.fromEntries([...this.queues].map(([client, queue]) => [client, queue.length])),
    };
  }

  /** Nothing running and nothing waiting. */
  get idle(): boolean {
    return this.running === 0 && this.queued === 0;
  }

  /** Takes a task that has not started out of its queue and rejects it. */
  private withdraw(task: Task): void {
    const queue = this.queues.get(task.client);
    const position = queue?.indexOf(task) ?? -1;
    if (!queue || position === -1) return; // started already, or gone
    queue.splice(position, 1);
    this.queued--;
    if (queue.length === 0) {
      this.queues.delete(task.client);
      const index = this.turns.indexOf(task.client);
      this.turns.splice(index, 1);
      if (index < this.cursor) this.cursor--;
      if (this.cursor >= this.turns.length) this.cursor = 0;
    }
    task.reject(new TaskAbortedError());
  }

  private dispatch(): void {
    while (this.running < this.options.slots && this.turns.length > 0) {
      const task = this.next();
      if (!task) return; // only large tasks wait, and their slots are taken
      this.running++;
      if (task.large) this.runningLarge++;
      task
        .run()
        .then(task.resolve, task.reject)
        .finally(() => {
          this.running--;
          if (task.large) this.runningLarge--;
          this.dispatch();
        });
    }
  }

  /** The head task of the first client, from the cursor on, that may start now; taken off its queue. */
  private next(): Task | undefined {
    const largeAllowed = this.runningLarge < this.options.largeSlots;
    for (let step = 0; step < this.turns.length; step++) {
      const index = (this.cursor + step) % this.turns.length;
      const client = this.turns[index]!;
      const queue = this.queues.get(client)!;
      const task = queue[0]!;
      if (task.large && !largeAllowed) continue;
      queue.shift();
      this.queued--;
      if (queue.length === 0) {
        this.queues.delete(client);
        this.turns.splice(index, 1);
        this.cursor = this.turns.length === 0 ? 0 : index % this.turns.length;
      } else {
        this.cursor = (index + 1) % this.turns.length;
      }
      return task;
    }
    return undefined;
  }
}
