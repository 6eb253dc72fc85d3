import { describe, expect, it } from 'vitest';
import type { Board, DealCard } from '../api/board-schema';
import { applyMove, columnOf, columnsOf, moveAcross, placeOf, reorderWithin } from './board-moves';

const card = (id: string, stage: string, position: number, value: number): DealCard => ({
  id,
  title: `Deal ${id}`,
  value,
  currency: 'GBP',
  stage_id: stage,
  position,
  expected_close: null,
  closed_at: null,
  contact_id: null,
  contact_name: null,
  company_id: null,
  company_name: null,
  updated_at: '2026-01-01T00:00:00Z',
});
const board: Board = {
  currency: 'GBP',
  stages: [
    {
      id: 'lead',
      name: 'Lead',
      position: 0,
      kind: 'open',
      count: 3,
      value: 600,
      deals: [card('a', 'lead', 0, 100), card('b', 'lead', 1, 200), card('c', 'lead', 2, 300)],
    },
    { id: 'won', name: 'Won', position: 1, kind: 'won', count: 1, value: 50.5, deals: [card('d', 'won', 0, 50.5)] },
    { id: 'lost', name: 'Lost', position: 2, kind: 'lost', count: 0, value: 0, deals: [] },
  ],
};

describe('applyMove', () => {
  it('moves a deal to another stage: counts, totals and positions follow', () => {
    const next = applyMove(board, 'b', 'won', 0);
    expect(next.stages[0]).toMatchObject({ count: 2, value: 400 });
    expect(next.stages[0]!.deals.map((d) => [d.id, d.position])).toEqual([
      ['a', 0],
      ['c', 1],
    ]);
    expect(next.stages[1]).toMatchObject({ count: 2, value: 250.5 });
    expect(next.stages[1]!.deals.map((d) => [d.id, d.position, d.stage_id])).toEqual([
      ['b', 0, 'won'],
      ['d', 1, 'won'],
    ]);
    expect(next.stages[2]).toBe(board.stages[2]);
  });
  it('reorders within a stage without changing its figures', () => {
    const next = applyMove(board, 'a', 'lead', 2);
    expect(next.stages[0]).toMatchObject({ count: 3, value: 600 });
    expect(next.stages[0]!.deals.map((d) => d.id)).toEqual(['b', 'c', 'a']);
  });
  it('into an empty stage, and an unknown deal or stage leaves the board as it was', () => {
    expect(applyMove(board, 'd', 'lost', 0).stages[2]!.deals.map((d) => d.id)).toEqual(['d']);
    expect(applyMove(board, 'zz', 'lost', 0)).toBe(board);
    expect(applyMove(board, 'a', 'nowhere', 0)).toBe(board);
  });
  it('does not change the board it was given (the snapshot a failed move rolls back to)', () => {
    const before = JSON.stringify(board);
    applyMove(board, 'b', 'won', 0);
    expect(JSON.stringify(board)).toBe(before);
  });
});

describe('columns while dragging', () => {
  const cols = columnsOf(board);
  it('finds the column of a deal or a stage', () => {
    expect(columnOf(cols, 'c')).toBe('lead');
    expect(columnOf(cols, 'lost')).toBe('lost');
    expect(columnOf(cols, 'zz')).toBeUndefined();
  });
  it('moves across columns before the deal it is over, or to the bottom of a column', () => {
    expect(moveAcross(cols, 'a', 'd')).toMatchObject({ lead: ['b', 'c'], won: ['a', 'd'] });
    expect(moveAcross(cols, 'a', 'd', true)).toMatchObject({ won: ['d', 'a'] });
    expect(moveAcross(cols, 'a', 'lost')).toMatchObject({ lead: ['b', 'c'], lost: ['a'] });
    expect(moveAcross(cols, 'a', 'b')).toBeNull();
  });
  it('reorders within a column and says where a deal is', () => {
    const next = reorderWithin(cols, 'a', 'c');
    expect(next.lead).toEqual(['b', 'c', 'a']);
    expect(placeOf(next, 'a')).toEqual({ stageId: 'lead', index: 2 });
    expect(reorderWithin(cols, 'a', 'd')).toBe(cols);
    expect(placeOf(cols, 'lead')).toBeNull();
  });
});
