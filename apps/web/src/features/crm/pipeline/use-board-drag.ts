import type { Announcements, DragEndEvent, DragOverEvent, DragStartEvent } from '@dnd-kit/core';
import { useMemo, useState } from 'react';
import { crmMessages } from '@/lib/messages/crm';
import type { Board } from '../api/board-schema';
import { columnsOf, moveAcross, placeOf, reorderWithin, type Columns } from '../lib/board-moves';

const a = crmMessages.pipeline.announce;

/** Whether the dragged card's top has passed the middle of what it is over (it then goes below it). */
function isBelow(e: DragOverEvent | DragEndEvent): boolean {
  const dragged = e.active.rect.current.translated;
  return !!(e.over && dragged && dragged.top > e.over.rect.top + e.over.rect.height / 2);
}

/** The columns once the drag event is applied: into another column, or to another place in the same one. */
function afterEvent(cols: Columns, e: DragOverEvent | DragEndEvent): Columns {
  if (!e.over) return cols;
  const activeId = String(e.active.id);
  const overId = String(e.over.id);
  return moveAcross(cols, activeId, overId, isBelow(e)) ?? reorderWithin(cols, activeId, overId);
}

interface Drag {
  /** The dragged deal. */
  id: string;
  /** Where it was picked up. */
  from: { stageId: string; index: number } | null;
}

/**
 * dnd-kit's multiple-containers pattern for the board: while a deal is dragged (mouse or keyboard) the columns of
 * ids are local state, the deal entering the column it is over; on the drop `onMove` gets its stage and index if
 * they changed. After a drop the local columns are shown until the board they were based on changes (the move's
 * optimistic update lands a tick later), so a dropped card never flickers back. Announcements name the deal, the
 * stage and the position.
 */
export function useBoardDrag(board: Board | undefined, onMove: (dealId: string, stageId: string, index: number) => void) {
  const [drag, setDrag] = useState<Drag | null>(null);
  const [local, setLocal] = useState<{ cols: Columns; basis: Board | undefined } | null>(null);
  const columns = useMemo(
    () => (local && (drag || local.basis === board) ? local.cols : board ? columnsOf(board) : {}),
    [local, drag, board],
  );

  const lookups = useMemo(() => {
    const titles = new Map<string, string>();
    const stages = new Map<string, string>();
    for (const s of board?.stages ?? []) {
      stages.set(s.id, s.name);
      for (const d of s.deals) titles.set(d.id, d.title);
    }
    return { title: (id: unknown) => titles.get(String(id)) ?? '', stage: (id: string) => stages.get(id) ?? '' };
  }, [board]);

  const say = (cols: Columns, id: unknown, text: (title: string, stage: string, at: number, of: number) => string) => {
    const place = placeOf(cols, String(id));
    return place ? text(lookups.title(id), lookups.stage(place.stageId), place.index + 1, cols[place.stageId]!.length) : undefined;
  };

  const announcements: Announcements = {
    onDragStart: ({ active }) => say(columns, active.id, a.picked),
    // over itself (as a drag starts): the pick-up's announcement stands
    onDragOver: (e) =>
      !e.over
        ? a.nowhere(lookups.title(e.active.id))
        : e.over.id === e.active.id
          ? undefined
          : say(afterEvent(columns, e as DragOverEvent), e.active.id, a.over),
    onDragEnd: (e) => say(afterEvent(columns, e as DragEndEvent), e.active.id, a.dropped),
    onDragCancel: ({ active }) => (drag?.from ? a.cancelled(lookups.title(active.id), lookups.stage(drag.from.stageId)) : undefined),
  };

  const handlers = {
    onDragStart: (e: DragStartEvent) => {
      if (!board) return;
      const cols = columnsOf(board);
      setDrag({ id: String(e.active.id), from: placeOf(cols, String(e.active.id)) });
      setLocal({ cols, basis: board });
    },
    onDragOver: (e: DragOverEvent) => {
      const over = e.over;
      if (!over) return;
      const below = isBelow(e);
      setLocal((l) => {
        const next = l && moveAcross(l.cols, String(e.active.id), String(over.id), below);
        return l && next ? { ...l, cols: next } : l;
      });
    },
    onDragEnd: (e: DragEndEvent) => {
      const cols = afterEvent(columns, e);
      const place = placeOf(cols, String(e.active.id));
      const from = drag?.from;
      const moved = place && from && (place.stageId !== from.stageId || place.index !== from.index);
      setLocal(moved ? { cols, basis: board } : null);
      setDrag(null);
      if (moved) onMove(String(e.active.id), place.stageId, place.index);
    },
    onDragCancel: () => {
      setLocal(null);
      setDrag(null);
    },
  };

  return { columns, activeId: drag?.id ?? null, handlers, announcements };
}
