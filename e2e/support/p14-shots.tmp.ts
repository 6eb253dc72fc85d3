import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { startServer } from '../../server/src/server';

const dataDir = mkdtempSync(path.join(tmpdir(), 'shots-'));
const server = await startServer(
  { NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', AUTH_BCRYPT_COST: '4' },
  { webDist: '/tmp/p14-dist' },
);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const mails = async () => (await (await fetch(`${server.url}/_dev/mail/messages.json`)).json()) as { to: string; subject: string; text: string }[];
const link = (t: string) => t.match(/https?:\/\/\S+\/auth\/v1\/verify\?\S+/)![0].replace(/^https?:\/\/[^/]+/, server.url);
try {
  for (const width of [390, 1440]) {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    const email = `shot-${width}-${Date.now()}@example.com`;
    await page.goto(`${server.url}/sign-up`);
    await page.locator('#signup-email').fill(email);
    await page.locator('#signup-password').fill('a long enough password');
    await page.locator('#signup-confirm').fill('a long enough password');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Step 1 of 6').waitFor();
    await page.goto(`${server.url}/user`);
    const next = `new-${width}-${Date.now()}@example.com`;
    await page.getByLabel('E-mail').fill(next);
    await page.getByRole('button', { name: 'Change e-mail' }).click();
    await page.waitForTimeout(1000);
    await page.screenshot({ path: `/tmp/p14-shots/requested-${width}.png` });
    await new Promise((r) => setTimeout(r, 500));
    const cur = (await mails()).find((m) => m.to === email && /Confirm the change/.test(m.subject))!;
    await page.goto(link(cur.text));
    await page.getByText('First link confirmed').waitFor();
    await page.screenshot({ path: `/tmp/p14-shots/half-${width}.png` });
    const nw = (await mails()).find((m) => m.to === next)!;
    await page.goto(link(nw.text));
    await page.getByText('Your e-mail address is now').waitFor();
    await page.screenshot({ path: `/tmp/p14-shots/done-${width}.png` });
    console.log(width, page.url());
  }
} finally {
  await browser.close();
  await server.close();
}
void readFileSync;
