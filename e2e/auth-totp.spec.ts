import type { Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { expect, openPage, test } from './fixtures';
import { signInThroughCard } from './support/accounts-helpers';
import { signedInUser } from './support/auth';

/**
 * The code for the 30-second step at `timestamp`. The server accepts one step either side of its own (window 1) and
 * each step once per factor; the sign-in below uses the next step's code, later than the one enrolment used, instead
 * of waiting for the clock to reach it.
 */
const codeFor = (secret: string, timestamp = Date.now()) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp });

const sessionAal = (page: Page) =>
  page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('sb-') && k.endsWith('-auth-token'));
    const token = JSON.parse(localStorage.getItem(key!)!).access_token as string;
    return JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))).aal as string;
  });

test('TOTP: enrol with the QR code on /user, then sign-in asks for the code and reaches aal2; disable again', async ({
  page,
  pageErrors,
}) => {
  test.setTimeout(60_000);
  pageErrors.expectError(/status of 4\d\d/); // the wrong code below answers 4xx by design
  const user = await signedInUser(page);
  await openPage(page, '/user');
  await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
  await expect(page.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  await page.getByLabel('6-digit code').fill(codeFor(secret));
  await page.getByRole('button', { name: 'Verify and enable' }).click();
  await expect(page.getByText('Two-factor authentication is on')).toBeVisible();
  await expect(page.getByText('Enabled')).toBeVisible();
  expect(await sessionAal(page)).toBe('aal2');

  await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await openPage(page, '/user');
  await expect(page).toHaveURL(/\/sign-in$/);
  await signInThroughCard(page, user.email, user.password);
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  // a protected page does not open at aal1
  expect(await sessionAal(page)).toBe('aal1');
  await page.getByLabel('Authentication code').fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toBeVisible();

  await page.getByLabel('Authentication code').fill(codeFor(secret, Date.now() + 30_000));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Welcome back!')).toBeVisible();
  await expect(page).toHaveURL(/\/user$/);
  expect(await sessionAal(page)).toBe('aal2');
  // the sign-in's user_sessions row is written once the session is aal2 (an aal1 session of this user writes nothing)
  await expect.poll(() => page.evaluate(() => localStorage.getItem('user_session_token'))).toMatch(/^[0-9a-f]{64}$/);

  await page.getByRole('button', { name: 'Disable two-factor' }).click();
  await expect(page.getByText('Two-factor authentication is off')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Set up two-factor authentication' })).toBeVisible();
  // the wrong code above answered 4xx by design; nothing else may fail
});
