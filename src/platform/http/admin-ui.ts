import type { FastifyReply, FastifyRequest } from 'fastify';
import { loadAdminAssets, type Asset } from './admin-assets.ts';
import { pageCsp, setPageHeaders } from './page-headers.ts';
import type { App } from './types.ts';

const ADMIN_CSP = pageCsp();
const NOT_BUILT = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>ctxhub Admin UI</title></head>
<body><h1>The Admin UI is not built</h1><p>Run <code>npm run build</code> (or <code>npm install</code>) and start the server again.</p></body></html>
`;

/**
 * Serves the Admin UI (a single-page app built from web/ into `dir`) at /admin: its hashed assets
 * cached for good, any other /admin address answered with index.html (the app's router reads the
 * address), which is never cached. Every answer carries the page security headers. The app calls
 * the same /v1 API as every client; nothing here reads data.
 */
export function adminUiRoutes(app: App, dir: string): void {
  const assets = loadAdminAssets(dir);
  const options = { config: { public: true, unlimited: true }, schema: { hide: true } };
  app.get('/admin', options, (_req, reply) => reply.redirect('/admin/', 308));
  app.get('/admin/*', options, (req, reply) => {
    setPageHeaders(reply, ADMIN_CSP);
    if (!assets)
      return reply
        .code(503)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(NOT_BUILT);
    const path = (req.params as { '*': string })['*'];
    const asset = assets.get(path);
    if (asset && path !== 'index.html') return send(req, reply, asset);
    // A missing file under assets/ is a 404 (a stale page asking for an old build), not the app.
    if (path.startsWith('assets/'))
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    const index = assets.get('index.html');
    return index ? send(req, reply, index) : reply.code(404).send('Not found');
  });
}

function send(req: FastifyRequest, reply: FastifyReply, asset: Asset): FastifyReply {
  reply
    .header('cache-control', asset.immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
    .header('etag', asset.etag)
    .header('vary', 'accept-encoding')
    .type(asset.type);
  if (req.headers['if-none-match'] === asset.etag) return reply.code(304).send();
  const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? '')) ? asset.gzip() : undefined;
  if (gzip) return reply.header('content-encoding', 'gzip').send(gzip);
  return reply.send(asset.body);
}
