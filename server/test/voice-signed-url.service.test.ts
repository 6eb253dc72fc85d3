import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.js';
import { startTestServer, type TestServer } from './harness.js';

// A local HTTP server standing in for ElevenLabs' get-signed-url endpoint; it records what it was asked.
let fake: Server;
let fakeUrl: string;
const seen: IncomingMessage[] = [];
let answer: { status: number; body: unknown } = { status: 200, body: {} };

let srv: TestServer;

beforeAll(async () => {
  fake = createServer((req, res) => {
    seen.push(req);
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
  fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
  srv = await startTestServer({
    ELEVENLABS_API_KEY: 'xi-secret-key',
    ELEVENLABS_AGENT_ID: 'agent_onboarding',
    ELEVENLABS_API_URL: fakeUrl,
  });
}, 60_000);

afterAll(async () => {
  await srv?.close();
  // the server's fetch keeps connections alive: drop them so close() returns
  fake?.closeAllConnections();
  await new Promise((r) => fake?.close(r));
});

async function signedInToken(s: TestServer) {
  const client = s.client();
  const { data, error } = await client.auth.signUp({
    email: `voice-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`,
    password: 'correct horse battery',
  });
  if (error) throw error;
  return data.session!.access_token;
}

const get = (s: TestServer, token?: string) =>
  fetch(`${s.url}/api/voice/signed-url`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });

describe('GET /api/voice/signed-url', () => {
  it('gives a signed-in user the signed URL, asking ElevenLabs with the key and agent id', async () => {
    answer = {
      status: 200,
      body: { signed_url: 'wss://voice.example/v1/convai/conversation?agent_id=agent_onboarding&conversation_signature=sig' },
    };
    seen.length = 0;
    const res = await get(srv, await signedInToken(srv));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = await res.json();
    expect(body).toEqual({ signedUrl: 'wss://voice.example/v1/convai/conversation?agent_id=agent_onboarding&conversation_signature=sig' });
    expect(JSON.stringify(body)).not.toContain('xi-secret-key');
    expect(seen).toHaveLength(1);
    expect(seen[0]!.url).toBe('/v1/convai/conversation/get-signed-url?agent_id=agent_onboarding');
    expect(seen[0]!.headers['xi-api-key']).toBe('xi-secret-key');
  });

  it('refuses anonymous callers, the anon key and forged tokens with 401, without calling ElevenLabs', async () => {
    seen.length = 0;
    expect((await get(srv)).status).toBe(401);
    expect((await get(srv, srv.anonKey)).status).toBe(401);
    const token = await signedInToken(srv);
    const forged = `${token.slice(0, -4)}AAAA`;
    expect((await get(srv, forged)).status).toBe(401);
    expect(seen).toHaveLength(0);
  });

  it('answers 502 without details when ElevenLabs fails or answers nonsense', async () => {
    const token = await signedInToken(srv);
    answer = { status: 401, body: { detail: { status: 'invalid_api_key', message: 'Invalid API key xi-secret-key' } } };
    let res = await get(srv, token);
    expect(res.status).toBe(502);
    expect(await res.text()).not.toContain('xi-secret-key');
    answer = { status: 200, body: { signed_url: 'javascript:alert(1)' } };
    res = await get(srv, token);
    expect(res.status).toBe(502);
  });

  it('says voice is unavailable (503) when ElevenLabs is not configured', async () => {
    // the same server's context without the ElevenLabs settings, served in process (one server per file)
    const ctx = srv.server.ctx;
    const app = createApp({ ...ctx, config: { ...ctx.config, ELEVENLABS_API_KEY: undefined, ELEVENLABS_AGENT_ID: undefined } });
    const token = await signedInToken(srv);
    const res = await app.request('/api/voice/signed-url', { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status).toBe(503);
    expect(((await (await app.request('/api/config')).json()) as { voiceAvailable: boolean }).voiceAvailable).toBe(false);
  });
});
