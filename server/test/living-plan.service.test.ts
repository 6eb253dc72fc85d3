import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanEdit, PlanSnapshot } from '@app/shared';
import { asUser } from '../src/db/as-user.js';
import { applyPlanEdits } from '../src/plan/apply.js';
import { previewPlanEdits } from '../src/plan/preview.js';
import { startTestServer, type TestServer } from './harness.js';
import { createTestUser, type TestUser } from './tokens.js';

/**
 * The living 90-day plan (issue 39, docs/plan.md) through the real server: the customer's edits over
 * /functions/v1/plan with supabase-js, the coach's through applyPlanEdits as the customer's own transaction,
 * versions, undo and restore, and the calendar.
 */
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
}, 60_000);
afterAll(() => t?.close(), 60_000);

const PLAN: PlanEdit = {
  op: 'createPlan',
  title: 'Harbour Bakes: first 90 days',
  phases: [
    { name: 'Days 1-30: Foundations', tasks: [{ title: 'Write the brand story' }, { title: 'Set up Google Business Profile' }] },
    { name: 'Momentum', tasks: [{ title: 'Launch the loyalty card' }] },
    { name: 'Scale', tasks: [{ title: 'Open wholesale to two cafes' }] },
  ],
};

async function edit(u: TestUser, edits: PlanEdit[]) {
  const { data, error } = await u.client.functions.invoke('plan/edits', { body: { edits } });
  if (error) throw new Error(`${error.message}: ${await (error as { context?: Response }).context?.text()}`);
  return data as { success: true; diff: { kind: string; label: string }[] };
}
const post = (u: TestUser, name: string, body: unknown = {}) => u.client.functions.invoke(`plan/${name}`, { body: body as object });
const claimsOf = (u: TestUser) => ({ role: 'authenticated', sub: u.id, aal: 'aal1' });

async function planOf(u: TestUser) {
  const tasks = await u.client
    .from('action_plan_tasks')
    .select('id, title, phase, position, status, done, done_at, phase_name')
    .order('phase')
    .order('position');
  expect(tasks.error).toBeNull();
  return tasks.data as {
    id: string;
    title: string;
    phase: number;
    position: number;
    status: string;
    done: boolean;
    done_at: string | null;
    phase_name: string;
  }[];
}
async function versionsOf(u: TestUser) {
  const v = await u.client.from('action_plan_versions').select('id, number, actor, summary, snapshot').order('number');
  expect(v.error).toBeNull();
  return v.data as { id: string; number: number; actor: string; summary: string; snapshot: PlanSnapshot }[];
}

