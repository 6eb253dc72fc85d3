import { planProgress, PLAN_LIMITS, type PlanEdit } from '@app/shared';
import { tool } from 'ai';
import { z } from 'zod';
import { safeText } from '../http/body.js';
import { applyPlanEdits } from '../plan/apply.js';
import { readActivePlan } from '../plan/store.js';
import { sizeCapped, type ReplyWrites } from './tool-guards.js';
import type { RunAsUser } from './run-as-user.js';

const taskId = z.uuid().describe('The task id, from reviewPlan');
const phase = z.number().int().min(1).max(PLAN_LIMITS.phases).describe('The phase number, from 1');
const taskTitle = safeText().trim().min(1).max(PLAN_LIMITS.taskTitle);
const day = z.iso.date().describe('YYYY-MM-DD');
const why = safeText().trim().min(1).max(200).describe('One short line for the plan history, e.g. "Added a Christmas pre-order push"');

/**
 * The coach's plan edits: each tool is one PlanEdit (packages/shared plan.ts). They change the customer's data, so
 * every one needs the customer's approval in the conversation (AI SDK 6 needsApproval); the approval card shows
 * the diff that describeProposal (./proposals.ts) computes from the same edit.
 */
export const PLAN_EDIT_TOOLS = {
  writePlan: {
    description:
      'Write a NEW 90-day action plan: phases (usually three 30-day ones) with concrete tasks. The current plan is archived, not lost. To change the current plan, use the single-edit tools instead.',
    inputSchema: z.object({
      title: safeText().trim().min(1).max(PLAN_LIMITS.title),
      phases: z
        .array(
          z.object({
            name: safeText().trim().min(1).max(200).describe('The phase name alone, without its day range'),
            tasks: z
              .array(z.object({ title: taskTitle, detail: safeText().max(2000).optional() }))
              .min(1)
              .max(10),
          }),
        )
        .min(1)
        .max(PLAN_LIMITS.phases),
    }),
    toEdit: (i: { title: string; phases: { name: string; tasks: { title: string; detail?: string }[] }[] }): PlanEdit => ({
      op: 'createPlan',
      title: i.title,
      phases: i.phases.map((p) => ({ name: p.name, tasks: p.tasks.map((t) => ({ title: t.title, notes: t.detail })) })),
    }),
  },
  addPlanTask: {
    description: 'Add one task to a phase of the current plan.',
    inputSchema: z.object({ phase, title: taskTitle, notes: safeText().max(2000).optional(), dueDate: day.optional(), why }),
    toEdit: (i: { phase: number; title: string; notes?: string; dueDate?: string }): PlanEdit => ({
      op: 'addTask',
      phase: i.phase,
      title: i.title,
      notes: i.notes,
      dueDate: i.dueDate,
    }),
  },
  updatePlanTask: {
    description: "Change one task of the current plan: its title, notes, due date, owner's name or status.",
    inputSchema: z.object({
      taskId,
      title: taskTitle.optional(),
      notes: safeText().max(2000).optional(),
      dueDate: day.optional(),
      ownerName: safeText().trim().max(PLAN_LIMITS.ownerName).optional(),
      status: z.enum(['todo', 'doing', 'done']).optional(),
      why,
    }),
    toEdit: ({ why: _why, ...i }: { taskId: string; why: string } & Omit<Extract<PlanEdit, { op: 'updateTask' }>, 'op'>): PlanEdit => ({
      op: 'updateTask',
      ...i,
    }),
  },
  movePlanTask: {
    description: 'Move one task to another phase or position (0 = first) in the current plan.',
    inputSchema: z.object({ taskId, phase, position: z.number().int().min(0).max(PLAN_LIMITS.tasksPerPhase), why }),
    toEdit: (i: { taskId: string; phase: number; position: number }): PlanEdit => ({ op: 'moveTask', ...i }),
  },
  completePlanTask: {
    description: 'Tick one task of the current plan off as done (done: true) or reopen it (done: false).',
    inputSchema: z.object({ taskId, done: z.boolean(), why }),
    toEdit: (i: { taskId: string; done: boolean }): PlanEdit => ({ op: 'completeTask', taskId: i.taskId, done: i.done }),
  },
  removePlanTask: {
    description: 'Remove one task from the current plan.',
    inputSchema: z.object({ taskId, why }),
    toEdit: (i: { taskId: string }): PlanEdit => ({ op: 'removeTask', taskId: i.taskId }),
  },
  addPlanPhase: {
    description: 'Add a phase at the end of the current plan (by default the 30 days after the last phase).',
    inputSchema: z.object({ name: safeText().trim().min(1).max(200), why }),
    toEdit: (i: { name: string }): PlanEdit => ({ op: 'addPhase', name: i.name }),
  },
  renamePlanPhase: {
    description: 'Rename one phase of the current plan.',
    inputSchema: z.object({ phase, name: safeText().trim().min(1).max(200), why }),
    toEdit: (i: { phase: number; name: string }): PlanEdit => ({ op: 'renamePhase', phase: i.phase, name: i.name }),
  },
  removePlanPhase: {
    description: 'Remove one phase of the current plan, with its tasks.',
    inputSchema: z.object({ phase, why }),
    toEdit: (i: { phase: number }): PlanEdit => ({ op: 'removePhase', phase: i.phase }),
  },
} as const;

