import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app';

/**
 * The security suite's connection checks (issue 13), over real sockets: a client that sends its
 * headers or its body a byte at a time is cut off once REQUEST_TIMEOUT_MS / HEADERS_TIMEOUT_MS
 * have passed, answered 408 with the envelope; past MAX_CONNECTIONS a new connection is closed.
 * Nothing here measures time: each slow client is set to take far longer (60 s) than its limit
 * (1-2 s), and the test asserts that the server closed the connection before the client was done.
 */

const SLOW_FOR_MS = 60_000;

interface Outcome {
  /** Bytes the client had sent when the server closed the connection. */
  sentWhenClosed: number;
  /** Bytes the client meant to send. */
  planned: number;
  answer: string;
}

/** Sends `head`, then `body` one byte every `everyMs`, until the server closes the connection. */
function trickle(port: number, head: string, body: string, everyMs: number): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const socket: Socket = connect(port, '127.0.0.1');
    const planned = head.length + body.length;
    let sent = 0;
    let answer = '';
    let timer: NodeJS.Timeout | undefined;
    const bytes = head + body;
    const next = () => {
      if (socket.destroyed || sent >= bytes.length) return;
      socket.write(bytes[sent]!);
      sent++;
      timer = setTimeout(next, everyMs);
    };
    socket.on('connect', () => {
      // The headers of a body-trickling client arrive at once; a header-trickling one sends nothing whole.
      if (body.length > 0) {
        socket.write(head);
        sent = head.length;
      }
      next();
    });
    socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ sentWhenClosed: sent, planned, answer });
    });
    setTimeout(() => reject(new Error('the server never closed the slow connection')), SLOW_FOR_MS + 5_000).unref();
  });
}

describe('slow clients and connection limits', () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp({ REQUEST_TIMEOUT_MS: '2000', HEADERS_TIMEOUT_MS: '1000', MAX_CONNECTIONS: '20' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });

  it('cuts off a body sent a byte at a time (announced 900 KB), answering 408 with the envelope', async () => {
    // Issue 13: Fastify's requestTimeout of 0 also turned off Node's, so this stayed open forever.
    const body = '{"from":"' + 'x'.repeat(900_000) + '"}';
    const head =
      `POST /generate-invoice HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${body.length}\r\n\r\n`;
    // 60 s of trickling planned (a byte every 50 ms for 1,200 bytes) would still be 899 KB short.
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () => trickle(port, head, body.slice(0, SLOW_FOR_MS / 50), 50)),
    );
    for (const outcome of outcomes) {
      expect(outcome.sentWhenClosed).toBeLessThan(outcome.planned);
      expect(outcome.answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
      expect(outcome.answer).toContain(
        '{"success":false,"error":"The request took too long to arrive. Please try again."}',
      );
    }
  });

  it('closes a slow body at its limit, not at the client’s next byte', async () => {
    // A byte every 8 s against a 2 s limit: the answer and the close must come before the second byte.
    const body = '{"from":"' + 'x'.repeat(900_000) + '"}';
    const head =
      `POST /generate-invoice HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${body.length}\r\n\r\n`;
    const outcome = await trickle(port, head, body.slice(0, 10), 8_000);
    expect(outcome.sentWhenClosed).toBe(head.length + 1);
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
  });

  it('cuts off headers sent a byte at a time', async () => {
    const head = `GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ${'y'.repeat(2_000)}\r\n\r\n`;
    const outcome = await trickle(port, head.slice(0, SLOW_FOR_MS / 50), '', 50);
    expect(outcome.sentWhenClosed).toBeLessThan(outcome.planned);
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('serves a whole request right after, and refuses connections past MAX_CONNECTIONS', async () => {
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
    const open: Socket[] = [];
    try {
      for (let i = 0; i < 20; i++) {
        const socket = connect(port, '127.0.0.1');
        socket.on('error', () => undefined);
        await new Promise((resolve) => socket.once('connect', resolve));
        open.push(socket);
      }
      // Node has counted them once the server accepted them; the next one is closed unanswered.
      await expect.poll(() => new Promise((resolve) => t.app.server.getConnections((_e, n) => resolve(n)))).toBe(20);
      const extra = connect(port, '127.0.0.1');
      extra.on('error', () => undefined);
      const closed = await new Promise<string>((resolve) => {
        let answer = '';
        extra.on('data', (chunk) => (answer += chunk.toString()));
        extra.on('connect', () => extra.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'));
        extra.on('close', () => resolve(answer));
      });
      expect(closed).toBe('');
    } finally {
      for (const socket of open) socket.destroy();
    }
  });
});