describe('living plan', () => {
  it('a coach edit after a ticked task keeps the tick, its date and its history', async () => {
    const u = await createTestUser(t);
    await edit(u, [PLAN]);
    const [first] = await planOf(u);
    await edit(u, [{ op: 'completeTask', taskId: first!.id, done: true }]);
    const ticked = (await planOf(u)).find((x) => x.id === first!.id)!;
    expect(ticked).toMatchObject({ status: 'done', done: true });

    // the coach adds a task and renames a phase: one version, by the coach
    await asUser(t.server.ctx.db, claimsOf(u), (tx) =>
      applyPlanEdits(
        tx,
        [
          { op: 'addTask', phase: 1, title: 'Christmas pre-order push', position: 0 },
          { op: 'renamePhase', phase: 2, name: 'Growth' },
        ],
        { actor: 'coach', summary: 'Added a Christmas pre-order push' },
      ),
    );
    const after = await planOf(u);
    expect(after.map((x) => x.title)).toEqual([
      'Christmas pre-order push',
      'Write the brand story',
      'Set up Google Business Profile',
      'Launch the loyalty card',
      'Open wholesale to two cafes',
    ]);
    const kept = after.find((x) => x.id === first!.id)!;
    expect(kept).toMatchObject({ status: 'done', done: true, done_at: ticked.done_at });
    expect(after.find((x) => x.title === 'Launch the loyalty card')!.phase_name).toBe('Growth');

    const versions = await versionsOf(u);
    expect(versions.map((v) => [v.number, v.actor, v.summary])).toEqual([
      [1, 'customer', 'Wrote the plan "Harbour Bakes: first 90 days"'],
      [2, 'customer', 'Ticked a task off'],
      [3, 'coach', 'Added a Christmas pre-order push'],
    ]);
    // the phase name lost the day range the model wrote into it
    expect(versions[0]!.snapshot.phases.map((p) => [p.name, p.startDay, p.endDay])).toEqual([
      ['Foundations', 1, 30],
      ['Momentum', 31, 60],
      ['Scale', 61, 90],
    ]);
  });

  it('a preview changes nothing and says what would change', async () => {
    const u = await createTestUser(t);
    await edit(u, [PLAN]);
    const before = await planOf(u);
    const diff = await asUser(t.server.ctx.db, claimsOf(u), (tx) =>
      previewPlanEdits(tx, [
        { op: 'removeTask', taskId: before[1]!.id },
        { op: 'updateTask', taskId: before[0]!.id, ownerName: 'Sam', dueDate: '2027-01-08' },
      ]),
    );
    expect(diff).toEqual([
      {
        kind: 'changed',
        what: 'task',
        label: 'Write the brand story',
        fields: [
          { field: 'Due', before: '—', after: '2027-01-08' },
          { field: 'Owner', before: '—', after: 'Sam' },
        ],
      },
      { kind: 'removed', what: 'task', label: 'Set up Google Business Profile' },
    ]);
    expect(await planOf(u)).toEqual(before);
    expect(await versionsOf(u)).toHaveLength(1);
  });

  it('moves and reorders by hand, refuses an edit that does not apply with nothing changed', async () => {
    const u = await createTestUser(t);
    await edit(u, [PLAN]);
    const [a, b, c] = await planOf(u);
    await edit(u, [{ op: 'moveTask', taskId: b!.id, phase: 1, position: 0 }]);
    await edit(u, [{ op: 'moveTask', taskId: a!.id, phase: 2, position: 1 }]);
    expect((await planOf(u)).map((x) => [x.title, x.phase, x.position])).toEqual([
      ['Set up Google Business Profile', 1, 0],
      ['Launch the loyalty card', 2, 0],
      ['Write the brand story', 2, 1],
      ['Open wholesale to two cafes', 3, 0],
    ]);
    const refused = await post(u, 'edits', {
      edits: [
        { op: 'completeTask', taskId: c!.id, done: true },
        { op: 'removeTask', taskId: '00000000-0000-4000-8000-000000000000' },
      ],
    });
    expect(refused.error).toBeTruthy();
    const body = (await (refused.error as { context: Response }).context.json()) as { code: string; error: string };
    expect(body).toMatchObject({ code: 'plan_edit_refused', error: 'That task is not in your plan (it may have been removed).' });
    expect((await planOf(u)).find((x) => x.id === c!.id)!.status).toBe('todo');
    const invalid = await post(u, 'edits', { edits: [{ op: 'addTask', phase: 9, title: 'x' }] });
    expect((invalid.error as { context: Response }).context.status).toBe(400);
  });

  it('undo goes back one change; restore brings back an older version, as new versions', async () => {
    const u = await createTestUser(t);
    await edit(u, [PLAN]);
    const [first] = await planOf(u);
    await edit(u, [{ op: 'completeTask', taskId: first!.id, done: true }]);
    await edit(u, [{ op: 'removeTask', taskId: first!.id }]);
    expect((await planOf(u)).map((x) => x.id)).not.toContain(first!.id);

    expect((await post(u, 'undo')).error).toBeNull();
    const back = (await planOf(u)).find((x) => x.id === first!.id);
    expect(back).toMatchObject({ title: 'Write the brand story', status: 'done', position: 0 });

    const v1 = (await versionsOf(u)).find((v) => v.number === 1)!;
    expect((await post(u, 'restore', { versionId: v1.id })).error).toBeNull();
    expect((await planOf(u)).map((x) => [x.title, x.status])).toEqual(v1.snapshot.tasks.map((x) => [x.title, 'todo']));
    expect((await versionsOf(u)).map((v) => v.summary)).toEqual([
      'Wrote the plan "Harbour Bakes: first 90 days"',
      'Ticked a task off',
      'Removed a task',
      'Undid: Removed a task',
      'Restored version 1',
    ]);
  });

  it('a new plan keeps the old one, archived, and undo brings the old one back', async () => {
    const u = await createTestUser(t);
    await edit(u, [PLAN]);
    await edit(u, [{ ...PLAN, title: 'A second plan' } as PlanEdit]);
    const plans = await u.client.from('action_plans').select('title, archived_at').order('created_at');
    expect(plans.data!.map((p) => [p.title, p.archived_at === null])).toEqual([
      ['Harbour Bakes: first 90 days', false],
      ['A second plan', true],
    ]);
    expect((await post(u, 'undo')).error).toBeNull();
    const active = await u.client.from('action_plans').select('title').is('archived_at', null);
    expect(active.data).toEqual([{ title: 'Harbour Bakes: first 90 days' }]);
  });

  it('another customer can never read or change the plan, its versions or its feed', async () => {
    const owner = await createTestUser(t);
    const other = await createTestUser(t);
    await edit(owner, [PLAN]);
    const [task] = await planOf(owner);
    expect(await planOf(other)).toEqual([]);
    expect(await versionsOf(other)).toEqual([]);
    const r = await post(other, 'edits', { edits: [{ op: 'completeTask', taskId: task!.id, done: true }] });
    expect((r.error as { context: Response }).context.status).toBe(422);
    const v1 = (await versionsOf(owner))[0]!;
    expect((await post(other, 'restore', { versionId: v1.id })).error).toBeTruthy();
    const direct = await other.client.from('action_plan_tasks').update({ status: 'done' }).eq('id', task!.id).select();
    expect(direct.data).toEqual([]);
    expect((await planOf(owner))[0]!.status).toBe('todo');
  });

  it('the calendar: a valid iCalendar file, and a secret feed that stops when revoked', async () => {
    const u = await createTestUser(t);
    await edit(u, [PLAN]);
    const [first] = await planOf(u);
    await edit(u, [{ op: 'updateTask', taskId: first!.id, dueDate: '2027-01-08', ownerName: 'Sam' }]);

    const download = await fetch(`${t.url}/functions/v1/plan/calendar`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${u.token}`, apikey: t.anonKey },
    });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const cal = new ICAL.Component(ICAL.parse(await download.text()));
    const events = cal.getAllSubcomponents('vevent').map((e) => new ICAL.Event(e));
    expect(events).toHaveLength(4);
    const brand = events.find((e) => e.summary === 'Write the brand story')!;
    expect(brand.startDate.isDate).toBe(true);
    expect(brand.startDate.toString()).toBe('2027-01-08');
    expect(brand.uid).toBe(`${first!.id}@127.0.0.1`);
    expect(brand.description).toContain('Owner: Sam');
    // the rest are due at the end of their phase, counted from the plan's start
    const starts = (await u.client.from('action_plans').select('starts_on').single()).data!.starts_on as string;
    const day90 = new Date(Date.parse(`${starts}T00:00:00Z`) + 89 * 86_400_000).toISOString().slice(0, 10);
    expect(events.find((e) => e.summary === 'Open wholesale to two cafes')!.startDate.toString()).toBe(day90);

    const created = await post(u, 'calendar-feed', { action: 'create' });
    const url = (created.data as { url: string }).url;
    expect(url).toMatch(/\/calendar\/v1\/[A-Za-z0-9_-]{32}\.ics$/);
    const feedPath = new URL(url).pathname;
    const feed = await fetch(`${t.url}${feedPath}`);
    expect(feed.status).toBe(200);
    expect(new ICAL.Component(ICAL.parse(await feed.text())).getAllSubcomponents('vevent')).toHaveLength(4);

    const renewed = (await post(u, 'calendar-feed', { action: 'create' })).data as { url: string };
    expect((await fetch(`${t.url}${feedPath}`)).status).toBe(404); // the old token stopped
    expect((await post(u, 'calendar-feed', { action: 'revoke' })).data).toEqual({ success: true, active: false });
    expect((await fetch(`${t.url}${new URL(renewed.url).pathname}`)).status).toBe(404);
    expect((await fetch(`${t.url}/calendar/v1/not-a-token.ics`)).status).toBe(404);
  });
});
