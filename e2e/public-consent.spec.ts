import { consentPrompt, serviceSelect, storedConsent } from './support/public-helpers';
import { expect, openPage, scrollToHydrated, test, waitForApp } from './fixtures';

const ALL = { necessary: true, performance: true, functional: true, targeting: true, accepted: true };

test.describe('cookie consent', () => {
  // Once functional cookies are allowed the home page loads the booking script; answer it as a content blocker
  // would (the sandbox has no internet), so the pages stay quiet.
  test.beforeEach(async ({ context }) => {
    await context.route('https://assets.calendly.com/**', (r) => r.fulfill({ contentType: 'text/javascript', body: '/* blocked */' }));
  });

  test('first visit: the prompt offers Accept All, Necessary only and Customise; Accept All stores, records and reloads', async ({
    page,
  }) => {
    await openPage(page, '/');
    const prompt = consentPrompt(page);
    await expect(prompt).toBeVisible();
    await expect(prompt.getByRole('button')).toHaveText(['Accept All', 'Necessary only', 'Customise']);
    expect(await storedConsent(page)).toBeNull();

    await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Accept All' }).click()]);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await storedConsent(page)).toEqual(ALL);
    await expect(prompt).toBeHidden();

    // The decision is also kept server-side as proof: pseudonymous id, choices, policy version, time.
    const id = await page.evaluate(() => localStorage.getItem('cookie-consent-id'));
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const rows = await serviceSelect('consent_records', `anonymous_id=eq.${id}&select=*`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ...ALL, consent_version: '1' });
    expect(Date.now() - Date.parse(String(rows[0]!.created_at))).toBeLessThan(60_000);
  });

  test('Necessary only stores everything off, and keeps the booking calendar away', async ({ page }) => {
    await openPage(page, '/');
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Necessary only' }).click()]);
    await expect
      .poll(() => storedConsent(page))
      .toEqual({ necessary: true, performance: false, functional: false, targeting: false, accepted: true });
    await expect(page.getByTestId('booking-consent-panel')).toBeVisible();
  });

  test('Customise → Cookie Preferences: four toggles, Necessary locked; Save Preferences stores the toggles and reloads', async ({
    page,
  }) => {
    await openPage(page, '/');
    await page.getByRole('button', { name: 'Customise' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cookie Preferences' });
    await expect(dialog).toContainText(
      "Choose which cookies you'd like to accept. Necessary cookies are required for the site to function.",
    );
    await expect(dialog.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    await expect(dialog.getByRole('switch', { name: 'Necessary' })).toBeDisabled();
    await expect(dialog.getByRole('switch', { name: 'Necessary' })).toBeChecked();
    for (const [name, text] of [
      ['Analytics', 'Help us improve the website'],
      ['Functional', 'Enhanced features and personalization'],
      ['Marketing', 'Personalized ads and content'],
    ]) {
      await expect(dialog.getByRole('switch', { name })).not.toBeChecked();
      await expect(dialog).toContainText(text);
    }
    await expect(dialog).toContainText('Required for basic functionality');
    await dialog.getByRole('switch', { name: 'Analytics' }).click();
    await Promise.all([page.waitForEvent('load'), dialog.getByRole('button', { name: 'Save Preferences' }).click()]);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await storedConsent(page)).toEqual({ necessary: true, performance: true, functional: false, targeting: false, accepted: true });

    // After the reload the choice holds: no prompt, and the dialog opens with it.
    await waitForApp(page);
    await expect(consentPrompt(page)).toBeHidden();
    await page.locator('footer').getByRole('button', { name: 'Cookie Settings' }).click();
    await expect(page.getByRole('dialog').getByRole('switch', { name: 'Analytics' })).toBeChecked();
    await expect(page.getByRole('dialog').getByRole('switch', { name: 'Functional' })).not.toBeChecked();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
  });

  test('a decision in one tab updates the other tab through the storage event', async ({ page, context }) => {
    const other = await context.newPage();
    await openPage(page, '/');
    await openPage(other, '/');
    await waitForApp(other); // not the fixture's page: its goto does not wait for hydration, which scrolls to the top
    await expect(consentPrompt(other)).toBeVisible();
    await scrollToHydrated(other.getByTestId('booking-consent-panel'));
    await expect(other.getByTestId('booking-consent-panel')).toBeVisible();

    await page.bringToFront();
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Accept All' }).click()]);
    // The other tab did not reload, yet it follows: prompt gone, functional consent now granted.
    await expect(consentPrompt(other)).toBeHidden();
    await expect(other.getByTestId('booking-consent-panel')).toBeHidden();
    expect(await storedConsent(other)).toEqual(ALL);
    await other.close();
  });

  test('an unreadable record is removed (logged as a warning, not an error) and the prompt returns', async ({ page }) => {
    const warnings: string[] = [];
    page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
    await openPage(page, '/');
    await page.evaluate(() => localStorage.setItem('cookie-consent', '{"necessary":true,'));
    await page.reload();
    await expect(consentPrompt(page)).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('cookie-consent'))).toBeNull();
    expect(warnings.some((w) => w.includes('could not be read'))).toBe(true);
  });

  test('a new policy version asks again and treats old choices as not given', async ({ page }) => {
    await page.addInitScript(() => {
      localStorage.setItem(
        'cookie-consent',
        JSON.stringify({ necessary: true, performance: true, functional: true, targeting: true, accepted: true }),
      );
      localStorage.setItem('cookie-consent-version', '0');
    });
    await openPage(page, '/');
    await expect(consentPrompt(page)).toBeVisible();
    await expect(page.getByTestId('booking-consent-panel')).toBeVisible();
  });

  test('the prompt is in the page before any JavaScript of ours runs, and the head gate keeps it away from a visitor who has decided', async ({
    context,
  }) => {
    // Our scripts never arrive: what shows is the prerendered HTML with the head's inline gate (admitted by its CSP hash).
    await context.route('**/assets/*.js', (r) => r.abort('aborted'));
    const page = await context.newPage(); // not the fixture's page, which waits for hydration after each navigation
    await page.goto('/pricing', { waitUntil: 'load' });
    await expect(consentPrompt(page)).toBeVisible();
    await expect(consentPrompt(page).getByRole('button')).toHaveText(['Accept All', 'Necessary only', 'Customise']);

    await page.evaluate((all) => {
      localStorage.setItem('cookie-consent', JSON.stringify(all));
      localStorage.setItem('cookie-consent-version', '1');
    }, ALL);
    await page.goto('/pricing', { waitUntil: 'load' });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(consentPrompt(page)).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.dataset.consent)).toBe('current');

    // Under an older policy version the gate does not hide it: the visitor is asked again.
    await page.evaluate(() => localStorage.setItem('cookie-consent-version', '0'));
    await page.goto('/pricing', { waitUntil: 'load' });
    await expect(consentPrompt(page)).toBeVisible();
  });

  test("with our JavaScript running, the gate's mark is removed once the app has read the decision", async ({ page }) => {
    await page.addInitScript((all) => {
      localStorage.setItem('cookie-consent', JSON.stringify(all));
      localStorage.setItem('cookie-consent-version', '1');
    }, ALL);
    await openPage(page, '/pricing');
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.consent ?? null)).toBeNull();
    await expect(consentPrompt(page)).toHaveCount(0);
  });
});
