import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PlanEdit } from '@app/shared';
import { wakeWorker } from '../src/jobs/queue.js';
import { sendDueReminders, PLAN_REMINDERS_JOB } from '../src/plan/reminders.js';
import { startTestServer, type TestServer } from './harness.js';
import { createTestUser, type TestUser } from './tokens.js';

/**
 * The day-before reminders of plan tasks (issue 39) on the durable job queue: sent once a day whoever runs them,
 * only open tasks, never to a customer who turned them off; scheduled daily at 08:00 UK time.
 */
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
}, 60_000);
afterAll(() => t?.close(), 60_000);

const london = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(d);
const tomorrow = new Date(Date.parse(`${london(new Date())}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const later = new Date(Date.parse(`${tomorrow}T00:00:00Z`) + 4 * 86_400_000).toISOString().slice(0, 10);

async function customerWithDueTasks(): Promise<TestUser> {
  const u = await createTestUser(t);
  const plan: PlanEdit = {
    op: 'createPlan',
    title: 'Harbour Bakes',
    phases: [
      {
        name: 'Foundations',
        tasks: [{ title: 'Order Christmas boxes' }, { title: 'Photograph the stollen' }, { title: 'Call the florist' }],
      },
    ],
  };
  expect((await u.client.functions.invoke('plan/edits', { body: { edits: [plan] } })).error).toBeNull();
  const { data: tasks } = await u.client.from('action_plan_tasks').select('id').order('position');
  const [a, b, c] = tasks!.map((x) => x.id as string);
  const edits: PlanEdit[] = [
    { op: 'updateTask', taskId: a!, dueDate: tomorrow },
    { op: 'updateTask', taskId: b!, dueDate: tomorrow, status: 'done' },
    { op: 'updateTask', taskId: c!, dueDate: later },
  ];
  expect((await u.client.functions.invoke('plan/edits', { body: { edits } })).error).toBeNull();
  return u;
}
const mailsTo = async (email: string) => (await t.server.ctx.mailer.outbox()).filter((m) => m.to === email);

describe('plan reminders', () => {
  it('mails the open tasks due tomorrow once a day, even when two runs race', async () => {
    const u = await customerWithDueTasks();
    await Promise.all([sendDueReminders(t.server.ctx), sendDueReminders(t.server.ctx)]);
    await sendDueReminders(t.server.ctx);
    const mails = await mailsTo(u.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('1 task due tomorrow in your 90-day plan');
    expect(mails[0]!.text).toContain('• Order Christmas boxes');
    expect(mails[0]!.text).not.toContain('Photograph the stollen'); // done
    expect(mails[0]!.text).not.toContain('Call the florist'); // due later
    expect(mails[0]!.text).toContain('/user');
  });

  it('sends nothing to a customer who turned reminders off on /user', async () => {
    const u = await customerWithDueTasks();
    expect((await u.client.from('profiles').update({ plan_reminders: false }).eq('id', u.id).select('plan_reminders')).data).toEqual([
      { plan_reminders: false },
    ]);
    await sendDueReminders(t.server.ctx);
    expect(await mailsTo(u.email)).toEqual([]);
  });

  it('is scheduled daily at 08:00 UK time on the job queue, and a queued run is worked', async () => {
    const { rows } = await t.server.ctx.db.query<{ cron: string; timezone: string }>(
      'select cron, timezone from pgboss.schedule where name = $1',
      [PLAN_REMINDERS_JOB],
    );
    expect(rows).toEqual([{ cron: '0 8 * * *', timezone: 'Europe/London' }]);
    const u = await customerWithDueTasks();
    await t.server.jobs.send(PLAN_REMINDERS_JOB, {});
    wakeWorker(t.server.jobs, PLAN_REMINDERS_JOB); // as the clock's hand-over would be found at the next poll
    await vi.waitFor(async () => expect(await mailsTo(u.email)).toHaveLength(1), { timeout: 20_000, interval: 200 });
  });
});
