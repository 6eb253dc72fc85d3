import { spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { BenchOptions } from '../lib/options.js';
import { errorText, progress } from '../lib/progress.js';
import type { WebPart } from '../lib/types.js';
import { REPO_ROOT, startChildServer } from '../server/child-server.js';
import { bundleReport, routesFromSource, type FileSize, type Manifest } from './bundle.js';
import { WEB_PAGES } from './chromium.js';
import { runLighthouse } from './lighthouse.js';
import { gzipSize, measureTransfer } from './transfer.js';

const WEB = path.join(REPO_ROOT, 'apps/web');
const DIST = path.join(WEB, 'dist');

/** `npm run build` (what `npm start` runs first); resolves with the tail of its output on failure. */
function build(): Promise<string | null> {
  return new Promise((resolve) => {
    const { E2E_WEB_DIST: _elsewhere, ...env } = process.env; // this part serves apps/web/dist
    const child = spawn('npm', ['run', 'build'], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const keep = (b: Buffer) => (out = (out + b.toString()).slice(-3000));
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const timer = setTimeout(() => child.kill('SIGKILL'), 10 * 60_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      const lastError =
        out
          .split('\n')
          .filter((l) => /error/i.test(l))
          .at(-1) ??
        out.trim().split('\n').at(-1) ??
        '';
      resolve(code === 0 ? null : `npm run build failed (exit ${code}): ${lastError.trim().slice(0, 200)}`);
    });
  });
}

function sizeOf(file: string): FileSize {
  const full = path.join(DIST, file);
  if (!existsSync(full)) return { bytes: 0, gzip: 0 };
  const gz = `${full}.gz`;
  return { bytes: statSync(full).size, gzip: existsSync(gz) ? statSync(gz).size : gzipSize(readFileSync(full)) };
}

function readBundle(): WebPart['bundle'] {
  const manifest = JSON.parse(readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8')) as Manifest;
  const read = (p: string) => (existsSync(path.join(WEB, p)) ? readFileSync(path.join(WEB, p), 'utf8') : '');
  return bundleReport(manifest, routesFromSource(read('src/app/router.tsx'), read('src/lib/paths.ts')), sizeOf);
}

/** Every prerendered public route (dist/prerender.json, issue 15), or the key pages for a build without one. */
function publicPages(): string[] {
  try {
    const pages = (JSON.parse(readFileSync(path.join(DIST, 'prerender.json'), 'utf8')) as { pages?: unknown }).pages;
    if (Array.isArray(pages) && pages.every((p) => typeof p === 'string')) return pages as string[];
  } catch {
    // no prerender manifest
  }
  return WEB_PAGES;
}

/** The production build served by the server, measured with Playwright (bytes) and Lighthouse (scores). */
export async function runWebPart(o: BenchOptions): Promise<WebPart> {
  const part: WebPart = { availability: { available: true }, lighthouse: [], transfer: [], bundle: { entry: null, routes: [] } };
  progress('web: npm run build');
  const failed = await build();
  if (failed) {
    progress(`web: ${failed}`);
    return { ...part, availability: { available: false, reason: failed } };
  }
  try {
    part.bundle = readBundle();
  } catch (err) {
    progress(`web: no bundle report: ${errorText(err)}`);
  }
  let server;
  try {
    server = await startChildServer();
  } catch (err) {
    return { ...part, availability: { available: false, reason: `server did not start: ${errorText(err)}` } };
  }
  try {
    progress(`web: serving the build on ${server.url}`);
    const pages = publicPages();
    part.transfer = await measureTransfer(server.url, pages);
    for (const t of part.transfer) {
      progress(
        `web: ${t.page.padEnd(19)} JS ${(t.jsTransferred / 1024).toFixed(1)} kB over the wire (${(t.jsGzip / 1024).toFixed(1)} kB gzip), CSS ${(t.cssTransferred / 1024).toFixed(1)} kB${t.headingInHtml ? '' : `; main heading "${t.heading}" NOT in the prerendered HTML`}${t.error ? `; error: ${t.error}` : ''}`,
      );
    }
    part.lighthouse = await runLighthouse(server.url, pages, undefined, o.lighthouseRuns);
  } catch (err) {
    progress(`web: failed: ${errorText(err)}`);
    part.availability = { available: false, reason: errorText(err) };
  } finally {
    await server.stop({ removeData: true });
  }
  return part;
}
