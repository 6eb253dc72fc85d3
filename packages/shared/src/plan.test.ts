import { describe, expect, it } from 'vitest';
import { diffPlans, dueDateOf, plainPhaseName, planProgress, type PlanSnapshot } from './plan';

const plan: PlanSnapshot = {
  title: 'Q1',
  startsOn: '2026-11-02', // a Monday
  phases: [
    { phase: 1, name: 'Foundations', startDay: 1, endDay: 30 },
    { phase: 2, name: 'Momentum', startDay: 31, endDay: 60 },
  ],
  tasks: [
    { id: 'a', phase: 1, position: 0, title: 'Brand story', notes: null, dueDate: '2026-11-05', ownerName: null, status: 'todo' },
    { id: 'b', phase: 1, position: 1, title: 'Google profile', notes: null, dueDate: '2026-11-20', ownerName: null, status: 'done' },
    { id: 'c', phase: 1, position: 2, title: 'Photos', notes: null, dueDate: null, ownerName: null, status: 'doing' },
    { id: 'd', phase: 2, position: 0, title: 'Loyalty card', notes: null, dueDate: null, ownerName: null, status: 'todo' },
  ],
};

describe('plan', () => {
  it('drops a day range or phase number the model wrote into a phase name', () => {
    expect(plainPhaseName('Days 1-30: Foundations')).toBe('Foundations');
    expect(plainPhaseName('Phase 2 – Momentum')).toBe('Momentum');
    expect(plainPhaseName('Day 61 to 90: Scale')).toBe('Scale');
    expect(plainPhaseName('Foundations')).toBe('Foundations');
    expect(plainPhaseName('Days 1-30')).toBe('Days 1-30');
  });

  it('dates a task by its own date, else the last day of its phase', () => {
    expect(dueDateOf(plan, plan.tasks[0]!)).toBe('2026-11-05');
    expect(dueDateOf(plan, plan.tasks[2]!)).toBe('2026-12-01');
    expect(dueDateOf(plan, plan.tasks[3]!)).toBe('2026-12-31');
  });

  it('says what is done, due this week (to Sunday) and late on a day', () => {
    const p = planProgress(plan, '2026-11-26'); // a Thursday
    expect([p.done, p.total]).toEqual([1, 4]);
    expect(p.late.map((t) => t.id)).toEqual(['a']);
    expect(p.dueThisWeek.map((t) => t.id)).toEqual([]);
    expect(p.next?.id).toBe('c');
    expect(planProgress(plan, '2026-11-30').dueThisWeek.map((t) => t.id)).toEqual(['c']);
    expect(p.phases).toEqual([
      { phase: 1, name: 'Foundations', from: '2026-11-02', to: '2026-12-01', done: 1, total: 3 },
      { phase: 2, name: 'Momentum', from: '2026-12-02', to: '2026-12-31', done: 0, total: 1 },
    ]);
  });

  it('describes a change as the customer would: renamed phase, edited, moved, added and removed tasks', () => {
    const after: PlanSnapshot = {
      ...plan,
      phases: [plan.phases[0]!, { ...plan.phases[1]!, name: 'Growth' }],
      tasks: [
        { ...plan.tasks[0]!, ownerName: 'Sam', status: 'done' },
        { ...plan.tasks[2]!, phase: 2, position: 1 },
        plan.tasks[3]!,
        { id: 'e', phase: 1, position: 1, title: 'Christmas push', notes: null, dueDate: null, ownerName: null, status: 'todo' },
      ],
    };
    expect(diffPlans(plan, after)).toEqual([
      { kind: 'changed', what: 'phase', label: 'Growth', fields: [{ field: 'Name', before: 'Momentum', after: 'Growth' }] },
      {
        kind: 'changed',
        what: 'task',
        label: 'Brand story',
        fields: [
          { field: 'Owner', before: '—', after: 'Sam' },
          { field: 'Status', before: 'To do', after: 'Done' },
        ],
      },
      { kind: 'changed', what: 'task', label: 'Photos', fields: [{ field: 'Phase', before: 'Foundations', after: 'Growth' }] },
      { kind: 'added', what: 'task', label: 'Christmas push' },
      { kind: 'removed', what: 'task', label: 'Google profile' },
    ]);
    expect(diffPlans(null, plan).map((l) => `${l.kind} ${l.what} ${l.label}`)).toEqual([
      'added plan Q1',
      'added phase Foundations',
      'added phase Momentum',
      'added task Brand story',
      'added task Google profile',
      'added task Photos',
      'added task Loyalty card',
    ]);
  });
});
