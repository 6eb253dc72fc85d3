// Writes each public route's HTML (dist/<route>/index.html), the not-found page (dist/404.html) and the shell for
// private routes (dist/spa.html) from the client build's index.html and the SSR entry (decision 0046). Canonical and
// share URLs carry a %SITE_URL% placeholder the server fills in at serve time: SITE_URL is runtime configuration.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';

const SITE = '%SITE_URL%';
const escape = (s) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The page's own head: title, description, canonical, Open Graph and Twitter card. */
function head(meta, brand, { canonical = true, noindex = false } = {}) {
  const url = `${SITE}${meta.path === '/' ? '/' : meta.path}`;
  const image = `${SITE}/og/${meta.family}.jpg`;
  return [
    `<title>${escape(meta.title)}</title>`,
    `<meta name="description" content="${escape(meta.description)}" />`,
    noindex ? '<meta name="robots" content="noindex" />' : '',
    canonical ? `<link rel="canonical" href="${url}" />` : '',
    '<meta property="og:type" content="website" />',
    `<meta property="og:site_name" content="${escape(brand)}" />`,
    `<meta property="og:locale" content="en_GB" />`,
    `<meta property="og:title" content="${escape(meta.title)}" />`,
    `<meta property="og:description" content="${escape(meta.description)}" />`,
    canonical ? `<meta property="og:url" content="${url}" />` : '',
    `<meta property="og:image" content="${image}" />`,
    '<meta property="og:image:type" content="image/jpeg" />',
    '<meta property="og:image:width" content="1200" />',
    '<meta property="og:image:height" content="630" />',
    '<meta name="twitter:card" content="summary_large_image" />',
    `<meta name="twitter:title" content="${escape(meta.title)}" />`,
    `<meta name="twitter:description" content="${escape(meta.description)}" />`,
    `<meta name="twitter:image" content="${image}" />`,
  ]
    .filter(Boolean)
    .join('\n    ');
}

/** The template's title and description make way for the page's head. */
function page(template, headHtml, renderedBody) {
  // renderToString puts the resource hints React's preload() asks for (the brand font) before the markup: they
  // belong in <head>, where the browser finds them first and React looks for them when it hydrates.
  const hints = renderedBody?.match(/^(?:<link\b[^>]*\/?>)+/)?.[0] ?? '';
  const body = renderedBody?.slice(hints.length);
  const html = template
    .replace(/<title>[\s\S]*?<\/title>/, '')
    .replace(/<meta\s+name="description"[\s\S]*?\/>/, '')
    .replace('</head>', `  ${headHtml}${hints}\n  </head>`);
  if (body === undefined) return html;
  if (!html.includes('<div id="root"></div>')) throw new Error('index.html has no empty <div id="root"></div>');
  return html.replace('<div id="root"></div>', `<div id="root" data-prerendered="true">${body}</div>`);
}

function write(file, html) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, html);
  writeFileSync(`${file}.gz`, gzipSync(html, { level: 9 }));
  writeFileSync(`${file}.br`, brotliCompressSync(html));
}

export async function prerender(ssrEntry, outDir) {
  const { render, PUBLIC_PAGES, NOT_FOUND_META, PRERENDER_CONFIG, NOINDEX_PREFIXES, APP_ROUTES } = await import(
    pathToFileURL(ssrEntry).href
  );
  const brand = PRERENDER_CONFIG.brandName;
  const template = readFileSync(path.join(outDir, 'index.html'), 'utf8');
  renameSync(path.join(outDir, 'index.html'), path.join(outDir, 'spa.html'));
  // The shell: private routes (the server adds X-Robots-Tag: noindex to those) and, for a deployment whose brand or
  // URLs differ from the prerender's, every route. No canonical: it stands for many addresses.
  write(path.join(outDir, 'spa.html'), page(template, head(PUBLIC_PAGES[0], brand, { canonical: false })));
  for (const meta of PUBLIC_PAGES) {
    const file = path.join(outDir, meta.path === '/' ? 'index.html' : path.join(meta.path.slice(1), 'index.html'));
    write(file, page(template, head(meta, brand), await render(meta.path)));
  }
  write(
    path.join(outDir, '404.html'),
    page(template, head(NOT_FOUND_META, brand, { canonical: false, noindex: true }), await render('/this-page-does-not-exist')),
  );
  // What the server needs: which routes are prerendered (sitemap.xml), which never indexed (robots.txt), and the
  // runtime config the HTML was rendered with (a deployment whose differs gets the shell instead).
  const { brandName, bookingUrl, introVideoUrl } = PRERENDER_CONFIG;
  writeFileSync(
    path.join(outDir, 'prerender.json'),
    JSON.stringify(
      {
        pages: PUBLIC_PAGES.map((p) => p.path),
        appRoutes: APP_ROUTES,
        noindex: NOINDEX_PREFIXES,
        config: { brandName, bookingUrl, introVideoUrl },
      },
      null,
      2,
    ),
  );
  console.log(`prerendered ${PUBLIC_PAGES.length} public pages and 404.html`);
}
