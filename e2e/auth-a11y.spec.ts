import type { Page } from '@playwright/test';
import { expect, openPage, test } from './fixtures';
import { signedInUser } from './support/auth';
import './support/accounts-helpers';
import { axeBuilder } from './support/axe';

const axe = (page: Page) => axeBuilder(page).include('main').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();

for (const path of ['/sign-in', '/sign-up', '/reset-password']) {
  test(`${path} has no axe violations at 375 and 1440 px`, async ({ page }) => {
    for (const width of [375, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await openPage(page, path);
      await expect(page.getByRole('heading').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect((await axe(page)).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
    }
  });
}

// Two tests, not one: each signs in and loads its own pages, so a slow machine spends one test's budget on one page.
test('the wizard has no axe violations, before and after a refused step', async ({ page }) => {
  await signedInUser(page, { onboarded: false });
  await openPage(page, '/sign-up');
  await expect(page.getByText('Step 1 of 6')).toBeVisible();
  expect((await axe(page)).violations.map((v) => v.id)).toEqual([]);
  await page.getByRole('button', { name: "Let's Get Started" }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Business name is required')).toBeVisible();
  expect((await axe(page)).violations.map((v) => v.id)).toEqual([]);
});

test('/user has no axe violations', async ({ page }) => {
  await signedInUser(page, { onboarded: false });
  await openPage(page, '/user');
  await expect(page.getByRole('heading', { name: 'Your profile' })).toBeVisible();
  expect((await axe(page)).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
});
