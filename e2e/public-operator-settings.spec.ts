import type { Page } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import { expect, openPage, scrollToHydrated, test } from './fixtures';
import { markOnboarded, signedInUser, uniqueEmail } from './support/auth';
import { E2E_OPERATOR_SETTINGS } from './support/operator-settings';
import { decideConsent, serviceSelect } from './support/public-helpers';
import { startSiteServer } from './support/site-server';

// Issue 44, public-site part 1: the operator's contact details, booking page and intro video come from the
// configuration only (none: a fresh install shows neutral states), and the claims are the catalogue's own figures.

const WIDTHS = [390, 1440] as const;
const FICTIONAL = /7946|7700 900|Great Eastern Street|hello@vibebusinesscoach/;
const waitlistUser = (page: Page) =>
  page.addInitScript(() =>
    localStorage.setItem('waitlist-user', JSON.stringify({ firstName: 'Ada', email: 'ada@example.com', waitlistPosition: 3 })),
  );

test.describe('with no operator settings (a fresh install)', () => {
  // one server for the group's tests, not one a test (fullyParallel reruns beforeAll per test; decision 0206)
  test.describe.configure({ mode: 'default' });
  let site: Awaited<ReturnType<typeof startSiteServer>>;
  test.beforeAll(async () => {
    site = await startSiteServer();
  });
  test.afterAll(async () => site?.close());
  test.beforeEach(async ({ page }) => decideConsent(page));

  for (const width of WIDTHS) {
    test(`the intro video is a poster without a play button, and /demo lists no chapters (${width} px)`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      for (const path of ['/demo', '/join-waiting-list']) {
        await openPage(page, `${site.url}${path}`);
        await expect(page.getByTestId('intro-video-poster')).toContainText('The intro video is coming soon.');
        await expect(page.getByRole('button', { name: /Play video/ })).toHaveCount(0);
        await expect(page.locator('iframe')).toHaveCount(0);
      }
      await expect(page.getByRole('heading', { name: 'In this video' })).toHaveCount(0);
      await openPage(page, `${site.url}/demo`);
      await expect(page.getByText('0:25')).toHaveCount(0);
      await expect(page.getByRole('main')).not.toContainText('shown in 2 minutes');
    });
  }

  test('no made-up contact details anywhere: the missing lines are hidden, with a neutral note', async ({ page }) => {
    await waitlistUser(page);
    await openPage(page, `${site.url}/contact`);
    const footer = page.getByRole('contentinfo');
    await scrollToHydrated(footer);
    await expect(footer).toContainText('Contact details are not configured yet.');
    await expect(footer.locator('a[href^="tel:"], a[href^="mailto:"]')).toHaveCount(0);
    await expect(footer).toContainText(/© \d{4} Vibe Business Coach\. All rights reserved/);
    await expect(page.getByRole('main')).toContainText('Contact details are not configured yet.');
    await expect(page.getByRole('main').getByRole('heading', { name: 'Hours' })).toBeVisible();
    for (const path of ['/contact', '/connect', '/terms', '/privacy', '/waitlist-thanks']) {
      await openPage(page, `${site.url}${path}`);
      await expect(page.locator('body')).not.toContainText(FICTIONAL);
      await expect(page.locator('a[href^="tel:"], a[href^="mailto:"]')).toHaveCount(0);
    }
    await openPage(page, `${site.url}/connect`);
    await expect(page.getByRole('heading', { name: 'Email' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Phone' })).toHaveCount(0);
    await openPage(page, `${site.url}/terms`);
    await expect(page.getByRole('main').getByRole('link', { name: 'contact form' })).toHaveAttribute('href', '/contact');
    await openPage(page, `${site.url}/waitlist-thanks`);
    await expect(page.getByRole('button', { name: 'Book Free Strategy Session' })).toHaveCount(0);
    await expect(page.getByRole('main').getByRole('link', { name: 'contact form' })).toBeVisible();
  });

  test('the booking section offers no calendar, no one else’s booking page and no phone number', async ({ page }) => {
    await openPage(page, `${site.url}/#book`);
    const panel = page.getByTestId('booking-fallback');
    await scrollToHydrated(panel);
    await expect(panel.getByRole('heading', { name: 'Book Your Session With Us Directly' })).toBeVisible();
    await expect(panel.getByRole('link', { name: /Book Directly/ })).toHaveCount(0);
    await expect(panel.getByRole('button', { name: 'Call Direct' })).toHaveCount(0);
    await expect(panel).toContainText('Contact details are not configured yet.');
    await expect(page.locator('.calendly-inline-widget, iframe')).toHaveCount(0);
  });

  test("the console's setup card lists every missing setting", async ({ page }) => {
    const { serviceRoleKey, anonKey } = site.server.ctx.keys;
    const admin = createClient(site.url, serviceRoleKey, { auth: { persistSession: false, autoRefreshToken: false } });
    const email = uniqueEmail('operator');
    const password = 'correct horse battery';
    const { data, error } = await admin.auth.admin.createUser({ email, password, email_confirm: true, app_metadata: { role: 'admin' } });
    expect(error).toBeNull();
    await markOnboarded(admin, data.user!.id);
    const anon = createClient(site.url, anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
    const { data: signIn } = await anon.auth.signInWithPassword({ email, password });
    await page.addInitScript(([k, v]) => localStorage.setItem(k, v), ['sb-127-auth-token', JSON.stringify(signIn.session)] as const);
    await openPage(page, `${site.url}/admin`);
    const card = page.getByTestId('site-setup');
    await expect(card.getByRole('heading', { name: 'Public site setup' })).toBeVisible();
    await expect(card).toContainText('6 missing');
    for (const name of ['CONTACT_ADDRESS', 'CONTACT_EMAIL', 'CONTACT_PHONE', 'CONTACT_PHONE_2', 'BOOKING_URL', 'INTRO_VIDEO_URL'])
      await expect(card.getByRole('listitem').filter({ hasText: new RegExp(`^${name}$`) })).toBeVisible();
  });
});

test.describe("with the operator's settings", () => {
  const OPERATOR = {
    CONTACT_EMAIL: 'team@operator.example',
    CONTACT_PHONE: '+44 161 496 0123',
    CONTACT_PHONE_2: '+44 113 496 0456',
    CONTACT_ADDRESS: 'Operator Trading Ltd, 1 Quay Street, Manchester M3 3JE',
    BOOKING_URL: 'https://calendly.com/operator/intro',
    INTRO_VIDEO_URL: 'https://www.youtube-nocookie.com/embed/operator-intro',
  };
  // one server for the group's tests, not one a test (fullyParallel reruns beforeAll per test; decision 0206)
  test.describe.configure({ mode: 'default' });
  let site: Awaited<ReturnType<typeof startSiteServer>>;
  test.beforeAll(async () => {
    site = await startSiteServer(OPERATOR);
  });
  test.afterAll(async () => site?.close());
  test.beforeEach(async ({ page }) => decideConsent(page));

  test('the footer, /contact, /connect, the terms, the thanks page and the booking fallback show them', async ({
    page,
    context,
    pageErrors,
  }) => {
    pageErrors.expectError(/ERR_BLOCKED_BY_CLIENT/); // the calendar's script, blocked on purpose
    await waitlistUser(page);
    await openPage(page, `${site.url}/contact`);
    const footer = page.getByRole('contentinfo');
    await scrollToHydrated(footer);
    await expect(footer).toContainText('1 Quay Street, Manchester M3 3JE');
    await expect(footer.getByRole('link', { name: OPERATOR.CONTACT_EMAIL })).toHaveAttribute('href', `mailto:${OPERATOR.CONTACT_EMAIL}`);
    await expect(footer.getByRole('link', { name: OPERATOR.CONTACT_PHONE })).toHaveAttribute('href', 'tel:+441614960123');
    await expect(footer.getByRole('link', { name: OPERATOR.CONTACT_PHONE_2 })).toHaveAttribute('href', 'tel:+441134960456');
    await expect(footer).toContainText(/© \d{4} Operator Trading Ltd\. All rights reserved/);
    const main = page.getByRole('main');
    await expect(main).toContainText('Operator Trading Ltd');
    await expect(main.getByRole('link', { name: `${OPERATOR.CONTACT_PHONE} (office)` })).toBeVisible();
    await expect(main.getByRole('link', { name: `${OPERATOR.CONTACT_PHONE_2} (mobile)` })).toBeVisible();
    for (const path of ['/contact', '/connect', '/terms', '/waitlist-thanks']) {
      await openPage(page, `${site.url}${path}`);
      await expect(page.getByRole('main')).toContainText(OPERATOR.CONTACT_EMAIL);
      await expect(page.locator('body')).not.toContainText(FICTIONAL);
    }
    await openPage(page, `${site.url}/terms`);
    await expect(page.getByRole('main')).toContainText(`on ${OPERATOR.CONTACT_PHONE}`);
    await openPage(page, `${site.url}/waitlist-thanks`);
    await expect(page.getByRole('main').getByRole('link', { name: OPERATOR.CONTACT_PHONE })).toBeVisible();

    // The calendar's script is blocked: the fallback books on the operator's page and calls the operator's number.
    await context.route('https://assets.calendly.com/**', (r) => r.abort('blockedbyclient'));
    await decideConsent(page, { functional: true });
    await openPage(page, `${site.url}/#book`);
    const fallback = page.getByTestId('booking-fallback');
    await scrollToHydrated(fallback);
    await expect(fallback.getByRole('link', { name: /Book Directly/ })).toHaveAttribute('href', OPERATOR.BOOKING_URL);
    let alertText = '';
    page.once('dialog', (d) => ((alertText = d.message()), void d.dismiss()));
    await fallback.getByRole('button', { name: 'Call Direct' }).click();
    await expect.poll(() => alertText).toBe(`Call us directly on ${OPERATOR.CONTACT_PHONE}`);
  });
});

test.describe('the intro video (the e2e deployment has one)', () => {
  test.beforeEach(async ({ page }) => decideConsent(page));

  for (const width of WIDTHS) {
    test(`plays the configured video; when its server cannot be reached the preview comes back (${width} px)`, async ({
      page,
      context,
      pageErrors,
    }) => {
      // The embed, refused on purpose; decideConsent's init script then runs in the frame's error page, which has no storage.
      pageErrors.expectError(/Failed to load resource|ERR_INTERNET_DISCONNECTED|ERR_FAILED|localStorage.*Access is denied/);
      await page.setViewportSize({ width, height: 900 });
      let reachable = true;
      await context.route(E2E_OPERATOR_SETTINGS.INTRO_VIDEO_URL + '**', (r) =>
        reachable ? r.fulfill({ contentType: 'text/html', body: '<p>The stand-in video</p>' }) : r.abort('internetdisconnected'),
      );
      await openPage(page, '/demo');
      await expect(page.getByRole('heading', { name: 'In this video' })).toBeVisible();
      const play = page.getByRole('button', { name: /^Play video:/ });
      // The disc is round at every width (it was squashed to 80×36 at 390 px).
      const disc = await page.getByTestId('intro-video-play').boundingBox();
      expect(disc!.width).toBeGreaterThan(40);
      expect(Math.abs(disc!.width - disc!.height)).toBeLessThan(1);

      await play.click();
      const frame = page.getByTestId('intro-video-iframe');
      await expect(frame).toHaveAttribute('src', /\/embed\/e2e-intro-video\?autoplay=1/);
      await expect(page.frameLocator('[data-testid="intro-video-iframe"]').getByText('The stand-in video')).toBeVisible();
      await expect(page.getByRole('alert').filter({ hasText: 'The video could not load' })).toHaveCount(0);

      reachable = false;
      await openPage(page, '/demo');
      await page.getByRole('button', { name: /^Play video:/ }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'The video could not load' })).toBeVisible();
      await expect(frame).toHaveCount(0);
      await expect(page.getByRole('button', { name: /^Play video:/ })).toBeVisible();
      reachable = true;
      await page.getByRole('button', { name: /^Play video:/ }).click();
      await expect(frame).toBeVisible();
      await expect(page.getByRole('alert').filter({ hasText: 'The video could not load' })).toHaveCount(0);
    });
  }
});

test.describe('claims', () => {
  test.beforeEach(async ({ page }) => decideConsent(page));

  test('home, /learn-more, /demo and /vs-gohighlevel state the catalogue’s own count of apps, not 2,000+', async ({ page }) => {
    const count = (await serviceSelect('integrations', 'select=id')).length;
    expect(count).toBeGreaterThan(0);
    const apps = `${count.toLocaleString('en-GB')} apps`;

    await openPage(page, '/');
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Connect Anything', level: 3 }) })
      .first();
    await scrollToHydrated(card);
    await expect(card).toContainText(`Link ${apps}, from your CRM to your bank`);
    await openPage(page, '/learn-more');
    await expect(page.getByRole('main')).toContainText(`${apps} through Connect Anything`);
    await openPage(page, '/demo');
    await expect(page.getByRole('main')).toContainText(`Browse ${apps}, compare up to 3 tools`);
    await expect(page.getByRole('main').locator('dl')).toContainText(`apps to connect${count.toLocaleString('en-GB')}`);
    await openPage(page, '/vs-gohighlevel');
    await expect(page.getByRole('rowheader', { name: `Connects to ${apps}` })).toBeVisible();
    for (const path of ['/', '/learn-more', '/demo', '/vs-gohighlevel']) {
      await openPage(page, path);
      await expect(page.locator('body')).not.toContainText(/2,?000\+/);
    }
  });
});

test('the e2e deployment’s prerendered pages carry its configured contact details', async ({ request }) => {
  const html = await (await request.get('/contact')).text();
  expect(html).toContain('data-prerendered="true"');
  expect(html).toContain(`mailto:${E2E_OPERATOR_SETTINGS.CONTACT_EMAIL}`);
  expect(html).toContain(E2E_OPERATOR_SETTINGS.CONTACT_PHONE);
});

// signedInUser: the e2e deployment has every setting, so its card says so.
test("the console's setup card says when the public site is complete", async ({ page }) => {
  await decideConsent(page);
  await signedInUser(page, { admin: true });
  await openPage(page, '/admin');
  const card = page.getByTestId('site-setup');
  await expect(card).toContainText('Complete');
  await expect(card).toContainText('Contact details, booking page and intro video are all configured.');
});
