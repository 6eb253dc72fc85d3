import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SERVICE_DB, startTestServer, type TestServer } from './harness.js';
import { startReceiver, type Receiver } from './support/webhook-receiver.js';
import { createTestUser, type TestUser } from './tokens.js';

/**
 * Issues 40 and 43 together: a CRM contact added (by any path) and a deal moved to a stage start connections; a
 * connection's steps create or update a contact and log an activity on its timeline, which then says which
 * connection touched it. Real server, real receiver.
 */
let t: TestServer;
let rx: Receiver;
beforeAll(async () => {
  rx = await startReceiver();
  t = await startTestServer({
    CONNECTIONS_ALLOW_PRIVATE_NETWORKS: 'true',
    CONNECTIONS_RETRY_BASE_MS: '50',
    CONNECTIONS_TIMEOUT_SECONDS: '3',
    CONNECTIONS_EVENT_POLL_MS: '100',
    LOG_LEVEL: 'silent',
  });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await rx?.close();
}, 60_000);

const must = <T>(r: { data: T; error: unknown }): NonNullable<T> => {
  expect(r.error).toBeNull();
  return r.data as NonNullable<T>;
};

async function customer(): Promise<TestUser> {
  const u = await createTestUser(t);
  await t.server.ctx.db.query(`update public.subscriptions set plan_id = 'pro' where user_id = $1`, [u.id]);
  return u;
}

async function connect(u: TestUser, trigger: unknown, steps: unknown[]) {
  return must(
    await u.client
      .from('connections')
      .insert({ name: 'CRM to my tools', enabled: true, trigger, steps })
      .select('id, inbound_token')
      .single(),
  ) as { id: string; inbound_token: string };
}

interface Run {
  status: string;
  payload: Record<string, unknown>;
  connection_run_steps: { step_index: number; status: string; error: string | null; response: Record<string, unknown> | null }[];
}
async function finishedRuns(u: TestUser, connectionId: string, n: number): Promise<Run[]> {
  let runs: Run[] = [];
  await vi.waitFor(
    async () => {
      runs = must(
        await u.client
          .from('connection_runs')
          .select('status, payload, connection_run_steps(step_index, status, error, response)')
          .eq('connection_id', connectionId)
          .order('created_at'),
      ) as unknown as Run[];
      expect(runs).toHaveLength(n);
      for (const r of runs) expect(['succeeded', 'failed']).toContain(r.status);
    },
    { timeout: 30_000, interval: 100 },
  );
  for (const r of runs) r.connection_run_steps.sort((a, b) => a.step_index - b.step_index);
  return runs;
}

