import { expect, openPage, test } from './fixtures';
import type { Page } from '@playwright/test';
import { adminSelect } from './support/accounts-helpers';
import { signIn, signedInUser, useSessionInPage } from './support/auth';

/** Steps 1-4 with this spec's own business name (other specs look their rows up by name). */
async function fillToPreferences(page: Page) {
  await page.getByRole('button', { name: "Let's Get Started" }).click();
  await page.getByLabel('Business name').fill('Quiet Voice Bakery');
  await page.getByLabel('Industry').selectOption('Food & Beverage');
  await page.getByLabel('What problem do you solve?').fill('Bread without speaking');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Increase Revenue' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
}

// Issue 14 item 6: this server has no voice configuration, so no switch or summary may say voice is on.
test('without voice configured, step 5 has the voice switch off and disabled and step 6 does not say "On"', async ({ page }) => {
  test.setTimeout(60_000);
  await signedInUser(page, { onboarded: false });
  await openPage(page, '/sign-up');
  await expect(page.getByText('Step 1 of 6')).toBeVisible();
  await expect(page.getByText('Voice unavailable')).toBeVisible();
  await fillToPreferences(page);
  await expect(page.getByRole('heading', { name: 'Customize Your Experience' })).toBeVisible();
  const voiceSwitch = page.getByRole('switch', { name: 'Voice assistant' });
  await expect(voiceSwitch).not.toBeChecked();
  await expect(voiceSwitch).toBeDisabled();
  await expect(page.getByText('Voice guidance is not available on this site yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: "You're All Set!" })).toBeVisible();
  const voiceRow = page.getByText('Voice assistant', { exact: true }).locator('..');
  await expect(voiceRow).toContainText('Not available');
  await expect(voiceRow).not.toContainText('On');
});

// Issue 14 item 5: answers are saved as typed (debounced), not only on Next, and come back on another device.
test('onboarding answers are saved as typed and restored in another browser without pressing Next', async ({
  page,
  browser,
  pageErrors,
}) => {
  test.setTimeout(60_000);
  const user = await signedInUser(page, { onboarded: false });
  await openPage(page, '/sign-up');
  await page.getByRole('button', { name: "Let's Get Started" }).click();
  await expect(page.getByText('Step 2 of 6')).toBeVisible();
  await page.getByLabel('Business name').fill('Typed Not Saved Bakery');
  await page.getByLabel('What problem do you solve?').fill('Bread before breakfast');
  await expect
    .poll(
      async () =>
        (await adminSelect<{ business_name: string | null }>('business_profiles', `select=business_name&user_id=eq.${user.id}`))[0]
          ?.business_name,
      { timeout: 10_000 },
    )
    .toBe('Typed Not Saved Bakery');

  const other = await browser.newContext();
  pageErrors.watch(other);
  try {
    const second = await other.newPage();
    await useSessionInPage(second, await signIn(user.email, user.password));
    await second.goto(`http://127.0.0.1:${process.env.E2E_PORT}/sign-up`);
    await expect(second.getByText('Step 2 of 6')).toBeVisible();
    await expect(second.getByLabel('Business name')).toHaveValue('Typed Not Saved Bakery');
    await expect(second.getByLabel('What problem do you solve?')).toHaveValue('Bread before breakfast');
  } finally {
    await other.close();
  }
});
