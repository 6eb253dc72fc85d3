import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { CrmImportRow } from '@app/shared/crm';
import { SERVICE_DB, startTestServer, type TestServer } from './harness.js';
import { createTestUser, type TestUser } from './tokens.js';

/**
 * Issue 43: the CRM through supabase-js as the web uses it (docs/crm.md): records under RLS, the pipeline's
 * functions, search with keyset pages, due tasks and follow-ups, the figures it feeds the numbers.
 * The import and export: crm-import.service.test.ts; the coach: crm-coach.service.test.ts.
 */
let t: TestServer;

beforeAll(async () => {
  t = await startTestServer();
}, 60_000);
afterAll(() => t?.close(), 60_000);

type Board = {
  currency: string;
  stages: {
    id: string;
    name: string;
    kind: string;
    position: number;
    count: number;
    value: number;
    deals: { id: string; title: string; position: number }[];
  }[];
};
const board = async (c: SupabaseClient, perStage = 50) => {
  const { data, error } = await c.rpc('crm_board', { p_per_stage: perStage });
  expect(error).toBeNull();
  return data as Board;
};
const must = <T>(r: { data: T; error: unknown }): NonNullable<T> => {
  expect(r.error).toBeNull();
  return r.data as NonNullable<T>;
};
const importRows = async (c: SupabaseClient, rows: CrmImportRow[], onDuplicate: 'merge' | 'skip' = 'merge') => {
  const { data, error } = await c.functions.invoke('crm/import', { body: { rows, onDuplicate } });
  expect(error).toBeNull();
  return data as { created: number };
};

