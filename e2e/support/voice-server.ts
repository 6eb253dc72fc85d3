import { rmSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { RunningServer } from '../../server/src/server';
import { expect, test } from '../fixtures';
import { uniqueEmail } from './auth';
import { CHROME_PATH, CHROMIUM_ARGS } from './browser';
import { e2eDataDir } from './data-dir';
import { startFakeVoiceAgent, type FakeVoiceAgent } from './fake-voice-agent';
import { startSpecServer } from './own-server-env';

const API_KEY = 'xi-test-key';
const AGENT_ID = 'agent_onboarding_test';

export const VOICE_CREDENTIALS = { apiKey: API_KEY, agentId: AGENT_ID };

/**
 * A spec's own server configured for voice, with ELEVENLABS_API_URL at the local voice-agent stand-in (the CSP's
 * connect-src follows that URL, so the browser may open its ws:// socket), and Chromium's fake microphone. Registers
 * the spec's hooks; read `agent` and `server` inside tests.
 */
export function useVoiceServer(tag: string): { readonly agent: FakeVoiceAgent; readonly server: RunningServer } {
  let agent: FakeVoiceAgent | undefined;
  let server: RunningServer | undefined;
  let dataDir: string | undefined;

  // In order in one worker, like the other own-server specs (docs/decisions/0206): one server per spec, and the fake
  // agent is reset before each test so no session a previous test's page left behind reaches the next one.
  test.describe.configure({ mode: 'default' });
  test.use({
    permissions: ['microphone'],
    launchOptions: {
      executablePath: CHROME_PATH,
      args: [
        ...CHROMIUM_ARGS,
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        '--autoplay-policy=no-user-gesture-required',
      ],
    },
  });

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    agent = await startFakeVoiceAgent(VOICE_CREDENTIALS);
    dataDir = await e2eDataDir(tag);
    server = await startSpecServer(dataDir, { ELEVENLABS_API_KEY: API_KEY, ELEVENLABS_AGENT_ID: AGENT_ID, ELEVENLABS_API_URL: agent.url });
  });

  test.beforeEach(() => agent?.reset());

  test.afterAll(async () => {
    await server?.close();
    await agent?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  return {
    get agent() {
      if (!agent) throw new Error('the voice-agent stand-in starts in beforeAll');
      return agent;
    },
    get server() {
      if (!server) throw new Error('the voice server starts in beforeAll');
      return server;
    },
  };
}

/** Signs a new person up; the onboarding wizard opens at step 1 with voice on. */
export async function signUpToWizard(page: Page, serverUrl: string, tag: string) {
  await page.goto(`${serverUrl}/sign-up`);
  await page.locator('#signup-email').fill(uniqueEmail(tag));
  await page.locator('#signup-password').fill('a long enough password');
  await page.locator('#signup-confirm').fill('a long enough password');
  await page.getByRole('button', { name: 'Create Account' }).click();
  // the first sign-up on a spec's fresh server, on a busy machine, has taken more than the default 10 s
  await expect(page.getByText('Step 1 of 6')).toBeVisible({ timeout: 30_000 });
}
