import { expect, openPage, test } from './fixtures';
import './support/accounts-helpers';
import { signedInUser, useSessionInPage } from './support/auth';

// The /user setting (local storage, fractional minutes allowed) makes the timeout 24 s; the configured 10-minute
// warning is longer than that, so the warning comes at half the timeout: 12 s before expiry. The page's clock is
// Playwright's: it runs in real time (the countdown is seen ticking) and jumps the 12-s waits.
const TIMEOUT_MINUTES = 0.4;
const HALF = (TIMEOUT_MINUTES * 60_000) / 2;

test('inactivity: the warning counts down in red, Extend restarts the timer, Dismiss hides it, expiry signs out', async ({ page }) => {
  await signedInUser(page);
  await page.addInitScript((m) => localStorage.setItem('session_timeout_minutes', String(m)), TIMEOUT_MINUTES);
  await page.clock.install();
  await openPage(page, '/user');
  await expect(page.getByRole('heading', { name: 'Your profile' })).toBeVisible();

  const panel = page.getByRole('alertdialog', { name: 'Your session is about to expire' });
  await expect(panel).toBeHidden();
  await page.clock.fastForward(HALF);
  await expect(panel).toBeVisible();
  const countdown = panel.getByTestId('session-countdown');
  const first = await countdown.textContent();
  await expect(countdown).not.toHaveText(first!, { timeout: 3000 }); // ticks every second
  expect(await countdown.textContent()).toMatch(/^0:(0\d|1[0-2])$/);
  await expect(panel.locator('[data-colour="bg-red-500"]')).toBeVisible();

  await panel.getByRole('button', { name: 'Extend Session' }).click();
  await expect(page.getByText('Session extended')).toBeVisible();
  await expect(panel).toBeHidden();

  await page.clock.fastForward(HALF);
  await expect(panel).toBeVisible();
  await panel.getByRole('button', { name: 'Dismiss' }).click();
  await expect(panel).toBeHidden();

  await page.clock.fastForward(HALF);
  await expect(page.getByText('Session expired due to inactivity')).toBeVisible();
  await expect(page.getByText('Signed out successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => Object.keys(localStorage).some((k) => k.startsWith('sb-') && k.endsWith('-auth-token')))).toBe(false);
});

// Two tabs of one session (issue 44): a 12-minute timeout with the configured 10-minute warning, so each tab warns
// 2 minutes after the last reset. Both pages share one context clock, as two tabs share the computer's.
test('two tabs: activity in one keeps the idle one signed in; Extend and Dismiss in one clear the warning in both', async ({
  page,
  context,
}) => {
  const user = await signedInUser(page);
  const other = await context.newPage();
  await useSessionInPage(other, user.session);
  for (const p of [page, other]) await p.addInitScript(() => localStorage.setItem('session_timeout_minutes', '12'));
  await context.clock.install();
  for (const p of [page, other]) {
    await openPage(p, '/user');
    await expect(p.getByRole('heading', { name: 'Your profile' })).toBeVisible();
  }
  const panel = (p: typeof page) => p.getByRole('alertdialog', { name: 'Your session is about to expire' });

  await context.clock.fastForward('06:00');
  await expect(panel(page)).toBeVisible();
  await expect(panel(other)).toBeVisible();

  // Activity in the working tab (more than 5 minutes after the last reset) restarts the timer in both.
  await page.keyboard.press('Shift');
  await expect(panel(page)).toBeHidden();
  await expect(panel(other)).toBeHidden();

  // 13 minutes after the idle tab's own last reset: alone it would have signed the session out at 12.
  await context.clock.fastForward('07:00');
  await expect(panel(other)).toBeVisible();
  await expect(panel(page)).toBeVisible();
  await expect(other).toHaveURL(/\/user$/);

  await panel(other).getByRole('button', { name: 'Extend Session' }).click();
  await expect(panel(other)).toBeHidden();
  await expect(panel(page)).toBeHidden();

  await context.clock.fastForward('03:00');
  await expect(panel(page)).toBeVisible();
  await expect(panel(other)).toBeVisible();
  await panel(page).getByRole('button', { name: 'Dismiss' }).click();
  await expect(panel(page)).toBeHidden();
  await expect(panel(other)).toBeHidden();

  // Nobody touches either tab: the session ends in both.
  await context.clock.fastForward('10:00');
  await expect(page.getByText('Session expired due to inactivity')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(other).not.toHaveURL(/\/user$/);
});
