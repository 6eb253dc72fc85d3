/**
 * Screenshots of /user's Passkeys section and /sign-in at 1440 px, for a person to look at (not a test):
 * `node --import tsx e2e/support/passkey-screenshots.ts apps/web/dist /tmp/passkey-shots`.
 * SITE_URL is localhost: Chromium refuses an IP address as a WebAuthn relying-party id.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { startServer } from '../../server/src/server';
import { ownServerEnv } from './own-server-env';

const [webDist = 'apps/web/dist', out = '/tmp/passkey-shots'] = process.argv.slice(2);
const dataDir = mkdtempSync(path.join(tmpdir(), 'shots-'));
const port = 20000 + Math.floor(Math.random() * 20000);
const site = `http://localhost:${port}`;
const server = await startServer(ownServerEnv(dataDir, { PORT: String(port), SITE_URL: site }), { webDist });
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  await page.goto(`${site}/sign-in`);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).waitFor();
  await page.screenshot({ path: `${out}/sign-in-1440.png`, fullPage: true });
  await page.goto(`${site}/sign-up`);
  await page.locator('#signup-email').fill(`shots-${Date.now()}@example.com`);
  await page.locator('#signup-password').fill('a long enough password');
  await page.locator('#signup-confirm').fill('a long enough password');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.getByText('Step 1 of 6').waitFor();
  await page.goto(`${site}/user`);
  const section = page.locator('#passkeys');
  await section.getByText('You have no passkeys yet.').waitFor();
  await section.screenshot({ path: `${out}/user-passkeys-empty-1440.png` });
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  await section.getByRole('button', { name: 'Rename' }).waitFor();
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  // the same authenticator again: the server's excludeCredentials makes it refuse ("already has a passkey")
  await section.getByRole('alert').waitFor();
  await section.screenshot({ path: `${out}/user-passkeys-1440.png` });
  await section.getByRole('button', { name: 'Rename' }).first().click();
  await section.screenshot({ path: `${out}/user-passkeys-rename-1440.png` });
} finally {
  await browser.close();
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
}
