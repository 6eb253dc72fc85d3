import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_DB, startTestServer, type TestServer } from './harness.js';
import { createTestUser, type TestUser } from './tokens.js';

// Issue 44: a connection idea is saved once per person (migration 0680's unique index); the copy is refused with
// PostgREST's 409 / 23505, which the app turns into its own message.
let t: TestServer;
let ada: TestUser;
let bob: TestUser;

beforeAll(async () => {
  t = await startTestServer({ RATE_LIMIT_DISABLED: 'true' });
  ada = await createTestUser(t);
  bob = await createTestUser(t);
});
afterAll(() => t?.close());

describe(`one connection idea per person (${SERVICE_DB})`, () => {
  it('refuses the same idea again, also with other case and spaces, with 409 / 23505', async () => {
    const first = await ada.client.from('connection_ideas').insert({ from_tool: 'Slack', to_tool: 'Notion', idea: 'Sync notes' });
    expect(first).toMatchObject({ status: 201, error: null });
    const again = await ada.client.from('connection_ideas').insert({ from_tool: 'Slack', to_tool: 'Notion', idea: 'Sync notes' });
    expect(again.status).toBe(409);
    expect(again.error?.code).toBe('23505');
    const loose = await ada.client.from('connection_ideas').insert({ from_tool: ' slack', to_tool: 'NOTION ', idea: 'sync Notes ' });
    expect(loose.status).toBe(409);
    const { data } = await ada.client.from('connection_ideas').select('idea');
    expect(data).toEqual([{ idea: 'Sync notes' }]);
  });

  it('accepts other wording, the other direction, and the same idea for someone else', async () => {
    const idea = { from_tool: 'Stripe', to_tool: 'Xero', idea: 'Reconcile payouts' };
    expect((await ada.client.from('connection_ideas').insert(idea)).status).toBe(201);
    expect((await ada.client.from('connection_ideas').insert({ ...idea, idea: 'Reconcile refunds' })).status).toBe(201);
    expect((await ada.client.from('connection_ideas').insert({ ...idea, from_tool: 'Xero', to_tool: 'Stripe' })).status).toBe(201);
    expect((await bob.client.from('connection_ideas').insert(idea)).status).toBe(201);
  });

  it('lets a deleted idea be saved again', async () => {
    const idea = { from_tool: 'Typeform', to_tool: 'HubSpot', idea: 'Create contacts' };
    const { data: row } = await ada.client.from('connection_ideas').insert(idea).select('id').single();
    expect((await ada.client.from('connection_ideas').delete().eq('id', row!.id)).status).toBe(204);
    expect((await ada.client.from('connection_ideas').insert(idea)).status).toBe(201);
  });
});
