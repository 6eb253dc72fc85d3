import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signInThroughCard } from './support/accounts-helpers';
import { uniqueEmail } from './support/auth';
import { startConfirmServer } from './support/confirm-server';

// Issue 14 item 1, the PKCE link case: with AUTH_EMAIL_LINKS=verify the sign-up mail carries GoTrue's own
// /auth/v1/verify?token=pkce_… link, which confirms the address and redirects to /auth/confirm?code=…. The code becomes
// a session only with the PKCE verifier the signing-up browser kept; opened anywhere else the person must not land on
// a bare sign-in page (the defect), but read that the address is confirmed and sign in, then continue to onboarding.
let s: Awaited<ReturnType<typeof startConfirmServer>>;

// The spec's server starts in beforeAll, which fullyParallel runs again for every test: its tests run in order in
// one worker, so the server starts once (docs/decisions/0206).
test.describe.configure({ mode: 'default' });
const PASSWORD = 'a long enough password';

test.beforeAll(async () => {
  test.setTimeout(120_000);
  s = await startConfirmServer({ AUTH_EMAIL_LINKS: 'verify' });
});
test.afterAll(async () => {
  await s?.close();
});

async function signUp(page: Page, email: string): Promise<string> {
  await page.goto(`${s.server.url}/sign-up`);
  await page.locator('#signup-email').fill(email);
  await page.locator('#signup-password').fill(PASSWORD);
  await page.locator('#signup-confirm').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  const link = s.linkIn(await s.mailTo(email, /^Confirm your/), '/auth/v1/verify?');
  expect(link).toContain('token=pkce_');
  expect(link).toContain(`redirect_to=${encodeURIComponent(`${s.server.url}/auth/confirm`)}`);
  return link;
}

test('opened in a second browser, the PKCE link says the address is confirmed; signing in there continues to onboarding', async ({
  page,
  browser,
  pageErrors,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('pkce-xdevice');
  const link = await signUp(page, email);

  const other = await browser.newContext();
  pageErrors.watch(other);
  try {
    const second = await other.newPage();
    await second.goto(link);
    await expect(second.getByText('Your e-mail address is confirmed', { exact: true })).toBeVisible();
    await expect(second.getByText(/different browser from the one you signed up in/)).toBeVisible();
    // the code does not stay in the address bar
    expect(second.url()).toBe(`${s.server.url}/auth/confirm`);
    await second.getByRole('link', { name: 'Sign in to continue' }).click();
    await expect(second).toHaveURL(/\/sign-in$/);
    await signInThroughCard(second, email, PASSWORD);
    await expect(second.getByText('Step 1 of 6')).toBeVisible();
  } finally {
    await other.close();
  }
});

test('opened in the browser that signed up, the PKCE link signs in and continues to onboarding', async ({ page }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('pkce-same');
  const link = await signUp(page, email);
  await page.goto(link);
  await expect(page.getByText('Your e-mail address is confirmed. Welcome!')).toBeVisible();
  await expect(page.getByText('Step 1 of 6')).toBeVisible();
  expect(page.url()).not.toContain('code=');
});
