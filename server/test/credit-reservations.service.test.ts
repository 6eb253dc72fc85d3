import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeProvider } from '../../e2e/support/fake-openai.js';
import { startTestServer, type TestServer } from './harness.js';
import { createTestUser, serviceClient, type TestUser } from './tokens.js';

/**
 * Issue 41: credits never go below zero. Replies reserve their estimate under the per-user lock before the
 * provider is called and settle after (migration 0720, server/src/billing/credit-reservations.ts).
 */
let t: TestServer;
let openai: FakeProvider;

beforeAll(async () => {
  openai = await startFakeOpenAI();
  t = await startTestServer({
    AI_PROVIDER: 'openai-compatible',
    AI_BASE_URL: openai.baseURL,
    AI_MODEL: 'coach-small',
    AI_MODEL_ENHANCED: 'coach-large',
    COACH_RATE_LIMIT_PER_HOUR: '200',
  });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await openai?.close();
}, 60_000);
beforeEach(() => openai.reset());

const post = (u: TestUser, message: string) =>
  fetch(`${t.url}/functions/v1/coach`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${u.token}` },
    body: JSON.stringify({ message }),
  });

/** A fresh customer whose balance is `balance` credits. */
async function userWithBalance(balance: number): Promise<TestUser> {
  const u = await createTestUser(t);
  const { data: start } = await u.client.rpc('credit_balance');
  const { error } = await serviceClient(t)
    .from('credit_ledger')
    .insert({ user_id: u.id, delta: balance - (start as number), reason: 'test_spend' });
  expect(error).toBeNull();
  return u;
}

async function ledger(u: TestUser) {
  const { data } = await serviceClient(t).from('credit_ledger').select('delta, reason').eq('user_id', u.id).eq('reason', 'coach');
  const { data: balance } = await u.client.rpc('credit_balance');
  const { count } = await serviceClient(t).from('credit_reservations').select('id', { count: 'exact', head: true }).eq('user_id', u.id);
  return { charges: data!, balance: balance as number, reservations: count };
}

describe('credits never go below zero', () => {
  it('50 parallel coach requests at a balance of 1: at most one reply, the balance ends at 0, not below', async () => {
    const u = await userWithBalance(1);
    // Each reply would cost more than the balance (5,000 tokens ≈ 5 credits).
    openai.script(
      ...Array.from({ length: 50 }, () => ({ text: 'An answer.', chunkDelayMs: 5, usage: { inputTokens: 4000, outputTokens: 1000 } })),
    );
    const responses = await Promise.all(Array.from({ length: 50 }, (_, i) => post(u, `Question ${i}`)));
    const bodies = await Promise.all(responses.map((r) => r.text()));
    const ok = responses.filter((r) => r.status === 200);
    expect(ok.length).toBeLessThanOrEqual(1);
    expect(responses.filter((r) => r.status === 402)).toHaveLength(50 - ok.length);
    for (const [i, r] of responses.entries())
      if (r.status === 402) expect(JSON.parse(bodies[i]!)).toMatchObject({ code: 'out_of_credits' });
    expect(openai.requests().length).toBe(ok.length);
    const after = await ledger(u);
    expect(after.balance).toBe(0);
    // The one reply is charged what was left (1), not its full cost; its reservation is gone.
    expect(after.charges).toEqual(ok.length ? [{ delta: -1, reason: 'coach' }] : []);
    expect(after.reservations).toBe(0);
  });

  it('an empty reply (the provider answered nothing) is not charged and releases its reservation', async () => {
    const u = await userWithBalance(1);
    openai.script({ status: 500, error: 'overloaded' });
    const res = await post(u, 'Hello?');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('provider_error');
    const after = await ledger(u);
    expect(after).toEqual({ charges: [], balance: 1, reservations: 0 });
    // The credit is free again: the next question is answered.
    openai.script({ text: 'Now it works.', usage: { inputTokens: 10, outputTokens: 5 } });
    const again = await post(u, 'Hello again?');
    expect(again.status).toBe(200);
    expect(await again.text()).toContain('"balance":0');
    expect((await ledger(u)).balance).toBe(0);
  });

  it('a reply cheaper than its reservation is charged its cost, and the rest is free again', async () => {
    const u = await userWithBalance(100);
    openai.script({ text: 'Short.', usage: { inputTokens: 500, outputTokens: 100 } });
    const res = await post(u, 'Short question');
    expect(res.status).toBe(200);
    await res.text();
    const after = await ledger(u);
    expect(after.charges).toEqual([{ delta: -1, reason: 'coach' }]);
    expect(after.balance).toBe(99);
    expect(after.reservations).toBe(0);
  });
});
