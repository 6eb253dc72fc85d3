import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTEGRATION_FILTERS } from '@app/shared';
import { startTestServer, type TestServer } from './harness.js';

let t: TestServer;
let n = 0;

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

async function signedUp() {
  const client = t.client();
  const { data, error } = await client.auth.signUp({ email: `dash${++n}-${Date.now()}@example.com`, password: 'correct-horse-battery' });
  expect(error).toBeNull();
  return { client, user: data.user! };
}

describe('user_tools (builder canvas tools)', () => {
  it('lets a user add, list and remove only their own tools', async () => {
    const a = await signedUp();
    const b = await signedUp();
    expect((await a.client.from('user_tools').insert({ integration_id: 'slack' })).error).toBeNull();
    expect((await a.client.from('user_tools').insert({ integration_id: 'hubspot' })).error).toBeNull();
    const mine = await a.client.from('user_tools').select('integration_id, integrations(name)').order('created_at');
    expect(mine.error).toBeNull();
    expect(mine.data!.map((r) => r.integration_id).sort()).toEqual(['hubspot', 'slack']);
    // another user sees nothing and cannot write in a's name
    expect((await b.client.from('user_tools').select('*')).data).toEqual([]);
    const forged = await b.client.from('user_tools').insert({ user_id: a.user.id, integration_id: 'zoom' });
    expect(forged.error?.code).toBe('42501');
    await b.client.from('user_tools').delete().eq('integration_id', 'slack');
    expect((await a.client.from('user_tools').select('*')).data).toHaveLength(2);
    // a duplicate is a conflict, an unknown app a foreign-key error
    expect((await a.client.from('user_tools').insert({ integration_id: 'slack' })).error?.code).toBe('23505');
    expect((await a.client.from('user_tools').insert({ integration_id: 'no-such-app' })).error?.code).toBe('23503');
    await a.client.from('user_tools').delete().eq('integration_id', 'slack');
    expect((await a.client.from('user_tools').select('integration_id')).data).toEqual([{ integration_id: 'hubspot' }]);
  });

  it('refuses visitors', async () => {
    const anon = t.client();
    expect((await anon.from('user_tools').insert({ integration_id: 'slack' })).error?.code).toBe('42501');
  });
});

describe('plan_requests (upgrade and top-up requests for operators)', () => {
  it('records a request stamped by the server and shows it to its owner and to admins only', async () => {
    const a = await signedUp();
    const b = await signedUp();
    const ins = await a.client
      .from('plan_requests')
      .insert({ kind: 'upgrade', plan_id: 'pro', status: 'handled', detail: 'Upgrade to Pro' });
    expect(ins.error).toBeNull();
    const mine = await a.client.from('plan_requests').select('kind, plan_id, status, user_id, ip_address');
    expect(mine.data).toHaveLength(1);
    // the browser cannot choose the status or identity
    expect(mine.data![0]).toMatchObject({ kind: 'upgrade', plan_id: 'pro', status: 'new', user_id: a.user.id });
    expect((await b.client.from('plan_requests').select('*')).data).toEqual([]);
    const all = await t.admin().from('plan_requests').select('user_id').eq('user_id', a.user.id);
    expect(all.data).toHaveLength(1);
    // a user cannot mark their own request handled
    await a.client.from('plan_requests').update({ status: 'handled' }).eq('user_id', a.user.id);
    expect((await a.client.from('plan_requests').select('status')).data![0]!.status).toBe('new');
  });

  it('validates kinds: an upgrade needs a plan, unknown kinds are refused', async () => {
    const a = await signedUp();
    expect((await a.client.from('plan_requests').insert({ kind: 'upgrade' })).error?.code).toBe('23514');
    expect((await a.client.from('plan_requests').insert({ kind: 'gift' })).error?.code).toBe('23514');
    expect((await a.client.from('plan_requests').insert({ kind: 'top_up', detail: '5000 credits' })).error).toBeNull();
  });

  it('refuses visitors', async () => {
    expect((await t.client().from('plan_requests').insert({ kind: 'top_up' })).error?.code).toBe('42501');
  });
});

describe('catalogue_category_counts() (the category buttons)', () => {
  it('matches the catalogue, button by button', async () => {
    const { data, error } = await t.client().rpc('catalogue_category_counts');
    expect(error).toBeNull();
    const counts = data as { total: number; popular: number; by_category: Record<string, number> };
    const all = await t.client().from('integrations').select('category, popular');
    expect(counts.total).toBe(all.data!.length);
    expect(counts.popular).toBe(all.data!.filter((r) => r.popular).length);
    for (const f of INTEGRATION_FILTERS.filter((x) => x.categories.length)) {
      const viaRest = await t
        .client()
        .from('integrations')
        .select('id', { count: 'exact', head: true })
        .in('category', [...f.categories]);
      const viaRpc = f.categories.reduce((s, c) => s + (counts.by_category[c] ?? 0), 0);
      expect(viaRpc, f.id).toBe(viaRest.count);
      expect(viaRpc, f.id).toBeGreaterThan(0);
    }
  });
});

describe('plan gating of the Connection Planner', () => {
  it('refuses a trial (basic) user and admits a pro user up to the monthly limit', async () => {
    const a = await signedUp();
    const req = { source_app: 'Slack', target_app: 'HubSpot', description: 'New deals to #sales' };
    expect((await a.client.rpc('has_feature', { feature: 'connect_anything_custom' })).data).toBe(false);
    expect((await a.client.from('connection_requests').insert(req)).error?.code).toBe('42501');
    await t.admin().from('subscriptions').update({ plan_id: 'pro', status: 'active' }).eq('user_id', a.user.id);
    expect((await a.client.rpc('feature_limit', { feature: 'connect_anything_custom' })).data).toBe(5);
    for (let i = 0; i < 5; i++) expect((await a.client.from('connection_requests').insert(req)).error).toBeNull();
    expect((await a.client.rpc('remaining_usage', { feature: 'connect_anything_custom' })).data).toBe(0);
    expect((await a.client.from('connection_requests').insert(req)).error?.code).toBe('42501');
  });
});
