import ICAL from 'ical.js';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { periodStart, type PlanEdit } from '@app/shared';
import { startTestServer, type TestServer } from './harness.js';
import { createTestUser, type TestUser } from './tokens.js';

/**
 * "Download my data" (issue 42) through the real server: POST /functions/v1/data-export answers the signed-in
 * customer's own profile, metrics, plan and conversations as one zip, read under their RLS; nobody else's rows,
 * nothing without a live session, and a few exports an hour.
 */
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
}, 60_000);
afterAll(() => t?.close(), 60_000);

const exportOf = (token?: string) =>
  fetch(`${t.url}/functions/v1/data-export`, {
    method: 'POST',
    headers: { apikey: t.anonKey, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  });

async function zipOf(u: TestUser): Promise<Record<string, string>> {
  const res = await exportOf(u.token);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/zip');
  expect(res.headers.get('cache-control')).toBe('no-store');
  const today = new Date().toISOString().slice(0, 10);
  expect(res.headers.get('content-disposition')).toBe(`attachment; filename="vibe-business-coach-data-${today}.zip"`);
  const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
  return Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, strFromU8(bytes)]));
}

const plan = (who: string): PlanEdit => ({
  op: 'createPlan',
  title: `${who}: first 90 days`,
  phases: [
    {
      name: 'Foundations',
      tasks: [{ title: `${who} writes the brand story`, notes: 'Two ovens, one "harbour"' }, { title: '=HYPERLINK("x")' }],
    },
    { name: 'Momentum', tasks: [{ title: `${who} launches the loyalty card` }] },
  ],
});

/** A customer with a name, a business profile, figures, a tracked metric, a plan and a conversation, all marked `who`. */
/**
 * The other customers' revenue: a figure that no port, date or id in Ada's archive can contain by chance (999 was
 * found in a server URL on port 38999).
 */
const OTHERS_REVENUE = 8_642_097.31;

async function customerWithData(who: string, opts: { admin?: boolean } = {}): Promise<TestUser> {
  const u = await createTestUser(t, opts);
  expect((await u.client.from('profiles').upsert({ id: u.id, first_name: who, surname: `${who}son` })).error).toBeNull();
  const bp = await u.client.from('business_profiles').upsert({
    user_id: u.id,
    business_name: `${who} Bakes`,
    target_audience: `${who}'s neighbours`,
    goals: ['revenue'],
    key_metrics: ['revenue', 'profit'],
  });
  expect(bp.error).toBeNull();
  const month = periodStart('month', new Date());
  const ins = await u.client.from('metric_values').insert([
    { metric_id: 'revenue', period: 'month', period_start: month, value: who === 'Ada' ? 11240.5 : OTHERS_REVENUE, source: 'manual' },
    { metric_id: 'profit', period: 'month', period_start: month, value: -1250, source: 'manual' },
    { metric_id: 'customers', period: 'week', period_start: periodStart('week', new Date()), value: 42, source: 'csv' },
  ]);
  expect(ins.error).toBeNull();
  expect((await u.client.from('tracked_metrics').insert({ metric_id: 'leads', target: 40 })).error).toBeNull();
  const res = await fetch(`${t.url}/functions/v1/plan/edits`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${u.token}`, apikey: t.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ edits: [plan(who)] }),
  });
  expect(res.status).toBe(200);
  // conversations are written by the server only (0400)
  const db = t.server.ctx.db;
  const conv = await db.query<{ id: string }>(
    `insert into public.coach_conversations (user_id, title, created_at) values ($1, $2, '2026-03-02T09:30:00Z') returning id`,
    [u.id, `How did ${who}'s revenue do?`],
  );
  const cid = conv.rows[0]!.id;
  await db.query(
    `insert into public.coach_messages (conversation_id, user_id, role, parts, created_at) values
       ($1, $2, 'user', $3::jsonb, '2026-03-02T09:30:00Z'), ($1, $2, 'assistant', $4::jsonb, '2026-03-02T09:30:05Z')`,
    [
      cid,
      u.id,
      JSON.stringify([{ type: 'text', text: 'How did revenue do last month?' }]),
      JSON.stringify([
        { type: 'tool-readMetric', toolCallId: 't1', state: 'output-available', input: { metric: 'revenue' }, output: {} },
        { type: 'text', text: `${who}: revenue £11,240 last month, down 8 %.` },
        { type: 'data-usage', data: { credits: 1 } },
      ]),
    ],
  );
  return u;
}

