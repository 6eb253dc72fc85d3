// Product visuals for the public pages (issue 18; docs/design.md#product-visuals): the dashboard, the onboarding
// wizard (with the voice assistant on, and by form) and Connect Anything, captured from the running app and saved as
// WebP into apps/web/public/product/. Run it again whenever those screens change.
//
//   node --import tsx scripts/product-shots.mjs    starts the built app (apps/web/dist, or WEB_DIST_DIR) on a
//                                                  temporary embedded database, with a fresh demo user; the voice
//                                                  assistant talks to the local stand-in agent the e2e tests use
//                                                  (e2e/support/fake-voice-agent.ts), so no ElevenLabs account is needed
//   BASE_URL=http://127.0.0.1:3000 DATA_DIR=./data node --import tsx scripts/product-shots.mjs
//                                                  uses a running server (DATA_DIR: its data folder, for the key);
//                                                  the voice shot is skipped unless that server has voice configured
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import sharp from 'sharp';
import WebSocket from 'ws';
import { CHROME_PATH } from '../e2e/support/browser.ts';
import { waitForLoaded } from './loaded-state.ts';

// supabase-js builds a realtime client, which needs a global WebSocket on Node 20.
globalThis.WebSocket ??= WebSocket;

const OUT = 'apps/web/public/product';
// Fixed sizes: the pages give the images these width/height, so nothing moves when they load.
const SHOT = { width: 1280, height: 800 };
const SIZES = [1280, 640];

let server;
let agent;
let base = process.env.BASE_URL;
let dataDir = process.env.DATA_DIR;
if (!base) {
  const { startFakeVoiceAgent } = await import('../e2e/support/fake-voice-agent.ts');
  agent = await startFakeVoiceAgent({ apiKey: 'product-shots-key', agentId: 'product-shots-agent' });
  dataDir = mkdtempSync(path.join(tmpdir(), 'product-shots-'));
  const port = 20000 + Math.floor(Math.random() * 20000);
  base = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      ELEVENLABS_API_KEY: 'product-shots-key',
      ELEVENLABS_AGENT_ID: 'product-shots-agent',
      ELEVENLABS_API_URL: agent.url,
    },
  });
  await waitForHealth(`${base}/api/health`);
}

try {
  const user = await createDemoUser();
  await capture(user);
} finally {
  server?.kill('SIGTERM');
  await agent?.close();
}

async function waitForHealth(url) {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the server did not answer ${url}`);
}

/** A confirmed demo account, created through the real admin API with the server's own service-role key. */
async function createDemoUser() {
  const secret = new TextEncoder().encode(readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8').trim());
  const key = await new SignJWT({ role: 'service_role', iss: 'supabase' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime('10m')
    .sign(secret);
  const admin = createClient(base, key, { auth: { persistSession: false, autoRefreshToken: false } });
  const email = `demo-${Date.now()}@example.com`;
  const password = `Demo-${Math.random().toString(36).slice(2)}-Pw`;
  const { error } = await admin.auth.admin.createUser({ email, password, email_confirm: true });
  if (error) throw error;
  return { email, password };
}

async function save(page, name) {
  const png = await page.screenshot();
  mkdirSync(OUT, { recursive: true });
  for (const w of SIZES) {
    await sharp(png).resize({ width: w }).webp({ quality: 78 }).toFile(`${OUT}/${name}-${w}.webp`);
  }
  console.log(`${OUT}/${name}-{${SIZES.join(',')}}.webp`);
}

async function capture({ email, password }) {
  const browser = await chromium.launch({
    executablePath: CHROME_PATH,
    // a fake microphone, so the voice assistant can start
    args: ['--no-sandbox', '--disable-gpu', '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
  });
  const ctx = await browser.newContext({ viewport: SHOT, deviceScaleFactor: 1, reducedMotion: 'reduce', permissions: ['microphone'] });
  await ctx.addInitScript(() => {
    localStorage.setItem(
      'cookie-consent',
      JSON.stringify({ necessary: true, performance: false, functional: false, targeting: false, accepted: true }),
    );
    localStorage.setItem('cookie-consent-version', '1');
  });
  const page = await ctx.newPage();
  // Every picture shows the screen loaded: the seeded catalogue's cards and counts, the account's own data.
  const settle = async () => {
    await page.waitForLoadState('networkidle');
    await waitForLoaded(page);
  };

  // Connect Anything: the public directory of integrations, with the catalogue the migrations seed.
  await page.goto(`${base}/connect-anything`);
  await page.locator('ul[aria-busy="false"] > li').first().waitFor();
  await settle();
  await save(page, 'connect-anything');

  // Sign in through the real form; a new account lands in the onboarding wizard.
  await page.goto(`${base}/sign-in`);
  // Toasts ("Welcome back!") are not part of the product picture.
  await page.addStyleTag({ content: '[data-sonner-toaster] { display: none !important; }' });
  await page.locator('#signin-email').fill(email);
  await page.locator('#signin-password').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  // The wizard opens with the voice assistant on: the shot shows it connected, with its first question; then on by form.
  if (agent) {
    const session = await agent.nextSession();
    await page.getByText('Ready', { exact: true }).waitFor();
    session.say("Hi, I'm your onboarding assistant. Tell me about your business: what is it called?");
    await page.getByText("Hi, I'm your onboarding assistant.").waitFor();
    await settle();
    await save(page, 'onboarding-voice');
    await page.getByRole('button', { name: 'Skip Voice' }).click();
  }
  await page.getByRole('button', { name: "Let's Get Started" }).click();
  await page.getByLabel('Business name').fill('Acme Bakery');
  await page.getByLabel('Industry').selectOption('Food & Beverage');
  await page.getByLabel('What problem do you solve?').fill('Fresh bread delivered before breakfast');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Increase Revenue' }).click();
  await page.getByRole('button', { name: 'Generate More Leads' }).click();
  await page.getByLabel('Targets and timeline').fill('Double revenue in 12 months');
  await page.getByLabel('Time management').check();
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await settle();
  await save(page, 'onboarding');

  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Funding source').selectOption('Self-funded/Bootstrapped');
  await page.getByLabel('Team size').selectOption('2-5 people');
  await page.getByLabel('Revenue', { exact: true }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Launch My Dashboard' }).click();
  await page.waitForURL(/\/dashboard$/);
  // The metrics view, not the (empty, for a new account) builder it opens on.
  await page.getByRole('navigation', { name: 'Dashboard views' }).getByRole('button', { name: 'Dashboard', exact: true }).click();
  await settle();
  await save(page, 'dashboard');

  await browser.close();
}
