import { expect, openPage, test } from './fixtures';
import { adminSelect, adminUpdate, signInThroughCard } from './support/accounts-helpers';
import { createUser } from './support/auth';

test('a protected page sends a visitor to sign-in; wrong and right passwords; back to the page with a remembered session; sign-out', async ({
  page,
  pageErrors,
}) => {
  pageErrors.expectError(/status of 400 \(Bad Request\)/); // the wrong password, on purpose
  const user = await createUser();
  await openPage(page, '/user');
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();

  await signInThroughCard(page, user.email, 'not the password');
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible();

  await signInThroughCard(page, user.email, user.password, { remember: true });
  await expect(page.getByText('Welcome back!')).toBeVisible();
  await expect(page).toHaveURL(/\/user$/);
  await expect(page.getByRole('heading', { name: 'Your profile' })).toBeVisible();

  const [row] = await adminSelect<{ is_remembered: boolean; expires_at: string; device_fingerprint: string }>(
    'user_sessions',
    `select=is_remembered,expires_at,device_fingerprint&user_id=eq.${user.id}`,
  );
  expect(row!.is_remembered).toBe(true);
  const days = (Date.parse(row!.expires_at) - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(29.9);
  expect(days).toBeLessThanOrEqual(30);
  expect(row!.device_fingerprint.length).toBeLessThanOrEqual(32);
  expect(
    await page.evaluate(() => [localStorage.getItem('session_start_time') !== null, sessionStorage.getItem('session_active')]),
  ).toEqual([true, 'true']);

  await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
  await expect(page.getByText('Signed out successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => [localStorage.getItem('session_start_time'), sessionStorage.getItem('session_active')])).toEqual([
    null,
    null,
  ]);
  // the wrong password was answered 400 (invalid_credentials), which the browser logs; nothing else may fail
  expect(pageErrors.all).toEqual(['console: Failed to load resource: the server responded with a status of 400 (Bad Request)']);
});

test('an expired user_sessions row signs the browser out', async ({ page }) => {
  const user = await createUser({ onboarded: false });
  await openPage(page, '/sign-in');
  const unauthorized: string[] = [];
  page.on('response', (r) => r.status() === 401 && unauthorized.push(`${r.request().method()} ${r.url()}`));
  await signInThroughCard(page, user.email, user.password);
  await expect(page.getByText('Welcome back!')).toBeVisible();
  // a new account has onboarding to do: sign-in continues there
  await expect(page).toHaveURL(/\/sign-up$/);
  await expect(page.getByText('Step 1 of 6')).toBeVisible(); // the wizard has read the saved answers
  // 8 hours when not remembered
  const [row] = await adminSelect<{ is_remembered: boolean; expires_at: string }>(
    'user_sessions',
    `select=is_remembered,expires_at&user_id=eq.${user.id}`,
  );
  expect(row!.is_remembered).toBe(false);
  expect((Date.parse(row!.expires_at) - Date.now()) / 3_600_000).toBeCloseTo(8, 1);

  await adminUpdate('user_sessions', `user_id=eq.${user.id}`, { expires_at: new Date(Date.now() - 60_000).toISOString() });
  await openPage(page, '/user');
  await expect(page).toHaveURL(/\/sign-in$/);
  expect(await page.evaluate(() => Object.keys(localStorage).some((k) => k.startsWith('sb-') && k.endsWith('-auth-token')))).toBe(false);
  expect(unauthorized).toEqual([]);
});

test('the sign-in card shows the forgot-password flow and its success message', async ({ page }) => {
  const user = await createUser();
  await openPage(page, '/sign-in');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await page.locator('#reset-email').fill(user.email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Password reset email sent successfully!' })).toBeVisible();
  await page.getByRole('button', { name: 'Back to Sign In' }).click();
  await expect(page.locator('#signin-email')).toBeVisible();
});