describe('data export', () => {
  it("holds the customer's profile, metrics, plan and conversations, and nothing of anyone else's", async () => {
    const ada = await customerWithData('Ada');
    const bob = await customerWithData('Bob');
    // an admin may read every profile row (0011): their own export is still only theirs
    const cy = await customerWithData('Cy', { admin: true });
    const files = await zipOf(ada);

    const names = Object.keys(files);
    expect(names.slice(0, 6)).toEqual([
      'README.txt',
      'profile.json',
      'profile.txt',
      'metrics.csv',
      'plan/90-day-plan.csv',
      'plan/90-day-plan.ics',
    ]);
    expect(names.slice(6)).toEqual([expect.stringMatching(/^conversations\/2026-03-02-how-did-ada-s-revenue-do-[0-9a-f]{8}\.md$/)]);

    const profile = JSON.parse(files['profile.json']!);
    expect(profile.account).toMatchObject({ id: ada.id, email: ada.email });
    expect(profile.profile).toMatchObject({ first_name: 'Ada', surname: 'Adason', plan_reminders: true });
    expect(profile.business_profile).toMatchObject({ business_name: 'Ada Bakes', target_audience: "Ada's neighbours", goals: ['revenue'] });
    expect(profile.tracked_metrics).toEqual([expect.objectContaining({ metric_id: 'leads', target: 40 })]);
    expect(files['profile.txt']).toContain('Business name: Ada Bakes');
    expect(files['profile.txt']).toContain('Goals: Increase Revenue');
    expect(files['profile.txt']).toContain(`E-mail: ${ada.email}`);

    const month = periodStart('month', new Date());
    const week = periodStart('week', new Date());
    expect(files['metrics.csv']!.split('\r\n')).toEqual([
      'metric,period,period_start,value,source',
      `customers,week,${week},42,csv`,
      `profit,month,${month},-1250,manual`,
      `revenue,month,${month},11240.5,manual`,
      '',
    ]);

    const planRows = files['plan/90-day-plan.csv']!.split('\r\n');
    expect(planRows[0]).toBe('phase,phase_name,phase_start,phase_end,position,task,notes,owner,due_date,status,done_at');
    expect(planRows[1]).toMatch(
      /^1,Foundations,\d{4}-\d{2}-\d{2},\d{4}-\d{2}-\d{2},1,Ada writes the brand story,"Two ovens, one ""harbour""",,\d{4}-\d{2}-\d{2},todo,$/,
    );
    expect(planRows[2]).toMatch(/^1,Foundations,.*,2,"'=HYPERLINK\(""x""\)",,,\d{4}-\d{2}-\d{2},todo,$/);
    expect(planRows[3]).toMatch(/^2,Momentum,.*,Ada launches the loyalty card,/);
    const cal = new ICAL.Component(ICAL.parse(files['plan/90-day-plan.ics']!));
    expect(
      cal
        .getAllSubcomponents('vevent')
        .map((e) => new ICAL.Event(e).summary)
        .sort(),
    ).toEqual(['=HYPERLINK("x")', 'Ada launches the loyalty card', 'Ada writes the brand story']);

    const md = files[names[6]!]!;
    expect(md).toContain("# How did Ada's revenue do?");
    expect(md).toContain('## You, 2026-03-02 09:30 UTC\n\nHow did revenue do last month?');
    expect(md).toContain('## Coach, 2026-03-02 09:30 UTC\n\nAda: revenue £11,240 last month, down 8 %.\n\n_The coach used: readMetric._');

    const readme = files['README.txt']!;
    for (const name of names.filter((n) => !n.startsWith('conversations/'))) expect(readme).toContain(name);
    expect(readme).toContain('conversations/');
    expect(readme).toContain('right to data portability');

    // nobody else's rows anywhere in the archive
    const all = Object.values(files).join('\n');
    for (const other of [bob, cy]) expect(all).not.toContain(other.id);
    for (const word of ['Bob', 'Cy Bakes', 'Cyson', String(OTHERS_REVENUE)]) expect(all).not.toContain(word);

    // and the admin's own export holds the admin's rows only
    const cyFiles = await zipOf(cy);
    const cyAll = Object.values(cyFiles).join('\n');
    expect(JSON.parse(cyFiles['profile.json']!).profile.first_name).toBe('Cy');
    for (const word of ['Ada', 'Bob', ada.id, bob.id]) expect(cyAll).not.toContain(word);
  });

  it('a customer with nothing yet gets the profile, an empty metrics.csv and a README saying what is missing', async () => {
    const u = await createTestUser(t);
    const files = await zipOf(u);
    expect(Object.keys(files)).toEqual(['README.txt', 'profile.json', 'profile.txt', 'metrics.csv']);
    expect(files['metrics.csv']).toBe('metric,period,period_start,value,source\r\n');
    expect(files['README.txt']).toContain('You have no 90-day plan yet');
    expect(files['README.txt']).toContain('You have no conversations with the coach yet');
  });

  it("the CRM comes out as crm/*.csv, the customer's own records only; an empty CRM adds no folder", async () => {
    const [ada, bob] = await Promise.all([createTestUser(t), createTestUser(t)]);
    const must = <T>(r: { data: T; error: unknown }) => {
      expect(r.error).toBeNull();
      return r.data as NonNullable<T>;
    };
    const ann = must(
      await ada.client
        .from('crm_contacts')
        .insert({ name: 'Ann Lee', email: 'ann@example.com', tags: ['vip', 'fair'] })
        .select('id')
        .single(),
    ) as { id: string };
    must(await ada.client.from('crm_deals').insert({ title: 'Catering', value: 4800, contact_id: ann.id }));
    must(await ada.client.from('crm_activities').insert({ contact_id: ann.id, kind: 'call', body: '=Called about the order' }));
    must(await ada.client.from('crm_tasks').insert({ title: 'Send the price list', due_date: '2026-12-04', contact_id: ann.id }));
    must(await bob.client.from('crm_contacts').insert({ name: 'Bob Private', email: 'private@example.com' }));

    const files = await zipOf(ada);
    expect(Object.keys(files).filter((n) => n.startsWith('crm/'))).toEqual([
      'crm/contacts.csv',
      'crm/deals.csv',
      'crm/activities.csv',
      'crm/tasks.csv',
    ]);
    expect(files['crm/contacts.csv']).toContain('Ann Lee,ann@example.com,,,,vip; fair');
    expect(files['crm/deals.csv']!.split('\r\n')[1]).toMatch(/^Catering,4800\.00,GBP,Lead,Ann Lee,,,,/);
    expect(files['crm/activities.csv']).toContain(",call,Ann Lee,,'=Called about the order");
    expect(files['crm/tasks.csv']!.split('\r\n')[1]).toBe('Send the price list,2026-12-04,Ann Lee,,');
    expect(files['README.txt']).toContain(
      'crm/\r\n  Your CRM, one CSV per kind of record: contacts.csv, deals.csv, activities.csv, tasks.csv.',
    );
    expect(Object.values(files).join('')).not.toContain('Bob Private');
    expect(Object.keys(await zipOf(await createTestUser(t))).some((n) => n.startsWith('crm/'))).toBe(false);
  });

  it('refuses without a live session: no token, the anon key, a bad token, a signed-out session', async () => {
    for (const res of [await exportOf(), await exportOf(t.anonKey), await exportOf('not-a-token')]) {
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ success: false, code: 'not_authenticated', error: 'Please sign in to download your data.' });
    }
    const u = await createTestUser(t);
    await t.server.ctx.db.query('delete from auth.sessions where user_id = $1', [u.id]);
    expect((await exportOf(u.token)).status).toBe(401);
    expect((await fetch(`${t.url}/functions/v1/data-export`, { headers: { Authorization: `Bearer ${u.token}` } })).status).toBe(405);
  });

  it('allows five exports an hour per customer, then 429 with Retry-After', async () => {
    const u = await createTestUser(t);
    for (let i = 0; i < 5; i++) {
      const res = await exportOf(u.token);
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    }
    const refused = await exportOf(u.token);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ success: false, code: 'over_request_rate_limit' });
    // another customer is not held back
    const other = await createTestUser(t);
    const res = await exportOf(other.token);
    expect(res.status).toBe(200);
    await res.arrayBuffer();
  });
});
