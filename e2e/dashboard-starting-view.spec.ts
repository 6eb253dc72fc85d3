import { expect, openPage, shot, test } from './fixtures';
import { serviceClient, signedInUser } from './support/auth';

// issue 44: the starting view chosen in the onboarding opens the dashboard on the view it maps to
// (use-dashboard-view.ts: business overview → Dashboard, marketing hub → CRM, intelligence hub → The Brain);
// a view chosen later in this browser wins over it
for (const width of [1440, 1024]) {
  test(`the onboarding's starting view opens the dashboard on its view (${width} px)`, async ({ page }) => {
    const user = await signedInUser(page);
    const admin = await serviceClient();
    const prefs = { voiceEnabled: true, theme: 'professional', defaultView: 'business-overview' };
    expect((await admin.from('business_profiles').update({ preferences: prefs }).eq('user_id', user.id)).error).toBeNull();
    await page.setViewportSize({ width, height: 900 });
    await openPage(page, '/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: 'Dashboard', exact: true })).toHaveAttribute('aria-current', 'page');
    await shot(page, `starting-view-${width}`);

    const intelligence = { ...prefs, defaultView: 'intelligence-hub' };
    expect((await admin.from('business_profiles').update({ preferences: intelligence }).eq('user_id', user.id)).error).toBeNull();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'The Brain' })).toBeVisible({ timeout: 30_000 });

    // choosing a view remembers it in this browser, over the starting view
    await page.getByRole('button', { name: 'CRM', exact: true }).click();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'CRM' })).toBeVisible({ timeout: 30_000 });
  });
}

// issue 44: the onboarding's theme is the app's accent palette (theme.css [data-accent]); professional is the default
for (const width of [1440, 1024]) {
  test(`the onboarding's theme changes the app's accent palette (${width} px)`, async ({ page }) => {
    const user = await signedInUser(page);
    const admin = await serviceClient();
    const setTheme = async (theme: string) =>
      expect(
        (
          await admin
            .from('business_profiles')
            .update({ preferences: { voiceEnabled: true, theme, defaultView: 'command-center' } })
            .eq('user_id', user.id)
        ).error,
      ).toBeNull();
    await setTheme('colorful');
    await page.setViewportSize({ width, height: 900 });
    await openPage(page, '/dashboard');
    const connect = page.getByRole('button', { name: 'Connect Tools' });
    await expect(connect).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('html')).toHaveAttribute('data-accent', 'colorful');
    await expect(connect).toHaveCSS('background-color', 'rgb(219, 39, 119)');
    await shot(page, `accent-colorful-${width}`);

    await setTheme('professional');
    await page.reload();
    await expect(connect).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('html')).toHaveAttribute('data-accent', 'professional');
    await expect(connect).toHaveCSS('background-color', 'rgb(124, 58, 237)');
  });
}
