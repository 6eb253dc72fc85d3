import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Context, Env, Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { WEB_DIST } from '../paths.js';
import { htmlCache, readManifest, robotsTxt, sameRenderConfig, sitemapXml, type HtmlFile, type RenderConfig } from './prerendered.js';

export { WEB_DIST };

export interface SiteOptions {
  siteUrl: string;
  /** The deployment's BRAND_NAME, BOOKING_URL and INTRO_VIDEO_URL, compared with the prerender's. */
  renderConfig: RenderConfig;
}

/**
 * The web app (decision 0046): each public route's prerendered HTML, the SPA shell for private routes, the
 * not-found page with a 404 for anything else; HTML revalidated (no-cache), hashed assets cached for a year.
 * A build without prerender.json (older builds) gets index.html for every route, as before.
 */
export function registerStatic<E extends Env>(app: Hono<E>, dist = WEB_DIST, site?: SiteOptions) {
  const root = path.relative(process.cwd(), dist) || '.';
  const siteUrl = site?.siteUrl ?? '';
  const readHtml = htmlCache(siteUrl);

  const sendHtml = (c: Context, file: HtmlFile, status: 200 | 404 = 200) => {
    c.header('Cache-Control', 'no-cache');
    c.header('Vary', 'Accept-Encoding');
    const accepts = c.req.header('accept-encoding') ?? '';
    const [body, encoding] = /\bbr\b/.test(accepts)
      ? [file.br, 'br']
      : /\bgzip\b/.test(accepts)
        ? [file.gzip, 'gzip']
        : [file.html, undefined];
    if (encoding) c.header('Content-Encoding', encoding);
    c.header('Content-Type', 'text/html; charset=UTF-8');
    return c.body(typeof body === 'string' ? body : new Uint8Array(body), status);
  };
  const notBuilt = (c: Context) => c.text('The web app is not built: run `npm run build`.', 503);

  /** Which file answers a page request, and with which status. */
  const resolvePage = (pathname: string): { file: string; status: 200 | 404; noindex: boolean } | undefined => {
    const manifest = readManifest(dist);
    if (!manifest)
      return existsSync(path.join(dist, 'index.html')) ? { file: path.join(dist, 'index.html'), status: 200, noindex: false } : undefined;
    const route = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    const current = !site || sameRenderConfig(manifest.config, site.renderConfig);
    const noindex = manifest.noindex.some((p) => route === p || route.startsWith(`${p}/`));
    if (current && manifest.pages.includes(route)) {
      return { file: path.join(dist, route === '/' ? 'index.html' : path.join(route.slice(1), 'index.html')), status: 200, noindex };
    }
    if (manifest.pages.includes(route) || manifest.appRoutes.includes(route))
      return { file: path.join(dist, 'spa.html'), status: 200, noindex };
    // Unknown: the not-found page, rendered by the client from the shell when the prerender is for another brand.
    return { file: path.join(dist, current ? '404.html' : 'spa.html'), status: 404, noindex: true };
  };

  const sendPage = (c: Context) => {
    const page = resolvePage(new URL(c.req.url).pathname);
    const file = page && readHtml(page.file);
    if (!page || !file) return notBuilt(c);
    if (page.noindex) c.header('X-Robots-Tag', 'noindex');
    return sendHtml(c, file, page.status);
  };

  const sendSitemap = (c: Context) => {
    const manifest = readManifest(dist);
    if (!manifest) return c.notFound();
    return c.body(sitemapXml(siteUrl, manifest.pages), 200, {
      'Content-Type': 'application/xml; charset=UTF-8',
      'Cache-Control': 'public, max-age=3600',
    });
  };

  app.get('/robots.txt', (c) => c.text(robotsTxt(siteUrl), 200, { 'Cache-Control': 'public, max-age=3600' }));
  app.get('/sitemap.xml', sendSitemap);
  // Page files are reached through their route only, never by file name (dist/pricing/index.html, spa.html, ...).
  app.get('/', sendPage);
  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.status === 200) c.res.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
  });
  app.use('/assets/*', serveStatic({ root, precompressed: true }));
  // Files with an extension (favicon.svg, og/*.png); HTML and the build's own manifest are not public files.
  app.use('*', async (c, next) => {
    if (!/\/[^/]+\.[a-z0-9]+$/i.test(c.req.path) || /\.(html|json)$/i.test(c.req.path)) return next();
    return serveStatic({ root, precompressed: true, onFound: (_p, c2) => c2.header('Cache-Control', 'public, max-age=3600') })(c, next);
  });
  app.get('*', sendPage);
}