describe(`CRM records (${SERVICE_DB})`, () => {
  it('creates, reads, changes and deletes its records; the database keeps e-mails, tags, search and links tidy', async () => {
    const a = await createTestUser(t);
    const acme = must(await a.client.from('crm_companies').insert({ name: 'Acme Ltd', domain: 'acme.test' }).select('id').single());
    const ann = must(
      await a.client
        .from('crm_contacts')
        .insert({ name: '  Ann Lee ', email: ' Ann@Acme.TEST ', tags: ['VIP', ' vip', 'Trade fair', ''], company_id: acme.id })
        .select('id, name, email, tags, search, user_id')
        .single(),
    );
    expect(ann).toMatchObject({ name: 'Ann Lee', email: 'ann@acme.test', tags: ['vip', 'trade fair'], user_id: a.id });
    expect(ann.search).toBe('ann lee ann@acme.test acme ltd vip trade fair');
    // one contact per address, case ignored
    const twice = await a.client.from('crm_contacts').insert({ name: 'Ann again', email: 'ANN@acme.test' });
    expect(twice.error).toMatchObject({ code: '23505' });

    // custom fields of each type, checked by the database
    must(
      await a.client.from('crm_custom_fields').insert([
        { key: 'size', label: 'Team size', type: 'number' },
        { key: 'renewal', label: 'Renewal', type: 'date' },
        { key: 'tier', label: 'Tier', type: 'select', options: ['Gold', 'Silver'] },
      ]),
    );
    const good = await a.client
      .from('crm_contacts')
      .update({ custom: { size: 12, renewal: '2026-03-01', tier: 'Gold' } })
      .eq('id', ann.id);
    expect(good.error).toBeNull();
    for (const [custom, message] of [
      [{ size: 'twelve' }, 'custom field size: must be a number'],
      [{ renewal: '2026-02-30' }, 'custom field renewal: must be a date'],
      [{ tier: 'Bronze' }, 'custom field tier: must be one of its options'],
      [{ colour: 'red' }, 'custom field colour: no such field'],
    ] as const) {
      const bad = await a.client.from('crm_contacts').update({ custom }).eq('id', ann.id);
      expect(bad.error, message).toMatchObject({ code: '23514', message });
    }
    // null removes a value
    must(
      await a.client
        .from('crm_contacts')
        .update({ custom: { size: 12, renewal: null, tier: 'Gold' } })
        .eq('id', ann.id),
    );
    expect(must(await a.client.from('crm_contacts').select('custom').eq('id', ann.id).single())).toEqual({
      custom: { size: 12, tier: 'Gold' },
    });
    // deleting a field deletes its values
    must(await a.client.from('crm_custom_fields').delete().eq('key', 'tier'));
    expect(must(await a.client.from('crm_contacts').select('custom').eq('id', ann.id).single())).toEqual({ custom: { size: 12 } });

    // a renamed company is found by its new name
    must(await a.client.from('crm_companies').update({ name: 'Acme Group' }).eq('id', acme.id));
    expect(must(await a.client.rpc('crm_search_contacts', { p_query: 'group' })).map((r: { name: string }) => r.name)).toEqual(['Ann Lee']);

    // a deal: default pipeline, the account's currency, the bottom of the first stage; columns kept by the database are not writable
    await t.server.ctx.db.query(`update public.business_profiles set currency = 'USD' where user_id = $1`, [a.id]);
    const deal = must(
      await a.client
        .from('crm_deals')
        .insert({ title: 'Website', value: 1500.5, contact_id: ann.id, company_id: acme.id })
        .select()
        .single(),
    ) as Record<string, unknown>;
    expect(deal).toMatchObject({ title: 'Website', currency: 'USD', position: 0, closed_at: null });
    const stages = (await board(a.client)).stages;
    expect(stages.map((s) => [s.name, s.kind])).toEqual([
      ['Lead', 'open'],
      ['Qualified', 'open'],
      ['Proposal', 'open'],
      ['Won', 'won'],
      ['Lost', 'lost'],
    ]);
    expect(deal.stage_id).toBe(stages[0]!.id);
    for (const column of ['stage_id', 'position', 'currency', 'closed_at']) {
      const r = await a.client
        .from('crm_deals')
        .update({ [column]: column === 'position' ? 5 : null })
        .eq('id', deal.id as string);
      expect(r.error, column).toMatchObject({ code: '42501' });
    }
    expect((await a.client.from('crm_contacts').update({ search: 'x' }).eq('id', ann.id)).error).toMatchObject({ code: '42501' });

    // activities: by hand only note, call and e-mail; each sets the contact's last activity
    const call = must(
      await a.client
        .from('crm_activities')
        .insert({ contact_id: ann.id, kind: 'call', body: 'Talked about the site', occurred_at: '2026-01-10T10:00:00Z' })
        .select('id')
        .single(),
    );
    expect(must(await a.client.from('crm_contacts').select('last_activity_at').eq('id', ann.id).single()).last_activity_at).toMatch(
      /^2026-01-10T10:00:00/,
    );
    expect((await a.client.from('crm_activities').insert({ contact_id: ann.id, kind: 'deal_moved', body: 'fake' })).error).toMatchObject({
      code: '42501',
    });
    must(await a.client.from('crm_activities').delete().eq('id', call.id));
    expect(must(await a.client.from('crm_contacts').select('last_activity_at').eq('id', ann.id).single()).last_activity_at).toBeNull();

    // tasks and saved views
    const task = must(
      await a.client
        .from('crm_tasks')
        .insert({ title: 'Follow up on Friday', due_date: '2026-01-16', contact_id: ann.id })
        .select('id')
        .single(),
    );
    must(await a.client.from('crm_tasks').update({ done_at: new Date().toISOString() }).eq('id', task.id));
    must(
      await a.client.from('crm_saved_views').insert({ name: 'VIPs', filters: { query: '', filters: { tags: ['vip'] }, sort: 'activity' } }),
    );
    expect((await a.client.from('crm_saved_views').insert({ name: 'vips' })).error).toMatchObject({ code: '23505' });

    // deleting a company unlinks; deleting the contact takes its activities and unlinks its deal and task
    must(await a.client.from('crm_companies').delete().eq('id', acme.id));
    expect(must(await a.client.from('crm_contacts').select('company_id').eq('id', ann.id).single()).company_id).toBeNull();
    must(await a.client.from('crm_activities').insert({ contact_id: ann.id, kind: 'note', body: 'Likes blue' }));
    must(await a.client.from('crm_contacts').delete().eq('id', ann.id));
    expect(must(await a.client.from('crm_activities').select('id').eq('contact_id', ann.id))).toEqual([]);
    expect(
      must(
        await a.client
          .from('crm_deals')
          .select('contact_id')
          .eq('id', deal.id as string)
          .single(),
      ).contact_id,
    ).toBeNull();
    expect(must(await a.client.from('crm_tasks').select('contact_id').eq('id', task.id).single()).contact_id).toBeNull();
  });

  it('another user never sees, changes or links to a record, and a user without a plan cannot add one', async () => {
    const a = await createTestUser(t);
    const b = await createTestUser(t);
    const contact = must(await a.client.from('crm_contacts').insert({ name: 'Secret Sam', email: 'sam@a.test' }).select('id').single());
    const company = must(await a.client.from('crm_companies').insert({ name: 'Secret Co' }).select('id').single());
    const deal = must(
      await a.client.from('crm_deals').insert({ title: 'Big one', contact_id: contact.id }).select('id, stage_id').single(),
    );
    const activity = must(
      await a.client.from('crm_activities').insert({ contact_id: contact.id, kind: 'note', body: 'private' }).select('id').single(),
    );
    const task = must(
      await a.client.from('crm_tasks').insert({ title: 'Call Sam', due_date: '2020-01-01', contact_id: contact.id }).select('id').single(),
    );
    const view = must(await a.client.from('crm_saved_views').insert({ name: 'Mine' }).select('id').single());
    must(await a.client.from('crm_custom_fields').insert({ key: 'size', label: 'Size', type: 'number' }));
    const ids: Record<string, string> = {
      crm_contacts: contact.id,
      crm_companies: company.id,
      crm_deals: deal.id,
      crm_activities: activity.id,
      crm_tasks: task.id,
      crm_saved_views: view.id,
      crm_stages: deal.stage_id,
    };

    for (const table of [...Object.keys(ids), 'crm_custom_fields']) {
      expect(must(await b.client.from(table).select('*')), table).toEqual([]);
    }
    for (const [table, id] of Object.entries(ids)) {
      const column = table === 'crm_deals' || table === 'crm_tasks' ? 'title' : table === 'crm_activities' ? 'body' : 'name';
      expect(
        must(
          await b.client
            .from(table)
            .update({ [column]: 'mine now' })
            .eq('id', id)
            .select('id'),
        ),
        table,
      ).toEqual([]);
      if (table !== 'crm_stages') expect(must(await b.client.from(table).delete().eq('id', id).select('id')), table).toEqual([]);
    }
    // A's records are as they were
    expect(must(await a.client.from('crm_contacts').select('name').eq('id', contact.id).single()).name).toBe('Secret Sam');
    expect(must(await a.client.from('crm_deals').select('title').eq('id', deal.id).single()).title).toBe('Big one');

    // links to another's records are refused as if they did not exist
    expect((await b.client.from('crm_deals').insert({ title: 'Steal', contact_id: contact.id })).error).toMatchObject({ code: '23503' });
    expect((await b.client.from('crm_deals').insert({ title: 'Steal', stage_id: deal.stage_id })).error).toMatchObject({ code: '23503' });
    expect((await b.client.from('crm_contacts').insert({ name: 'X', company_id: company.id })).error).toMatchObject({ code: '23503' });
    expect((await b.client.from('crm_activities').insert({ deal_id: deal.id, kind: 'note', body: 'x' })).error).toMatchObject({
      code: '23503',
    });
    expect((await b.client.from('crm_tasks').insert({ title: 'x', contact_id: contact.id })).error).toMatchObject({ code: '23503' });

    // the functions answer B with B's records only
    expect(must(await b.client.rpc('crm_search_contacts', { p_query: 'sam' }))).toEqual([]);
    expect(must(await b.client.rpc('crm_count_contacts', { p_query: '' }))).toBe(0);
    expect(must(await b.client.rpc('crm_due_tasks', {}))).toEqual([]);
    expect(must(await b.client.rpc('crm_follow_ups', {}))).toEqual([]);
    expect(must(await b.client.rpc('crm_summary'))).toMatchObject({ contacts: 0, open_deals: 0 });
    const bBoard = await board(b.client);
    expect(bBoard.stages.flatMap((s) => s.deals)).toEqual([]);
    const move = await b.client.rpc('crm_move_deal', { p_deal: deal.id, p_stage: bBoard.stages[1]!.id, p_position: 0 });
    expect(move.error).toMatchObject({ code: 'PT404', message: 'deal not found' });
    expect((await b.client.rpc('crm_stage_deals', { p_stage: deal.stage_id })).error).toMatchObject({ code: 'PT404' });
    expect((await b.client.rpc('crm_delete_stage', { p_stage: deal.stage_id })).error).toMatchObject({ code: 'PT404' });
    expect(
      (await b.client.rpc('crm_reorder_stages', { p_stage_ids: [deal.stage_id, ...bBoard.stages.slice(1).map((s) => s.id)] })).error,
    ).toMatchObject({ code: '22023' });
    const csv = await b.client.functions.invoke('crm/export', { body: {} });
    expect(csv.error).toBeNull();
    expect(String(csv.data)).not.toContain('Secret');

    // without a live plan (no crm module): nothing new, but one's own records still read
    await t.server.ctx.db.query(`update public.subscriptions set status = 'canceled' where user_id = $1`, [a.id]);
    expect((await a.client.from('crm_contacts').insert({ name: 'New' })).error).toMatchObject({ code: '42501' });
    expect(must(await a.client.from('crm_contacts').select('name'))).toEqual([{ name: 'Secret Sam' }]);
    const refused = await a.client.functions.invoke('crm/import', { body: { rows: [{ row: 2, name: 'X' }], onDuplicate: 'skip' } });
    const res = (refused.error as { context?: Response }).context!;
    expect([res.status, await res.json()]).toEqual([403, expect.objectContaining({ code: 'crm_not_in_plan' })]);
  });
});

