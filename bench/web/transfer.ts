import { gzipSync } from 'node:zlib';
import { chromium, type Response } from '@playwright/test';
import { errorText } from '../lib/progress.js';
import type { TransferRow } from '../lib/types.js';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.js';

/** What a gzip-only server sends: level 9 like the build's precompressed files; under 1 kB stays uncompressed (as there). */
export const gzipSize = (body: Buffer) => (body.length < 1024 ? body.length : gzipSync(body, { level: 9 }).length);

const decodeEntities = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'");

interface Seen {
  url: string;
  kind: 'js' | 'css';
  transferred: number;
  gzip: number;
  encoding: string;
}

async function measureResponse(res: Response): Promise<Seen | null> {
  const type = res.request().resourceType();
  if (type !== 'script' && type !== 'stylesheet') return null;
  if (res.status() >= 300) return null;
  const [sizes, body] = await Promise.all([res.request().sizes(), res.body()]);
  return {
    url: res.url(),
    kind: type === 'script' ? 'js' : 'css',
    transferred: sizes.responseBodySize, // the encoded body as it came over the wire
    gzip: gzipSize(body),
    encoding: res.headers()['content-encoding'] ?? 'identity',
  };
}

/** One JS or CSS file a first visit loaded (for a per-file breakdown, bench/web/first-visit.ts). */
export type SeenFile = Omit<Seen, 'encoding'>;

/** First visit of each page in a fresh browser context: JS and CSS bytes over the wire, and their gzip size. */
export async function measureTransfer(
  baseUrl: string,
  pages: string[],
  onFiles?: (page: string, files: SeenFile[]) => void,
): Promise<TransferRow[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  const rows: TransferRow[] = [];
  try {
    for (const page of pages) {
      const context = await browser.newContext();
      const tab = await context.newPage();
      const pending: Promise<Seen | null>[] = [];
      tab.on('response', (res) => pending.push(measureResponse(res).catch(() => null)));
      try {
        // A first visit is over once the page has hydrated (main.tsx marks <html data-hydrated>) and what hydration
        // starts (effects, idle work) has been fetched: network idle after hydration, then a quiet second more.
        await tab.goto(baseUrl + page, { waitUntil: 'load', timeout: 60_000 });
        await tab.waitForSelector('html[data-hydrated]', { state: 'attached', timeout: 60_000 });
        await tab.waitForLoadState('networkidle', { timeout: 60_000 });
        await tab.waitForTimeout(1000);
        await tab.waitForLoadState('networkidle', { timeout: 60_000 });
        const seen = (await Promise.all(pending)).filter((s): s is Seen => s !== null);
        onFiles?.(page, seen);
        // The prerendered HTML must carry the page's main heading: the first h1 after hydration, found in the HTML.
        const heading = (
          (await tab
            .locator('h1')
            .first()
            .textContent({ timeout: 5_000 })
            .catch(() => null)) ?? ''
        )
          .replace(/\s+/g, ' ')
          .trim();
        const html = await (await context.request.get(baseUrl + page)).text();
        const htmlH1 = /<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? '';
        const htmlHeading = decodeEntities(htmlH1.replace(/<[^>]+>/g, ' '))
          .replace(/\s+/g, ' ')
          .trim();
        const of = (kind: Seen['kind']) => seen.filter((s) => s.kind === kind);
        const sum = (list: Seen[], k: 'transferred' | 'gzip') => list.reduce((a, s) => a + s[k], 0);
        rows.push({
          page,
          jsTransferred: sum(of('js'), 'transferred'),
          jsGzip: sum(of('js'), 'gzip'),
          jsFiles: of('js').length,
          cssTransferred: sum(of('css'), 'transferred'),
          cssGzip: sum(of('css'), 'gzip'),
          cssFiles: of('css').length,
          encodings: [...new Set(seen.map((s) => s.encoding))],
          heading,
          headingInHtml: heading !== '' && htmlHeading.replace(/ /g, '') === heading.replace(/ /g, ''),
        });
      } catch (err) {
        rows.push({
          page,
          jsTransferred: 0,
          jsGzip: 0,
          jsFiles: 0,
          cssTransferred: 0,
          cssGzip: 0,
          cssFiles: 0,
          encodings: [],
          error: errorText(err),
        });
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  return rows;
}
