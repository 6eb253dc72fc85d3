/**
 * The living 90-day plan (issue 39, docs/plan.md): its shape as a version holds it, the edits the customer and the
 * coach make, what an edit changes (a diff) and where the plan stands on a day. Pure, shared by server and web.
 */

export type PlanTaskStatus = 'todo' | 'doing' | 'done';
export const PLAN_TASK_STATUSES: readonly PlanTaskStatus[] = ['todo', 'doing', 'done'];
export const PLAN_STATUS_LABELS: Record<PlanTaskStatus, string> = { todo: 'To do', doing: 'In progress', done: 'Done' };

export const PLAN_LIMITS = { phases: 6, tasksPerPhase: 30, title: 200, taskTitle: 300, notes: 2000, ownerName: 100, days: 366 } as const;

export interface PlanPhase {
  phase: number;
  name: string;
  startDay: number;
  endDay: number;
}
export interface PlanTask {
  id: string;
  phase: number;
  position: number;
  title: string;
  notes: string | null;
  /** YYYY-MM-DD; null: due at the end of its phase (dueDateOf). */
  dueDate: string | null;
  ownerName: string | null;
  status: PlanTaskStatus;
  doneAt?: string | null;
}
/** The plan as it stands, and as every version keeps it. */
export interface PlanSnapshot {
  title: string;
  /** YYYY-MM-DD: day 1 of the plan. */
  startsOn: string;
  archived?: boolean;
  phases: PlanPhase[];
  tasks: PlanTask[];
}

/** One change, as the customer's editor and the coach's tools send it. Phases are numbered from 1. */
export type PlanEdit =
  | { op: 'createPlan'; title: string; phases: { name: string; tasks: { title: string; notes?: string }[] }[] }
  | { op: 'addTask'; phase: number; title: string; notes?: string; dueDate?: string; ownerName?: string; position?: number }
  | {
      op: 'updateTask';
      taskId: string;
      title?: string;
      notes?: string | null;
      dueDate?: string | null;
      ownerName?: string | null;
      status?: PlanTaskStatus;
    }
  | { op: 'moveTask'; taskId: string; phase: number; position: number }
  | { op: 'completeTask'; taskId: string; done: boolean }
  | { op: 'removeTask'; taskId: string }
  | { op: 'addPhase'; name: string; startDay?: number; endDay?: number }
  | { op: 'renamePhase'; phase: number; name: string }
  | { op: 'removePhase'; phase: number };

/** What an edit changes, line by line (a plan edit's approval card and a version's "what"). */
export interface PlanDiffLine {
  kind: 'added' | 'removed' | 'changed';
  /** (A proposed connection: its name, its trigger and each step; a CRM contact or activity.) */
  what: 'plan' | 'phase' | 'task' | 'idea' | 'connection' | 'trigger' | 'step' | 'contact' | 'activity';
  /** The task's or phase's name as the customer knows it. */
  label: string;
  /** For changes: each field as it was and as it will be. */
  fields?: { field: string; before: string; after: string }[];
}
export type PlanDiff = PlanDiffLine[];

/** "Days 1-30: Foundations" → "Foundations": the day range is shown beside the name, never inside it. */
export function plainPhaseName(name: string): string {
  const plain = name.replace(/^\s*(phase\s*\d+|days?\s*\d+\s*(?:-|–|—|to)+\s*\d+|month\s*\d+)\s*[:.–—-]\s*/i, '').trim();
  return plain || name.trim();
}

const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayMs = (iso: string) => Date.parse(`${iso}T00:00:00Z`);

/** The date of day `n` of a plan that starts on `startsOn` (day 1). */
export function planDay(startsOn: string, n: number): string {
  return isoDay(dayMs(startsOn) + (n - 1) * DAY);
}

/** A task's due date: its own, else the last day of its phase. */
export function dueDateOf(plan: Pick<PlanSnapshot, 'startsOn' | 'phases'>, task: Pick<PlanTask, 'dueDate' | 'phase'>): string {
  if (task.dueDate) return task.dueDate;
  const phase = plan.phases.find((p) => p.phase === task.phase);
  return planDay(plan.startsOn, phase?.endDay ?? task.phase * 30);
}

export interface PlanProgress {
  title: string;
  done: number;
  total: number;
  /** Open tasks due from today to the end of this week (Sunday), and open tasks past their date. */
  dueThisWeek: (PlanTask & { due: string })[];
  late: (PlanTask & { due: string })[];
  next: (PlanTask & { due: string }) | null;
  phases: { phase: number; name: string; from: string; to: string; done: number; total: number }[];
}

