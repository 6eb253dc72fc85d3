import { closestCorners, DndContext, DragOverlay, KeyboardSensor, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { useQuery } from '@tanstack/react-query';
import { Plus, Settings2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { crmMessages } from '@/lib/messages/crm';
import { toast } from '@/lib/toast';
import { boardQuery, useMoveDeal, useShowMoreDeals } from '../api/board';
import type { DealCard } from '../api/board-schema';
import { errorText } from '../api/errors';
import { DealCardBody } from './deal-card';
import { DealDialog } from './deal-dialog';
import { StageColumn } from './stage-column';
import { StagesDialog } from './stages-dialog';
import { useBoardDrag } from './use-board-drag';

const m = crmMessages.pipeline;

/**
 * The pipeline (issue 43): deals in columns by stage, dragged with the mouse or the keyboard (dnd-kit), each move
 * shown at once and saved through crm_move_deal, put back if the server refuses it. Column totals are in the
 * account's currency; stages are renamed, reordered, added and deleted in "Edit stages".
 */
export function PipelineBoard({ onOpenContact }: { onOpenContact: (id: string) => void }) {
  const board = useQuery(boardQuery());
  const move = useMoveDeal((e) => void toast.error(`${m.moveFailed} ${errorText(e)}`));
  const more = useShowMoreDeals();
  const drag = useBoardDrag(board.data, move);
  const [editing, setEditing] = useState<DealCard | 'new' | null>(null);
  const [stagesOpen, setStagesOpen] = useState(false);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const byId = useMemo(() => new Map((board.data?.stages ?? []).flatMap((s) => s.deals.map((d) => [d.id, d] as const))), [board.data]);

  if (board.isPending) return <Spinner className="size-6 text-primary" label={crmMessages.loading} />;
  if (board.isError)
    return (
      <div role="alert" className="space-y-2 text-sm text-destructive">
        <p>{errorText(board.error)}</p>
        <Button type="button" variant="outline" size="sm" onClick={() => void board.refetch()}>
          {crmMessages.retry}
        </Button>
      </div>
    );
  const b = board.data;
  const active = drag.activeId ? byId.get(drag.activeId) : undefined;
  return (
    <section aria-label={m.boardLabel} className="space-y-3">
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={() => setStagesOpen(true)}>
          <Settings2 aria-hidden /> {m.editStages}
        </Button>
        <Button type="button" onClick={() => setEditing('new')}>
          <Plus aria-hidden /> {m.addDeal}
        </Button>
      </div>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCorners}
        accessibility={{ announcements: drag.announcements, screenReaderInstructions: { draggable: m.instructions } }}
        {...drag.handlers}
      >
        <div className="grid auto-cols-[minmax(13.5rem,1fr)] grid-flow-col gap-3 overflow-x-auto pb-2" data-testid="crm-board">
          {b.stages.map((s) => (
            <StageColumn
              key={s.id}
              stage={s}
              deals={(drag.columns[s.id] ?? []).flatMap((id) => byId.get(id) ?? [])}
              currency={b.currency}
              loadingMore={more.isPending && more.variables?.stageId === s.id}
              onMore={() => more.mutate({ stageId: s.id, afterPosition: s.deals.at(-1)?.position ?? -1 })}
              onEdit={setEditing}
              onOpenContact={onOpenContact}
            />
          ))}
        </div>
        <DragOverlay>
          {active && (
            <div className="flex rotate-1 cursor-grabbing gap-1.5 rounded-lg border bg-card p-2.5 pl-7 shadow-xl ring-1 ring-primary/50">
              <DealCardBody deal={active} />
            </div>
          )}
        </DragOverlay>
      </DndContext>
      {editing && <DealDialog deal={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />}
      {stagesOpen && <StagesDialog stages={b.stages} onClose={() => setStagesOpen(false)} />}
    </section>
  );
}
