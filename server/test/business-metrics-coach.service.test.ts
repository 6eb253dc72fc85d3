import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { periodStart } from '@app/shared';
import { startFakeOpenAI, type FakeProvider } from '../../e2e/support/fake-openai.js';
import { startTestServer, type TestServer } from './harness.js';
import { createTestUser, type TestUser } from './tokens.js';

/** Issue 42 item 5: the coach's prompt carries the latest figures, checked on the provider stand-in's request body. */
let t: TestServer;
let openai: FakeProvider;

beforeAll(async () => {
  openai = await startFakeOpenAI();
  t = await startTestServer({ AI_PROVIDER: 'openai-compatible', AI_BASE_URL: openai.baseURL, AI_MODEL: 'coach-small' });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await openai?.close();
}, 60_000);

const monthsBack = (n: number) => {
  const d = new Date();
  return periodStart('month', new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - n, 1)));
};
const monthName = (d: string) =>
  new Date(`${d}T00:00:00Z`).toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

async function ask(u: TestUser, message: string) {
  const res = await fetch(`${t.url}/functions/v1/coach`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${u.token}` },
    body: JSON.stringify({ message, door: 'panel' }),
  });
  expect(res.status).toBe(200);
  await res.text();
  const msgs = openai.requests().at(-1)!.body.messages as { role: string; content: unknown }[];
  return JSON.stringify(msgs.filter((m) => m.role === 'system'));
}

describe('coach: the business numbers in the prompt', () => {
  it('carries the latest revenue and its change, and only the caller’s figures', async () => {
    const u = await createTestUser(t);
    const other = await createTestUser(t);
    expect(
      (
        await u.client
          .from('business_profiles')
          .update({ key_metrics: ['revenue', 'cashflow'] })
          .eq('user_id', u.id)
      ).error,
    ).toBeNull();
    const rows = [
      { metric_id: 'revenue', period: 'month', period_start: monthsBack(2), value: 12217.39 },
      { metric_id: 'revenue', period: 'month', period_start: monthsBack(1), value: 11240 },
    ];
    expect((await u.client.from('metric_values').insert(rows)).error).toBeNull();
    expect(
      (
        await other.client
          .from('metric_values')
          .insert({ metric_id: 'revenue', period: 'month', period_start: monthsBack(1), value: 999999 })
      ).error,
    ).toBeNull();
    openai.script({ text: ['Revenue was £11,240 last month, down 8 %.'] });
    const system = await ask(u, 'How did revenue do last month?');
    expect(system).toContain(`Latest figures: Revenue £11,240 in ${monthName(monthsBack(1))}, down 8 % on the month before (£12,217.39)`);
    expect(system).not.toContain('999,999');
  });

  it('without figures, tells the model to ask for them and offer the entry form', async () => {
    const u = await createTestUser(t);
    openai.script({ text: ['What was your revenue last month?'] });
    const system = await ask(u, 'How did revenue do last month?');
    expect(system).toContain('Latest figures: none entered yet: ask the customer for them and offer the \\"Record your numbers\\" form');
  });

  it('the readMetricSeries tool reads the caller’s series, latest first, without approval', async () => {
    const u = await createTestUser(t);
    const other = await createTestUser(t);
    const rows = [3, 2, 1].map((n, i) => ({ metric_id: 'customers', period: 'month', period_start: monthsBack(n), value: 40 + i }));
    expect((await u.client.from('metric_values').insert(rows)).error).toBeNull();
    expect(
      (await other.client.from('metric_values').insert({ metric_id: 'customers', period: 'month', period_start: monthsBack(4), value: 7 }))
        .error,
    ).toBeNull();
    openai.script(
      { toolCalls: [{ name: 'readMetricSeries', arguments: { metric: 'customers', period: 'month' } }] },
      { text: ['Customers rose to 42.'] },
    );
    const before = openai.requests().length;
    await ask(u, 'How are my customer numbers?');
    const followUp = JSON.stringify(openai.requests()[before + 1]!.body.messages);
    const expected = JSON.stringify({
      metric: 'customers',
      period: 'month',
      values: [
        { periodStart: monthsBack(1), value: 42 },
        { periodStart: monthsBack(2), value: 41 },
        { periodStart: monthsBack(3), value: 40 },
      ],
    });
    // the tool result reaches the model as JSON text inside the follow-up request
    expect(followUp).toContain(JSON.stringify(expected).slice(1, -1));
    expect(followUp).not.toContain(`${monthsBack(4)}`);
  });
});
