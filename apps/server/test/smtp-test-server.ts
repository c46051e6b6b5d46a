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
  /** The top-level body, decoded; for a multipart message, its raw parts (read `parts`). */
  body: string;
  /** Every leaf part of a multipart message, depth first, decoded; empty for a single-part message. */
  parts: MailPart[];
  raw: string;
}

export interface MailPart {
  headers: Map<string, string>;
  /** The media type, lower-cased, without parameters (`text/plain`, `application/pdf`). */
  type: string;
  /** The file name of an attachment (Content-Disposition's or Content-Type's `name`), else null. */
  fileName: string | null;
  /** The decoded bytes. */
  content: Buffer;
  /** The decoded bytes as UTF-8, line breaks as \n. */
  text: string;
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

/** Headers (unfolded, names lower-cased) and what follows them. */
function splitEntity(raw: string): { headers: Map<string, string>; rest: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = (split < 0 ? raw : raw.slice(0, split)).replace(/\r\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, rest: split < 0 ? '' : raw.slice(split + 4) };
}

/** The bytes of a body in its Content-Transfer-Encoding (quoted-printable, base64, or as it is). */
function decodeBody(body: string, encoding: string | undefined): Buffer {
  if (encoding?.toLowerCase() === 'quoted-printable') {
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
    return Buffer.from(bytes);
  }
  if (encoding?.toLowerCase() === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64');
  return Buffer.from(body, 'utf8');
}

/** A header parameter (`boundary`, `filename`, `name`), quoted or not. */
function headerParameter(header: string | undefined, name: string): string | null {
  const match = header?.match(new RegExp(`(?:^|;)\\s*${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]+))`, 'i'));
  return match ? (match[1] ?? match[2] ?? null) : null;
}

/** The leaf parts of a multipart entity, depth first (the raw text is the 8-bit-clean SMTP data read as UTF-8). */
function leafParts(headers: Map<string, string>, body: string): MailPart[] {
  const contentType = headers.get('content-type') ?? 'text/plain';
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  const boundary = headerParameter(contentType, 'boundary');
  if (type.startsWith('multipart/') && boundary) {
    const sections = body.split(`--${boundary}`);
    // Before the first boundary is the preamble; after the closing one (`--boundary--`) the epilogue.
    return sections
      .slice(1)
      .filter((section) => !section.startsWith('--'))
      .flatMap((section) => {
        const inner = splitEntity(section.replace(/^\r\n/, '').replace(/\r\n$/, ''));
        return leafParts(inner.headers, inner.rest);
      });
  }
  const content = decodeBody(body, headers.get('content-transfer-encoding'));
  return [
    {
      headers,
      type,
      fileName: headerParameter(headers.get('content-disposition'), 'filename') ?? headerParameter(contentType, 'name'),
      content,
      text: content.toString('utf8').replace(/\r\n/g, '\n'),
    },
  ];
}

/** Headers and the body, decoded from quoted-printable or base64 when so encoded; the parts of a multipart one. */
function parseMessage(raw: string): { headers: Map<string, string>; body: string; parts: MailPart[] } {
  const { headers, rest } = splitEntity(raw);
  const multipart = (headers.get('content-type') ?? '').toLowerCase().startsWith('multipart/');
  if (multipart) return { headers, body: rest.replace(/\r\n/g, '\n'), parts: leafParts(headers, rest) };
  const body = decodeBody(rest, headers.get('content-transfer-encoding')).toString('utf8');
  return { headers, body: body.replace(/\r\n/g, '\n'), parts: [] };
}
