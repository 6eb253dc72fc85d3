/* global document, window -- the callbacks passed to page.evaluate run in the browser */
// Screenshots of every public page at 390 and 1440 px, for the before/after record in docs/screens/ (issue 18).
// Full page, scaled to half width and saved as WebP so the files stay small enough to commit.
// usage: node scripts/screens-public.mjs <baseURL> <tag> [/path ...]   (against a running server, e.g. `npm run serve`;
// with paths, only those pages)
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';
import sharp from 'sharp';

const [base, tag, ...only] = process.argv.slice(2);
if (!base || !tag) throw new Error('usage: node scripts/screens-public.mjs <baseURL> <tag>');
const allPages = [
  '/',
  '/pricing',
  '/learn-more',
  '/dashboard-showcase',
  '/demo',
  '/90-day',
  '/terms',
  '/privacy',
  '/cookie-policy',
  '/contact',
  '/connect',
  '/connect-anything',
  '/website-hub',
  '/brand-hub',
  '/advertising-hub',
  '/vs-gohighlevel',
  '/vs-hubspot',
  '/join-waiting-list',
  '/sign-in',
  '/sign-up',
  '/no-such-page',
];
const pages = only.length ? allPages.filter((p) => only.includes(p)) : allPages;
const out = 'docs/screens/public';
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
for (const width of [390, 1440]) {
  const ctx = await browser.newContext({ viewport: { width, height: width === 390 ? 844 : 900 }, reducedMotion: 'reduce' });
  // Consent decided, so the first-visit prompt does not sit over every shot.
  await ctx.addInitScript(() => {
    localStorage.setItem(
      'cookie-consent',
      JSON.stringify({ necessary: true, performance: false, functional: false, targeting: false, accepted: true }),
    );
    localStorage.setItem('cookie-consent-version', '1');
  });
  const page = await ctx.newPage();
  for (const path of pages) {
    await page.goto(base + path, { waitUntil: 'networkidle' });
    await page.evaluate(() => document.fonts.ready);
    // Scroll through once so lazy images and reveal-on-scroll sections are shown, then back to the top.
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 600) {
        window.scrollTo(0, y);
        await new Promise((r) => setTimeout(r, 40));
      }
      window.scrollTo(0, 0);
    });
    await page.waitForTimeout(300);
    // Sections under `content-visibility: auto` (the home page's, decision 0098) are painted only near the viewport; a
    // full-page shot needs them all.
    await page.addStyleTag({ content: '* { content-visibility: visible !important; }' });
    const png = await page.screenshot({ fullPage: true });
    const name = path === '/' ? 'home' : path.slice(1);
    await sharp(png, { limitInputPixels: false })
      .resize({ width: Math.round(width / 2) })
      .webp({ quality: 55 })
      .toFile(`${out}/${name}-${width}-${tag}.webp`);
  }
  await ctx.close();
}
await browser.close();
