import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Context, Env, Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { WEB_DIST } from '../paths.js';

export { WEB_DIST };

/** Hashed assets cached for a year; every other GET gets index.html (no-cache) so client routes work on reload. */
export function registerStatic<E extends Env>(app: Hono<E>, dist = WEB_DIST) {
  const indexFile = path.join(dist, 'index.html');
  const root = path.relative(process.cwd(), dist) || '.';
  const sendIndex = (c: Context) => {
    if (!existsSync(indexFile)) return c.text('The web app is not built: run `npm run build`.', 503);
    c.header('Cache-Control', 'no-cache');
    return c.html(readFileSync(indexFile, 'utf8'));
  };
  app.get('/', sendIndex);
  app.get('/index.html', sendIndex);
  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.status === 200) c.res.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
  });
  app.use('/assets/*', serveStatic({ root, precompressed: true }));
  app.use('*', serveStatic({ root, precompressed: true, onFound: (_p, c) => c.header('Cache-Control', 'public, max-age=3600') }));
  app.get('*', sendIndex);
}
