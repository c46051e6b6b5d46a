// A real OpenID Connect provider on this machine for the Google sign-in tests (oauth2-mock-server):
// discovery, authorization with PKCE, signed ID tokens. It approves every request at once; the tests
// choose who is approved through POST /e2e/identity (JSON claims, or { "deny": true } to refuse).
// Usage: OIDC_PORT=4480 node oidc-provider.mjs
import { createServer } from 'node:http';
import { OAuth2Issuer, OAuth2Service } from 'oauth2-mock-server';

const host = '127.0.0.1';
const port = Number(process.env.OIDC_PORT ?? 4480);

const issuer = new OAuth2Issuer();
issuer.url = `http://${host}:${port}`;
await issuer.keys.generate('RS256');
const service = new OAuth2Service(issuer);

/** Claims of the next sign-ins; a verified address unless a test says otherwise. */
let identity = { sub: 'e2e-default', email: 'e2e-default@example.com', email_verified: true };
let deny = false;

service.on('beforeTokenSigning', (token) => {
  Object.assign(token.payload, identity);
});
// "Cancel" at the provider: back to the app with an error instead of a code.
service.on('beforeAuthorizeRedirect', ({ url }) => {
  if (!deny) return;
  url.searchParams.delete('code');
  url.searchParams.set('error', 'access_denied');
});

async function readJson(request) {
  const chunks = [];
  for await (const chunk of request) chunks.push(chunk);
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
}

const server = createServer((request, response) => {
  if (request.method === 'POST' && request.url === '/e2e/identity') {
    readJson(request)
      .then((body) => {
        deny = body.deny === true;
        if (!deny) identity = body;
        response.writeHead(204).end();
      })
      .catch(() => response.writeHead(400).end());
    return;
  }
  service.requestHandler(request, response);
});

server.listen(port, host, () => console.log(`OpenID provider on ${issuer.url}`));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(0));
