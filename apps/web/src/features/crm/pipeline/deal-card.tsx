import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { GripVertical } from 'lucide-react';
import { crmMessages } from '@/lib/messages/crm';
import { cn } from '@/lib/utils';
import type { DealCard as Deal } from '../api/board-schema';
import { formatDay, formatMoney } from '../lib/format';

const m = crmMessages.pipeline;

/** What a deal card shows; also the card under the pointer while dragging (DragOverlay). */
export function DealCardBody({ deal, onEdit, onOpenContact }: { deal: Deal; onEdit?: () => void; onOpenContact?: (id: string) => void }) {
  return (
    <div className="min-w-0 flex-1 space-y-1">
      {onEdit ? (
        <button
          type="button"
          className="block max-w-full cursor-pointer truncate text-left text-sm font-medium hover:underline"
          onClick={onEdit}
        >
          {deal.title}
        </button>
      ) : (
        <p className="truncate text-sm font-medium">{deal.title}</p>
      )}
      <p className="truncate text-xs text-muted-foreground">
        {deal.contact_id && deal.contact_name && onOpenContact ? (
          <button type="button" className="cursor-pointer text-brand hover:underline" onClick={() => onOpenContact(deal.contact_id!)}>
            {deal.contact_name}
          </button>
        ) : (
          (deal.contact_name ?? m.noContact)
        )}
        {deal.company_name && ` · ${deal.company_name}`}
      </p>
      <p className="flex items-center justify-between gap-2 text-xs">
        <span className="font-figures font-semibold">{formatMoney(deal.value, deal.currency)}</span>
        {deal.expected_close && <span className="text-muted-foreground">{m.closes(formatDay(deal.expected_close))}</span>}
      </p>
    </div>
  );
}

/**
 * A deal on the board. The whole card drags with the mouse; the grip is its keyboard handle (Space or Enter picks
 * it up, arrows move it, Space or Enter drops it), so the title and contact stay ordinary buttons.
 */
export function SortableDealCard({ deal, onEdit, onOpenContact }: { deal: Deal; onEdit: () => void; onOpenContact: (id: string) => void }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: deal.id });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cn('flex touch-none gap-1.5 rounded-lg border bg-card p-2.5 shadow-sm', isDragging && 'opacity-40')}
      data-testid="crm-deal"
      {...listeners}
    >
      <button
        ref={setActivatorNodeRef}
        type="button"
        aria-label={m.moveHandle(deal.title)}
        className="-ml-1 cursor-grab self-start rounded p-0.5 text-muted-foreground hover:text-foreground active:cursor-grabbing"
        {...attributes}
      >
        <GripVertical aria-hidden className="size-4" />
      </button>
      <DealCardBody deal={deal} onEdit={onEdit} onOpenContact={onOpenContact} />
    </li>
  );
}
