import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import type { Page } from '@playwright/test';
import type { RunningServer } from '../server/src/server';
import { expect, test, toastsGone } from './fixtures';
import { signInThroughCard } from './support/accounts-helpers';
import { uniqueEmail } from './support/auth';
import { e2eDataDir } from './support/data-dir';
import { startSpecServer } from './support/own-server-env';

// Chromium refuses an IP address as a WebAuthn relying-party id, and the shared e2e server's SITE_URL is
// http://127.0.0.1:<port>. This spec runs its own server whose SITE_URL (hence RP id and origin) is
// http://localhost:<port>, and opens the app there (localhost over http is a secure context).
let server: RunningServer;
let dataDir: string;
let site: string;

// The spec's server starts in beforeAll, which fullyParallel runs again for every test: its tests run in order in
// one worker, so the server starts once (docs/decisions/0206).
test.describe.configure({ mode: 'default' });

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = await e2eDataDir('passkeys');
  const port = await freePort();
  site = `http://localhost:${port}`;
  server = await startSpecServer(dataDir, { PORT: String(port), SITE_URL: site });
});

test.afterAll(async () => {
  await server?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** A platform authenticator with user verification, as a phone's or laptop's built-in one. */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  const credentials = async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
  return { credentials };
}

async function signOutFromUser(page: Page) {
  // As a person would, after the last toast has gone: a toast over the button, hovered by the click, stays (a run
  // once waited out its 120 s on one).
  await toastsGone(page);
  await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
  await expect(page).toHaveURL(`${site}/`);
}

test('passkey: add one on /user, sign out, sign in with it and land where a password sign-in lands', async ({ page, pageErrors }) => {
  test.setTimeout(120_000);
  pageErrors.expectError(/status of 4\d\d/); // the refused passkey assertion answers 4xx by design
  const authenticator = await addVirtualAuthenticator(page);
  const email = uniqueEmail('passkey');
  const password = 'a long enough password';

  await page.goto(`${site}/sign-up`);
  await page.locator('#signup-email').fill(email);
  await page.locator('#signup-password').fill(password);
  await page.locator('#signup-confirm').fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  // the first sign-up on the spec's fresh server: its first requests compile their plans and warm PGlite (a full run
  // on a busy machine took more than the default 10 s, as voice-server.ts's sign-up did)
  await expect(page.getByText('Step 1 of 6')).toBeVisible({ timeout: 30_000 });

  await page.goto(`${site}/user`);
  const section = page.locator('#passkeys');
  await expect(section.getByText('You have no passkeys yet.')).toBeVisible();
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByText('Passkey added')).toBeVisible();
  await expect(section.getByRole('list', { name: 'Passkeys' }).getByRole('listitem')).toHaveCount(1);
  // the credential lives on the authenticator, discoverable (sign-in needs no email)
  const stored = await authenticator.credentials();
  expect(stored).toHaveLength(1);
  expect(stored[0]!.isResidentCredential).toBe(true);
  expect(stored[0]!.rpId).toBe('localhost');

  // where a password sign-in lands, for comparison
  await signOutFromUser(page);
  await page.goto(`${site}/sign-in`);
  await signInThroughCard(page, email, password);
  await expect(page).not.toHaveURL(/\/sign-in$/);
  const passwordLanding = new URL(page.url()).pathname;

  await page.goto(`${site}/user`);
  await signOutFromUser(page);
  await page.goto(`${site}/sign-in`);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByText('Welcome back!')).toBeVisible();
  await expect(page).not.toHaveURL(/\/sign-in$/);
  expect(new URL(page.url()).pathname).toBe(passwordLanding);
  expect((await authenticator.credentials())[0]!.signCount).toBeGreaterThan(stored[0]!.signCount);

  // signed in for real: /user opens and shows the passkey as used
  await page.goto(`${site}/user`);
  await expect(page.locator('#passkeys').getByText(/last used/)).toBeVisible();

  // rename, then remove: the server forgets it, so the authenticator's copy is no longer recognised
  await section.getByRole('button', { name: 'Rename' }).click();
  await section.getByLabel('Passkey name').fill('Work laptop');
  await section.getByRole('button', { name: 'Save' }).click();
  await expect(section.getByText('Work laptop')).toBeVisible();
  await section.getByRole('button', { name: 'Remove' }).click();
  await expect(section.getByText('You have no passkeys yet.')).toBeVisible();
  await signOutFromUser(page);
  await page.goto(`${site}/sign-in`);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByRole('alert')).toHaveText('That passkey was not recognised. Please sign in with your email and password.');
  await expect(page).toHaveURL(/\/sign-in$/);
});

test('passkey: with no passkey on the device the refused prompt reads "cancelled or timed out" and stays on /sign-in', async ({ page }) => {
  test.setTimeout(60_000);
  await addVirtualAuthenticator(page);
  await page.goto(`${site}/sign-in`);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByRole('alert')).toHaveText('The passkey request was cancelled or timed out. Please try again.', {
    timeout: 30_000,
  });
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toBeEnabled();
});
