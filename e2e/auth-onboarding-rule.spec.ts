import type { Page } from '@playwright/test';
import { expect, openPage, test } from './fixtures';
import { signInThroughCard } from './support/accounts-helpers';
import { createUser, signIn, useSessionInPage } from './support/auth';

// Issue 14 item 5: one rule (lib/session/onboarding-rule.tsx) decides whether a user must finish onboarding; every
// entry point applies it. The confirmation link's landing is covered in auth-confirmation.spec.ts (it ends in the wizard).

const wizard = async (page: Page) => {
  await expect(page).toHaveURL(/\/sign-up$/);
  await expect(page.getByText('Step 1 of 6')).toBeVisible();
};
const dashboard = async (page: Page) => {
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Step 1 of 6')).toHaveCount(0);
};

for (const onboarded of [false, true]) {
  const expected = onboarded ? dashboard : wizard;
  const who = onboarded ? 'a finished user reaches the dashboard' : 'an unfinished user is sent to the wizard';

  test(`sign-in: ${who}`, async ({ page }) => {
    const user = await createUser({ onboarded });
    await openPage(page, '/sign-in');
    await signInThroughCard(page, user.email, user.password);
    await expected(page);
  });

  test(`the navigation's Dashboard button: ${who}`, async ({ page }) => {
    const user = await createUser({ onboarded });
    await useSessionInPage(page, await signIn(user.email, user.password));
    await page.setViewportSize({ width: 1440, height: 900 });
    await openPage(page, '/pricing');
    await page.getByRole('navigation').getByRole('link', { name: 'Dashboard', exact: true }).click();
    await expected(page);
  });

  test(`/dashboard opened directly: ${who}`, async ({ page }) => {
    const user = await createUser({ onboarded });
    await useSessionInPage(page, await signIn(user.email, user.password));
    await openPage(page, '/dashboard');
    await expected(page);
  });
}
