import { PLAN_LIMITS, type PlanEdit } from '@app/shared';
import { z } from 'zod';
import { safeText } from '../http/body.js';

const day = z.iso.date().refine((d) => d >= '2000-01-01' && d <= '2100-12-31', 'Choose a date between 2000 and 2100.');
const phase = z.number().int().min(1).max(PLAN_LIMITS.phases);
const taskTitle = safeText().trim().min(1).max(PLAN_LIMITS.taskTitle);
const notes = safeText().trim().max(PLAN_LIMITS.notes);
const ownerName = safeText().trim().max(PLAN_LIMITS.ownerName);
const phaseName = safeText().trim().min(1).max(200);
const id = z.uuid();

/** One plan edit (packages/shared plan.ts PlanEdit), validated: what the customer's editor and the coach send. */
export const planEditSchema = z.discriminatedUnion('op', [
  z.object({
    op: z.literal('createPlan'),
    title: safeText().trim().min(1).max(PLAN_LIMITS.title),
    phases: z
      .array(
        z.object({
          name: phaseName,
          tasks: z
            .array(z.object({ title: taskTitle, notes: notes.optional() }))
            .min(1)
            .max(10),
        }),
      )
      .min(1)
      .max(PLAN_LIMITS.phases),
  }),
  z.object({
    op: z.literal('addTask'),
    phase,
    title: taskTitle,
    notes: notes.optional(),
    dueDate: day.optional(),
    ownerName: ownerName.optional(),
    position: z.number().int().min(0).max(PLAN_LIMITS.tasksPerPhase).optional(),
  }),
  z.object({
    op: z.literal('updateTask'),
    taskId: id,
    title: taskTitle.optional(),
    notes: notes.nullable().optional(),
    dueDate: day.nullable().optional(),
    ownerName: ownerName.nullable().optional(),
    status: z.enum(['todo', 'doing', 'done']).optional(),
  }),
  z.object({ op: z.literal('moveTask'), taskId: id, phase, position: z.number().int().min(0).max(PLAN_LIMITS.tasksPerPhase) }),
  z.object({ op: z.literal('completeTask'), taskId: id, done: z.boolean() }),
  z.object({ op: z.literal('removeTask'), taskId: id }),
  z.object({
    op: z.literal('addPhase'),
    name: phaseName,
    startDay: z.number().int().min(1).max(PLAN_LIMITS.days).optional(),
    endDay: z.number().int().min(1).max(PLAN_LIMITS.days).optional(),
  }),
  z.object({ op: z.literal('renamePhase'), phase, name: phaseName }),
  z.object({ op: z.literal('removePhase'), phase }),
]) satisfies z.ZodType<PlanEdit>;

/** A batch of edits applied together as one version. */
export const planEditsSchema = z.array(planEditSchema).min(1).max(30);
