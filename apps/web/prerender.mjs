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
function page(template, headHtml, renderedBody, preloads = '', loader) {
  // renderToString puts the resource hints React's preload() asks for before the markup (none at present: the fonts
  // wait for the first paint, decision 0095): they belong in <head>, where the browser finds them first and React looks
  // for them when it hydrates.
  const hints = renderedBody?.match(/^(?:<link\b[^>]*\/?>)+/)?.[0] ?? '';
  const body = renderedBody?.slice(hints.length);
  const html = template
    .replace(/<title>[\s\S]*?<\/title>/, '')
    .replace(/<meta\s+name="description"[\s\S]*?\/>/, '')
    .replace('</head>', `  ${headHtml}${hints}${preloads ? `\n    ${preloads}` : ''}\n  </head>`);
  if (body === undefined) return html;
  if (!html.includes('<div id="root"></div>')) throw new Error('index.html has no empty <div id="root"></div>');
  return contentFirst(html, loader).replace('<div id="root"></div>', `<div id="root" data-prerendered="true">${body}</div>`);
}

/**
 * A prerendered page shows its content before its JavaScript has run, so the module script and preloads that
 * hydrate it wait in a `<template>` until the page has painted (packages/shared/src/hydrate-after-paint.ts, decision
 * 0088): on a slow phone network the HTML and stylesheet get the bandwidth first. The brand fonts wait too: `<html>`
 * carries the attribute that sets the page in their local fallbacks until then (decision 0095). The empty shell of
 * the private pages (spa.html) keeps both as they are: it has nothing to show without its scripts.
 */
function contentFirst(html, { script, templateId, fonts }) {
  const tags = /\s*(?:<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>)/g;
  const moved = html.match(tags) ?? [];
  if (!moved.some((t) => t.includes('<script'))) throw new Error('index.html has no module script to move');
  if (!/<html\b[^>]*>/.test(html)) throw new Error('index.html has no <html> tag');
  const held = `<template id="${templateId}">${moved.map((t) => t.trim()).join('')}</template><script>${script}</script>`;
  return html
    .replace(tags, '')
    .replace('</head>', `  ${held}\n  </head>`)
    .replace(/<html\b([^>]*)>/, `<html$1 ${fonts.name}="${fonts.value}">`);
}

/**
 * The route's page chunk and the chunks it imports, as <link rel="modulepreload">: the browser fetches them beside
 * the entry instead of after it has run (decision 0055), and the entry's own imports.
 * The page module of a route is read from the route table (src/app/router.tsx, `path: paths.x, ...import('@/pages/y')`).
 */
function pagePreloads(webRoot, outDir) {
  const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8'));
  const pathsSource = readFileSync(path.join(webRoot, 'src/lib/paths.ts'), 'utf8');
  const routerSource = readFileSync(path.join(webRoot, 'src/app/router.tsx'), 'utf8');
  const pathOf = new Map([...pathsSource.matchAll(/^\s*(\w+):\s*'([^']+)'/gm)].map((m) => [m[1], m[2]]));
  const moduleOf = new Map();
  const closure = (key, seen = new Set()) => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const k of manifest[key].imports ?? []) closure(k, seen);
    return seen;
  };
  // The chunk holding TanStack Query's React bindings: a page that imports it needs the query client around it.
  const usesQuery = (k) => readFileSync(path.join(outDir, manifest[k].file), 'utf8').includes('No QueryClient set');
  for (const m of routerSource.matchAll(/path:\s*(?:paths\.(\w+)|'([^']+)')([^\n]*?)import\(\s*'@\/pages\/([\w./-]+)'\s*\)([^\n]*)/g)) {
    const key = `src/pages/${m[4]}.tsx`;
    moduleOf.set(m[1] ? pathOf.get(m[1]) : m[2], key);
    if (manifest[key] && !/\b(QUERY|SESSION)\b/.test(m[5]) && [...closure(key)].some(usesQuery)) {
      throw new Error(`${key} uses TanStack Query: mark its route QUERY in src/app/router.tsx (the query client loads with it)`);
    }
  }
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  const inEntry = closure(entryKey);
  // The entry's own imports: Vite preloads none (build.modulePreload is off, decision 0098).
  const entryImports = [...inEntry]
    .filter((k) => k !== entryKey)
    .map((k) => `<link rel="modulepreload" crossorigin href="/${manifest[k].file}" />`);
  return (route) => {
    const key = moduleOf.get(route);
    if (!key || !manifest[key]) return entryImports.join('\n    ');
    const own = [...closure(key)].filter((k) => !inEntry.has(k));
    const entryCss = new Set([...inEntry].flatMap((k) => manifest[k].css ?? []));
    // The page's own CSS is in the HTML too: the prerendered markup needs it before its first paint.
    const css = [...new Set(own.flatMap((k) => manifest[k].css ?? []))].filter((f) => !entryCss.has(f));
    return [
      ...css.map((f) => `<link rel="stylesheet" crossorigin href="/${f}" />`),
      ...entryImports,
      ...own.map((k) => `<link rel="modulepreload" crossorigin href="/${manifest[k].file}" />`),
    ].join('\n    ');
  };
}

