import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { z } from 'zod';
import type { Config } from '../config.js';
import type { OPERATOR_SETTINGS } from '../site/operator-settings.js';

/** What apps/web/prerender.mjs writes beside the pages (decision 0046). */
const manifestSchema = z.object({
  pages: z.array(z.string().startsWith('/')),
  appRoutes: z.array(z.string().startsWith('/')),
  noindex: z.array(z.string().startsWith('/')),
  // '' for an operator setting the build had unset (older builds wrote only the first three).
  config: z.object({
    brandName: z.string(),
    bookingUrl: z.string(),
    introVideoUrl: z.string(),
    contactEmail: z.string().default(''),
    contactPhone: z.string().default(''),
    contactPhone2: z.string().default(''),
    contactAddress: z.string().default(''),
  }),
});
export type PrerenderManifest = z.infer<typeof manifestSchema>;

/** The runtime values a page's HTML depends on; the prerendered HTML is served only when they are the build's. */
export type RenderConfig = PrerenderManifest['config'];

export function readManifest(dist: string): PrerenderManifest | undefined {
  try {
    return manifestSchema.parse(JSON.parse(readFileSync(path.join(dist, 'prerender.json'), 'utf8')));
  } catch {
    return undefined;
  }
}

export const sameRenderConfig = (a: RenderConfig, b: RenderConfig) =>
  (Object.keys(a) as (keyof RenderConfig)[]).every((k) => a[k] === b[k]);

/** The deployment's values of what the prerendered HTML shows ('' when unset, as the build writes them). */
export function renderConfigOf(config: Pick<Config, 'BRAND_NAME' | (typeof OPERATOR_SETTINGS)[number]>): RenderConfig {
  return {
    brandName: config.BRAND_NAME,
    bookingUrl: config.BOOKING_URL ?? '',
    introVideoUrl: config.INTRO_VIDEO_URL ?? '',
    contactEmail: config.CONTACT_EMAIL ?? '',
    contactPhone: config.CONTACT_PHONE ?? '',
    contactPhone2: config.CONTACT_PHONE_2 ?? '',
    contactAddress: config.CONTACT_ADDRESS ?? '',
  };
}

export interface HtmlFile {
  html: string;
  gzip: Buffer;
  br: Buffer;
}

/**
 * HTML files with %SITE_URL% filled in (SITE_URL is runtime configuration, the build knows no address), compressed
 * once; read again when the file changes (a rebuild while the server runs).
 */
export function htmlCache(siteUrl: string) {
  const cache = new Map<string, { mtimeMs: number; file: HtmlFile }>();
  return (file: string): HtmlFile | undefined => {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      return undefined;
    }
    const hit = cache.get(file);
    if (hit && hit.mtimeMs === mtimeMs) return hit.file;
    const html = readFileSync(file, 'utf8').replaceAll('%SITE_URL%', siteUrl);
    const entry = { html, gzip: gzipSync(html, { level: 9 }), br: brotliCompressSync(html) };
    cache.set(file, { mtimeMs, file: entry });
    return entry;
  };
}

export function robotsTxt(siteUrl: string): string {
  // Private routes are not disallowed: a crawler must fetch them to see their noindex.
  return [
    'User-agent: *',
    'Disallow: /api/',
    'Disallow: /auth/v1/',
    'Disallow: /rest/v1/',
    'Disallow: /functions/v1/',
    '',
    `Sitemap: ${siteUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

export function sitemapXml(siteUrl: string, pages: readonly string[]): string {
  const urls = pages.map((p) => `  <url><loc>${siteUrl}${p}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}
