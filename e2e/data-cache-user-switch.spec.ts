import type { Page } from '@playwright/test';
import { expect, openPage, test } from './fixtures';
import { adminUpdate, signInThroughCard } from './support/accounts-helpers';
import { createUser, signedInUser } from './support/auth';

/** Moves inside the single-page app (no reload, so the query cache in memory survives, as it would for a person). */
async function go(page: Page, path: string) {
  await page.evaluate((p) => {
    window.history.pushState({}, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

// ADR 0040: the query cache is dropped on sign-out and on a change of user, so a second person on the same tab
// never sees the first person's rows.
test('A loads their profile, signs out, B signs in on the same tab: /user never shows A’s names', async ({ page }) => {
  const a = await signedInUser(page);
  const b = await createUser();
  await adminUpdate('profiles', `id=eq.${a.id}`, { first_name: 'Ada', surname: 'Lovelace' });
  await adminUpdate('profiles', `id=eq.${b.id}`, { first_name: 'Grace', surname: 'Hopper' });

  await openPage(page, '/user');
  await expect(page.locator('#profile-first-name')).toHaveValue('Ada');

  // Everything the names field shows from here on, sampled on every frame.
  // The last frame may come after the assertion below reads the field: it samples once more itself (a run once read
  // ['Ada'] with Grace already in the field).
  await page.evaluate(() => {
    const seen: string[] = [];
    const sample = () => {
      const v = document.querySelector<HTMLInputElement>('#profile-first-name')?.value;
      if (v && seen.at(-1) !== v) seen.push(v);
      return seen;
    };
    (window as unknown as { seenNames: () => string[] }).seenNames = sample;
    const onFrame = () => {
      sample();
      requestAnimationFrame(onFrame);
    };
    onFrame();
  });
  await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
  await expect(page).not.toHaveURL(/\/user$/);
  await go(page, '/sign-in');
  await signInThroughCard(page, b.email, b.password);
  await expect(page).not.toHaveURL(/\/sign-in$/);
  await go(page, '/user');
  await expect(page.locator('#profile-email')).toHaveValue(b.email);
  await expect(page.locator('#profile-first-name')).toHaveValue('Grace');
  expect(await page.evaluate(() => (window as unknown as { seenNames: () => string[] }).seenNames())).toEqual(['Ada', 'Grace']);
});
