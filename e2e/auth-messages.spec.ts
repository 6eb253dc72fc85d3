import { createClient } from '@supabase/supabase-js';
import { expect, openPage, test } from './fixtures';
import { createUser, serverKeys } from './support/auth';

// Issue 14 item 7: the auth errors a person can meet read as plain language, never the server's technical text.

test('a reset link with a broken token says so in plain words, not "Invalid JWT structure"', async ({ page }) => {
  await openPage(page, '/reset-password#access_token=not-a-jwt&refresh_token=abc&type=recovery');
  await expect(page.getByRole('heading', { name: 'Invalid Reset Link' })).toBeVisible();
  await expect(page.getByText('Your sign-in link or session is no longer valid. Please sign in again.')).toBeVisible();
  await expect(page.getByText(/JWT/)).toHaveCount(0);
});

test('a banned user signing in reads that the account is suspended, not "User is banned"', async ({ page, pageErrors }) => {
  pageErrors.expectError(/status of 400/); // the refused sign-in, on purpose
  const user = await createUser();
  const admin = createClient(`http://127.0.0.1:${process.env.E2E_PORT}`, (await serverKeys()).serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const { error } = await admin.auth.admin.updateUserById(user.id, { ban_duration: '24h' });
  expect(error).toBeNull();
  await openPage(page, '/sign-in');
  await page.locator('#signin-email').fill(user.email);
  await page.locator('#signin-password').fill(user.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('This account has been suspended. Please contact support if you think this is a mistake.')).toBeVisible();
  await expect(page.getByText('User is banned')).toHaveCount(0);
});