/** Where the plan stands on `today` (YYYY-MM-DD): done, due this week, late, per phase. */
export function planProgress(plan: PlanSnapshot, today: string): PlanProgress {
  const withDue = plan.tasks.map((t) => ({ ...t, due: dueDateOf(plan, t) }));
  const open = withDue.filter((t) => t.status !== 'done').sort((a, b) => a.due.localeCompare(b.due));
  const weekday = (new Date(dayMs(today)).getUTCDay() + 6) % 7; // Monday 0
  const sunday = isoDay(dayMs(today) + (6 - weekday) * DAY);
  return {
    title: plan.title,
    done: withDue.length - open.length,
    total: withDue.length,
    dueThisWeek: open.filter((t) => t.due >= today && t.due <= sunday),
    late: open.filter((t) => t.due < today),
    next: open.find((t) => t.due >= today) ?? null,
    phases: plan.phases.map((p) => {
      const tasks = withDue.filter((t) => t.phase === p.phase);
      return {
        phase: p.phase,
        name: p.name,
        from: planDay(plan.startsOn, p.startDay),
        to: planDay(plan.startsOn, p.endDay),
        done: tasks.filter((t) => t.status === 'done').length,
        total: tasks.length,
      };
    }),
  };
}

const TASK_FIELDS = [
  ['title', 'Title'],
  ['notes', 'Notes'],
  ['dueDate', 'Due'],
  ['ownerName', 'Owner'],
  ['status', 'Status'],
] as const;

const shown = (field: string, v: unknown) =>
  v === null || v === undefined || v === '' ? '—' : field === 'status' ? PLAN_STATUS_LABELS[v as PlanTaskStatus] : String(v);

/** What changes from `before` (null: no plan yet) to `after`, in the customer's words. */
export function diffPlans(before: PlanSnapshot | null, after: PlanSnapshot): PlanDiff {
  const lines: PlanDiff = [];
  if (!before || before.archived) {
    lines.push({ kind: 'added', what: 'plan', label: after.title });
    for (const p of after.phases) lines.push({ kind: 'added', what: 'phase', label: p.name });
    for (const t of after.tasks) lines.push({ kind: 'added', what: 'task', label: t.title });
    return lines;
  }
  if (before.title !== after.title)
    lines.push({
      kind: 'changed',
      what: 'plan',
      label: after.title,
      fields: [{ field: 'Title', before: before.title, after: after.title }],
    });
  const phaseName = (s: PlanSnapshot, n: number) => s.phases.find((p) => p.phase === n)?.name ?? `Phase ${n}`;
  const beforePhases = new Map(before.phases.map((p) => [p.name, p]));
  const afterPhases = new Map(after.phases.map((p) => [p.name, p]));
  for (const p of after.phases) {
    const old = before.phases.find((b) => b.phase === p.phase);
    if (!beforePhases.has(p.name) && old && !afterPhases.has(old.name))
      lines.push({ kind: 'changed', what: 'phase', label: p.name, fields: [{ field: 'Name', before: old.name, after: p.name }] });
    else if (!beforePhases.has(p.name)) lines.push({ kind: 'added', what: 'phase', label: p.name });
  }
  for (const p of before.phases) {
    const renamed = after.phases.some((a) => a.phase === p.phase && !beforePhases.has(a.name)) && !afterPhases.has(p.name);
    if (!afterPhases.has(p.name) && !renamed) lines.push({ kind: 'removed', what: 'phase', label: p.name });
  }
  const beforeTasks = new Map(before.tasks.map((t) => [t.id, t]));
  const afterIds = new Set(after.tasks.map((t) => t.id));
  for (const t of after.tasks) {
    const old = beforeTasks.get(t.id);
    if (!old) {
      lines.push({ kind: 'added', what: 'task', label: t.title });
      continue;
    }
    const fields: { field: string; before: string; after: string }[] = TASK_FIELDS.filter(([k]) => (old[k] ?? null) !== (t[k] ?? null)).map(
      ([k, label]) => ({
        field: label,
        before: shown(k, old[k]),
        after: shown(k, t[k]),
      }),
    );
    if (old.phase !== t.phase) fields.push({ field: 'Phase', before: phaseName(before, old.phase), after: phaseName(after, t.phase) });
    else if (old.position !== t.position) fields.push({ field: 'Order', before: `#${old.position + 1}`, after: `#${t.position + 1}` });
    if (fields.length) lines.push({ kind: 'changed', what: 'task', label: t.title, fields });
  }
  for (const t of before.tasks) if (!afterIds.has(t.id)) lines.push({ kind: 'removed', what: 'task', label: t.title });
  return lines;
}
