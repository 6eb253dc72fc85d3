import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { periodStart } from '@app/shared';
import { startTestServer, type TestServer } from './harness.js';

/** Issue 42 item 1: metric values and tracked metrics under RLS, validated by the database (migration 0730). */
let t: TestServer;
let n = 0;

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

async function signedUp() {
  const client = t.client();
  const { data, error } = await client.auth.signUp({ email: `bm${++n}-${Date.now()}@example.com`, password: 'correct-horse-battery' });
  expect(error).toBeNull();
  return { client, user: data.user! };
}

const thisMonth = periodStart('month', new Date());

describe('metric_values', () => {
  it('records a figure per period, replaces it on re-entry, and shows it only to its owner', async () => {
    const a = await signedUp();
    const b = await signedUp();
    const row = { metric_id: 'revenue', period: 'month', period_start: thisMonth, value: 11240.5 };
    expect((await a.client.from('metric_values').insert(row)).error).toBeNull();
    // the same period again is a conflict; an upsert on the period replaces the figure
    expect((await a.client.from('metric_values').insert(row)).error?.code).toBe('23505');
    const up = await a.client
      .from('metric_values')
      .upsert({ ...row, value: 12000 }, { onConflict: 'user_id,metric_id,period,period_start' });
    expect(up.error).toBeNull();
    const mine = await a.client.from('metric_values').select('metric_id, value, user_id, source');
    expect(mine.data).toEqual([{ metric_id: 'revenue', value: 12000, user_id: a.user.id, source: 'manual' }]);

    expect((await b.client.from('metric_values').select('*')).data).toEqual([]);
    const forged = await b.client.from('metric_values').insert({ ...row, user_id: a.user.id });
    expect(forged.error?.code).toBe('42501');
    await b.client.from('metric_values').delete().eq('metric_id', 'revenue');
    await b.client.from('metric_values').update({ value: 1 }).eq('metric_id', 'revenue');
    expect((await a.client.from('metric_values').select('value')).data).toEqual([{ value: 12000 }]);
    expect((await t.client().from('metric_values').insert(row)).error?.code).toBe('42501');
  });

  it('refuses unknown metrics, values out of range for the unit, misaligned and far-future periods', async () => {
    const a = await signedUp();
    const base = { metric_id: 'revenue', period: 'month', period_start: thisMonth, value: 1 };
    const refused = async (row: Record<string, unknown>) => (await a.client.from('metric_values').insert(row)).error?.code;
    expect(await refused({ ...base, metric_id: 'happiness' })).toBe('23514');
    expect(await refused({ ...base, value: 'NaN' })).toBe('23514');
    expect(await refused({ ...base, value: 'Infinity' })).toBe('23514');
    expect(await refused({ ...base, value: 2e12 })).toBe('23514');
    expect(await refused({ ...base, metric_id: 'conversion', value: 100.5 })).toBe('23514');
    expect(await refused({ ...base, metric_id: 'customers', value: 2.5 })).toBe('23514');
    expect(await refused({ ...base, metric_id: 'customers', value: -3 })).toBe('23514');
    expect(await refused({ ...base, period: 'week', period_start: '2026-07-01' })).toBe('23514');
    expect(await refused({ ...base, period: 'year' })).toBe('23514');
    expect(await refused({ ...base, period_start: '2999-01-01' })).toBe('23514');
    expect((await a.client.from('metric_values').select('id')).data).toEqual([]);
    // the edges are accepted
    expect((await a.client.from('metric_values').insert({ ...base, metric_id: 'profit', value: -1e12 })).error).toBeNull();
    expect((await a.client.from('metric_values').insert({ ...base, metric_id: 'retention', value: 100 })).error).toBeNull();
    expect((await a.client.from('metric_values').insert({ ...base, metric_id: 'leads', value: 0 })).error).toBeNull();
  });
});

describe('tracked_metrics', () => {
  it('adds a metric with a target for its owner only, validating the target by unit', async () => {
    const a = await signedUp();
    const b = await signedUp();
    expect((await a.client.from('tracked_metrics').insert({ metric_id: 'leads', target: 40 })).error).toBeNull();
    expect((await a.client.from('tracked_metrics').insert({ metric_id: 'conversion', target: 140 })).error?.code).toBe('23514');
    expect((await a.client.from('tracked_metrics').insert({ metric_id: 'nope' })).error?.code).toBe('23514');
    expect((await a.client.from('tracked_metrics').select('metric_id, target')).data).toEqual([{ metric_id: 'leads', target: 40 }]);
    expect((await b.client.from('tracked_metrics').select('*')).data).toEqual([]);
  });

  it('keeps the account currency on the profile, GBP or USD', async () => {
    const a = await signedUp();
    const p = await a.client.from('business_profiles').select('currency').single();
    expect(p.data).toEqual({ currency: 'GBP' });
    expect((await a.client.from('business_profiles').update({ currency: 'USD' }).eq('user_id', a.user.id)).error).toBeNull();
    expect((await a.client.from('business_profiles').update({ currency: 'EUR' }).eq('user_id', a.user.id)).error?.code).toBe('23514');
  });
});
