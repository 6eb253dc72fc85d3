// The JavaScript a first visit loads, per public route, without Lighthouse or a rebuild: serves a built web app
// (WEB_DIST_DIR, default apps/web/dist) with the server and counts what the bench's web part counts (transfer.ts).
//   WEB_DIST_DIR=/tmp/dist node --import tsx bench/web/first-visit.ts [--files] [/route ...]
// --files lists each route's files with their gzip size and the source module Vite's manifest names for them.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, startChildServer } from '../server/child-server.js';
import type { Manifest } from './bundle.js';
import { measureTransfer, type SeenFile } from './transfer.js';

const dist = path.resolve(REPO_ROOT, process.env.WEB_DIST_DIR ?? 'apps/web/dist');
const args = process.argv.slice(2);
const showFiles = args.includes('--files');
const chosen = args.filter((a) => a.startsWith('/'));
const pages = chosen.length ? chosen : (JSON.parse(readFileSync(path.join(dist, 'prerender.json'), 'utf8')) as { pages: string[] }).pages;
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
const srcOf = new Map(Object.entries(manifest).map(([k, c]) => [c.file, c.src ?? k]));

const kb = (n: number) => (n / 1024).toFixed(1);
const files = new Map<string, SeenFile[]>();
const server = await startChildServer({ WEB_DIST_DIR: dist });
try {
  const rows = await measureTransfer(server.url, pages, (page, seen) => files.set(page, seen));
  console.log('| route | JS gzip (KB) | files | CSS gzip (KB) |\n|---|--:|--:|--:|');
  for (const r of rows)
    console.log(`| ${r.page} | ${kb(r.jsGzip)} | ${r.jsFiles} | ${kb(r.cssGzip)} |${r.error ? ` error: ${r.error}` : ''}`);
  if (showFiles)
    for (const [page, seen] of files) {
      console.log(`\n${page}`);
      for (const f of seen.filter((s) => s.kind === 'js').sort((a, b) => b.gzip - a.gzip)) {
        const file = new URL(f.url).pathname.slice(1);
        console.log(`  ${kb(f.gzip).padStart(6)}  ${file}  ${srcOf.get(file) ?? ''}`);
      }
    }
} finally {
  await server.stop({ removeData: true });
}
