import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { SERVICE_DB, startTestServer, type TestServer } from './harness.js';
import { anonClient, createTestUser, serviceClient, signAccessToken, type TestUser } from './tokens.js';

// Every query feature postgrest-js uses, against the real catalogue and the user's own tables.
let t: TestServer;
let anon: SupabaseClient;
let service: SupabaseClient;
let user: TestUser;

beforeAll(async () => {
  t = await startTestServer({ RATE_LIMIT_DISABLED: 'true', REST_MAX_ROWS: '100' });
  anon = anonClient(t);
  service = serviceClient(t);
  user = await createTestUser(t, { meta: { first_name: 'Ada', surname: 'Lovelace' } });
});
afterAll(() => t?.close());

const rest = (path: string, init: RequestInit = {}) =>
  fetch(`${t.url}/rest/v1${path}`, { ...init, headers: { apikey: t.anonKey, ...(init.headers as Record<string, string>) } });

describe(`select (${SERVICE_DB})`, () => {
  it('returns chosen columns, renames and casts', async () => {
    const { data, error } = await anon.from('integrations').select('id, label:name, rating::text').eq('id', 'slack');
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 'slack', label: 'Slack', rating: '4.8' }]);
  });

  it('reads JSON paths', async () => {
    const { data, error } = await user.client.from('business_profiles').select('theme:preferences->>theme, preferences->voiceEnabled');
    expect(error).toBeNull();
    expect(data).toEqual([{ theme: 'professional', voiceEnabled: true }]);
  });

  it('embeds a to-one relation through its foreign key', async () => {
    const { data, error } = await user.client.from('subscriptions').select('status, plan:plans(id, name, credits)').single();
    expect(error).toBeNull();
    expect(data).toEqual({ status: 'trialing', plan: { id: 'basic', name: 'Vibe BC', credits: 2000 } });
  });

  it('applies eq, neq, gt, gte, lt, lte', async () => {
    const ids = async (q: PromiseLike<{ data: { id: string }[] | null; error: unknown }>) => {
      const { data, error } = await q;
      expect(error).toBeNull();
      return data!.map((r) => r.id).sort();
    };
    const crm = anon.from('integrations').select('id').eq('category', 'crm');
    expect(await ids(crm.gte('rating', 4.7))).toEqual(['attio', 'hubspot', 'salesforce']);
    expect(await ids(anon.from('integrations').select('id').eq('category', 'crm').gt('rating', 4.7))).toEqual(['hubspot']);
    expect(await ids(anon.from('integrations').select('id').eq('category', 'crm').lt('rating', 4.4))).toEqual(['microsoft-dynamics-365']);
    expect(await ids(anon.from('integrations').select('id').eq('category', 'crm').lte('rating', 4.4))).toEqual([
      'copper',
      'microsoft-dynamics-365',
      'zoho-crm',
    ]);
    expect((await ids(anon.from('integrations').select('id').eq('category', 'crm').neq('id', 'hubspot'))).length).toBe(8);
  });

  it('applies like, ilike, is, in, not and or', async () => {
    const { data: like } = await anon.from('integrations').select('id').like('name', 'Google%').order('id');
    expect(like!.map((r) => r.id)).toEqual([
      'google-ads',
      'google-analytics',
      'google-business-profile',
      'google-calendar',
      'google-cloud',
      'google-drive',
      'google-forms',
      'google-gemini',
      'google-sheets',
    ]);
    const { data: ilike } = await anon.from('integrations').select('id').ilike('description', '%password manager%').order('id');
    expect(ilike!.map((r) => r.id)).toEqual(['1password', 'bitwarden', 'lastpass']);
    const { data: isNull } = await anon.from('integrations').select('id').is('website', null);
    expect(isNull).toEqual([]);
    const { data: inList } = await anon.from('integrations').select('id').in('id', ['slack', 'zoom', 'no-such']).order('id');
    expect(inList).toEqual([{ id: 'slack' }, { id: 'zoom' }]);
    const { data: notIn } = await anon.from('integrations').select('id').eq('category', 'ai').not('id', 'in', '(openai,anthropic)');
    expect(notIn!.map((r) => r.id).sort()).toEqual(['elevenlabs', 'google-gemini', 'jasper', 'midjourney', 'mistral-ai', 'perplexity']);
    const { data: or } = await anon
      .from('integrations')
      .select('id')
      .or('id.eq.slack,and(category.eq.security,rating.gte.4.8)')
      .order('id');
    expect(or).toEqual([{ id: '1password' }, { id: 'slack' }]);
    // Connect Anything's search: ilike with * wildcards inside an or-tree, plus a quoted value with a comma
    const { data: search } = await anon.from('integrations').select('id').or('name.ilike.*spot*,description.ilike.*SPOT*,name.eq."a,b"');
    expect(search).toEqual([{ id: 'hubspot' }]);
  });

  it('orders by several columns with nulls placement', async () => {
    const { data } = await anon
      .from('integrations')
      .select('id, rating, connections')
      .eq('category', 'crm')
      .order('rating', { ascending: false })
      .order('connections', { ascending: true, nullsFirst: false })
      .limit(3);
    expect(data!.map((r) => r.id)).toEqual(['hubspot', 'attio', 'salesforce']);
  });

  it('pages with limit, offset and range, and counts exactly', async () => {
    const all = await anon.from('integrations').select('id', { count: 'exact' }).order('id');
    expect(all.count).toBe(124);
    expect(all.data!.length).toBe(100); // REST_MAX_ROWS
    expect(all.status).toBe(206);
    const page = await anon.from('integrations').select('id', { count: 'exact' }).order('id').range(12, 23);
    expect(page.data!.map((r) => r.id)).toEqual(all.data!.slice(12, 24).map((r) => r.id));
    expect(page.count).toBe(124);
    const offset = await anon.from('integrations').select('id').order('id').limit(2).range(3, 4);
    expect(offset.data!.map((r) => r.id)).toEqual(all.data!.slice(3, 5).map((r) => r.id));
  });

  it('answers the Range header and Content-Range like PostgREST', async () => {
    const res = await rest('/integrations?select=id&order=id', { headers: { Range: '0-4', Prefer: 'count=exact' } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe('0-4/124');
    expect(((await res.json()) as unknown[]).length).toBe(5);
    const none = await rest('/integrations?select=id&id=eq.nothing', { headers: { Prefer: 'count=exact' } });
    expect(none.status).toBe(200);
    expect(none.headers.get('content-range')).toBe('*/0');
    const beyond = await rest('/integrations?select=id&offset=500', { headers: { Prefer: 'count=exact' } });
    expect(beyond.status).toBe(416);
    expect(((await beyond.json()) as { code: string }).code).toBe('PGRST103');
  });

  it('counts with HEAD and returns no body', async () => {
    const { data, count, status } = await anon.from('integrations').select('*', { count: 'exact', head: true }).eq('popular', true);
    expect(status).toBe(200);
    expect(data).toBeNull();
    expect(count).toBeGreaterThan(30);
    const res = await rest('/plans', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');
  });

  it('single() and maybeSingle() follow vnd.pgrst.object+json', async () => {
    const one = await anon.from('plans').select('id, price_gbp').eq('id', 'pro').single();
    expect(one.data).toEqual({ id: 'pro', price_gbp: 299 });
    const many = await anon.from('plans').select('id').single();
    expect(many.status).toBe(406);
    expect(many.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 4 rows' });
    const zero = await anon.from('plans').select('id').eq('id', 'nope').single();
    expect(zero.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 0 rows' });
    const maybe = await anon.from('plans').select('id').eq('id', 'nope').maybeSingle();
    expect(maybe).toMatchObject({ data: null, error: null });
  });
});

describe(`writes (${SERVICE_DB})`, () => {
  it('inserts one row (minimal) and many rows (representation)', async () => {
    const minimal = await user.client.from('connection_ideas').insert({ from_tool: 'Slack', to_tool: 'HubSpot', idea: 'Log deals' });
    expect(minimal).toMatchObject({ status: 201, data: null, error: null });
    const many = await user.client
      .from('connection_ideas')
      .insert([
        { from_tool: 'Stripe', to_tool: 'Xero', idea: 'Reconcile', positions: {} },
        { from_tool: 'Typeform', to_tool: 'Notion', idea: 'Collect', positions: { from: { x: 1, y: 2 } } },
      ])
      .select('from_tool, positions, user_id');
    expect(many.status).toBe(201);
    expect(many.data).toEqual([
      { from_tool: 'Stripe', positions: {}, user_id: user.id },
      { from_tool: 'Typeform', positions: { from: { x: 1, y: 2 } }, user_id: user.id },
    ]);
    const counted = await user.client.from('connection_ideas').insert({ from_tool: 'a', to_tool: 'b', idea: 'c' }, { count: 'exact' });
    expect(counted.count).toBe(1);
  });

  it('upserts: merge updates (200), new rows insert (201), ignore-duplicates skips', async () => {
    const base = {
      name: 'Test App',
      description: 'A test entry.',
      category: 'business',
      icon: 'x',
      rating: 4,
      connections: 1,
      actions: ['a', 'b', 'c', 'd'],
    };
    const created = await service
      .from('integrations')
      .upsert({ id: 'test-app', ...base })
      .select('id, rating');
    expect(created.status).toBe(201);
    const merged = await service
      .from('integrations')
      .upsert({ id: 'test-app', ...base, rating: 4.5 })
      .select('id, rating');
    expect(merged.status).toBe(200);
    expect(merged.data).toEqual([{ id: 'test-app', rating: 4.5 }]);
    const ignored = await service
      .from('integrations')
      .upsert({ id: 'test-app', ...base, rating: 1 }, { onConflict: 'id', ignoreDuplicates: true })
      .select('id');
    expect(ignored.status).toBe(201);
    expect(ignored.data).toEqual([]);
    const { data } = await anon.from('integrations').select('rating').eq('id', 'test-app').single();
    expect(data).toEqual({ rating: 4.5 });
  });

  it('fills missing keys with column defaults when asked (defaultToNull: false)', async () => {
    const { data, error } = await service
      .from('credit_ledger')
      .insert(
        [
          { user_id: user.id, delta: 10, reason: 'bonus' },
          { user_id: user.id, delta: -3, reason: 'spend', feature: 'coach' },
        ],
        { defaultToNull: false },
      )
      .select('delta, feature');
    expect(error).toBeNull();
    expect(data).toEqual([
      { delta: 10, feature: null },
      { delta: -3, feature: 'coach' },
    ]);
  });

  it('updates with filters (204 minimal, 200 representation, [] when nothing matches)', async () => {
    const minimal = await user.client.from('profiles').update({ surname: 'Byron' }).eq('id', user.id);
    expect(minimal.status).toBe(204);
    const rep = await user.client.from('profiles').update({ first_name: 'Augusta' }).eq('id', user.id).select('first_name, surname');
    expect(rep).toMatchObject({ status: 200, data: [{ first_name: 'Augusta', surname: 'Byron' }] });
    const none = await user.client.from('profiles').update({ first_name: 'X' }).eq('id', '00000000-0000-0000-0000-000000000000').select();
    expect(none).toMatchObject({ status: 200, data: [] });
  });

  it('saves onboarding answers and computes completeness in the database', async () => {
    const { data, error } = await user.client
      .from('business_profiles')
      .update({
        business_name: 'Acme',
        industry: 'Technology',
        problem_solving: 'Slow books',
        goals: ['revenue', 'leads'],
        business_targets: '2x',
        funding_source: 'Bank Loan',
        team_size: '2-5 people',
        key_metrics: ['revenue'],
        current_step: 5,
        node_positions: { slack: { x: 10, y: 20 } },
        ai_features_enabled: false,
      })
      .eq('user_id', user.id)
      .select('completeness, goals, current_step, node_positions, ai_features_enabled')
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({
      completeness: 100,
      goals: ['revenue', 'leads'],
      current_step: 5,
      node_positions: { slack: { x: 10, y: 20 } },
      ai_features_enabled: false,
    });
    const bad = await user.client
      .from('business_profiles')
      .update({ goals: ['world-domination'] })
      .eq('user_id', user.id);
    expect(bad.status).toBe(400);
    expect(bad.error?.code).toBe('23514');
  });

  it('deletes with filters', async () => {
    const { data: idea } = await user.client
      .from('connection_ideas')
      .insert({ from_tool: 'x', to_tool: 'y', idea: 'to delete' })
      .select('id')
      .single();
    const minimal = await user.client.from('connection_ideas').delete().eq('id', idea!.id);
    expect(minimal.status).toBe(204);
    const rep = await user.client.from('connection_ideas').delete().eq('idea', 'Reconcile').select('idea');
    expect(rep).toMatchObject({ status: 200, data: [{ idea: 'Reconcile' }] });
  });

  it('rolls back a write whose single() answer fails', async () => {
    const res = await user.client
      .from('connection_ideas')
      .update({ idea: 'changed' })
      .neq('id', '00000000-0000-0000-0000-000000000000')
      .select()
      .single();
    expect(res.status).toBe(406);
    const { data } = await user.client.from('connection_ideas').select('idea').eq('idea', 'changed');
    expect(data).toEqual([]);
  });
});

describe(`rpc (${SERVICE_DB})`, () => {
  it('calls scalar functions by POST and GET', async () => {
    expect(await user.client.rpc('has_feature', { feature: 'crm' })).toMatchObject({ data: true, status: 200 });
    expect(await user.client.rpc('has_feature', { feature: 'seo' }, { get: true })).toMatchObject({ data: false, status: 200 });
    expect(await user.client.rpc('credit_balance')).toMatchObject({ data: 2007 });
    expect((await user.client.rpc('feature_limit', { feature: 'connect_anything_custom' })).data).toBe(0);
    expect((await user.client.rpc('remaining_usage', { feature: 'website' })).data).toBeNull(); // unlimited
  });

  it('returns sets with select, filters, order and count', async () => {
    const top = await anon.rpc('top_rated_integrations', { p_limit: 3 }).select('id, rating');
    expect(top.error).toBeNull();
    const rows = top.data as unknown as { rating: number }[];
    expect(rows.length).toBe(3);
    expect(rows[0].rating).toBeGreaterThanOrEqual(rows[2].rating);
    const crm = await anon
      .rpc('top_rated_integrations', { p_limit: 100 }, { get: true, count: 'exact' })
      .select('id')
      .eq('category', 'crm')
      .order('id')
      .limit(2);
    expect(crm).toMatchObject({ data: [{ id: 'attio' }, { id: 'close' }], status: 206 });
    expect(crm.count).toBeGreaterThan(2);
  });

  it('runs GET in a read-only transaction (writes answer 405)', async () => {
    const res = await anon.rpc('join_waitlist', { p_name: 'Read', p_email: 'read-only@example.com' }, { get: true });
    expect(res).toMatchObject({ status: 405, error: { code: '25006' } });
  });

  it('reports unknown functions and arguments as PGRST202', async () => {
    const missing = await anon.rpc('no_such_function');
    expect(missing).toMatchObject({ status: 404, error: { code: 'PGRST202' } });
    const wrongArgs = await anon.rpc('has_feature', { nope: 1 });
    expect(wrongArgs).toMatchObject({ status: 404, error: { code: 'PGRST202' } });
  });
});

describe(`errors (${SERVICE_DB})`, () => {
  it('maps database errors to PostgREST statuses', async () => {
    const dup = await service
      .from('integrations')
      .insert({ id: 'slack', name: 'x', description: 'x', category: 'ai', icon: 'x', rating: 1, actions: ['a', 'b', 'c', 'd'] });
    expect(dup).toMatchObject({ status: 409, error: { code: '23505' } });
    const badUuid = await user.client.from('profiles').select('id').eq('id', 'not-a-uuid');
    expect(badUuid).toMatchObject({ status: 400, error: { code: '22P02' } });
    const notNull = await service
      .from('integrations')
      .insert({ id: 'nameless', description: 'x', category: 'ai', icon: 'x', rating: 1, actions: ['a', 'b', 'c', 'd'] });
    expect(notNull).toMatchObject({ status: 400, error: { code: '23502' } });
  });

  it('checks tables, columns and syntax before running SQL', async () => {
    expect(await anon.from('nope').select()).toMatchObject({ status: 404, error: { code: 'PGRST205' } });
    expect(await anon.from('plans').select('nope')).toMatchObject({
      status: 400,
      error: { code: '42703', message: 'column plans.nope does not exist' },
    });
    expect(await service.from('plans').insert({ nope: 1 })).toMatchObject({ status: 400, error: { code: 'PGRST204' } });
    const res = await rest('/plans?id=noop.basic');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'PGRST100', hint: null });
    expect((await rest('/plans?select=id,', {})).status).toBe(400);
    expect((await rest('/pg_catalog.pg_roles')).status).toBe(404);
    const auth = await rest('/users', { headers: { 'Accept-Profile': 'auth' } });
    expect(auth.status).toBe(406);
    expect(await auth.json()).toMatchObject({ code: 'PGRST106', message: 'Invalid schema: auth' });
    expect((await rest('/plans', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{oops' })).status).toBe(400);
  });

  it('rejects bad, expired and foreign tokens with 401', async () => {
    const bad = await rest('/plans', { headers: { Authorization: 'Bearer not.a.jwt' } });
    expect(bad.status).toBe(401);
    expect(await bad.json()).toMatchObject({ code: 'PGRST301' });
    const expired = await signAccessToken(t, { sub: user.id }, -60);
    const res = await rest('/plans', { headers: { Authorization: `Bearer ${expired}` } });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'PGRST303', message: 'JWT expired' });
    const superuser = await signAccessToken(t, { sub: user.id, role: 'postgres' });
    expect((await rest('/plans', { headers: { Authorization: `Bearer ${superuser}` } })).status).toBe(401);
  });

  it('refuses a body over the size limit', async () => {
    const res = await rest('/analytics_events', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ event_type: 'x', event_data: { pad: 'x'.repeat(1_100_000) } }),
    });
    expect(res.status).toBe(413);
  });
});
