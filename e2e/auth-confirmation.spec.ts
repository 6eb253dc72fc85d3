import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { markOnboarded, uniqueEmail } from './support/auth';
import { startConfirmServer } from './support/confirm-server';

// Issue 14 item 1: sign-up with AUTH_REQUIRE_EMAIL_CONFIRMATION=true, on a server of this spec's own.
let s: Awaited<ReturnType<typeof startConfirmServer>>;
const PASSWORD = 'a long enough password';

// The spec's server starts in beforeAll, which fullyParallel runs again for every test: its tests run in order in
// one worker, so the server starts once (docs/decisions/0206).
test.describe.configure({ mode: 'default' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  s = await startConfirmServer();
});
test.afterAll(async () => {
  await s?.close();
});

/** Every 401/403 the page meets on this spec's server (the "401 flood" of item 1); console errors fail any test (fixtures.ts). */
function watchDenials(page: Page) {
  const denied: string[] = [];
  page.on('response', (r) => {
    if (r.url().startsWith(s.server.url) && (r.status() === 401 || r.status() === 403)) denied.push(`${r.status()} ${r.url()}`);
  });
  return denied;
}

/** Requests the page has started and not yet seen finish. */
function inFlight(page: Page): () => number {
  let n = 0;
  page.on('request', () => n++);
  page.on('requestfinished', () => n--);
  page.on('requestfailed', () => n--);
  return () => n;
}

async function signUp(page: Page, email: string) {
  await page.goto(`${s.server.url}/sign-up`);
  await page.locator('#signup-email').fill(email);
  await page.locator('#signup-password').fill(PASSWORD);
  await page.locator('#signup-confirm').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
}

test('sign-up shows "check your inbox" naming the address, no wizard and no 401s; Resend waits; a wrong address goes back', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const denied = watchDenials(page);
  const pending = inFlight(page);
  const email = uniqueEmail('inbox');
  await signUp(page, email);
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByText('Step 1 of 6')).toHaveCount(0);
  await expect(page.getByText('Welcome to')).toHaveCount(0);
  // the server sends one mail a minute per address; the button says how long to wait
  const resend = page.getByRole('button', { name: /^Resend in \d+ s$/ });
  await expect(resend).toBeDisabled();
  // the page has lived through a tick of its own timer (what a poll would ride on) and has no request in flight
  const seconds = async () => Number(/\d+/.exec((await resend.textContent()) ?? '')?.[0]);
  const first = await seconds();
  await expect.poll(seconds).toBeLessThan(first);
  await expect.poll(pending).toBe(0);
  expect(denied).toEqual([]);

  await page.getByRole('button', { name: 'Wrong address? Sign up with another one' }).click();
  await expect(page.locator('#signup-email')).toBeVisible();
});

test('the mailed token-hash link works in another browser, signs in and continues to onboarding', async ({ page, browser, pageErrors }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('xdevice');
  await signUp(page, email);
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  const mail = await s.mailTo(email, /^Confirm your/);
  const link = s.linkIn(mail, '/auth/confirm?');
  expect(link).toMatch(new RegExp(`^${s.server.url}/auth/confirm\\?token_hash=[^&\\s]+&type=signup$`));
  // the app signs up with PKCE (supabase-js flowType 'pkce'): the link is the PKCE one, which the app verifies as a
  // token hash, so it needs no code verifier from the first browser
  expect(link).toContain('token_hash=pkce_');

  // a second browser context: no PKCE verifier, no storage shared with the first
  const other = await browser.newContext();
  pageErrors.watch(other);
  try {
    const second = await other.newPage();
    const denied = watchDenials(second);
    await second.goto(link);
    await expect(second.getByText('Your e-mail address is confirmed. Welcome!')).toBeVisible();
    await expect(second.getByText('Step 1 of 6')).toBeVisible();
    // the token does not stay in the address bar
    expect(second.url()).not.toContain('token_hash');
    expect(denied).toEqual([]);

    // the link works once: opened again it says so and offers a fresh one (the server refuses it: 403)
    pageErrors.expectError(/status of 403/);
    const third = await other.newPage();
    await third.goto(link);
    await expect(third.getByText('This link does not work any more')).toBeVisible();
    await expect(third.getByRole('button', { name: 'Send a fresh link' })).toBeVisible();
  } finally {
    await other.close();
  }
});

