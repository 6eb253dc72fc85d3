import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../src/config.js';
import { startTestServer, type TestServer } from './harness.js';
import { createTestUser } from './tokens.js';

// Issue 44: the operator's address, e-mail, phones, booking and video URLs come from the configuration only.
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
}, 60_000);
afterAll(async () => t?.close(), 60_000);

const SETTINGS: Partial<Config> = {
  CONTACT_EMAIL: 'hello@operator.example',
  CONTACT_PHONE: '+44 1632 960001',
  CONTACT_PHONE_2: '+44 1632 960002',
  CONTACT_ADDRESS: 'Operator Ltd, 1 Quay Street, Bristol BS1 1AA',
  BOOKING_URL: 'https://cal.operator.example/session',
  INTRO_VIDEO_URL: 'https://video.operator.example/embed/intro',
};

/** Runs fn as if the server had been started with these settings. */
async function withConfig(over: Partial<Config>, fn: () => Promise<void>) {
  const cfg = t.server.ctx.config as unknown as Record<string, unknown>;
  const saved = Object.fromEntries(Object.keys(over).map((k) => [k, cfg[k]]));
  Object.assign(cfg, over);
  try {
    await fn();
  } finally {
    Object.assign(cfg, saved);
  }
}

const publicConfig = async () => (await fetch(`${t.url}/api/config`)).json() as Promise<Record<string, unknown>>;

describe('operator settings', () => {
  it('GET /api/config sends no booking, video or contact details when none are configured (no placeholder defaults)', async () => {
    const c = await publicConfig();
    expect(c).not.toHaveProperty('bookingUrl');
    expect(c).not.toHaveProperty('introVideoUrl');
    expect(c.contact).toEqual({});
  });

  it('GET /api/config sends the configured ones', async () => {
    await withConfig(SETTINGS, async () => {
      const c = await publicConfig();
      expect(c).toMatchObject({
        bookingUrl: SETTINGS.BOOKING_URL,
        introVideoUrl: SETTINGS.INTRO_VIDEO_URL,
        contact: {
          email: SETTINGS.CONTACT_EMAIL,
          phone: SETTINGS.CONTACT_PHONE,
          phone2: SETTINGS.CONTACT_PHONE_2,
          address: SETTINGS.CONTACT_ADDRESS,
        },
      });
    });
    await withConfig({ CONTACT_EMAIL: SETTINGS.CONTACT_EMAIL }, async () => {
      expect((await publicConfig()).contact).toEqual({ email: SETTINGS.CONTACT_EMAIL });
    });
  });

  it('the console setup card lists the missing settings by name, to admins only', async () => {
    const token = (await createTestUser(t, { admin: true })).token;
    const get = (bearer?: string) =>
      fetch(`${t.url}/api/admin/site-setup`, { headers: bearer ? { authorization: `Bearer ${bearer}` } : {} });
    expect(await (await get(token)).json()).toEqual({
      missing: ['CONTACT_ADDRESS', 'CONTACT_EMAIL', 'CONTACT_PHONE', 'CONTACT_PHONE_2', 'BOOKING_URL', 'INTRO_VIDEO_URL'],
    });
    await withConfig({ ...SETTINGS, CONTACT_PHONE_2: undefined }, async () => {
      expect(await (await get(token)).json()).toEqual({ missing: ['CONTACT_PHONE_2'] });
    });
    const user = await createTestUser(t);
    expect((await get(user.token)).status).toBe(403);
    expect((await get()).status).toBe(401);
  });
});
