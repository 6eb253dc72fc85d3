import { decideConsent } from './support/public-helpers';
import { expect, openPage, scrollToHydrated, test, waitForApp } from './fixtures';

const SCRIPT = 'https://assets.calendly.com/assets/external/widget.js';

// The booking section hydrates as it nears the viewport (decision 0098): each test scrolls to it first.
test.describe('booking widget', () => {
  test('without functional consent: nothing is loaded; the panel offers to allow it or to book directly', async ({ page }) => {
    await decideConsent(page, { functional: false });
    const thirdParty: string[] = [];
    page.on('request', (r) => !r.url().startsWith('http://127.0.0.1') && thirdParty.push(r.url()));
    await openPage(page, '/');
    await scrollToHydrated(page.locator('#book'));
    const panel = page.getByTestId('booking-consent-panel');
    await expect(panel).toBeVisible();
    const direct = panel.getByRole('link', { name: /Book Directly/ });
    await expect(direct).toHaveAttribute('target', '_blank');
    await expect(direct).toHaveAttribute('rel', /noopener/);
    await expect(direct).toHaveAttribute('href', /^https:\/\/calendly\.com\//);
    await expect(panel).toContainText('Available Monday-Friday, 9AM-6PM GMT');
    await expect(page.locator('.calendly-inline-widget')).toHaveCount(0);
    expect(thirdParty).toEqual([]);
  });

  test('allowing it from the panel stores functional consent, reloads and starts the calendar', async ({ page }) => {
    // Decided (analytics only), set once: the reload must keep what the click stores.
    await page.addInitScript(() => {
      if (localStorage.getItem('cookie-consent')) return;
      localStorage.setItem(
        'cookie-consent',
        JSON.stringify({ necessary: true, performance: true, functional: false, targeting: false, accepted: true }),
      );
      localStorage.setItem('cookie-consent-version', '1');
    });
    await page.route(SCRIPT, (r) => r.fulfill({ contentType: 'text/javascript', body: 'window.Calendly = { initInlineWidget() {} };' }));
    await openPage(page, '/');
    await scrollToHydrated(page.locator('#book'));
    await Promise.all([
      page.waitForEvent('load'),
      page.getByTestId('booking-consent-panel').getByRole('button', { name: 'Allow & Show Calendar' }).click(),
    ]);
    await waitForApp(page);
    await scrollToHydrated(page.locator('#book'));
    await expect(page.getByTestId('booking-widget')).toBeAttached();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('cookie-consent') ?? 'null'))).toEqual({
      necessary: true,
      performance: true,
      functional: true,
      targeting: false,
      accepted: true,
    });
  });

  test('script neutered by a content blocker: "Let\'s Get You Booked!" with book directly, call direct and try again', async ({ page }) => {
    await decideConsent(page, { functional: true });
    await page.route(SCRIPT, (r) => r.fulfill({ contentType: 'text/javascript', body: '/* blocked */' }));
    await openPage(page, '/');
    await scrollToHydrated(page.locator('#book'));
    const fallback = page.getByTestId('booking-fallback');
    await expect(fallback.getByRole('heading', { name: "Let's Get You Booked!" })).toBeVisible();
    await expect(fallback).toContainText('Available Monday-Friday, 9AM-6PM GMT');
    await expect(fallback).toContainText("Book directly and we'll contact you within 24 hours");
    const direct = fallback.getByRole('link', { name: /Book Directly/ });
    await expect(direct).toHaveAttribute('target', '_blank');
    await expect(direct).toHaveAttribute('href', /^https:\/\/calendly\.com\//);

    let alertText = '';
    page.once('dialog', (d) => {
      alertText = d.message();
      void d.accept();
    });
    await fallback.getByRole('button', { name: 'Call Direct' }).click();
    await expect.poll(() => alertText).toBe('Call us directly on +44 20 7946 0321');

    await Promise.all([page.waitForEvent('load'), fallback.getByRole('button', { name: 'Try Again' }).click()]);

    await waitForApp(page);
    await scrollToHydrated(page.locator('#book'));
    await expect(page.getByTestId('booking-fallback')).toBeVisible();
  });

  test('script request blocked outright: the same fallback; only the browser itself logs the failed request', async ({
    page,
    pageErrors,
  }) => {
    pageErrors.expectError(/^console: Failed to load resource: net::ERR_BLOCKED_BY_CLIENT/);
    await decideConsent(page, { functional: true });
    await page.route(SCRIPT, (r) => r.abort('blockedbyclient'));
    await openPage(page, '/');
    await scrollToHydrated(page.locator('#book'));
    await expect(page.getByTestId('booking-fallback').getByRole('heading', { name: "Let's Get You Booked!" })).toBeVisible();
    // Chromium reports the refused request itself ("Failed to load resource"); our code logs nothing as an error.
  });

  test('script never answers: after 30 s "Calendar Taking Time to Load"', async ({ page }) => {
    await decideConsent(page, { functional: true });
    await page.clock.install();
    await page.route(SCRIPT, () => {
      /* never fulfilled: a hanging CDN */
    });
    await openPage(page, '/');
    await scrollToHydrated(page.locator('#book'));
    await expect(page.getByTestId('booking-widget')).toBeAttached();
    await page.clock.runFor(29_000);
    await expect(page.getByTestId('booking-fallback')).toHaveCount(0);
    await page.clock.runFor(1_500);
    await expect(page.getByTestId('booking-fallback').getByRole('heading', { name: 'Calendar Taking Time to Load' })).toBeVisible();
    await expect(page.getByTestId('booking-fallback')).toContainText('you can still book your free strategy session');
  });

  test('script loads but shows nothing: error after 10 content checks', async ({ page }) => {
    await decideConsent(page, { functional: true });
    await page.clock.install();
    await page.route(SCRIPT, (r) => r.fulfill({ contentType: 'text/javascript', body: 'window.Calendly = { initInlineWidget() {} };' }));
    await openPage(page, '/');
    await scrollToHydrated(page.locator('#book'));
    // The widget is lazy and its checks start once the script has run: only then may the clock move.
    await expect(page.getByTestId('booking-widget')).toBeAttached();
    await expect.poll(() => page.evaluate(() => 'Calendly' in window)).toBe(true);
    await page.clock.runFor(1_000 + 9 * 2_000);
    await expect(page.getByTestId('booking-fallback')).toHaveCount(0);
    await page.clock.runFor(2_000);
    await expect(page.getByTestId('booking-fallback').getByRole('heading', { name: "Let's Get You Booked!" })).toBeVisible();
  });

  test('script loads and renders the calendar: no fallback', async ({ page }) => {
    await decideConsent(page, { functional: true });
    await page.clock.install();
    await page.route(SCRIPT, (r) =>
      r.fulfill({
        contentType: 'text/javascript',
        body: `window.Calendly = { initInlineWidget({ url, parentElement }) {
          const f = document.createElement('iframe'); f.title = 'Select a Date & Time'; f.dataset.src = url; f.srcdoc = '<p>calendar</p>';
          parentElement.appendChild(f);
        } };`,
      }),
    );
    await openPage(page, '/');
    await scrollToHydrated(page.locator('#book'));
    const frame = page.getByTestId('booking-widget').locator('iframe');
    await expect(frame).toBeAttached();
    expect(await frame.getAttribute('data-src')).toContain('hide_gdpr_banner=1');
    await page.clock.runFor(31_000);
    await expect(page.getByTestId('booking-fallback')).toHaveCount(0);
    await expect(page.getByTestId('booking-widget')).toBeVisible();
  });
});
