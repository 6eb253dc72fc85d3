import type { Board } from '../api/board-schema';

/**
 * The pipeline board's moves as pure functions: the board after a deal moves (what the screen shows before the
 * server answers), and the columns of deal ids while a deal is dragged (dnd-kit's multiple-containers pattern).
 */

/** Each stage's deal ids, in order, by stage id. */
export type Columns = Record<string, string[]>;

export const columnsOf = (board: Board): Columns => Object.fromEntries(board.stages.map((s) => [s.id, s.deals.map((d) => d.id)]));

/** The stage an id belongs to: a deal's column, or the stage itself when the id is a stage's (an empty column). */
export function columnOf(columns: Columns, id: string): string | undefined {
  if (id in columns) return id;
  return Object.keys(columns).find((k) => columns[k]!.includes(id));
}

/**
 * While dragging: the active deal enters the column of what it is over, before that deal (or at the bottom when
 * over the column itself or past the column's last deal). Null when nothing changes.
 */
export function moveAcross(columns: Columns, activeId: string, overId: string, below = false): Columns | null {
  const from = columnOf(columns, activeId);
  const to = columnOf(columns, overId);
  if (!from || !to || from === to) return null;
  const target = columns[to]!;
  const overIndex = target.indexOf(overId);
  const at = overIndex < 0 ? target.length : overIndex + (below ? 1 : 0);
  return {
    ...columns,
    [from]: columns[from]!.filter((id) => id !== activeId),
    [to]: [...target.slice(0, at), activeId, ...target.slice(at)],
  };
}

/** At the drop: the active deal takes the place of the deal it is over, in the same column. */
export function reorderWithin(columns: Columns, activeId: string, overId: string): Columns {
  const col = columnOf(columns, activeId);
  if (!col || col !== columnOf(columns, overId) || activeId === overId || overId === col) return columns;
  const ids = columns[col]!;
  const from = ids.indexOf(activeId);
  const to = ids.indexOf(overId);
  const next = [...ids];
  next.splice(from, 1);
  next.splice(to, 0, activeId);
  return { ...columns, [col]: next };
}

/** Where a deal is: its stage and index among the shown deals. */
export function placeOf(columns: Columns, dealId: string): { stageId: string; index: number } | null {
  const stageId = columnOf(columns, dealId);
  return stageId && stageId !== dealId ? { stageId, index: columns[stageId]!.indexOf(dealId) } : null;
}

/**
 * The board after moving a deal to index `toIndex` of a stage (what crm_move_deal will do): both stages renumbered,
 * their counts and totals moved with the deal's value. The board unchanged when the deal is not on it.
 */
export function applyMove(board: Board, dealId: string, toStageId: string, toIndex: number): Board {
  const fromStage = board.stages.find((s) => s.deals.some((d) => d.id === dealId));
  const toStage = board.stages.find((s) => s.id === toStageId);
  if (!fromStage || !toStage) return board;
  const deal = fromStage.deals.find((d) => d.id === dealId)!;
  const moved = { ...deal, stage_id: toStageId };
  const stages = board.stages.map((s) => {
    let deals = s.deals.filter((d) => d.id !== dealId);
    if (s.id === toStageId) deals = [...deals.slice(0, toIndex), moved, ...deals.slice(toIndex)];
    if (s.id !== fromStage.id && s.id !== toStageId) return s;
    const shift = fromStage.id === toStageId ? 0 : s.id === toStageId ? 1 : -1;
    return {
      ...s,
      count: s.count + shift,
      value: Math.round((s.value + shift * deal.value) * 100) / 100,
      deals: deals.map((d, i) => (d.position === i ? d : { ...d, position: i })),
    };
  });
  return { ...board, stages };
}