describe(`the pipeline (${SERVICE_DB})`, () => {
  it('moves a deal across stages and within one: positions stay 0..n-1, a deal_moved activity is logged, closed_at follows', async () => {
    const a = await createTestUser(t);
    const ann = must(await a.client.from('crm_contacts').insert({ name: 'Ann' }).select('id').single());
    const made = must(
      await a.client
        .from('crm_deals')
        .insert(['A', 'B', 'C', 'D'].map((title, i) => ({ title, value: (i + 1) * 100, contact_id: title === 'B' ? ann.id : null })))
        .select('id, title'),
    ) as { id: string; title: string }[];
    const id = (title: string) => made.find((d) => d.title === title)!.id;
    const b = await board(a.client);
    const [lead, qualified, , won, lost] = b.stages;
    expect(lead!.deals.map((d) => [d.title, d.position])).toEqual([
      ['A', 0],
      ['B', 1],
      ['C', 2],
      ['D', 3],
    ]);
    expect([lead!.count, lead!.value]).toEqual([4, 1000]);

    const positions = async () =>
      Object.fromEntries((await board(a.client)).stages.map((s) => [s.name, s.deals.map((d) => `${d.title}${d.position}`).join(' ')]));

    // B to the top of Qualified, then C above it; then D to the top of Lead (a reorder: no activity)
    const moved = must(await a.client.rpc('crm_move_deal', { p_deal: id('B'), p_stage: qualified!.id, p_position: 0 })) as Record<
      string,
      unknown
    >;
    expect(moved).toMatchObject({ id: id('B'), stage_id: qualified!.id, position: 0 });
    must(await a.client.rpc('crm_move_deal', { p_deal: id('C'), p_stage: qualified!.id, p_position: 0 }));
    must(await a.client.rpc('crm_move_deal', { p_deal: id('D'), p_stage: lead!.id, p_position: 0 }));
    expect(await positions()).toMatchObject({ Lead: 'D0 A1', Qualified: 'C0 B1' });
    // past the end or null = the bottom
    must(await a.client.rpc('crm_move_deal', { p_deal: id('D'), p_stage: qualified!.id, p_position: 99 }));
    must(await a.client.rpc('crm_move_deal', { p_deal: id('A'), p_stage: qualified!.id }));
    expect(await positions()).toMatchObject({ Lead: '', Qualified: 'C0 B1 D2 A3' });
    must(await a.client.rpc('crm_move_deal', { p_deal: id('A'), p_stage: qualified!.id, p_position: 1 }));
    expect(await positions()).toMatchObject({ Qualified: 'C0 A1 B2 D3' });

    // B is won: its contact's timeline has the move, closed_at is set; then lost keeps a new closed_at; back to open clears it
    must(await a.client.rpc('crm_move_deal', { p_deal: id('B'), p_stage: won!.id, p_position: 0 }));
    expect(await positions()).toMatchObject({ Qualified: 'C0 A1 D2', Won: 'B0' });
    const wonDeal = must(await a.client.from('crm_deals').select('closed_at').eq('id', id('B')).single());
    expect(wonDeal.closed_at).not.toBeNull();
    const timeline = must(
      await a.client.from('crm_activities').select('kind, body, meta, deal_id').eq('contact_id', ann.id).order('occurred_at'),
    ) as { kind: string; body: string; meta: Record<string, string> }[];
    expect(timeline.map((x) => x.body)).toEqual(['B moved from Lead to Qualified', 'B moved from Qualified to Won']);
    expect(timeline[1]).toMatchObject({
      kind: 'deal_moved',
      deal_id: id('B'),
      meta: { from_stage: 'Qualified', to_stage: 'Won', to_stage_id: won!.id },
    });
    const activities = must(await a.client.from('crm_activities').select('id'));
    // one per change of stage (B twice, C, D, A), none for the two reorders within a stage
    expect(activities).toHaveLength(5);
    expect(must(await a.client.from('crm_contacts').select('last_activity_at').eq('id', ann.id).single()).last_activity_at).not.toBeNull();
    must(await a.client.rpc('crm_move_deal', { p_deal: id('B'), p_stage: lead!.id, p_position: 0 }));
    expect(must(await a.client.from('crm_deals').select('closed_at').eq('id', id('B')).single()).closed_at).toBeNull();

    // the figures: this month's customers and conversion (a deal won, another lost)
    must(await a.client.rpc('crm_move_deal', { p_deal: id('B'), p_stage: won!.id, p_position: 0 }));
    must(await a.client.rpc('crm_move_deal', { p_deal: id('C'), p_stage: lost!.id, p_position: 0 }));
    must(await a.client.rpc('crm_move_deal', { p_deal: id('D'), p_stage: won!.id, p_position: 5 }));
    const month = `${new Date().toISOString().slice(0, 7)}-01`;
    const figures = async () =>
      Object.fromEntries(
        (
          must(await a.client.from('metric_values').select('metric_id, value, source').eq('period_start', month)) as {
            metric_id: string;
            value: number;
            source: string;
          }[]
        ).map((f) => [f.metric_id, `${f.value} ${f.source}`]),
      );
    // leads: Ann; customers: B's contact and D (no contact); conversion: 2 won of 3 closed
    expect(await figures()).toEqual({ leads: '1 crm', customers: '2 crm', conversion: '66.67 crm' });
    // a figure the customer entered is theirs
    must(
      await a.client.from('metric_values').update({ value: 9, source: 'manual' }).eq('period_start', month).eq('metric_id', 'customers'),
    );
    must(await a.client.rpc('crm_move_deal', { p_deal: id('C'), p_stage: won!.id, p_position: 0 }));
    expect(await figures()).toEqual({ leads: '1 crm', customers: '9 manual', conversion: '100 crm' });

    // deleting a deal closes up its stage
    must(await a.client.from('crm_deals').delete().eq('id', id('C')));
    expect(await positions()).toMatchObject({ Won: 'B0 D1' });
  });

  it('reorders, renames, adds and deletes stages; the board pages a long stage', async () => {
    const a = await createTestUser(t);
    const first = await board(a.client);
    const ids = first.stages.map((s) => s.id);
    must(await a.client.from('crm_stages').update({ name: 'Contacted' }).eq('id', ids[1]!));
    const reordered = must(await a.client.rpc('crm_reorder_stages', { p_stage_ids: [ids[1], ids[0], ...ids.slice(2)] })) as {
      name: string;
      position: number;
    }[];
    expect(reordered.map((s) => `${s.name}${s.position}`)).toEqual(['Contacted0', 'Lead1', 'Proposal2', 'Won3', 'Lost4']);
    for (const bad of [ids.slice(1), [...ids, ids[0]], [...ids.slice(1), crypto.randomUUID()]]) {
      const r = await a.client.rpc('crm_reorder_stages', { p_stage_ids: bad });
      expect(r.error).toMatchObject({ code: '22023', message: 'list every one of your stages once' });
    }
    const extra = must(await a.client.from('crm_stages').insert({ name: 'On hold' }).select('position, kind').single());
    expect(extra).toEqual({ position: 5, kind: 'open' });

    must(await a.client.from('crm_deals').insert(Array.from({ length: 60 }, (_, i) => ({ title: `Deal ${i}`, stage_id: ids[1] }))));
    const b = await board(a.client, 25);
    const contacted = b.stages.find((s) => s.id === ids[1])!;
    expect([contacted.count, contacted.deals.length, contacted.deals.at(-1)!.position]).toEqual([60, 25, 24]);
    const more = must(await a.client.rpc('crm_stage_deals', { p_stage: ids[1], p_after_position: 24, p_limit: 50 })) as {
      title: string;
      position: number;
    }[];
    expect(more.map((d) => d.position)).toEqual(Array.from({ length: 35 }, (_, i) => i + 25));

    // a stage with deals needs somewhere to put them; the last stage stays
    expect((await a.client.rpc('crm_delete_stage', { p_stage: ids[1] })).error).toMatchObject({ code: 'PT409' });
    must(await a.client.from('crm_deals').insert({ title: 'Held', stage_id: (await board(a.client)).stages[5]!.id }));
    expect(must(await a.client.rpc('crm_delete_stage', { p_stage: ids[1], p_move_to: (await board(a.client)).stages[5]!.id }))).toBe(60);
    const after = await board(a.client, 100);
    expect(after.stages.map((s) => `${s.name}${s.position}`)).toEqual(['Lead0', 'Proposal1', 'Won2', 'Lost3', 'On hold4']);
    expect(after.stages[4]!.deals.map((d) => d.position)).toEqual(Array.from({ length: 61 }, (_, i) => i));
    expect(after.stages[4]!.deals[0]!.title).toBe('Held');
    for (const s of after.stages.slice(0, 4)) must(await a.client.rpc('crm_delete_stage', { p_stage: s.id }));
    expect((await a.client.rpc('crm_delete_stage', { p_stage: after.stages[4]!.id })).error).toMatchObject({
      code: 'PT409',
      message: 'a pipeline keeps at least one stage',
    });
  });
});

