// A real SMTP server for the browser tests, with the messages it accepts readable over HTTP (as Mailpit's API is):
// the main e2e server delivers to it through SMTP_URL, and the tests read the links of account e-mails from it.
// Plain SMTP on 127.0.0.1 without TLS or authentication; messages kept in memory for the run.
//   GET    /messages?to=ADDRESS   the messages to that address (all without ?to), oldest first, as JSON
//   DELETE /messages              forgets them
//   GET    /health                204 once both servers listen
// Usage: SMTP_CAPTURE_SMTP_PORT=4175 SMTP_CAPTURE_HTTP_PORT=4176 node smtp-capture.mjs
import { createServer } from 'node:http';
import { SMTPServer } from 'smtp-server';

const host = '127.0.0.1';
const smtpPort = Number(process.env.SMTP_CAPTURE_SMTP_PORT ?? 4175);
const httpPort = Number(process.env.SMTP_CAPTURE_HTTP_PORT ?? 4176);

/** @type {Array<{ id: number, from: string, to: string[], subject: string, text: string, html: string, headers: Record<string, string>, receivedAt: string }>} */
const messages = [];

/** Headers (unfolded, names lower-cased) and what follows them. */
function splitEntity(raw) {
  const split = raw.indexOf('\r\n\r\n');
  const head = (split < 0 ? raw : raw.slice(0, split)).replace(/\r\n[ \t]+/g, ' ');
  const headers = {};
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body: split < 0 ? '' : raw.slice(split + 4) };
}

/** A body's bytes as text, from quoted-printable or base64 when so encoded. */
function decode(body, encoding = '') {
  if (encoding.toLowerCase() === 'quoted-printable') {
    const text = body.replace(/=\r\n/g, '');
    const bytes = [];
    for (let index = 0; index < text.length; index++) {
      const hex = text.slice(index + 1, index + 3);
      if (text[index] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
        bytes.push(parseInt(hex, 16));
        index += 2;
      } else bytes.push(...Buffer.from(text[index], 'utf8'));
    }
    return Buffer.from(bytes).toString('utf8');
  }
  if (encoding.toLowerCase() === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** Encoded words of a header (=?UTF-8?Q?...?= and =?UTF-8?B?...?=), as nodemailer writes non-ASCII subjects. */
function decodeHeader(value = '') {
  return value.replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=\s*/gi, (_match, _charset, kind, text) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decode(text.replace(/_/g, ' '), 'quoted-printable'),
  );
}

/** The text/plain and text/html leaves of a message, depth first. */
function leaves(headers, body, found = { text: '', html: '' }) {
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    for (const section of body.split(`--${boundary}`).slice(1)) {
      if (section.startsWith('--')) continue;
      const inner = splitEntity(section.replace(/^\r\n/, ''));
      leaves(inner.headers, inner.body, found);
    }
    return found;
  }
  const text = decode(body, headers['content-transfer-encoding']).replace(/\r\n/g, '\n');
  if (type.toLowerCase().startsWith('text/html')) found.html ||= text;
  else if (type.toLowerCase().startsWith('text/plain')) found.text ||= text;
  return found;
}

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['AUTH', 'STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => {
      const { headers, body } = splitEntity(Buffer.concat(chunks).toString('utf8'));
      const { text, html } = leaves(headers, body);
      messages.push({
        id: messages.length + 1,
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        to: session.envelope.rcptTo.map((address) => address.address.toLowerCase()),
        subject: decodeHeader(headers.subject),
        text,
        html,
        headers,
        receivedAt: new Date().toISOString(),
      });
      callback();
    });
  },
});

const http = createServer((request, response) => {
  const url = new URL(request.url ?? '/', `http://${host}`);
  if (url.pathname === '/health') return void response.writeHead(204).end();
  if (url.pathname === '/messages' && request.method === 'DELETE') {
    messages.length = 0;
    return void response.writeHead(204).end();
  }
  if (url.pathname === '/messages' && request.method === 'GET') {
    const to = url.searchParams.get('to')?.toLowerCase();
    const chosen = to ? messages.filter((message) => message.to.includes(to)) : messages;
    response.writeHead(200, { 'content-type': 'application/json' });
    return void response.end(JSON.stringify(chosen));
  }
  response.writeHead(404).end();
});

await new Promise((resolve) => smtp.listen(smtpPort, host, resolve));
await new Promise((resolve) => http.listen(httpPort, host, resolve));
console.log(`SMTP capture: SMTP on ${host}:${smtpPort}, messages on http://${host}:${httpPort}/messages`);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(0));
