import { useId, useState } from 'react';
import { Label } from '@/components/ui/label';
import { crmMessages } from '@/lib/messages/crm';
import { toast } from '@/lib/toast';
import type { BoardStage } from '../api/board-schema';
import { errorText } from '../api/errors';
import { useDeleteStage } from '../api/stages';
import { ConfirmDialog } from '../shared/confirm-dialog';
import { selectClass } from '../shared/form-field';

const m = crmMessages.stages;

/** Deletes a stage; when it has deals, the customer chooses the stage they move to (crm_delete_stage). */
export function DeleteStageDialog({ stage, others, onClose }: { stage: BoardStage; others: BoardStage[]; onClose: () => void }) {
  const id = useId();
  const [moveTo, setMoveTo] = useState(others[0]?.id ?? '');
  const remove = useDeleteStage();
  return (
    <ConfirmDialog
      open
      title={m.deleteTitle(stage.name)}
      text={m.deleteText(stage.count)}
      busy={remove.isPending}
      error={remove.isError ? errorText(remove.error) : undefined}
      onClose={onClose}
      onConfirm={() =>
        remove.mutate(
          { id: stage.id, moveTo: stage.count ? moveTo : undefined },
          {
            onSuccess: () => {
              void toast.success(m.deleted(stage.name));
              onClose();
            },
          },
        )
      }
    >
      {stage.count > 0 && others.length > 0 && (
        <div className="space-y-1.5">
          <Label htmlFor={id}>{m.moveTo}</Label>
          <select id={id} className={selectClass} value={moveTo} onChange={(e) => setMoveTo(e.target.value)}>
            {others.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </div>
      )}
    </ConfirmDialog>
  );
}
