import type net from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server for tests (the smtp-server package), plain SMTP on 127.0.0.1 without TLS or
 * authentication, keeping every message it accepts.
 */

export interface ReceivedMail {
  mailFrom: string;
  rcptTo: string[];
  headers: Map<string, string>;
  body: string;
  raw: string;
}

export interface TestSmtpServer {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** Messages read in full whose reply is being held (acceptDelayMs): their sender and how long so far. */
  holds(): Array<{ mailFrom: string; ms: number }>;
  close(): Promise<void>;
}

/**
 * `acceptDelayMs` holds each message's final reply (250) that long, as a slow relay does; a message
 * counts as received when the reply is sent, the moment the SMTP server takes responsibility for it.
 */
export async function startSmtpServer(port = 0, { acceptDelayMs = 0 } = {}): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const closed = new Set<string>();
  const holding = new Map<object, { mailFrom: string; since: number }>();
  const server = new SMTPServer({
    onClose(session) {
      closed.add(session.id);
    },
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const hold = {};
        const accept = () => {
          holding.delete(hold);
          // A client gone before the reply never heard the message was taken: a real relay drops it.
          if (closed.has(session.id)) return callback();
          received.push({
            mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            rcptTo: session.envelope.rcptTo.map((address) => address.address),
            ...parseMessage(raw),
            raw,
          });
          callback();
        };
        holding.set(hold, {
          mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          since: performance.now(),
        });
        if (acceptDelayMs > 0) setTimeout(accept, acceptDelayMs);
        else accept();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actual = (server.server.address() as net.AddressInfo).port;
  return {
    port: actual,
    url: `smtp://127.0.0.1:${actual}`,
    received,
    holds: () => [...holding.values()].map(({ mailFrom, since }) => ({ mailFrom, ms: performance.now() - since })),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Headers (unfolded, names lower-cased) and the body, decoded from quoted-printable or base64 when so encoded. */
function parseMessage(raw: string): { headers: Map<string, string>; body: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  let body = raw.slice(split + 4);
  const encoding = headers.get('content-transfer-encoding')?.toLowerCase();
  if (encoding === 'quoted-printable') {
    const text = body.replace(/=\r\n/g, '');
    const bytes: number[] = [];
    for (let index = 0; index < text.length; index++) {
      const hex = text.slice(index + 1, index + 3);
      if (text[index] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
        bytes.push(parseInt(hex, 16));
        index += 2;
      } else {
        bytes.push(...Buffer.from(text[index]!, 'utf8'));
      }
    }
    body = Buffer.from(bytes).toString('utf8');
  } else if (encoding === 'base64') {
    body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  }
  return { headers, body: body.replace(/\r\n/g, '\n') };
}
