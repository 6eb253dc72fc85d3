import { CRM_STAGE_KINDS, type CrmStageKind } from '@app/shared/crm';
import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { crmMessages } from '@/lib/messages/crm';
import { toast } from '@/lib/toast';
import type { BoardStage } from '../api/board-schema';
import { errorText } from '../api/errors';
import { useAddStage, useReorderStages } from '../api/stages';
import { FormField, selectClass } from '../shared/form-field';
import { DeleteStageDialog } from './delete-stage-dialog';
import { StageNameForm, stageName } from './stage-name-form';

const m = crmMessages.stages;

/** Edit stages: rename each, move it up or down (crm_reorder_stages), delete it, or add one. */
export function StagesDialog({ stages, onClose }: { stages: BoardStage[]; onClose: () => void }) {
  const idp = useId();
  const reorder = useReorderStages();
  const add = useAddStage();
  const [deleting, setDeleting] = useState<BoardStage | null>(null);
  const [name, setName] = useState('');
  const [kind, setKind] = useState<CrmStageKind>('open');
  const [error, setError] = useState<string>();

  const moveBy = (i: number, by: -1 | 1) => {
    const ids = stages.map((s) => s.id);
    [ids[i], ids[i + by]] = [ids[i + by]!, ids[i]!];
    reorder.mutate(ids, { onSuccess: () => void toast.success(m.reordered), onError: (e) => void toast.error(errorText(e)) });
  };
  const submit = () => {
    const parsed = stageName.safeParse(name);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    add.mutate(
      { name: parsed.data, kind },
      {
        onSuccess: () => {
          void toast.success(m.added(parsed.data));
          setName('');
        },
        onError: (e) => setError(errorText(e)),
      },
    );
  };

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{m.title}</DialogTitle>
          <DialogDescription>{m.intro}</DialogDescription>
        </DialogHeader>
        <ol className="space-y-2">
          {stages.map((s, i) => (
            <li key={s.id} className="flex items-end gap-1.5">
              <StageNameForm stage={s} n={i + 1} />
              <Button
                type="button"
                size="icon"
                variant="ghost"
                aria-label={m.moveUp(s.name)}
                disabled={i === 0 || reorder.isPending}
                onClick={() => moveBy(i, -1)}
              >
                <ArrowUp aria-hidden />
              </Button>
              <Button
                type="button"
                size="icon"
                variant="ghost"
                aria-label={m.moveDown(s.name)}
                disabled={i === stages.length - 1 || reorder.isPending}
                onClick={() => moveBy(i, 1)}
              >
                <ArrowDown aria-hidden />
              </Button>
              <Button
                type="button"
                size="icon"
                variant="ghost"
                className="text-destructive"
                aria-label={m.deleteLabel(s.name)}
                onClick={() => setDeleting(s)}
              >
                <Trash2 aria-hidden />
              </Button>
            </li>
          ))}
        </ol>
        <form
          noValidate
          className="grid items-end gap-3 border-t pt-4 sm:grid-cols-[1fr_9rem_auto]"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <FormField id={`${idp}-name`} label={m.newName} error={error}>
            {(p) => <Input {...p} value={name} onChange={(e) => setName(e.target.value)} />}
          </FormField>
          <FormField id={`${idp}-kind`} label={m.newKind}>
            {(p) => (
              <select {...p} className={selectClass} value={kind} onChange={(e) => setKind(e.target.value as CrmStageKind)}>
                {CRM_STAGE_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {crmMessages.pipeline.kinds[k]}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <Button type="submit" disabled={add.isPending} className={error ? 'sm:mb-5' : undefined}>
            {m.add}
          </Button>
          <p className="text-xs text-muted-foreground sm:col-span-3">{m.kindsHelp}</p>
        </form>
        {deleting && (
          <DeleteStageDialog stage={deleting} others={stages.filter((s) => s.id !== deleting.id)} onClose={() => setDeleting(null)} />
        )}
      </DialogContent>
    </Dialog>
  );
}