function write(file, html) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, html);
  writeFileSync(`${file}.gz`, gzipSync(html, { level: 9 }));
  writeFileSync(`${file}.br`, brotliCompressSync(html));
}

export async function prerender(ssrEntry, outDir, webRoot) {
  const { render, PUBLIC_PAGES, NOT_FOUND_META, PRERENDER_CONFIG, NOINDEX_PREFIXES, APP_ROUTES, HYDRATE_LOADER } = await import(
    pathToFileURL(ssrEntry).href
  );
  const brand = PRERENDER_CONFIG.brandName;
  const template = readFileSync(path.join(outDir, 'index.html'), 'utf8');
  const preloadsOf = pagePreloads(webRoot, outDir);
  renameSync(path.join(outDir, 'index.html'), path.join(outDir, 'spa.html'));
  // The shell: private routes (the server adds X-Robots-Tag: noindex to those) and, for a deployment whose brand or
  // URLs differ from the prerender's, every route. No canonical: it stands for many addresses.
  write(path.join(outDir, 'spa.html'), page(template, head(PUBLIC_PAGES[0], brand, { canonical: false }), undefined, preloadsOf('')));
  for (const meta of PUBLIC_PAGES) {
    const file = path.join(outDir, meta.path === '/' ? 'index.html' : path.join(meta.path.slice(1), 'index.html'));
    write(file, page(template, head(meta, brand), await render(meta.path), preloadsOf(meta.path), HYDRATE_LOADER));
  }
  write(
    path.join(outDir, '404.html'),
    page(
      template,
      head(NOT_FOUND_META, brand, { canonical: false, noindex: true }),
      await render('/this-page-does-not-exist'),
      preloadsOf('*'),
      HYDRATE_LOADER,
    ),
  );
  // What the server needs: which routes are prerendered (sitemap.xml), which never indexed (robots.txt), and the
  // runtime config the HTML was rendered with (a deployment whose differs gets the shell instead).
  // '' for an unset setting, as the server's renderConfigOf (server/src/http/prerendered.ts) gives its own.
  const { brandName, bookingUrl = '', introVideoUrl = '', contact } = PRERENDER_CONFIG;
  const { email: contactEmail = '', phone: contactPhone = '', phone2: contactPhone2 = '', address: contactAddress = '' } = contact;
  writeFileSync(
    path.join(outDir, 'prerender.json'),
    JSON.stringify(
      {
        pages: PUBLIC_PAGES.map((p) => p.path),
        appRoutes: APP_ROUTES,
        noindex: NOINDEX_PREFIXES,
        config: { brandName, bookingUrl, introVideoUrl, contactEmail, contactPhone, contactPhone2, contactAddress },
      },
      null,
      2,
    ),
  );
  console.log(`prerendered ${PUBLIC_PAGES.length} public pages and 404.html`);
}
