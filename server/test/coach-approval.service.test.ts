import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PlanEdit } from '@app/shared';
import { startFakeOpenAI, type FakeProvider } from '../../e2e/support/fake-openai.js';
import { startFakeAnthropic } from './support/fake-anthropic.js';
import { startTestServer, type TestServer } from './harness.js';
import { chunks, textOf } from './support/ui-stream.js';
import { createTestUser, type TestUser } from './tokens.js';

/**
 * The coach proposes, the customer decides (issue 39): every write is an AI SDK 6 tool approval, answered through
 * POST /functions/v1/coach; the plan changes only on approval; a decline is recorded; only proposals the server
 * stored for this customer can be answered. And the history the providers get: alternating, no empty turns.
 */
let t: TestServer;
let openai: FakeProvider;
let anthropic: FakeProvider;

beforeAll(async () => {
  [openai, anthropic] = await Promise.all([startFakeOpenAI(), startFakeAnthropic()]);
  t = await startTestServer({ AI_PROVIDER: 'openai-compatible', AI_BASE_URL: openai.baseURL, AI_MODEL: 'coach-small' });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await Promise.all([openai?.close(), anthropic?.close()]);
}, 60_000);
beforeEach(() => {
  openai.reset();
  anthropic.reset();
});

const post = (u: TestUser, body: unknown) =>
  fetch(`${t.url}/functions/v1/coach`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${u.token}` },
    body: JSON.stringify(body),
  });

const PLAN: PlanEdit = {
  op: 'createPlan',
  title: 'Harbour Bakes',
  phases: [
    { name: 'Foundations', tasks: [{ title: 'Write the brand story' }, { title: 'Set up Google Business Profile' }] },
    { name: 'Momentum', tasks: [{ title: 'Launch the loyalty card' }] },
    { name: 'Scale', tasks: [{ title: 'Open wholesale to two cafes' }] },
  ],
};

/** A customer with a plan whose first task is ticked off. */
async function customerWithTickedPlan() {
  const u = await createTestUser(t);
  const edit = (edits: PlanEdit[]) => u.client.functions.invoke('plan/edits', { body: { edits } });
  expect((await edit([PLAN])).error).toBeNull();
  const { data: tasks } = await u.client.from('action_plan_tasks').select('id, title').order('phase').order('position');
  expect((await edit([{ op: 'completeTask', taskId: tasks![0]!.id, done: true }])).error).toBeNull();
  return { u, tasks: tasks as { id: string; title: string }[] };
}
const tasksOf = async (u: TestUser) =>
  (await u.client.from('action_plan_tasks').select('title, status, done_at').order('phase').order('position')).data as {
    title: string;
    status: string;
    done_at: string | null;
  }[];

/** The coach proposes adding a task: the proposal's chunks, its approval id and the conversation. */
async function proposeChristmas(u: TestUser) {
  openai.script({
    toolCalls: [
      { name: 'addPlanTask', arguments: { phase: 1, title: 'Christmas pre-order push', why: 'Added a Christmas pre-order push' } },
    ],
  });
  const cs = await chunks(await post(u, { message: 'Add a Christmas pre-order push to my plan' }));
  const request = cs.find((c) => c.type === 'tool-approval-request')!;
  const conversationId = (cs.find((c) => c.type === 'data-conversation')!.data as { id: string }).id;
  return { cs, request, approvalId: request.approvalId as string, conversationId };
}

describe('coach proposals', () => {
  it('an approved edit is applied after a ticked task, which keeps its tick; the card showed the diff first', async () => {
    const { u } = await customerWithTickedPlan();
    const before = await tasksOf(u);
    const { request, approvalId, conversationId } = await proposeChristmas(u);
    expect(request.approvalDescriptor).toEqual({
      summary: 'Added a Christmas pre-order push',
      diff: [{ kind: 'added', what: 'task', label: 'Christmas pre-order push' }],
    });
    expect(await tasksOf(u)).toEqual(before); // nothing until the customer says so

    openai.script({ text: 'Done: the Christmas push is in Foundations.' });
    const cs = await chunks(await post(u, { conversationId, approvals: [{ id: approvalId, approved: true }] }));
    expect(cs.some((c) => c.type === 'tool-output-available')).toBe(true);
    expect(textOf(cs)).toBe('Done: the Christmas push is in Foundations.');

    const after = await tasksOf(u);
    expect(after.map((x) => x.title)).toEqual([
      'Write the brand story',
      'Set up Google Business Profile',
      'Christmas pre-order push',
      'Launch the loyalty card',
      'Open wholesale to two cafes',
    ]);
    expect(after[0]).toEqual(before[0]); // ticked, same done_at
    const { data: versions } = await u.client.from('action_plan_versions').select('actor, summary').order('number');
    expect(versions!.at(-1)).toEqual({ actor: 'coach', summary: 'Added a Christmas pre-order push' });

    // one stored reply holds the proposal, its answer and what followed; the model saw the tool's result
    const { data: stored } = await u.client
      .from('coach_messages')
      .select('role, parts')
      .eq('conversation_id', conversationId)
      .order('created_at');
    expect(stored!.map((m) => m.role)).toEqual(['user', 'assistant']);
    const tool = (stored![1]!.parts as { type: string; state?: string; approval?: { approved?: boolean } }[]).find(
      (p) => p.type === 'tool-addPlanTask',
    )!;
    expect(tool).toMatchObject({ state: 'output-available', approval: { approved: true } });
    const sent = openai.requests()[1]!.body.messages as { role: string }[];
    expect(sent.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool']);
  });

  it('a declined proposal changes nothing, is recorded, and the model is told', async () => {
    const { u } = await customerWithTickedPlan();
    const before = await tasksOf(u);
    const { approvalId, conversationId } = await proposeChristmas(u);
    openai.script({ text: 'Understood, I will leave your plan as it is.' });
    const cs = await chunks(await post(u, { conversationId, approvals: [{ id: approvalId, approved: false, reason: 'Not this year' }] }));
    expect(textOf(cs)).toBe('Understood, I will leave your plan as it is.');
    expect(await tasksOf(u)).toEqual(before);
    const { data: stored } = await u.client
      .from('coach_messages')
      .select('parts')
      .eq('conversation_id', conversationId)
      .eq('role', 'assistant');
    const tool = (stored![0]!.parts as { type: string; state?: string; approval?: { approved?: boolean; reason?: string } }[]).find(
      (p) => p.type === 'tool-addPlanTask',
    )!;
    expect(tool.approval).toMatchObject({ approved: false, reason: 'Not this year' });
    expect(JSON.stringify(openai.requests()[1]!.body.messages)).toContain('Not this year');
  });

  it('refuses an answer to a proposal that is not waiting: unknown, already answered, or of another customer', async () => {
    const { u } = await customerWithTickedPlan();
    const { approvalId, conversationId } = await proposeChristmas(u);
    const refused = async (who: TestUser, body: unknown) => {
      const res = await post(who, body);
      expect(res.status).toBe(who === u ? 409 : 404);
      return res.json();
    };
    expect(await refused(u, { conversationId, approvals: [{ id: 'made-up', approved: true }] })).toMatchObject({
      code: 'proposal_not_found',
    });
    const other = await createTestUser(t);
    await refused(other, { conversationId, approvals: [{ id: approvalId, approved: true }] });
    openai.script({ text: 'Added.' });
    await chunks(await post(u, { conversationId, approvals: [{ id: approvalId, approved: true }] }));
    expect(await refused(u, { conversationId, approvals: [{ id: approvalId, approved: true }] })).toMatchObject({
      code: 'proposal_not_found',
    });
    expect((await tasksOf(u)).filter((x) => x.title === 'Christmas pre-order push')).toHaveLength(1);
  });
});

describe('the coach reviews progress', () => {
  it('"How am I doing on my plan?" reads done, due and late, with no approval, and answers from it', async () => {
    const { u, tasks } = await customerWithTickedPlan();
    const lateDay = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    const edits: PlanEdit[] = [{ op: 'updateTask', taskId: tasks[1]!.id, dueDate: lateDay }];
    expect((await u.client.functions.invoke('plan/edits', { body: { edits } })).error).toBeNull();
    openai.script({ toolCalls: [{ name: 'reviewPlan', arguments: {} }] }, { text: '1 of 4 done; one task is late.' });
    const cs = await chunks(await post(u, { message: 'How am I doing on my plan?' }));
    expect(cs.some((c) => c.type === 'tool-approval-request')).toBe(false);
    expect(textOf(cs)).toBe('1 of 4 done; one task is late.');
    const result = (openai.requests()[1]!.body.messages as { role: string; content: string }[]).find((m) => m.role === 'tool')!;
    const review = JSON.parse(result.content) as { done: number; total: number; late: { title: string; due: string }[] };
    expect(review).toMatchObject({ done: 1, total: 4, late: [{ title: 'Set up Google Business Profile', due: lateDay }] });
  });
});

describe('the history the providers get', () => {
  for (const provider of ['openai', 'anthropic'] as const) {
    it(`${provider}: roles alternate, no empty text, a failed question asked again counts once`, async () => {
      const fake = provider === 'openai' ? openai : anthropic;
      const cfg = t.server.ctx.config as unknown as Record<string, unknown>;
      const saved = { AI_PROVIDER: cfg.AI_PROVIDER, AI_BASE_URL: cfg.AI_BASE_URL, AI_API_KEY: cfg.AI_API_KEY };
      Object.assign(cfg, provider === 'openai' ? {} : { AI_PROVIDER: 'anthropic', AI_BASE_URL: `${anthropic.url}/v1`, AI_API_KEY: 'x' });
      try {
        const u = await createTestUser(t);
        fake.script({ text: 'First answer.' });
        const first = await chunks(await post(u, { message: 'Hello' }));
        const conversationId = (first.find((c) => c.type === 'data-conversation')!.data as { id: string }).id;
        fake.script({ status: 500 }); // a failed reply: the question stays, unanswered
        await post(u, { conversationId, message: 'How do I price cakes?' }).then((r) => r.text());
        fake.script({ text: 'Price by cost plus margin.' });
        expect(textOf(await chunks(await post(u, { conversationId, message: 'How do I price cakes?' })))).toBe(
          'Price by cost plus margin.',
        );
        const last = fake.requests().at(-1)!.body.messages as { role: string; content: unknown }[];
        const turns = last.filter((m) => m.role !== 'system');
        expect(turns.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
        for (const m of turns) expect(JSON.stringify(m.content)).not.toMatch(/"text":""|^""$/);
      } finally {
        Object.assign(cfg, saved);
      }
    });
  }
});