describe(`search, pages, tasks and follow-ups (${SERVICE_DB})`, () => {
  let a: TestUser;
  beforeAll(async () => {
    a = await createTestUser(t);
    const rows: CrmImportRow[] = [
      { row: 2, name: 'Ann Anderson', email: 'ann@harbour.test', company: 'Harbour Bakes', tags: ['vip', 'wholesale'] },
      { row: 3, name: 'Bob Brown', email: 'bob@example.com', company: 'Brown & Sons', tags: ['newsletter'], source: 'Trade fair' },
      { row: 4, name: 'Cara Díaz', email: 'cara@example.com', phone: '+44 7700 900123', tags: ['vip'] },
      { row: 5, name: '50% Off Ltd', source: 'Website' },
      // filler for the pages: 297 more, names with a shared word
      ...Array.from({ length: 297 }, (_, i) => ({ row: 6 + i, name: `Filler ${String(i).padStart(3, '0')}`, email: `f${i}@filler.test` })),
    ];
    expect((await importRows(a.client, rows)).created).toBe(301);
  }, 60_000);

  const search = async (q: string, filters: Record<string, unknown> = {}) =>
    (must(await a.client.rpc('crm_search_contacts', { p_query: q, p_filters: filters, p_limit: 200 })) as { name: string }[]).map(
      (r) => r.name,
    );

  it('finds contacts by name, e-mail, company, tag and partial words; every word must match', async () => {
    expect(await search('anderson')).toEqual(['Ann Anderson']);
    expect(await search('NDERS')).toEqual(['Ann Anderson']);
    expect(await search('example.com')).toEqual(['Bob Brown', 'Cara Díaz']);
    expect(await search('harbour')).toEqual(['Ann Anderson']);
    expect(await search('sons')).toEqual(['Bob Brown']);
    expect(await search('vip')).toEqual(['Ann Anderson', 'Cara Díaz']);
    expect(await search('vip díaz')).toEqual(['Cara Díaz']);
    expect(await search('7700')).toEqual(['Cara Díaz']);
    expect(await search('vip bob')).toEqual([]);
    // LIKE's wildcards are literal
    expect(await search('50%')).toEqual(['50% Off Ltd']);
    expect(await search('_')).toEqual([]);
    expect((await search('filler')).length).toBe(200);
    expect(must(await a.client.rpc('crm_count_contacts', { p_query: 'filler' }))).toBe(297);
    // filters
    expect(await search('', { tags: ['VIP', 'wholesale'] })).toEqual(['Ann Anderson']);
    expect(await search('', { source: 'trade FAIR' })).toEqual(['Bob Brown']);
    expect(await search('', { has_email: false })).toEqual(['50% Off Ltd']);
    expect(must(await a.client.rpc('crm_count_contacts', { p_filters: { no_activity_since: '2000-01-01' } }))).toBe(301);
    const bad = await a.client.rpc('crm_search_contacts', { p_filters: { colour: 'red' } });
    expect(bad.error).toMatchObject({ code: '22023', message: 'unknown filter: colour' });
    expect((await a.client.rpc('crm_search_contacts', { p_sort: 'size' })).error).toMatchObject({ code: '22023' });
  });

  it('pages through all 301 contacts by each sort with keyset cursors: no repeats, no gaps, in order', async () => {
    for (const sort of ['name', 'created', 'activity'] as const) {
      const seen: { id: string; name: string; sort_key: string }[] = [];
      let after: { key: string; id: string } | null = null;
      for (let page = 0; page < 20; page++) {
        const rows = must(
          await a.client.rpc('crm_search_contacts', {
            p_sort: sort,
            p_limit: 50,
            p_after_key: after?.key ?? null,
            p_after_id: after?.id ?? null,
          }),
        ) as { id: string; name: string; sort_key: string }[];
        seen.push(...rows);
        if (rows.length < 50) break;
        after = { key: rows.at(-1)!.sort_key, id: rows.at(-1)!.id };
      }
      expect(seen.length, sort).toBe(301);
      expect(new Set(seen.map((r) => r.id)).size, sort).toBe(301);
      if (sort === 'name')
        expect(seen.map((r) => r.sort_key)).toEqual(seen.map((r) => r.name.toLowerCase()).sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)));
    }
  });

  it('lists due CRM tasks beside the plan, and who has not been followed up this month', async () => {
    const contacts = must(await a.client.rpc('crm_search_contacts', { p_query: '', p_limit: 3 })) as { id: string; name: string }[];
    const [c50, ann, bob] = contacts; // 50% Off Ltd, Ann Anderson, Bob Brown
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    must(
      await a.client.from('crm_tasks').insert([
        { title: 'Chase invoice', due_date: day(-3), contact_id: ann!.id },
        { title: 'Send samples', due_date: day(2), contact_id: bob!.id },
        { title: 'Next month', due_date: day(40) },
        { title: 'Done already', due_date: day(-1), done_at: new Date().toISOString() },
      ]),
    );
    const due = must(await a.client.rpc('crm_due_tasks', {})) as { title: string; overdue: boolean; contact_name: string | null }[];
    expect(due.map((x) => [x.title, x.overdue, x.contact_name])).toEqual([
      ['Chase invoice', true, 'Ann Anderson'],
      ['Send samples', false, 'Bob Brown'],
    ]);
    expect((must(await a.client.rpc('crm_due_tasks', { p_until: day(60) })) as unknown[]).length).toBe(3);

    // Bob talked to last month (not this month), 50% has an open deal, Cara was called this month (followed up)
    const lastMonth = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() - 1, 15)).toISOString();
    must(await a.client.from('crm_activities').insert({ contact_id: bob!.id, kind: 'call', body: 'Intro', occurred_at: lastMonth }));
    must(await a.client.from('crm_deals').insert({ title: 'Signage', contact_id: c50!.id }));
    const cara = (must(await a.client.rpc('crm_search_contacts', { p_query: 'cara' })) as { id: string }[])[0]!;
    must(await a.client.from('crm_activities').insert({ contact_id: cara.id, kind: 'email', body: 'Sent prices' }));
    must(await a.client.from('crm_activities').insert({ contact_id: cara.id, kind: 'note', body: 'old', occurred_at: lastMonth }));
    const follow = must(await a.client.rpc('crm_follow_ups', {})) as {
      name: string;
      overdue_tasks: number;
      open_deals: number;
      total: number;
    }[];
    expect(follow.map((f) => [f.name, f.overdue_tasks, f.open_deals])).toEqual([
      ['Ann Anderson', 1, 0],
      ['50% Off Ltd', 0, 1],
      ['Bob Brown', 0, 0],
    ]);
    expect(Number(follow[0]!.total)).toBe(3);
    expect(must(await a.client.rpc('crm_summary'))).toMatchObject({
      contacts: 301,
      open_deals: 1,
      overdue_tasks: 1,
      new_contacts_this_month: 301,
    });
  });
});
