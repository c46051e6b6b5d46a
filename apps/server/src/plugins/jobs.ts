import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import { fromDrizzle, PgBoss, type Job as BossJob, type JobResult } from 'pg-boss';
import { JOBS_SCHEMA } from '../db/migrate';
import * as schema from '../db/schema';
import { createPool, type Database, type DbExecutor } from './database';

/**
 * Background work (docs/decisions/0045-the-job-queue.md): one PostgreSQL-backed queue, pg-boss,
 * behind a small typed API. Everything that runs outside a request goes through it: outgoing
 * e-mail, the sweeps of expired rows, and what later issues schedule.
 *
 * - `send(name, payload, { tx })` enqueues; with `tx` the job commits or rolls back with the
 *   caller's transaction (a support request and its e-mail land together or not at all). It is one
 *   INSERT: a request never waits for the work itself.
 * - `work(name, handler, options)` runs the queue's jobs in this process. The handler gets a
 *   transaction of its own, and the job is marked done in that same transaction: what the handler
 *   writes to the database and the job's completion commit together, so a job whose work committed
 *   is never run again, and one whose process died mid-way is run again from the start (after its
 *   heartbeat goes quiet, about 20 s). Work outside the database (an SMTP delivery) can repeat only
 *   if the process dies between the other side accepting it and the commit. A handler that throws
 *   rolls back and is retried with a doubling delay, up to the queue's attempts.
 * - `schedule(name, cron, payload)` creates the job at each occurrence (UTC), once across every
 *   server process.
 *
 * Queues are named and typed by declaration merging: the module that works a queue adds
 * `'name': Payload` to `JobPayloads`.
 *
 * Jobs run on their own connections (pg-boss's pool for claiming, a small pool for the handlers'
 * transactions), never on the request pool. The app starts the queue when it is ready and stops it
 * when it closes, waiting up to JOBS_STOP_TIMEOUT_MS for the jobs in flight.
 */

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by declaration merging
export interface JobPayloads {}

export interface Job<P> {
  id: string;
  name: string;
  data: P;
  /** 1 for the first run, 2 for the first retry, … */
  attempt: number;
  /** No retry follows if this attempt fails. */
  lastAttempt: boolean;
  /** Aborted when the job's claim is lost (its run took too long, or the server is stopping past its limit). */
  signal: AbortSignal;
}

/** Runs one job; what it writes through `tx` commits with the job's completion. */
export type JobHandler<P> = (job: Job<P>, tx: DbExecutor) => Promise<void>;

export interface QueueOptions {
  /** Runs in all before a failing job is given up (default 3). */
  attempts?: number;
  /** Seconds before the first retry, doubling (with jitter) at each further one (default 10). */
  retryDelaySeconds?: number;
  /** The longest wait between two attempts, in seconds (default one hour). */
  maxRetryDelaySeconds?: number;
  /** A run that takes longer is failed (and retried) (default 5 minutes). */
  timeoutSeconds?: number;
  /** Days a job may wait for a worker before it is dropped (default 14). */
  keepWaitingDays?: number;
}

export interface WorkOptions extends QueueOptions {
  /**
   * Jobs of this queue run at once in this process (default 1). 0 declares the queue without
   * working it here: its jobs wait for a process that does (the mailer without SMTP_URL).
   */
  concurrency?: number;
  /**
   * How often an idle worker looks for due jobs, in seconds (default 30). A new job wakes the
   * workers at once (LISTEN/NOTIFY, on its commit); polling finds retries and delayed jobs as they
   * come due, and is the fallback where NOTIFY cannot reach (a pooler in transaction mode).
   */
  pollSeconds?: number;
  /** Called after a failed run was rolled back, on its own connection (to record the failure). */
  onFailure?: (job: Job<unknown>, error: unknown, db: Database) => Promise<void>;
}

export interface SendOptions {
  /** The caller's transaction: the job exists only if it commits. */
  tx?: DbExecutor;
  /** Run no earlier than this many seconds from now. */
  delaySeconds?: number;
  /** The job's id (a UUID), when the caller records it before enqueuing; one is made otherwise. */
  id?: string;
}

export interface MergingOptions<T> {
  /** Payloads of one key are merged while they wait. */
  key: (payload: T) => string;
  /** One payload standing for both (counts added, the earliest and latest times kept, …). */
  merge: (waiting: T, next: T) => T;
  /** At most one send of a key this often (what comes meanwhile waits, merged); default 0, back to back. */
  everyMs?: number;
}

