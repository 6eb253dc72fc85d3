import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from './smtp-sink.js';
import { startTestServer, type TestServer } from './harness.js';
import { createTestUser, serviceClient, type TestUser } from './tokens.js';

/**
 * Issue 41, the operator path without Stripe: a customer's request reaches the inbox with who sent it; the operator
 * sets the plan, extends the trial or grants credits with a reason; the customer's plan and balance change at once,
 * a ledger row and an audit row exist, and the customer is mailed (the SMTP stand-in).
 */
let t: TestServer;
let sink: SmtpSink;
let admin: TestUser;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await startTestServer({ SMTP_URL: sink.url, BRAND_NAME: 'Test Brand' });
  admin = await createTestUser(t, { admin: true });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await sink?.close();
}, 60_000);

const adminApi = (path: string, body?: unknown, as: TestUser = admin) =>
  fetch(`${t.url}/api/admin/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${as.token}` },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });

async function audits(userId: string, event: string) {
  const { rows } = await t.server.ctx.db.query<{ details: Record<string, unknown> }>(
    `select event_details as details from public.security_audit_log where event_type = $1 and event_details ->> 'user_id' = $2`,
    [event, userId],
  );
  return rows;
}

describe('operators set plans and grant credits without Stripe', () => {
  it('request → inbox with the requester → set Pro → plan, balance, ledger, audit and mail', async () => {
    const u = await createTestUser(t, { meta: { first_name: 'Grace', surname: 'Hopper' } });
    const { error } = await u.client.from('plan_requests').insert({ kind: 'upgrade', plan_id: 'pro', detail: 'Pro please' });
    expect(error).toBeNull();
    const inbox = await adminApi('requests?kind=plan_request');
    expect(inbox.status).toBe(200);
    const { requests } = (await inbox.json()) as { requests: Array<Record<string, unknown>> };
    expect(requests.every((r) => r.kind === 'plan_request')).toBe(true);
    const mine = requests.find((r) => r.user_id === u.id);
    expect(mine).toMatchObject({
      kind: 'plan_request',
      request_kind: 'upgrade',
      title: 'pro',
      body: 'Pro please',
      status: 'new',
      name: 'Grace Hopper',
      email: u.email,
    });

    const res = await adminApi(`users/${u.id}/plan`, { plan_id: 'pro', reason: 'Paid by bank transfer' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ plan_id: 'pro', credits: 5000 });
    const { data: plan } = await u.client.rpc('current_plan_id');
    expect(plan).toBe('pro');
    const { data: balance } = await u.client.rpc('credit_balance');
    expect(balance).toBe(5000);
    const { data: rows } = await serviceClient(t).from('credit_ledger').select('delta, reason').eq('user_id', u.id).order('id');
    expect(rows!.at(-1)).toEqual({ delta: 5000, reason: 'monthly_grant' });
    expect(await audits(u.id, 'billing.plan_set')).toEqual([
      { details: expect.objectContaining({ plan_id: 'pro', credits: 5000, reason: 'Paid by bank transfer', admin_email: admin.email }) },
    ]);
    const mail = await sink.waitFor(u.email);
    expect(mail.subject).toBe('Your plan is now Pro');
    expect(mail.text).toContain('Paid by bank transfer');
  });

  it('the inbox names who sent each kind of request; a handled one leaves the new list; bad filters are 400', async () => {
    const u = await createTestUser(t, { meta: { first_name: 'Ada', surname: 'Lovelace' } });
    const topUp = await u.client.from('plan_requests').insert({ kind: 'top_up', detail: '5000 credits' }).select('id').single();
    expect(topUp.error).toBeNull();
    const asked = await u.client
      .from('integration_requests')
      .insert({ service_name: 'Acme CRM', description: 'Sync contacts', use_case: 'Leads', contact_email: 'ops@acme.test' });
    expect(asked.error).toBeNull();
    const list = async (q: string) =>
      ((await (await adminApi(`requests?${q}`)).json()) as { requests: Array<Record<string, unknown>> }).requests;
    expect((await list('kind=integration_request')).find((r) => r.user_id === u.id)).toMatchObject({
      title: 'Acme CRM',
      body: 'Sync contacts',
      extra: 'Leads',
      contact_email: 'ops@acme.test',
      name: 'Ada Lovelace',
      email: u.email,
    });
    // without a kind: every kind together, newest first
    const all = (await list('')).filter((r) => r.user_id === u.id);
    expect(all.map((r) => r.kind)).toEqual(['integration_request', 'plan_request']);

    const newCount = async () => ((await admin.client.rpc('admin_overview')).data as { new_plan_requests: number }).new_plan_requests;
    const before = await newCount();
    expect(before).toBeGreaterThanOrEqual(1);
    const handled = await admin.client.rpc('mark_inbox_item_handled', { p_kind: 'plan_request', p_id: topUp.data!.id, p_handled: true });
    expect(handled.error).toBeNull();
    expect(handled.data).toBe(true);
    expect((await list('kind=plan_request')).some((r) => r.id === topUp.data!.id)).toBe(false);
    expect(await newCount()).toBe(before - 1);
    expect((await list('kind=plan_request&handled=1')).find((r) => r.id === topUp.data!.id)).toMatchObject({ status: 'handled' });
    // a customer cannot mark their own request handled
    expect(
      (await u.client.rpc('mark_inbox_item_handled', { p_kind: 'plan_request', p_id: topUp.data!.id, p_handled: false })).error,
    ).not.toBeNull();
    expect((await adminApi('requests?kind=contact_message')).status).toBe(400);
    expect((await adminApi('requests', undefined, u)).status).toBe(403);
  });

  it("The Brain's credits: this month's grant apart from top-ups, used first, and never below zero", async () => {
    const u = await createTestUser(t);
    const summary = async () => (await u.client.rpc('credit_summary')).data as Record<string, unknown>;
    expect(await summary()).toMatchObject({
      balance: 2000,
      monthly_granted: 2000,
      monthly_left: 2000,
      extra_left: 0,
      cancel_at_period_end: false,
      paid_online: false,
    });
    expect(typeof (await summary()).period_end).toBe('string');
    expect((await adminApi(`users/${u.id}/credits`, { credits: 500, reason: 'Goodwill after an outage' })).status).toBe(200);
    const ledger = serviceClient(t).from('credit_ledger');
    expect((await ledger.insert({ user_id: u.id, delta: -300, reason: 'coach' })).error).toBeNull();
    expect(await summary()).toMatchObject({ balance: 2200, monthly_left: 1700, extra_left: 500 });
    // spending past the monthly grant draws on the top-up
    expect((await serviceClient(t).from('credit_ledger').insert({ user_id: u.id, delta: -1900, reason: 'coach' })).error).toBeNull();
    expect(await summary()).toMatchObject({ balance: 300, monthly_left: 0, extra_left: 300 });
    // an old overdraft (before reservations) reads as 0, not a negative number
    expect((await serviceClient(t).from('credit_ledger').insert({ user_id: u.id, delta: -500, reason: 'coach' })).error).toBeNull();
    expect(await summary()).toMatchObject({ balance: 0, monthly_left: 0, extra_left: 0 });
    expect((await u.client.rpc('credit_balance')).data).toBe(-200);
  });

  it('grant credits and extend a trial, each with a reason, audited and mailed', async () => {
    const u = await createTestUser(t);
    const { data: before } = await u.client.rpc('credit_balance');
    const res = await adminApi(`users/${u.id}/credits`, { credits: 1000, reason: 'Goodwill after an outage' });
    expect(res.status).toBe(200);
    const { data: after } = await u.client.rpc('credit_balance');
    expect(after).toBe((before as number) + 1000);
    expect(await audits(u.id, 'billing.credits_granted')).toHaveLength(1);
    expect((await sink.waitFor(u.email)).subject).toBe('Credits added to your account');

    const { data: sub0 } = await serviceClient(t).from('subscriptions').select('trial_ends_at').eq('user_id', u.id).single();
    const trial = await adminApi(`users/${u.id}/trial`, { days: 7, reason: 'Needs another week' });
    expect(trial.status).toBe(200);
    const { data: sub1 } = await serviceClient(t).from('subscriptions').select('trial_ends_at, status').eq('user_id', u.id).single();
    expect(new Date(sub1!.trial_ends_at as string).getTime() - new Date(sub0!.trial_ends_at as string).getTime()).toBe(7 * 86400_000);
    expect(sub1!.status).toBe('trialing');
    expect(await audits(u.id, 'billing.trial_extended')).toHaveLength(1);
    expect((await sink.waitFor(u.email)).subject).toBe('Your trial has been extended');
  });

  it('a trial that ended is live again after an extension', async () => {
    const u = await createTestUser(t);
    await serviceClient(t)
      .from('subscriptions')
      .update({ trial_ends_at: new Date(Date.now() - 86400_000).toISOString() })
      .eq('user_id', u.id);
    expect((await u.client.rpc('current_plan_id')).data).toBeNull();
    expect((await adminApi(`users/${u.id}/trial`, { days: 3, reason: 'Second look' })).status).toBe(200);
    expect((await u.client.rpc('current_plan_id')).data).toBe('basic');
  });

  it('refused without a reason, with bad amounts, for unknown users, and for non-admins', async () => {
    const u = await createTestUser(t);
    expect((await adminApi(`users/${u.id}/credits`, { credits: 100 })).status).toBe(400);
    expect((await adminApi(`users/${u.id}/credits`, { credits: -5, reason: 'Take some away' })).status).toBe(400);
    expect((await adminApi(`users/${u.id}/plan`, { plan_id: 'platinum', reason: 'Because' })).status).toBe(400);
    expect((await adminApi(`users/00000000-0000-4000-8000-000000000000/credits`, { credits: 5, reason: 'Nobody' })).status).toBe(404);
    expect((await adminApi(`users/${u.id}/credits`, { credits: 5, reason: 'Myself' }, u)).status).toBe(403);
    const { data: rows } = await serviceClient(t).from('credit_ledger').select('reason').eq('user_id', u.id);
    expect(rows).toEqual([{ reason: 'trial_grant' }]);
  });
});
