import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_DB, startTestServer, type TestServer } from './harness.js';
import { anonClient, serviceClient } from './tokens.js';

// The public site's two writes, exactly as the browser makes them: consent proof and the contact form.
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

describe(`public site writes (${SERVICE_DB})`, () => {
  it('a visitor appends a consent record with a pseudonymous id; the server stamps the time; visitors cannot read records', async () => {
    const anonymousId = randomUUID();
    const anon = anonClient(t);
    const ins = await anon.from('consent_records').insert({
      necessary: true,
      performance: true,
      functional: false,
      targeting: false,
      accepted: true,
      consent_version: '1',
      anonymous_id: anonymousId,
    });
    expect(ins.error).toBeNull();
    expect((await anon.from('consent_records').select('*').eq('anonymous_id', anonymousId)).data ?? []).toEqual([]);
    const { data } = await serviceClient(t).from('consent_records').select('*').eq('anonymous_id', anonymousId);
    expect(data).toHaveLength(1);
    expect(data![0]).toMatchObject({ necessary: true, performance: true, functional: false, targeting: false, consent_version: '1' });
    expect(Date.now() - Date.parse(data![0].created_at)).toBeLessThan(60_000);
  });

  it('necessary cannot be recorded as off', async () => {
    const res = await anonClient(t)
      .from('consent_records')
      .insert({ necessary: false, performance: false, functional: false, targeting: false, accepted: true });
    expect(res.error?.code).toBe('23514');
  });

  it('stores a contact message and rejects a malformed e-mail', async () => {
    const anon = anonClient(t);
    const email = `c-${randomUUID()}@example.com`;
    expect((await anon.from('contact_messages').insert({ name: 'Ada', email, subject: null, message: 'Hello' })).error).toBeNull();
    const { data } = await serviceClient(t).from('contact_messages').select('*').eq('email', email);
    expect(data).toMatchObject([{ name: 'Ada', message: 'Hello', status: 'new' }]);
    const bad = await anon.from('contact_messages').insert({ name: 'Ada', email: 'nope', message: 'Hi' });
    expect(bad.error?.code).toBe('23514');
  });
});