export type PlanEditToolName = keyof typeof PLAN_EDIT_TOOLS;
export const isPlanEditTool = (name: string): name is PlanEditToolName => name in PLAN_EDIT_TOOLS;

/** The edit a plan tool's input stands for, and the history line the model gave it. */
export function planEditOf(name: PlanEditToolName, input: unknown): { edit: PlanEdit; why?: string } {
  const spec = PLAN_EDIT_TOOLS[name];
  const parsed = spec.inputSchema.parse(input) as { why?: string };
  return { edit: (spec.toEdit as (i: unknown) => PlanEdit)(parsed), why: parsed.why };
}

/** The plan tools for one reply: reviewPlan reads (no approval); every edit waits for the customer's approval. */
export function planTools(run: RunAsUser, conversationId: string, writes: ReplyWrites) {
  const edits = Object.fromEntries(
    (Object.keys(PLAN_EDIT_TOOLS) as PlanEditToolName[]).map((name) => [
      name,
      tool({
        description: PLAN_EDIT_TOOLS[name].description,
        inputSchema: PLAN_EDIT_TOOLS[name].inputSchema as z.ZodType<Record<string, unknown>>,
        needsApproval: true,
        execute: sizeCapped(async (input: Record<string, unknown>) => {
          const { edit, why } = planEditOf(name, input);
          if (edit.op === 'createPlan') await writes('/action_plans', 1);
          await writes('/action_plan_tasks', edit.op === 'createPlan' ? edit.phases.reduce((n, p) => n + p.tasks.length, 0) : 1);
          const { diff } = await run((tx) => applyPlanEdits(tx, [edit], { actor: 'coach', summary: why, conversationId }));
          return { applied: true as const, changes: diff.length };
        }),
      }),
    ]),
  );
  return {
    reviewPlan: tool({
      description:
        "Read the customer's current 90-day plan: phases, every task with its id, status and due date, what is done, due this week and late. Use it before editing the plan and to answer how they are doing.",
      inputSchema: z.object({}),
      execute: sizeCapped(async () => {
        const plan = await run(readActivePlan);
        if (!plan) return { plan: null };
        const today = new Date().toISOString().slice(0, 10);
        const p = planProgress(plan.snapshot, today);
        const brief = (t: { id: string; title: string; due: string }) => ({ id: t.id, title: t.title, due: t.due });
        return {
          today,
          title: p.title,
          done: p.done,
          total: p.total,
          dueThisWeek: p.dueThisWeek.map(brief),
          late: p.late.map(brief),
          phases: plan.snapshot.phases.map((ph) => ({
            phase: ph.phase,
            name: ph.name,
            days: `${ph.startDay}-${ph.endDay}`,
            tasks: plan.snapshot.tasks
              .filter((t) => t.phase === ph.phase)
              .map((t) => ({ id: t.id, title: t.title, status: t.status, dueDate: t.dueDate, owner: t.ownerName })),
          })),
        };
      }),
    }),
    ...edits,
  };
}
