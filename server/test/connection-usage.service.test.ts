import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_DB, startTestServer, type TestServer } from './harness.js';
import { anonClient, createTestUser, type TestUser } from './tokens.js';
import { startReceiver, type Receiver } from './support/webhook-receiver.js';

/**
 * Issue 40, the Connections screen's "N of LIMIT runs this month": public.connection_runs_this_month() (migration
 * 0795) gives the caller the month's counter the limit is enforced on, their own only.
 */
let t: TestServer;
let rx: Receiver;
beforeAll(async () => {
  t = await startTestServer({ CONNECTIONS_ALLOW_PRIVATE_NETWORKS: 'true', LOG_LEVEL: 'silent' });
  rx = await startReceiver();
}, 60_000);
afterAll(async () => {
  await rx?.close();
  await t?.close();
}, 60_000);

async function proCustomer(): Promise<TestUser> {
  const u = await createTestUser(t);
  await t.server.ctx.db.query(`update public.subscriptions set plan_id = 'pro' where user_id = $1`, [u.id]);
  return u;
}

const usage = async (u: TestUser) => {
  const { data, error } = await u.client.rpc('connection_runs_this_month');
  expect(error).toBeNull();
  return data;
};

describe(`the month's connection runs (${SERVICE_DB})`, () => {
  it('counts accepted trigger runs, not tests, for the caller only; a deleted connection still counts', async () => {
    const a = await proCustomer();
    const b = await proCustomer();
    expect(await usage(a)).toBe(0);
    const { data: conn } = await a.client
      .from('connections')
      .insert({ name: 'Counted', enabled: true, steps: [{ type: 'webhook', url: `${rx.url}/in` }] })
      .select('id, inbound_token')
      .single();
    for (const n of [1, 2]) {
      const res = await fetch(`${t.url}/hooks/v1/${conn!.inbound_token}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ n }),
      });
      expect(res.status).toBe(202);
    }
    const test = await a.client.functions.invoke('connections/test', { body: { connection_id: conn!.id, payload: { sample: true } } });
    expect(test.error).toBeNull();
    expect(await usage(a)).toBe(2);
    expect(await usage(b)).toBe(0);

    // deleting the connection deletes its runs, but not what the month has used
    expect((await a.client.from('connections').delete().eq('id', conn!.id)).error).toBeNull();
    expect(await usage(a)).toBe(2);

    // last month's counter is not this month's
    await t.server.ctx.db.query(
      `insert into internal.connection_run_usage (user_id, month, runs) values ($1, (date_trunc('month', now() at time zone 'UTC') - interval '1 month')::date, 40)`,
      [b.id],
    );
    expect(await usage(b)).toBe(0);
  });

  it('is not for visitors', async () => {
    const { error } = await anonClient(t).rpc('connection_runs_this_month');
    expect(error).not.toBeNull();
  });
});
