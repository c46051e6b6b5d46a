import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { largestInvoiceData, onePageInvoiceData } from '../test/largest-invoice';
import { createDatabase, faultHarness, signUp, startServer } from './server-process';

/**
 * One address floods the PDF engine (issue 13): eight concurrent requests for the largest invoice
 * the contract allows (1,000 items, ~1 MB, 200 pages), kept in flight, and three bulk ZIPs of ten
 * such stored invoices. Meanwhile another client asks for ten one-page PDFs, one after the other,
 * and a signed-in user for the PDF of a stored one-page invoice. Before the fair scheduler the
 * engine served in arrival order, so each small request waited behind every large render queued
 * before it.
 *
 * Asserted by ordering and counts, never by time: every small answer arrives while the flood still
 * has all its requests outstanding, and the flood completes fewer renders during the small client's
 * whole sequence than that sequence has requests (in arrival order it would complete dozens).
 * Behind TRUST_PROXY, the two clients are told apart by X-Forwarded-For, as behind a proxy.
 */

const harness = faultHarness();
const { running } = harness;
const FLOOD_CONCURRENCY = 8;
const ZIPS = 3;
const STORED_LARGE = 10;
const SMALL_REQUESTS = 10;

describe('a flood of the largest invoices from one address', () => {
  it("serves another client's one-page PDFs while the flood is still queued", async () => {
    const databaseUrl = await createDatabase(harness.postgres.url, 'fairness');
    const server = await startServer({ DATABASE_URL: databaseUrl, PDF_THREADS: '2', TRUST_PROXY: 'true' }, running);
    const flooder = await signUp(server.url, 'flood@example.com');
    const patient = await signUp(server.url, 'patient@example.com');
    const json = (cookie: string | null, address: string) => ({
      'content-type': 'application/json',
      'x-forwarded-for': address,
      ...(cookie ? { cookie } : {}),
    });

    const save = async (cookie: string, address: string, data: object) => {
      const response = await fetch(`${server.url}/api/invoices`, {
        method: 'POST',
        headers: json(cookie, address),
        body: JSON.stringify({ data, status: 'sent' }),
      });
      expect(response.status, await response.clone().text()).toBe(201);
      return ((await response.json()) as { id: string }).id;
    };
    const largeIds: string[] = [];
    for (let i = 0; i < STORED_LARGE; i++) {
      largeIds.push(await save(flooder.cookie, '10.66.0.1', largestInvoiceData(`LARGE-${i}`)));
    }
    const smallId = await save(patient.cookie, '10.77.0.1', onePageInvoiceData('SMALL-STORED'));
    const largeBody = JSON.stringify(largestInvoiceData());
    const smallBody = JSON.stringify(onePageInvoiceData());

    // The flood: eight /generate-invoice requests always in flight, and three ZIPs.
    const stop = new AbortController();
    let nextId = 0;
    let floodCompleted = 0;
    const pending = new Set<number>();
    const floodStatuses = new Map<number, number>();
    const count = (status: number) => floodStatuses.set(status, (floodStatuses.get(status) ?? 0) + 1);
    const flood = async (request: () => Promise<Response>) => {
      while (!stop.signal.aborted) {
        const id = nextId++;
        pending.add(id);
        try {
          const response = await request();
          await response.arrayBuffer();
          floodCompleted++;
          count(response.status);
        } catch {
          if (!stop.signal.aborted) count(0);
          return;
        } finally {
          pending.delete(id);
        }
      }
    };
    const floods = [
      ...Array.from({ length: FLOOD_CONCURRENCY }, () =>
        flood(() =>
          fetch(`${server.url}/generate-invoice`, {
            method: 'POST',
            headers: json(null, '10.66.0.1'),
            body: largeBody,
            signal: stop.signal,
          }),
        ),
      ),
      ...Array.from({ length: ZIPS }, () =>
        flood(() =>
          fetch(`${server.url}/api/invoices/download`, {
            method: 'POST',
            headers: json(flooder.cookie, '10.66.0.1'),
            body: JSON.stringify({ invoice_ids: largeIds }),
            signal: stop.signal,
          }),
        ),
      ),
    ];
    // The flood is established once its first render has come back: the queue is full behind it.
    await expect.poll(() => floodCompleted, { timeout: 120_000, interval: 50 }).toBeGreaterThan(0);

    // For each request of the other client: how many of the flood's requests, already sent when it
    // was sent, were still unanswered when it was answered (it overtook them).
    const overtaken: number[] = [];
    const completedBefore = floodCompleted;
    // Fails as soon as the flood has completed as many renders as the whole sequence may see (in
    // arrival order that happens during the first request), rather than waiting it out.
    const overrun = () =>
      new Promise<never>((_resolve, reject) => {
        const check = setInterval(() => {
          if (floodCompleted - completedBefore < SMALL_REQUESTS) return;
          clearInterval(check);
          stop.abort();
          reject(new Error(`the flood completed ${SMALL_REQUESTS} renders before the other client was served`));
        }, 100);
        check.unref();
        stop.signal.addEventListener('abort', () => clearInterval(check));
      });
    const measured = async (request: () => Promise<Response>) => {
      const before = new Set(pending);
      const response = await Promise.race([request(), overrun()]);
      const bytes = Buffer.from(await response.arrayBuffer());
      overtaken.push([...before].filter((id) => pending.has(id)).length);
      expect(response.status).toBe(200);
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    };
    for (let i = 0; i < SMALL_REQUESTS; i++) {
      await measured(() =>
        fetch(`${server.url}/generate-invoice`, { method: 'POST', headers: json(null, '10.77.0.1'), body: smallBody }),
      );
    }
    await measured(() =>
      fetch(`${server.url}/api/invoices/${smallId}/pdf`, { headers: json(patient.cookie, '10.77.0.1') }),
    );
    const completedDuring = floodCompleted - completedBefore;

    stop.abort();
    await Promise.all(floods);
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);

    console.info(
      `[faults] flood: ${floodCompleted} large renders or ZIPs completed (${JSON.stringify(Object.fromEntries(floodStatuses))}); ` +
        `the other client's ${SMALL_REQUESTS + 1} requests overtook ${Math.min(...overtaken)}-${Math.max(...overtaken)} ` +
        `of the flood's ${FLOOD_CONCURRENCY + ZIPS} outstanding requests each; the flood completed ${completedDuring} meanwhile`,
    );
    // Each answer came while the flood requests sent before it were still waiting: in arrival order
    // a one-page PDF waits for every large render queued before it, and overtakes none of them.
    for (const count of overtaken) expect(count).toBeGreaterThanOrEqual(FLOOD_CONCURRENCY);
    // Over the whole sequence the flood completed fewer renders than the other client made requests
    // (in arrival order: dozens).
    expect(completedDuring).toBeLessThan(SMALL_REQUESTS);
    // The flood was served too (throttled, not refused): nothing but 200s came back to it.
    expect([...floodStatuses.keys()]).toEqual([200]);

    // Nothing the flood did touched the other user's data.
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const { rows } = await db.query(`select count(*)::int as n from invoices where user_id = $1`, [patient.userId]);
      expect(rows[0].n).toBe(1);
    } finally {
      await db.end();
    }
  });
});
