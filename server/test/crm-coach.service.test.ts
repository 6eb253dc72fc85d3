import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CrmImportRow } from '@app/shared/crm';
import { startFakeOpenAI, type FakeProvider } from '../../e2e/support/fake-openai.js';
import { SERVICE_DB, startTestServer, type TestServer } from './harness.js';
import { chunks } from './support/ui-stream.js';
import { createTestUser, type TestUser } from './tokens.js';

/**
 * Issue 43: the coach works on the CRM through the provider stand-in (the real chat-completions protocol). Reads
 * run at once and see only the caller's records; every write is a proposal with its card, written only when the
 * customer approves (docs/crm.md, docs/coach.md).
 */
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
beforeEach(() => openai.reset());

const post = (u: TestUser, body: unknown) =>
  fetch(`${t.url}/functions/v1/coach`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${u.token}` },
    body: JSON.stringify(body),
  });

async function withContacts(rows: CrmImportRow[]) {
  const u = await createTestUser(t);
  const { error } = await u.client.functions.invoke('crm/import', { body: { rows, onDuplicate: 'merge' } });
  expect(error).toBeNull();
  return u;
}

/** The tool results the model was sent in its follow-up request, as one JSON text. */
const toolResults = (from: number) =>
  JSON.stringify(
    openai
      .requests()
      .slice(from)
      .flatMap((r) => (r.body.messages as { role: string; content: unknown }[]).filter((m) => m.role === 'tool').map((m) => m.content)),
  );

const outputOf = (cs: { type: string; [k: string]: unknown }[]) =>
  cs.find((c) => c.type === 'tool-output-available')?.output as Record<string, unknown>;

describe(`the coach on the CRM (${SERVICE_DB})`, () => {
  it('knows the CRM in numbers and reads contacts, deals and follow-ups of the caller only, without approval', async () => {
    const u = await withContacts([
      { row: 2, name: 'Ann Anderson', email: 'ann@harbour.test', company: 'Harbour Bakes', tags: ['vip'] },
      { row: 3, name: 'Bob Brown', email: 'bob@example.com' },
    ]);
    const other = await withContacts([{ row: 2, name: 'Anna Other', email: 'anna@other.test' }]);
    const ann = (await u.client.from('crm_contacts').select('id').eq('email', 'ann@harbour.test').single()).data!;
    expect((await u.client.from('crm_deals').insert({ title: 'Wholesale bread', value: 2400, contact_id: ann.id })).error).toBeNull();
    const overdue = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    expect(
      (await u.client.from('crm_tasks').insert({ title: 'Send the price list', due_date: overdue, contact_id: ann.id })).error,
    ).toBeNull();
    expect((await other.client.from('crm_deals').insert({ title: 'Hidden deal', value: 99 })).error).toBeNull();

    openai.script(
      {
        toolCalls: [
          { name: 'findContacts', arguments: { query: 'ann' } },
          { name: 'findDeals', arguments: { query: 'bread', openOnly: true } },
          { name: 'findFollowUps', arguments: {} },
          { name: 'readContact', arguments: { contactId: ann.id } },
        ],
      },
      { text: ['Ann is overdue: send her the price list.'] },
    );
    const before = openai.requests().length;
    const cs = await chunks(await post(u, { message: 'Who have I not followed up with this month?' }));
    expect(cs.some((c) => c.type === 'tool-approval-request')).toBe(false);
    const system = JSON.stringify((openai.requests()[before]!.body.messages as { role: string }[]).filter((m) => m.role === 'system'));
    expect(system).toContain('CRM: 2 contacts (2 new this month), 1 open deals worth £2,400, 0 won this month, 1 overdue follow-up tasks');

    const results = toolResults(before + 1);
    expect(results).toContain('Ann Anderson');
    expect(results).toContain('Harbour Bakes');
    expect(results).toContain('Wholesale bread');
    expect(results).toContain('Send the price list');
    expect(results).not.toContain('Anna Other');
    expect(results).not.toContain('Hidden deal');
    // the four calls run in parallel: their outputs come in any order
    const outputOfTool = (name: string) => {
      const id = cs.find((c) => c.type === 'tool-input-available' && c.toolName === name)!.toolCallId;
      return cs.find((c) => c.type === 'tool-output-available' && c.toolCallId === id)!.output as Record<string, unknown>;
    };
    expect(outputOfTool('findContacts')).toMatchObject({
      total: 1,
      contacts: [{ name: 'Ann Anderson', company: 'Harbour Bakes', tags: ['vip'] }],
    });
    expect(outputOfTool('findFollowUps')).toMatchObject({
      total: 1,
      contacts: [{ name: 'Ann Anderson', overdueTasks: 1, openDeals: 1 }],
      overdueTasks: [{ title: 'Send the price list', contact: 'Ann Anderson' }],
    });

    // another customer's contact id reads as not there
    openai.script({ toolCalls: [{ name: 'readContact', arguments: { contactId: ann.id } }] }, { text: ['Not found.'] });
    const theirs = await chunks(await post(other, { message: 'Tell me about Ann' }));
    expect(JSON.stringify(theirs)).toContain('This contact is not in the CRM');
    expect(JSON.stringify(theirs)).not.toContain('Harbour');
  });

  it('proposes a new contact with its card; nothing is written until the customer approves, and a decline writes nothing', async () => {
    const u = await createTestUser(t);
    const propose = async (name: string) => {
      openai.script({
        toolCalls: [{ name: 'addContact', arguments: { name, email: `${name.toLowerCase()}@acme.test`, company: 'Acme', tags: ['lead'] } }],
      });
      const cs = await chunks(await post(u, { message: `Add ${name} from Acme to my CRM` }));
      const request = cs.find((c) => c.type === 'tool-approval-request')!;
      const conversationId = (cs.find((c) => c.type === 'data-conversation')!.data as { id: string }).id;
      return { request, conversationId };
    };
    const first = await propose('Dana');
    expect(first.request.approvalDescriptor).toEqual({ diff: [{ kind: 'added', what: 'contact', label: 'Dana <dana@acme.test> (Acme)' }] });
    expect((await u.client.from('crm_contacts').select('id')).data).toEqual([]);
    expect((await u.client.from('crm_companies').select('id')).data).toEqual([]);

    openai.script({ text: ['Added Dana.'] });
    const approved = await chunks(
      await post(u, { conversationId: first.conversationId, approvals: [{ id: first.request.approvalId, approved: true }] }),
    );
    expect(outputOf(approved)).toMatchObject({ added: true, name: 'Dana' });
    const saved = await u.client.from('crm_contacts').select('name, email, tags, crm_companies(name)');
    expect(saved.data).toEqual([{ name: 'Dana', email: 'dana@acme.test', tags: ['lead'], crm_companies: { name: 'Acme' } }]);

    const second = await propose('Eli');
    openai.script({ text: ['Fine, I left Eli out.'] });
    const declined = await chunks(
      await post(u, {
        conversationId: second.conversationId,
        approvals: [{ id: second.request.approvalId, approved: false, reason: 'not yet' }],
      }),
    );
    expect(declined.some((c) => c.type === 'tool-output-denied')).toBe(true);
    expect((await u.client.from('crm_contacts').select('name')).data).toEqual([{ name: 'Dana' }]);

    // the same address again: the card says so before anyone approves
    const again = await propose('Dana');
    expect(again.request.approvalDescriptor).toMatchObject({ error: 'dana@acme.test is already in the CRM.' });
  });

  it('logs an activity only when approved, on the caller’s own contact; drafts a follow-up e-mail without writing', async () => {
    const u = await withContacts([{ row: 2, name: 'Ann Anderson', email: 'ann@harbour.test' }]);
    const other = await withContacts([{ row: 2, name: 'Zed', email: 'zed@z.test' }]);
    const ann = (await u.client.from('crm_contacts').select('id').single()).data!;
    const zed = (await other.client.from('crm_contacts').select('id').single()).data!;

    openai.script({
      toolCalls: [{ name: 'logActivity', arguments: { contactId: ann.id, kind: 'call', body: 'Called about the wholesale order' } }],
    });
    const cs = await chunks(await post(u, { message: 'I just called Ann about the wholesale order, log it' }));
    const request = cs.find((c) => c.type === 'tool-approval-request')!;
    expect(request.approvalDescriptor).toEqual({
      diff: [{ kind: 'added', what: 'activity', label: 'Call with Ann Anderson: Called about the wholesale order' }],
    });
    expect((await u.client.from('crm_activities').select('id')).data).toEqual([]);
    const conversationId = (cs.find((c) => c.type === 'data-conversation')!.data as { id: string }).id;
    openai.script({ text: ['Logged.'] });
    await chunks(await post(u, { conversationId, approvals: [{ id: request.approvalId, approved: true }] }));
    const logged = await u.client.from('crm_activities').select('kind, body, contact_id');
    expect(logged.data).toEqual([{ kind: 'call', body: 'Called about the wholesale order', contact_id: ann.id }]);
    expect((await u.client.from('crm_contacts').select('last_activity_at').single()).data!.last_activity_at).not.toBeNull();

    // another customer's contact: the card says it is not there, and approving it writes nothing
    openai.script({ toolCalls: [{ name: 'logActivity', arguments: { contactId: zed.id, kind: 'note', body: 'Sneaky' } }] });
    const cs2 = await chunks(await post(u, { message: 'Log a note on Zed' }));
    const r2 = cs2.find((c) => c.type === 'tool-approval-request')!;
    expect(r2.approvalDescriptor).toMatchObject({ error: 'This contact is not in the CRM: find it first with findContacts.' });
    const c2 = (cs2.find((c) => c.type === 'data-conversation')!.data as { id: string }).id;
    openai.script({ text: ['Could not.'] });
    await chunks(await post(u, { conversationId: c2, approvals: [{ id: r2.approvalId, approved: true }] }));
    expect((await other.client.from('crm_activities').select('id')).data).toEqual([]);

    // a drafted follow-up: a mailto link for the customer's own mail app; nothing written
    openai.script(
      {
        toolCalls: [
          {
            name: 'draftFollowUp',
            arguments: { contactId: ann.id, subject: 'Your wholesale order', body: 'Hi Ann,\nThanks for the call.' },
          },
        ],
      },
      { text: ['Here is a draft.'] },
    );
    const draft = outputOf(await chunks(await post(u, { message: 'Draft a follow-up to Ann' })));
    expect(draft).toEqual({
      draft: {
        to: 'ann@harbour.test',
        name: 'Ann Anderson',
        subject: 'Your wholesale order',
        body: 'Hi Ann,\nThanks for the call.',
        mailto: 'mailto:ann%40harbour.test?subject=Your%20wholesale%20order&body=Hi%20Ann%2C%0AThanks%20for%20the%20call.',
      },
    });
    expect((await u.client.from('crm_activities').select('id')).data).toHaveLength(1);
  });
});
