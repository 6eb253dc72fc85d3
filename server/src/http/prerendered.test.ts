import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { htmlCache, readManifest, renderConfigOf, robotsTxt, sameRenderConfig, sitemapXml } from './prerendered.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'prerendered-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const config = {
  brandName: 'Vibe Business Coach',
  bookingUrl: 'https://cal.example/x',
  introVideoUrl: 'https://video.example/y',
  contactEmail: 'hello@example.com',
  contactPhone: '+44 1632 960000',
  contactPhone2: '',
  contactAddress: 'Example Ltd, 1 High Street, Town',
};
const manifest = { pages: ['/', '/pricing'], appRoutes: ['/', '/dashboard'], noindex: ['/dashboard'], config };

describe('readManifest', () => {
  it('reads the prerender.json the build writes', () => {
    writeFileSync(path.join(dir, 'prerender.json'), JSON.stringify(manifest));
    expect(readManifest(dir)).toEqual(manifest);
  });
  it('is undefined for a build without one, an unreadable one and a malformed one (the server then serves the shell)', () => {
    expect(readManifest(dir)).toBeUndefined();
    writeFileSync(path.join(dir, 'prerender.json'), '{not json');
    expect(readManifest(dir)).toBeUndefined();
    writeFileSync(path.join(dir, 'prerender.json'), JSON.stringify({ ...manifest, pages: ['pricing'] }));
    expect(readManifest(dir)).toBeUndefined();
    writeFileSync(path.join(dir, 'prerender.json'), JSON.stringify({ ...manifest, config: { brandName: 'x' } }));
    expect(readManifest(dir)).toBeUndefined();
  });
  it("reads an older build's manifest, without contact details, as one built with them unset", () => {
    const older = { brandName: 'B', bookingUrl: 'https://cal.example/x', introVideoUrl: '' };
    writeFileSync(path.join(dir, 'prerender.json'), JSON.stringify({ ...manifest, config: older }));
    expect(readManifest(dir)?.config).toEqual({ ...older, contactEmail: '', contactPhone: '', contactPhone2: '', contactAddress: '' });
  });
});

describe('sameRenderConfig', () => {
  it('is true only when brand, booking and video URLs are all equal', () => {
    expect(sameRenderConfig(config, { ...config })).toBe(true);
    expect(sameRenderConfig(config, { ...config, brandName: 'Other' })).toBe(false);
    expect(sameRenderConfig(config, { ...config, bookingUrl: 'https://cal.example/z' })).toBe(false);
    expect(sameRenderConfig(config, { ...config, introVideoUrl: 'https://video.example/z' })).toBe(false);
  });
  it('is false when any contact detail differs, or is set on one side only (the HTML prints them)', () => {
    expect(sameRenderConfig(config, { ...config, contactEmail: 'other@example.com' })).toBe(false);
    expect(sameRenderConfig(config, { ...config, contactPhone: '' })).toBe(false);
    expect(sameRenderConfig(config, { ...config, contactPhone2: '+44 7700 900000' })).toBe(false);
    expect(sameRenderConfig(config, { ...config, contactAddress: 'Elsewhere' })).toBe(false);
  });
});

describe('renderConfigOf', () => {
  it('gives unset settings as empty strings, as the build writes them', () => {
    expect(
      renderConfigOf({
        BRAND_NAME: 'B',
        BOOKING_URL: undefined,
        INTRO_VIDEO_URL: 'https://video.example/y',
        CONTACT_EMAIL: 'a@example.com',
        CONTACT_PHONE: undefined,
        CONTACT_PHONE_2: undefined,
        CONTACT_ADDRESS: undefined,
      }),
    ).toEqual({
      brandName: 'B',
      bookingUrl: '',
      introVideoUrl: 'https://video.example/y',
      contactEmail: 'a@example.com',
      contactPhone: '',
      contactPhone2: '',
      contactAddress: '',
    });
  });
});

describe('htmlCache', () => {
  it('fills in every %SITE_URL% and keeps gzip and brotli forms of the same text', () => {
    const file = path.join(dir, 'index.html');
    writeFileSync(file, '<link rel="canonical" href="%SITE_URL%/pricing"><meta property="og:image" content="%SITE_URL%/og/pricing.jpg">');
    const got = htmlCache('https://coach.example')(file);
    expect(got?.html).toBe(
      '<link rel="canonical" href="https://coach.example/pricing"><meta property="og:image" content="https://coach.example/og/pricing.jpg">',
    );
    expect(gunzipSync(got!.gzip).toString()).toBe(got!.html);
    expect(brotliDecompressSync(got!.br).toString()).toBe(got!.html);
  });
  it('answers from its cache until the file changes, then reads it again', () => {
    const file = path.join(dir, 'page.html');
    writeFileSync(file, 'one %SITE_URL%');
    const read = htmlCache('http://x');
    const first = read(file);
    expect(read(file)).toBe(first);
    writeFileSync(file, 'two %SITE_URL%');
    const later = new Date(Date.now() + 5000);
    utimesSync(file, later, later);
    expect(read(file)?.html).toBe('two http://x');
  });
  it('is undefined for a missing file', () => {
    expect(htmlCache('http://x')(path.join(dir, 'nope.html'))).toBeUndefined();
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('robots.txt names the sitemap and keeps crawlers off the services, not off private pages (they must see noindex)', () => {
    const txt = robotsTxt('https://coach.example');
    expect(txt).toContain('Sitemap: https://coach.example/sitemap.xml');
    expect(txt).toContain('Disallow: /api/');
    expect(txt).not.toContain('/dashboard');
  });
  it('sitemap.xml lists each public page under SITE_URL', () => {
    const xml = sitemapXml('https://coach.example', ['/', '/pricing']);
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    expect([...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])).toEqual(['https://coach.example/', 'https://coach.example/pricing']);
  });
});
