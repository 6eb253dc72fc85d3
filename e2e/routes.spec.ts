import { expect, openPage, test } from './fixtures';

const ROUTES = [
  '/',
  '/sign-in',
  '/sign-up',
  '/reset-password',
  '/join-waiting-list',
  '/waitlist-thanks',
  '/learn-more',
  '/dashboard-showcase',
  '/demo',
  '/pricing',
  '/terms',
  '/privacy',
  '/cookie-policy',
  '/contact',
  '/90-day',
  '/connect-anything',
  '/connect',
  '/website-hub',
  '/brand-hub',
  '/advertising-hub',
  '/vs-gohighlevel',
  '/vs-hubspot',
  '/dashboard',
  '/user',
  '/admin',
];

test.describe('every route opens cleanly', () => {
  for (const route of ROUTES) {
    test(`opens ${route}`, async ({ page }) => {
      await openPage(page, route);
      await page.waitForLoadState('networkidle');
    });
  }

  test('an unknown path shows the not-found page', async ({ page, pageErrors }) => {
    pageErrors.expectError(/^console: Failed to load resource: the server responded with a status of 404/); // the page itself answers 404
    await openPage(page, '/no-such-page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });

  test('the home page does not load dashboard, onboarding or directory code', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await openPage(page, '/');
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((s) => /dashboard|onboarding|connect-anything|admin/.test(s))).toEqual([]);
  });

  test('the home page loads neither the titles table nor the whole message catalogue, and navigation retitles (ADR 0092)', async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await openPage(page, '/');
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((s) => /\/(page-meta|messages)-/.test(s))).toEqual([]);
    await expect(page).toHaveTitle('Vibe Business Coach: AI business coaching and marketing platform');
    await page.getByRole('navigation').getByRole('link', { name: 'Pricing Plans' }).first().click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page).toHaveTitle('Pricing plans | Vibe Business Coach');
    await page.goBack();
    await expect(page).toHaveTitle('Vibe Business Coach: AI business coaching and marketing platform');
  });

  test('a first visit to /connect-anything reads the catalogue without supabase-js or zod (ADR 0087)', async ({ page }) => {
    const bodies: Promise<string>[] = [];
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script') bodies.push(r.text().catch(() => ''));
    });
    await openPage(page, '/connect-anything');
    await expect(page.getByTestId('integration-card')).toHaveCount(12); // the first page of the catalogue, read
    await expect(page.getByTestId('count-all')).not.toBeEmpty(); // and the category counts
    await page.waitForLoadState('networkidle');
    const scripts = await Promise.all(bodies);
    expect(scripts.length).toBeGreaterThan(3);
    // class names each library keeps in its minified build: auth-js's AuthApiError, zod's ZodError
    expect(scripts.filter((s) => s.includes('AuthApiError')).length, 'supabase-js (auth) chunks').toBe(0);
    expect(scripts.filter((s) => s.includes('ZodError')).length, 'zod chunks').toBe(0);
  });
});
