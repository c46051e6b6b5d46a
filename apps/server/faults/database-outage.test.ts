import { describe, expect, it } from 'vitest';
import {
  createDatabase,
  invoiceBody,
  faultHarness,
  signUp,
  startServer,
  type ServerExit,
  type ServerProcess,
} from './server-process';

/**
 * PostgreSQL stopped under traffic: every request answers 503 with the envelope and a clear
 * sentence (never a 500, never a 401 that would sign the user out, never a hang), and the same
 * server process serves again by itself once PostgreSQL is back.
 */

const UNAVAILABLE = 'The service is temporarily unavailable. Please try again in a moment.';
/** The pool's connect timeout is 3 s: a request waiting past this is hanging, not failing fast. */
const HANG = 10_000;
const WORKERS = 16;

const harness = faultHarness();
const { running } = harness;

interface Outcome {
  kind: string;
  startedAt: number;
  ms: number;
  status: number;
  error?: string;
  retryAfter?: string | null;
}

type Phase = 'before' | 'down' | 'restarting' | 'after';

describe('PostgreSQL stopped during traffic', () => {
  it('answers 503 fast with a clear message while it is down, and recovers by itself', async () => {
    const databaseUrl = await createDatabase(harness.postgres.url, 'outage');
    const server: ServerProcess = await startServer({ DATABASE_URL: databaseUrl }, running);
    const account = await signUp(server.url, 'outage@example.com');
    const headers = { cookie: account.cookie, 'content-type': 'application/json' };
    const seeded = await fetch(`${server.url}/api/invoices`, {
      method: 'POST',
      headers,
      body: JSON.stringify(invoiceBody(account.userId, 'OUT-SEED', 1).body),
    });
    expect(seeded.status).toBe(201);
    const seededId = ((await seeded.json()) as { id: string }).id;

    let saves = 0;
    const requests: Array<{ kind: string; send: () => Promise<Response> }> = [
      { kind: 'health', send: () => fetch(`${server.url}/api/health`) },
      { kind: 'session', send: () => fetch(`${server.url}/api/auth/session`, { headers }) },
      { kind: 'list', send: () => fetch(`${server.url}/api/invoices?page=1`, { headers }) },
      { kind: 'detail', send: () => fetch(`${server.url}/api/invoices/${seededId}`, { headers }) },
      { kind: 'dashboard', send: () => fetch(`${server.url}/api/dashboard/summary`, { headers }) },
      {
        kind: 'save',
        send: () =>
          fetch(`${server.url}/api/invoices`, {
            method: 'POST',
            headers,
            body: JSON.stringify(invoiceBody(account.userId, `OUT-${saves++}`, saves).body),
          }),
      },
      {
        kind: 'sign-in',
        send: () =>
          fetch(`${server.url}/api/auth/signin`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: 'outage@example.com', password: 'correct horse battery' }),
          }),
      },
    ];

    const outcomes = new Map<Phase, Outcome[]>([
      ['before', []],
      ['down', []],
      ['restarting', []],
      ['after', []],
    ]);
    let phase: Phase = 'before';
    let stopping = true;
    const worker = async (offset: number) => {
      for (let n = offset; stopping; n++) {
        const { kind, send } = requests[n % requests.length]!;
        const startedIn = phase;
        const startedAt = performance.now();
        let outcome: Outcome;
        try {
          const response = await send();
          const body = (await response.json()) as { error?: string };
          outcome = {
            kind,
            startedAt,
            ms: performance.now() - startedAt,
            status: response.status,
            error: body.error,
            retryAfter: response.headers.get('retry-after'),
          };
        } catch (error) {
          outcome = { kind, startedAt, ms: performance.now() - startedAt, status: 0, error: String(error) };
        }
        // Only requests that began and ended within one phase say something about that phase.
        if (phase === startedIn) outcomes.get(startedIn)!.push(outcome);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    };
    const traffic = Promise.all(Array.from({ length: WORKERS }, (_, i) => worker(i)));

    await new Promise((resolve) => setTimeout(resolve, 1500));
    phase = 'restarting'; // requests in flight while PostgreSQL shuts down belong to no clean phase
    await harness.postgres.stop();
    phase = 'down';
    await new Promise((resolve) => setTimeout(resolve, 4000));
    phase = 'restarting';
    // The process must live through the outage (an unhandled pool or listener error would end it).
    expect(server.child.exitCode === null && server.child.signalCode === null, server.output()).toBe(true);
    await harness.postgres.start();
    // Recovery by itself: the first request after PostgreSQL is back may still find a dead pooled
    // connection; within a few seconds everything must succeed again, with no restart of the server.
    const backAt = performance.now();
    let healthy = false;
    while (!healthy && performance.now() - backAt < 15_000) {
      healthy = (await fetch(`${server.url}/api/health`)).status === 200;
      if (!healthy) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(healthy).toBe(true);
    const recoveredInMs = performance.now() - backAt;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    phase = 'after';
    await new Promise((resolve) => setTimeout(resolve, 2000));
    stopping = false;
    await traffic;

    const before = outcomes.get('before')!;
    const down = outcomes.get('down')!;
    const after = outcomes.get('after')!;
    const ok = (outcome: Outcome) => [200, 201].includes(outcome.status);
    expect(before.length).toBeGreaterThan(50);
    expect(before.filter((outcome) => !ok(outcome))).toEqual([]);

    // Down: every kind was tried, and every answer is the 503 envelope with Retry-After, quickly.
    expect(new Set(down.map((outcome) => outcome.kind))).toEqual(new Set(requests.map((request) => request.kind)));
    const wrong = down.filter(
      (outcome) =>
        outcome.status !== 503 ||
        (outcome.kind !== 'health' && (outcome.error !== UNAVAILABLE || outcome.retryAfter !== '5')) ||
        outcome.ms > HANG,
    );
    expect(wrong).toEqual([]);
    expect(down.find((outcome) => outcome.kind === 'health')!.error).toBe('The database is not reachable.');

    // After: every kind succeeds again on the same process.
    expect(new Set(after.map((outcome) => outcome.kind))).toEqual(new Set(requests.map((request) => request.kind)));
    expect(after.filter((outcome) => !ok(outcome))).toEqual([]);
    expect(server.child.exitCode).toBeNull();

    // Saves acknowledged before and after the outage are all there.
    const list = await fetch(`${server.url}/api/invoices?per_page=1`, { headers });
    const { pagination } = (await list.json()) as { pagination: { total: number } };
    const acknowledgedSaves = [...before, ...after].filter((outcome) => outcome.kind === 'save').length;
    expect(pagination.total).toBeGreaterThanOrEqual(acknowledgedSaves + 1);

    const sorted = down.map((outcome) => outcome.ms).sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(1);
    console.info(
      `[faults] PostgreSQL down 4 s: ${down.length} requests, all 503; latency median ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${sorted.at(-1)!.toFixed(1)} ms; healthy again ${recoveredInMs.toFixed(0)} ms after PostgreSQL was back; ${after.length} requests after, all 2xx`,
    );
  }, 120_000);

  it('refuses to start while PostgreSQL is down, saying where it tried and what to check', async () => {
    const databaseUrl = await createDatabase(harness.postgres.url, 'outage_start');
    await harness.postgres.stop();
    try {
      const exit = await startServer({ DATABASE_URL: databaseUrl }, running).then(
        () => null,
        (error: ServerExit) => error,
      );
      expect(exit).not.toBeNull();
      expect(exit!.code).toBe(1);
      expect(exit!.output).toContain(`Could not reach PostgreSQL at 127.0.0.1:${harness.postgres.port}/outage_start`);
      expect(exit!.output).toContain('Check DATABASE_URL');
      expect(exit!.output).not.toContain(new URL(harness.postgres.url).password);
    } finally {
      await harness.postgres.start();
    }
  });
});