test('signing in before confirming gives a plain message and offers to resend the link', async ({ page, pageErrors }) => {
  test.setTimeout(60_000);
  pageErrors.expectError(/status of 400/); // the sign-in before confirming is refused, on purpose
  const email = uniqueEmail('early');
  const { error } = await s.admin.auth.admin.createUser({ email, password: PASSWORD, email_confirm: false });
  expect(error).toBeNull();
  await page.goto(`${s.server.url}/sign-in`);
  await page.locator('#signin-email').fill(email);
  await page.locator('#signin-password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Please confirm your e-mail address first: open the link we sent you when you signed up.')).toBeVisible();
  await expect(page.getByText('Email not confirmed', { exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Send the confirmation e-mail again' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  const mail = await s.mailTo(email, /^Confirm your/);
  expect(s.linkIn(mail, '/auth/confirm?')).toContain('type=signup');
});

test('an invitation leads to "set your password", then onboarding; a used invitation link says so and offers a fresh one', async ({
  page,
  pageErrors,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('invitee');
  // as the waitlist invites: GoTrue's /auth/v1/verify link, redirecting to /dashboard with #access_token…&type=invite
  const { error } = await s.admin.auth.admin.inviteUserByEmail(email, { redirectTo: `${s.server.url}/dashboard` });
  expect(error).toBeNull();
  const link = s.linkIn(await s.mailTo(email, /invited/), '/auth/v1/verify?');
  expect(link).toContain('type=invite');

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Set your password' })).toBeVisible();
  await expect(page.getByText(`You accepted the invitation for ${email}.`)).toBeVisible();
  expect(page.url()).not.toContain('access_token');
  await page.locator('#set-password').fill(PASSWORD);
  await page.locator('#set-password-confirm').fill(PASSWORD);
  await page.getByRole('button', { name: 'Save password and continue' }).click();
  await expect(page.getByText('Step 1 of 6')).toBeVisible();

  // the password works from another browser
  const { anon } = s;
  expect((await anon().auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();

  // the link was used: it says so and offers a fresh one
  const other = await page.context().browser()!.newContext();
  pageErrors.watch(other);
  try {
    const again = await other.newPage();
    await again.goto(link);
    await expect(again.getByText('This link does not work any more')).toBeVisible();
    await expect(again.getByText('This link or code is invalid or has expired. Please ask for a new one.')).toBeVisible();
    await expect(again.getByRole('button', { name: 'Send a fresh link' })).toBeVisible();
  } finally {
    await other.close();
  }
});

test('the confirmation link of a user who already finished onboarding lands on the dashboard, not the wizard', async ({
  browser,
  pageErrors,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('onboarded');
  const { data, error } = await s.admin.auth.admin.createUser({ email, password: PASSWORD, email_confirm: false });
  expect(error).toBeNull();
  await markOnboarded(s.admin, data.user!.id);
  expect((await s.anon().auth.resend({ type: 'signup', email })).error).toBeNull();
  const link = s.linkIn(await s.mailTo(email, /^Confirm your/), '/auth/confirm?');

  const other = await browser.newContext();
  pageErrors.watch(other);
  try {
    const page = await other.newPage();
    await page.goto(link);
    // the toast is raised on the way (via /sign-up, which sends an onboarded user on) and lasts 4 s: on a busy
    // machine the dashboard's chunk can take longer than that to arrive, so look for it before the final address
    await expect(page.getByText('Your e-mail address is confirmed. Welcome!')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Step 1 of 6')).toHaveCount(0);
  } finally {
    await other.close();
  }
});
