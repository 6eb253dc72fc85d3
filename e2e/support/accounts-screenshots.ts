/**
 * Screenshots of the account screens at 375 and 1440 px, for a person to look at (not a test):
 * `node --import tsx e2e/support/accounts-screenshots.ts /tmp/dist-accounts-ui /tmp/shots-accounts-ui`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { startServer } from '../../server/src/server';
import { ownServerEnv } from './own-server-env';

const [webDist = 'apps/web/dist', out = '/tmp/shots'] = process.argv.slice(2);
const dataDir = mkdtempSync(path.join(tmpdir(), 'shots-'));
const server = await startServer(ownServerEnv(dataDir), { webDist });
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  for (const width of [375, 1440]) {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    const shot = (name: string) => page.screenshot({ path: `${out}/${name}-${width}.png`, fullPage: true });
    await page.goto(`${server.url}/sign-in`);
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await shot('sign-in');
    await page.goto(`${server.url}/sign-up`);
    await page.locator('#signup-email').fill(`shots-${width}-${Date.now()}@example.com`);
    await page.locator('#signup-password').fill('short');
    await page.locator('#signup-confirm').fill('other');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await shot('sign-up');
    await page.locator('#signup-password').fill('a long enough password');
    await page.locator('#signup-confirm').fill('a long enough password');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Step 1 of 6').waitFor();
    await page.waitForFunction(() => !document.querySelector('[data-sonner-toast]'), undefined, { timeout: 15_000 }); // the toast has gone
    await shot('wizard-1');
    await page.getByRole('button', { name: "Let's Get Started" }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await shot('wizard-2-errors');
    await page.getByLabel('Business name').fill('Acme Bakery');
    await page.getByLabel('Industry').selectOption('Food & Beverage');
    await page.getByLabel('What problem do you solve?').fill('Fresh bread delivered before breakfast');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Increase Revenue' }).click();
    await shot('wizard-3');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Team size').selectOption('2-5 people');
    await shot('wizard-4');
    await page.getByRole('button', { name: 'Next' }).click();
    await shot('wizard-5');
    await page.getByRole('button', { name: 'Next' }).click();
    await shot('wizard-6');
    await page.evaluate(() => localStorage.setItem('session_timeout_minutes', '0.2'));
    await page.goto(`${server.url}/user`);
    await page.getByRole('heading', { name: 'Your profile' }).waitFor();
    await shot('user');
    await page.getByRole('alertdialog').waitFor({ timeout: 20_000 });
    await page.screenshot({ path: `${out}/warning-${width}.png` });
    await page.close();
  }
} finally {
  await browser.close();
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
}