const received = (path: string) => rx.received.filter((r) => r.path === path).map((r) => JSON.parse(r.body) as { data: unknown });
const hook = (token: string, body: unknown) =>
  fetch(`${t.url}/hooks/v1/${token}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe(`the CRM in connections (${SERVICE_DB})`, () => {
  it('a contact added through /rest/v1 or the import starts a crm_contact_created connection with the contact', async () => {
    const u = await customer();
    const c = await connect(u, { type: 'event', event: 'crm_contact_created' }, [{ type: 'webhook', url: `${rx.url}/contacts-${u.id}` }]);
    const acme = must(await u.client.from('crm_companies').insert({ name: 'Acme' }).select('id').single()) as { id: string };
    must(
      await u.client
        .from('crm_contacts')
        .insert({ name: 'Ann Lee', email: 'Ann@Example.com', company_id: acme.id, source: 'website', tags: ['lead'] }),
    );
    expect(
      (
        await u.client.functions.invoke('crm/import', {
          body: { rows: [{ row: 2, name: 'Bob Roe', email: 'bob@example.com' }], onDuplicate: 'merge' },
        })
      ).error,
    ).toBeNull();
    const runs = await finishedRuns(u, c.id, 2);
    expect(runs.map((r) => r.status)).toEqual(['succeeded', 'succeeded']);
    const sent = received(`/contacts-${u.id}`).map((b) => b.data as { contact: Record<string, unknown> });
    expect(sent.map((d) => d.contact.email).sort()).toEqual(['ann@example.com', 'bob@example.com']);
    expect(sent.find((d) => d.contact.email === 'ann@example.com')!.contact).toMatchObject({
      name: 'Ann Lee',
      company: 'Acme',
      source: 'website',
      tags: ['lead'],
      phone: null,
    });
  });

  it('a deal moved to a stage starts the connections that want that stage, any case, and not a move elsewhere', async () => {
    const u = await customer();
    const won = await connect(u, { type: 'event', event: 'crm_deal_moved', stage: 'won' }, [
      { type: 'webhook', url: `${rx.url}/won-${u.id}` },
    ]);
    const every = await connect(u, { type: 'event', event: 'crm_deal_moved' }, [{ type: 'webhook', url: `${rx.url}/moves-${u.id}` }]);
    const ann = must(await u.client.from('crm_contacts').insert({ name: 'Ann Lee', email: 'ann@example.com' }).select('id').single()) as {
      id: string;
    };
    const deal = must(
      await u.client.from('crm_deals').insert({ title: 'Catering', value: 4800, contact_id: ann.id }).select('id').single(),
    ) as {
      id: string;
    };
    const board = must(await u.client.rpc('crm_board', { p_per_stage: 10 })) as { stages: { id: string; name: string }[] };
    const stage = (name: string) => board.stages.find((s) => s.name === name)!.id;
    must(await u.client.rpc('crm_move_deal', { p_deal: deal.id, p_stage: stage('Proposal'), p_position: 0 }));
    must(await u.client.rpc('crm_move_deal', { p_deal: deal.id, p_stage: stage('Won'), p_position: 0 }));

    await finishedRuns(u, every.id, 2);
    const [run] = await finishedRuns(u, won.id, 1);
    expect(run!.payload).toEqual({
      deal: {
        id: deal.id,
        title: 'Catering',
        value: 4800,
        currency: 'GBP',
        stage: 'Won',
        from_stage: 'Proposal',
        contact: { id: ann.id, name: 'Ann Lee', email: 'ann@example.com' },
      },
    });
    // every move, each its own run (runs are worked in parallel, so they may arrive in either order)
    expect(
      received(`/moves-${u.id}`)
        .map((b) => (b.data as { deal: { stage: string } }).deal.stage)
        .sort(),
    ).toEqual(['Proposal', 'Won']);
  });

  it('steps add a contact, then update it and log an activity; its timeline names the connection; no duplicate', async () => {
    const u = await customer();
    const c = await connect(u, { type: 'webhook' }, [
      {
        type: 'crm_contact',
        email: '{{order.email}}',
        name: '{{order.name}}',
        company: '{{order.company}}',
        source: 'shopify',
        tags: 'customer, {{order.tag}}',
      },
      { type: 'crm_activity', email: '{{order.email}}', kind: 'note', body: 'Ordered {{order.total}}' },
    ]);
    const order = (total: number, tag: string, name = 'Cy Day') => ({
      order: { email: 'CY@example.com', name, company: 'Day & Co', total, tag },
    });
    expect((await hook(c.inbound_token, order(42, 'vip'))).status).toBe(202);
    await finishedRuns(u, c.id, 1);
    expect((await hook(c.inbound_token, order(18, 'repeat', ''))).status).toBe(202);
    const runs = await finishedRuns(u, c.id, 2);
    expect(runs.map((r) => [r.status, r.connection_run_steps.map((s) => s.error)])).toEqual([
      ['succeeded', [null, null]],
      ['succeeded', [null, null]],
    ]);
    expect(runs.map((r) => r.connection_run_steps[0]!.response)).toMatchObject([{ created: true }, { created: false }]);

    const contacts = must(await u.client.from('crm_contacts').select('id, name, email, source, tags, crm_companies(name)')) as unknown as {
      id: string;
      name: string;
      email: string;
      source: string;
      tags: string[];
      crm_companies: { name: string };
    }[];
    expect(contacts).toHaveLength(1);
    // the second order had no name: the update keeps the one there; its tag is added to the contact's own
    expect(contacts[0]).toMatchObject({ name: 'Cy Day', email: 'cy@example.com', source: 'shopify', crm_companies: { name: 'Day & Co' } });
    expect(contacts[0]!.tags).toEqual(['customer', 'vip', 'repeat']);
    const timeline = must(
      await u.client.from('crm_activities').select('kind, body, meta').eq('contact_id', contacts[0]!.id).order('created_at'),
    ) as { kind: string; body: string; meta: Record<string, unknown> }[];
    expect(timeline.map((a) => [a.kind, a.body])).toEqual([
      ['connection_run', 'Added by the connection "CRM to my tools"'],
      ['note', 'Ordered 42'],
      ['connection_run', 'Updated by the connection "CRM to my tools"'],
      ['note', 'Ordered 18'],
    ]);
    expect(timeline[0]!.meta).toMatchObject({ connection_id: c.id, run_id: expect.any(String) });
    // people cannot write that kind themselves
    const forged = await u.client.from('crm_activities').insert({ contact_id: contacts[0]!.id, kind: 'connection_run', body: 'x' });
    expect(forged.error).not.toBeNull();
  });

  it('an activity for an address the CRM does not have fails at once with why; a bad address is refused, not retried', async () => {
    const u = await customer();
    const c = await connect(u, { type: 'webhook' }, [{ type: 'crm_activity', email: '{{email}}', kind: 'call', body: 'Called' }]);
    const d = await connect(u, { type: 'webhook' }, [{ type: 'crm_contact', email: '{{email}}' }]);
    await hook(c.inbound_token, { email: 'nobody@example.com' });
    await hook(d.inbound_token, { email: 'not an address' });
    const [a] = await finishedRuns(u, c.id, 1);
    const [b] = await finishedRuns(u, d.id, 1);
    expect(a!.status).toBe('failed');
    expect(a!.connection_run_steps).toMatchObject([{ status: 'failed', error: 'No CRM contact has the address nobody@example.com' }]);
    expect(b!.connection_run_steps).toMatchObject([
      { status: 'failed', error: 'The e-mail address is empty or not an address for this payload' },
    ]);
  });

  it("another customer's contact is never found or changed by a connection", async () => {
    const [a, b] = await Promise.all([customer(), customer()]);
    must(await b.client.from('crm_contacts').insert({ name: 'Private', email: 'private@example.com' }));
    const c = await connect(a, { type: 'webhook' }, [{ type: 'crm_activity', email: 'private@example.com', kind: 'note', body: 'Peek' }]);
    await hook(c.inbound_token, {});
    const [run] = await finishedRuns(a, c.id, 1);
    expect(run!.status).toBe('failed');
    expect(must(await b.client.from('crm_activities').select('id'))).toEqual([]);
  });
});