/** See Jobs.merging. */
export interface MergingSender<T> {
  /** Sends the payload as a job now, or merged into the next job of its key when one of that key is being sent. */
  add(payload: T): void;
}

/** The queue's API over a map of queue names to payloads (tests use a map of their own). */
export interface Jobs<P extends object = JobPayloads> {
  /** Enqueues a job; answers its id. */
  send<N extends keyof P & string>(name: N, payload: P[N], options?: SendOptions): Promise<string>;
  /**
   * A sender of `name` jobs outside any transaction, for work a request hands over after its answer
   * (docs/decisions/0051-public-views-off-the-request-path.md): a payload added while a job of its key is
   * being sent, or less than `everyMs` after the last one was, waits, merged with those that follow, and
   * goes as one job when it may; so a burst costs one enqueue and one job per key and interval. What was
   * added but not yet sent is lost if the process dies (a stopping server sends it first), and so is a
   * send that fails (it is logged): use it only for what may be lost that way, never where a row must
   * commit with its job (send with `tx`).
   */
  merging<N extends keyof P & string>(name: N, options: MergingOptions<P[N]>): MergingSender<P[N]>;
  /** Declares a queue and its handler; call while the app is being built (before ready). */
  work<N extends keyof P & string>(name: N, handler: JobHandler<P[N]>, options?: WorkOptions): void;
  /** Creates a `name` job at each occurrence of the cron expression (UTC), once across all processes. */
  schedule<N extends keyof P & string>(name: N, cron: string, payload: P[N]): void;
  /** Resolves when no job runs in this process and every payload of `merging` senders has been sent (tests). */
  idle(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

export interface JobsOptions {
  /** The request pool, whose connection string the queue's own connections use. */
  pool: pg.Pool;
  /** How long a stop waits for the jobs in flight before failing them (they are retried later). */
  stopTimeoutMs: number;
}

/** Seconds of silence after which a running job is taken as lost (its process died) and retried. */
const HEARTBEAT_SECONDS = 10;
/** How often one of the processes looks for lost and expired jobs (and counts the queues). */
const SUPERVISE_SECONDS = 10;
/** Jobs claimed at once by one worker: a backlog is drained without waiting a poll between jobs. */
const BATCH_SIZE = 5;
/** Connections pg-boss itself holds (claims, completions, supervision), besides one for LISTEN. */
const QUEUE_POOL_MAX = 2;

interface Queue {
  name: string;
  handler: JobHandler<unknown>;
  options: WorkOptions;
}

class ClaimLostError extends Error {
  constructor(id: string) {
    super(`job ${id} was no longer this worker's to complete (it ran too long or the server is stopping)`);
  }
}

function bossQueueOptions(options: QueueOptions) {
  const attempts = options.attempts ?? 3;
  return {
    retryLimit: attempts - 1,
    retryDelay: options.retryDelaySeconds ?? 10,
    retryBackoff: true,
    retryDelayMax: options.maxRetryDelaySeconds ?? 3600,
    // A batch of BATCH_SIZE jobs runs under one time limit.
    expireInSeconds: (options.timeoutSeconds ?? 300) * BATCH_SIZE,
    retentionSeconds: (options.keepWaitingDays ?? 14) * 24 * 3600,
    deleteAfterSeconds: 7 * 24 * 3600,
    heartbeatSeconds: HEARTBEAT_SECONDS,
    notify: true,
  };
}

export default fp<JobsOptions>(
  async (app, { pool, stopTimeoutMs }) => {
    const connectionString = pool.options.connectionString;
    if (!connectionString) throw new Error('the job queue needs the pool of a connection string');
    const queues = new Map<string, Queue>();
    const schedules = new Map<string, { cron: string; payload: unknown }>();
    const running = new Set<Promise<unknown>>();
    /** Sends of `merging` senders under way, and how to end the waits of those waiting for their turn. */
    const sending = new Set<Promise<unknown>>();
    const wakers = new Set<() => void>();
    let handlerDb: Database | undefined;
    let handlerPool: pg.Pool | undefined;
    let started: Promise<void> | undefined;
    let stopping = false;

    const boss = new PgBoss({
      connectionString,
      schema: JOBS_SCHEMA,
      application_name: 'invoicer-jobs',
      max: QUEUE_POOL_MAX,
      // Our migrations bring the schema up to date under their lock (src/db/migrate.ts); an
      // instance still finishes a later version's index builds that the library defers.
      migrate: true,
      useListenNotify: true,
      // Both intervals bound how soon a lost job is noticed; the passes are claimed, so one process
      // runs each, whatever the number of processes.
      superviseIntervalSeconds: SUPERVISE_SECONDS,
      monitorIntervalSeconds: SUPERVISE_SECONDS,
      registerInstance: false,
      openTelemetry: { enabled: false },
    });
    boss.on('error', (error: unknown) => app.log.warn({ err: error }, 'job queue: error'));
    boss.on('warning', (warning: unknown) => app.log.warn({ warning }, 'job queue: warning'));

    async function runOne(queue: Queue, job: BossJob<unknown>, limit: number): Promise<JobResult> {
      const view: Job<unknown> = {
        id: job.id,
        name: queue.name,
        data: job.data,
        attempt: job.retryCount + 1,
        lastAttempt: job.retryCount >= limit,
        signal: job.signal,
      };
      try {
        if (job.signal.aborted) throw new ClaimLostError(job.id);
        await handlerDb!.transaction(async (tx) => {
          await queue.handler(view, tx);
          // Fenced to this attempt: if the job was failed meanwhile (and perhaps claimed by another
          // process), nothing is completed and the handler's writes roll back with it.
          const done = await boss.complete(queue.name, { id: job.id, retryCount: job.retryCount }, null, {
            db: fromDrizzle(tx, sql),
          });
          if ((done as { affected?: number }).affected !== 1) throw new ClaimLostError(job.id);
        });
        return { id: job.id, status: 'completed' };
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        if (!(error instanceof ClaimLostError)) {
          await queue.options
            .onFailure?.(view, error, app.db)
            .catch((failure: unknown) =>
              app.log.warn({ err: failure, job: job.id }, 'job queue: recording a failure failed'),
            );
        }
        logFailure(app.log, view, message);
        return { id: job.id, status: 'failed', output: { message: message.slice(0, 1000) } };
      }
    }

    async function runBatch(queue: Queue, jobs: BossJob<unknown>[], limit: number): Promise<JobResult[]> {
      const results: JobResult[] = [];
      const batch = (async () => {
        for (const job of jobs) results.push(await runOne(queue, job, limit));
      })();
      running.add(batch);
      try {
        await batch;
      } finally {
        running.delete(batch);
      }
      return results;
    }

    async function start(): Promise<void> {
      await boss.start();
      const concurrency = [...queues.values()].reduce((sum, queue) => sum + (queue.options.concurrency ?? 1), 0);
      handlerPool = createPool(connectionString!, Math.max(1, concurrency));
      handlerDb = drizzle(handlerPool, { schema });
      // Independent of each other: set up side by side (the app's start waits for them).
      await Promise.all(
        [...queues.values()].map(async (queue) => {
          const options = bossQueueOptions(queue.options);
          await boss.createQueue(queue.name, options);
          // A queue made by an earlier version keeps its options unless they are set again.
          await boss.updateQueue(queue.name, options);
        }),
      );
      await Promise.all([
        ...[...queues.values()].map(async (queue) => {
          const localConcurrency = queue.options.concurrency ?? 1;
          if (localConcurrency === 0) return;
          const limit = (queue.options.attempts ?? 3) - 1;
          const pollingIntervalSeconds = queue.options.pollSeconds ?? 30;
          await boss.work<unknown>(
            queue.name,
            {
              localConcurrency,
              batchSize: BATCH_SIZE,
              burstWhenBatchFull: true,
              perJobResults: true,
              pollingIntervalSeconds,
              notifyPollingIntervalSeconds: pollingIntervalSeconds,
            },
            (jobs) => runBatch(queue, jobs, limit),
          );
        }),
        ...[...schedules].map(([name, { cron, payload }]) =>
          boss.schedule(name, cron, payload as object, { tz: 'UTC' }),
        ),
        // A schedule no longer declared (its code was removed) would go on making jobs nobody works.
        boss
          .getSchedules()
          .then((existing) =>
            Promise.all(
              existing
                .filter((schedule) => !schedules.has(schedule.name))
                .map((schedule) => boss.unschedule(schedule.name, schedule.key)),
            ),
          ),
      ]);
    }

    const jobs: Jobs = {
      async send(name, payload, options = {}) {
        if (!queues.has(name)) throw new Error(`job queue: no queue named ${name}`);
        if (!started) throw new Error('job queue: send before the app is ready');
        await started;
        const id = await boss.send(name, payload as object, {
          ...(options.tx ? { db: fromDrizzle(options.tx, sql) } : {}),
          ...(options.delaySeconds ? { startAfter: options.delaySeconds } : {}),
          ...(options.id ? { id: options.id } : {}),
        });
        if (!id) throw new Error(`job queue: ${name} refused the job`);
        return id;
      },
      work(name, handler, options = {}) {
        if (started) throw new Error('job queue: work() after the app is ready');
        if (queues.has(name)) throw new Error(`job queue: ${name} already has a handler`);
        queues.set(name, { name, handler: handler as JobHandler<unknown>, options });
      },
      merging(name, { key, merge, everyMs = 0 }) {
        const waiting = new Map<string, unknown>();
        /** Keys with a send under way or waiting for its turn: what is added meanwhile waits in `waiting`. */
        const busy = new Set<string>();
        /** When each key's last send began (performance.now()), for `everyMs`; pruned (once a second at most) as it grows. */
        const lastBegan = new Map<string, number>();
        let prunedAt = 0;
        const sendNext = (group: string) => {
          if (!waiting.has(group)) {
            busy.delete(group);
            return;
          }
          busy.add(group);
          const sent: Promise<void> = (async () => {
            const wait = (lastBegan.get(group) ?? -Infinity) + everyMs - performance.now();
            if (wait > 0 && !stopping) {
              // A stopping server wakes it: it sends what waits without waiting its turn.
              await new Promise<void>((resolve) => {
                const wake = () => {
                  clearTimeout(timer);
                  wakers.delete(wake);
                  resolve();
                };
                const timer = setTimeout(wake, wait);
                wakers.add(wake);
              });
            }
            // Taken now, so what came during the wait goes in this job.
            const merged = waiting.get(group)!;
            waiting.delete(group);
            lastBegan.set(group, performance.now());
            try {
              await jobs.send(name, merged as never);
            } catch (error) {
              app.log.error({ err: error, queue: name, payload: merged }, 'job queue: a merged send failed');
            }
          })().then(() => {
            sending.delete(sent);
            sendNext(group);
          });
          sending.add(sent);
        };
        return {
          add(payload) {
            const group = key(payload);
            const before = waiting.get(group) as typeof payload | undefined;
            waiting.set(group, before === undefined ? payload : merge(before, payload));
            if (busy.has(group)) return;
            const now = performance.now();
            if (lastBegan.size > 10_000 && now - prunedAt >= 1_000) {
              prunedAt = now;
              for (const [other, began] of lastBegan) if (began < now - everyMs) lastBegan.delete(other);
            }
            sendNext(group);
          },
        };
      },
      schedule(name, cron, payload) {
        if (started) throw new Error('job queue: schedule() after the app is ready');
        schedules.set(name, { cron, payload });
      },
      async idle() {
        while (running.size > 0 || sending.size > 0) await Promise.allSettled([...running, ...sending]);
      },
    };
    app.decorate('jobs', jobs);

    app.addHook('onReady', async () => {
      for (const name of schedules.keys()) {
        if (!queues.has(name)) throw new Error(`job queue: ${name} is scheduled but has no handler`);
      }
      started = start();
      await started;
    });
    app.addHook('onClose', async () => {
      if (stopping || !started) return;
      stopping = true;
      await started.catch(() => undefined);
      // What requests handed over after their answers goes out before the queue stops.
      for (const wake of wakers) wake();
      while (sending.size > 0) await Promise.allSettled([...sending]);
      // Waits for the jobs in flight up to the limit; past it they are failed (and retried later).
      await boss.stop({ graceful: true, timeout: stopTimeoutMs, close: true });
      await jobs.idle();
      await handlerPool?.end();
    });
  },
  { name: 'jobs', dependencies: ['database'] },
);

function logFailure(log: FastifyBaseLogger, job: Job<unknown>, message: string) {
  const fields = { job: job.id, queue: job.name, attempt: job.attempt, error: message };
  if (job.lastAttempt) log.error(fields, 'job failed for good');
  else log.warn(fields, 'job failed; it will be retried');
}
