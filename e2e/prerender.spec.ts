import { expect, test } from './fixtures';

/**
 * Public routes arrive as finished HTML (decision 0046): heading and main text without JavaScript, hydrated
 * without errors with it, each with its own title; unknown addresses answer 404 with the not-found page.
 */
const PUBLIC: { route: string; heading: RegExp }[] = [
  { route: '/', heading: /Connect with your vibe business/i },
  { route: '/pricing', heading: /Simple plans that grow with you/ },
  { route: '/join-waiting-list', heading: /Join the Vibe Business Coach/ },
  { route: '/learn-more', heading: /Everything a growing business needs/ },
  { route: '/dashboard-showcase', heading: /Your business at a glance/ },
  { route: '/demo', heading: /See Vibe Business Coach in action/ },
  { route: '/90-day', heading: /Transform your business in 90 days/ },
  { route: '/connect-anything', heading: /Connect Anything/ },
  { route: '/connect', heading: /build something great together/ },
  { route: '/website-hub', heading: /A website that works as hard as you do/ },
  { route: '/brand-hub', heading: /One brand, consistent everywhere/ },
  { route: '/advertising-hub', heading: /Ads that pay for themselves/ },
  { route: '/vs-gohighlevel', heading: /Vibe Business Coach vs GoHighLevel/ },
  { route: '/vs-hubspot', heading: /Vibe Business Coach vs HubSpot/ },
  { route: '/terms', heading: /Terms of Service/ },
  { route: '/privacy', heading: /Privacy Policy/ },
  { route: '/cookie-policy', heading: /Cookie Policy/ },
  { route: '/contact', heading: /love to hear from you/ },
];
/** Routes whose content is a form or a shell rather than a heading. */
const OTHER_PUBLIC = ['/sign-in', '/sign-up', '/waitlist-thanks'];

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  // With JavaScript off, Chromium refuses the module preloads (reported as "csp"): that is the point of the test.
  test.beforeEach(({ pageErrors }) => pageErrors.expectError(/^requestfailed: \S+\/assets\/\S+\.js csp$/));

  for (const { route, heading } of PUBLIC) {
    test(`${route} shows its heading and main text`, async ({ page }) => {
      const res = await page.goto(route);
      expect(res?.status()).toBe(200);
      expect(res?.headers()['cache-control']).toBe('no-cache');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      // main text: more than a heading's worth of words inside <main>
      expect((await page.locator('main').innerText()).split(/\s+/).length).toBeGreaterThan(30);
    });
  }

  test('sign-in and sign-up show their forms', async ({ page }) => {
    await page.goto('/sign-in');
    await expect(page.getByRole('tab', { name: 'Sign In', selected: true })).toBeVisible();
    await expect(page.getByText('Remember me for 30 days')).toBeVisible();
    await page.goto('/sign-up');
    await expect(page.getByRole('tab', { name: 'Sign Up', selected: true })).toBeVisible();
  });
});

test.describe('head and status', () => {
  test('every public route has its own title, description, canonical and share card', async ({ request, baseURL }) => {
    const titles = new Map<string, string>();
    for (const route of [...PUBLIC.map((p) => p.route), ...OTHER_PUBLIC]) {
      const html = await (await request.get(route)).text();
      const title = /<title>([^<]+)<\/title>/.exec(html)?.[1];
      expect(title, route).toBeTruthy();
      expect(titles.get(title!), `${route} shares its title`).toBeUndefined();
      titles.set(title!, route);
      expect(html).toMatch(/<html lang="en-GB"[\s>]/);
      expect(html).toMatch(/<meta name="description" content="[^"]{40,}"/);
      // canonical from SITE_URL, filled in by the server (the e2e server's SITE_URL is its own address)
      expect(html).toContain(`<link rel="canonical" href="${baseURL}${route}"`);
      expect(html).toMatch(new RegExp(`<meta property="og:image" content="${baseURL}/og/[a-z]+\\.jpg"`));
      expect(html).toContain('<meta name="twitter:card" content="summary_large_image"');
      expect(html).not.toContain('%SITE_URL%');
    }
  });

  test('share images exist', async ({ request }) => {
    for (const family of ['home', 'product', 'pricing', 'waitlist', 'compare', 'legal', 'account']) {
      const res = await request.get(`/og/${family}.jpg`);
      expect(res.status(), family).toBe(200);
      expect(res.headers()['content-type']).toBe('image/jpeg');
    }
  });

  test('an unknown route answers 404 with the not-found page; /api keeps its JSON 404', async ({ request }) => {
    const res = await request.get('/no-such-page');
    expect(res.status()).toBe(404);
    const html = await res.text();
    expect(html).toContain('Page not found');
    expect(html).toContain('<meta name="robots" content="noindex"');
    const api = await request.get('/api/no-such-endpoint');
    expect(api.status()).toBe(404);
    expect(api.headers()['content-type']).toContain('application/json');
  });

  test('private routes get the shell, not indexed; robots.txt and sitemap.xml list the public routes', async ({ request, baseURL }) => {
    for (const route of ['/dashboard', '/user', '/admin']) {
      const res = await request.get(route);
      expect(res.status()).toBe(200);
      expect(res.headers()['x-robots-tag']).toBe('noindex');
      expect(await res.text()).not.toContain('data-prerendered');
    }
    expect((await request.get('/pricing')).headers()['x-robots-tag']).toBeUndefined();
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
    const sitemap = await (await request.get('/sitemap.xml')).text();
    for (const route of [...PUBLIC.map((p) => p.route), ...OTHER_PUBLIC]) expect(sitemap).toContain(`<loc>${baseURL}${route}</loc>`);
    expect(sitemap).not.toContain(`<loc>${baseURL}/dashboard</loc>`);
  });
});

test.describe('with JavaScript', () => {
  for (const route of [...PUBLIC.map((p) => p.route), '/sign-in', '/sign-up']) {
    test(`${route} hydrates without errors`, async ({ page }) => {
      const prerendered = await (await page.request.get(route)).text();
      await page.goto(route); // waits for hydration (fixtures.ts)
      // Hydrated in place: the prerendered root is still the one on the page; the fixture fails on any console error.
      expect(await page.locator('#root').getAttribute('data-prerendered')).toBe('true');
      expect(prerendered).toContain('data-prerendered="true"');
      await page.waitForLoadState('networkidle');
    });
  }

  test('the thanks page without a stored join goes back to the waiting list', async ({ page }) => {
    await page.goto('/waitlist-thanks');
    await expect(page).toHaveURL(/\/join-waiting-list$/);
  });
});
