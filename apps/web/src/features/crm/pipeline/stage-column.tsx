import { useDroppable } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { crmMessages } from '@/lib/messages/crm';
import { cn } from '@/lib/utils';
import type { BoardStage, DealCard } from '../api/board-schema';
import { formatMoney } from '../lib/format';
import { SortableDealCard } from './deal-card';

const m = crmMessages.pipeline;

/** A stage: its name, kind, how many deals and their total in the account's currency, then its deals. */
export function StageColumn({
  stage,
  deals,
  currency,
  loadingMore,
  onMore,
  onEdit,
  onOpenContact,
}: {
  stage: BoardStage;
  deals: DealCard[];
  currency: string;
  loadingMore: boolean;
  onMore: () => void;
  onEdit: (deal: DealCard) => void;
  onOpenContact: (id: string) => void;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: stage.id });
  const hidden = stage.count - stage.deals.length;
  return (
    <section
      aria-labelledby={`stage-${stage.id}`}
      className="flex min-w-0 flex-col rounded-xl border bg-background/40"
      data-testid="crm-stage"
    >
      <header className="border-b px-3 py-2.5">
        <div className="flex items-center justify-between gap-2">
          <h3 id={`stage-${stage.id}`} className="truncate font-semibold">
            {stage.name}
          </h3>
          {stage.kind !== 'open' && <Badge variant={stage.kind === 'won' ? 'success' : 'secondary'}>{m.kinds[stage.kind]}</Badge>}
        </div>
        <p className="mt-0.5 text-xs text-muted-foreground" data-testid="crm-stage-total">
          {m.total(formatMoney(stage.value, currency), stage.count)}
        </p>
      </header>
      <SortableContext id={stage.id} items={deals.map((d) => d.id)} strategy={verticalListSortingStrategy}>
        <ul
          ref={setNodeRef}
          aria-labelledby={`stage-${stage.id}`}
          className={cn('flex max-h-[62vh] min-h-24 flex-1 flex-col gap-2 overflow-y-auto p-2', isOver && 'bg-primary/5')}
        >
          {deals.map((d) => (
            <SortableDealCard key={d.id} deal={d} onEdit={() => onEdit(d)} onOpenContact={onOpenContact} />
          ))}
          {deals.length === 0 && <li className="px-1 py-6 text-center text-xs text-muted-foreground">{m.empty}</li>}
        </ul>
      </SortableContext>
      {hidden > 0 && (
        <Button type="button" variant="ghost" size="sm" className="m-2" disabled={loadingMore} onClick={onMore}>
          {m.showMore(hidden)}
        </Button>
      )}
    </section>
  );
}
