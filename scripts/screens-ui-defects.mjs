// Before/after screenshots for issue 18 defects (390 and 1440 px). Run from the repo root against a running server.
// usage: node shots.mjs <baseURL> <tag>
import { chromium } from '@playwright/test';
const [base, tag] = process.argv.slice(2);
const pages = {
  'cookie-policy': '/cookie-policy',
  'vs-hubspot': '/vs-hubspot',
  pricing: '/pricing',
  '90-day': '/90-day',
  'not-found': '/no-such-page',
  demo: '/demo',
};
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
for (const w of [390, 1440]) {
  const ctx = await browser.newContext({ viewport: { width: w, height: w === 390 ? 844 : 900 } });
  await ctx.addInitScript(() => {
    localStorage.setItem(
      'cookie-consent',
      JSON.stringify({ necessary: true, performance: false, functional: false, targeting: false, accepted: true }),
    );
    localStorage.setItem('cookie-consent-version', '1');
  });
  const page = await ctx.newPage();
  for (const [name, path] of Object.entries(pages)) {
    await page.goto(base + path, { waitUntil: 'networkidle' });
    const t = await page.$('table');
    if (t && name !== 'pricing') await t.scrollIntoViewIfNeeded();
    if (name === 'pricing') await page.locator('#compare-title').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `docs/screens/ui-defects-${name}-${w}-${tag}.png` });
  }
  await ctx.close();
}
await browser.close();
