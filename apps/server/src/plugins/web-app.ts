import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';

/**
 * Serves the built SPA: hashed assets cached for a year, index.html never cached, and every
 * other GET that is not an API call answered with index.html so client routes survive a reload.
 * Unknown API paths get the JSON envelope.
 */
export default fp<{ distDir: string }>(
  async (app, { distDir }) => {
    const hasWebApp = existsSync(path.join(distDir, 'index.html'));
    if (hasWebApp) {
      await app.register(fastifyStatic, {
        root: distDir,
        wildcard: false,
        index: false,
        setHeaders(res, filePath) {
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    } else {
      app.log.warn(`No built web app in ${distDir}; run "npm run build" to serve it.`);
    }

    app.setNotFoundHandler((request, reply) => {
      const isPage =
        hasWebApp &&
        (request.method === 'GET' || request.method === 'HEAD') &&
        !request.url.startsWith('/api/') &&
        !path.extname(request.url.split('?')[0] ?? '');
      if (isPage) {
        // A public invoice page (/i/{token}) is never indexed, whatever a search engine makes of the SPA's own
        // meta tag (docs/product/public-links-and-activity.md#the-public-page).
        if (request.url.startsWith('/i/')) reply.header('X-Robots-Tag', 'noindex, nofollow');
        return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
      }
      return reply
        .code(404)
        .send({ success: false, error: `Not found: ${request.method} ${request.url.split('?')[0]}` });
    });
  },
  { name: 'web-app' },
);
