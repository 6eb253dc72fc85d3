import { signedInUser } from './support/auth';
import { decideConsent } from './support/public-helpers';
import { expect, openPage, test } from './fixtures';

test.describe('top navigation and drawer', () => {
  test.beforeEach(async ({ page }) => decideConsent(page));

  test('light text on dark pages, dark text on light pages, solid dark bar after 20 px of scroll', async ({ page }) => {
    await openPage(page, '/');
    const nav = page.getByTestId('top-nav');
    await expect(nav).toHaveAttribute('data-solid', 'false');
    await expect(nav).toHaveAttribute('data-tone', 'light');
    const transparent = await nav.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(transparent).toBe('rgba(0, 0, 0, 0)');

    await page.evaluate(() => window.scrollTo(0, 15));
    await expect(nav).toHaveAttribute('data-solid', 'false');
    await page.evaluate(() => window.scrollTo(0, 200));
    await expect(nav).toHaveAttribute('data-solid', 'true');
    await expect.poll(() => nav.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');

    for (const path of ['/pricing', '/terms', '/privacy']) {
      await openPage(page, path);
      await expect(nav).toHaveAttribute('data-tone', 'dark');
      const dark = await nav.evaluate((el) => getComputedStyle(el).color);
      await page.evaluate(() => window.scrollTo(0, 300));
      await expect(nav).toHaveAttribute('data-solid', 'true');
      await expect(nav).toHaveAttribute('data-tone', 'light');
      await expect.poll(() => nav.evaluate((el) => getComputedStyle(el).color)).not.toBe(dark);
    }
    await openPage(page, '/contact');
    await expect(nav).toHaveAttribute('data-tone', 'light');
  });

  test('signed-out drawer: waitlist, sign in and the Platform list; Escape closes; every choice closes it', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await openPage(page, '/');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await toggle.click();
    const drawer = page.getByRole('dialog');
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Join Waitlist' })).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Sign In' })).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Sign Out' })).toHaveCount(0);
    const platform = drawer.getByRole('navigation', { name: 'Platform' });
    await expect(platform.getByRole('link')).toHaveText(['90-Day Transform', 'Pricing Plans', 'Experience Demo', 'Test & Compare']);

    // Focus stays inside while open.
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      expect(await drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(toggle).toBeFocused();

    await toggle.click();
    await page.getByRole('dialog').getByRole('link', { name: 'Pricing Plans' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.getByRole('dialog')).toBeHidden();

    await toggle.click();
    await page.getByRole('dialog').getByRole('link', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
    await expect(page.getByRole('dialog')).toBeHidden();

    // A route change from outside the drawer (browser back) closes it too.
    await toggle.click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.getByRole('dialog')).toBeHidden();
  });

  test('browser back closes the drawer even while the next page is still loading', async ({ page }) => {
    // Hold the sign-in page's chunk: the router keeps naming /pricing while the URL already says /sign-in.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/sign-in-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.setViewportSize({ width: 375, height: 800 });
    await openPage(page, '/pricing');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await toggle.click();
    await page.getByRole('dialog').getByRole('link', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
    await toggle.click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.getByRole('dialog')).toBeHidden();
    release();
  });

  test('signed-in drawer: welcome with the e-mail, Dashboard, Profile and Sign Out', async ({ page }) => {
    const user = await signedInUser(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await openPage(page, '/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByTestId('drawer-email')).toHaveText(user.email);
    await expect(drawer.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/user');
    await expect(drawer.getByRole('link', { name: 'Join Waitlist' })).toHaveCount(0);
    await expect(drawer.getByRole('navigation', { name: 'Platform' }).getByRole('link')).toHaveCount(4);

    await drawer.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page.getByText('Signed out successfully')).toBeVisible();
    await expect(page.getByRole('dialog')).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog').getByRole('link', { name: 'Join Waitlist' })).toBeVisible();
  });

  test('footer: columns, legal links, current year, Cookie Settings opens the dialog', async ({ page }) => {
    await openPage(page, '/');
    const footer = page.locator('footer');
    await expect(footer.getByRole('navigation', { name: 'Services' }).getByRole('link')).toHaveText([
      'AI Dashboard',
      'Website Intelligence',
      'Brand Intelligence',
      'Advertising Hub',
    ]);
    await expect(footer.getByRole('navigation', { name: 'Platform' }).getByRole('link')).toHaveText([
      'vs GoHighLevel',
      'vs HubSpot',
      'Pricing Plans',
      'Connect with Us',
    ]);
    await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
    await expect(footer).toContainText('London');
    await expect(footer.getByRole('link', { name: 'Lovable' })).toHaveAttribute('rel', /noopener/);
    for (const name of ['Terms of Service', 'Privacy Policy', 'Cookie Policy'])
      await expect(footer.getByRole('link', { name })).toBeVisible();
    await footer.getByRole('button', { name: 'Cookie Settings' }).click();
    await expect(page.getByRole('dialog', { name: 'Cookie Preferences' })).toBeVisible();
  });
});
