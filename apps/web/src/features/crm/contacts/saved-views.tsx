import type { CrmViewSettings } from '@app/shared/crm';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { crmMessages } from '@/lib/messages/crm';
import { toast } from '@/lib/toast';
import { errorText } from '../api/errors';
import { useDeleteView, viewsQuery } from '../api/views';
import { ConfirmDialog } from '../shared/confirm-dialog';
import { selectClass } from '../shared/form-field';
import { SaveViewDialog } from './save-view-dialog';

const m = crmMessages.views;

/** Saved views: apply one from the list, save the current search and filters, delete the one applied. */
export function SavedViews({
  current,
  settings,
  onApply,
}: {
  current: string;
  settings: CrmViewSettings;
  onApply: (id: string, filters: unknown) => void;
}) {
  const id = useId();
  const views = useQuery(viewsQuery());
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const remove = useDeleteView();
  const applied = views.data?.find((v) => v.id === current);
  return (
    <div className="flex flex-wrap items-end gap-2">
      <div className="min-w-48 space-y-1">
        <Label htmlFor={id}>{m.label}</Label>
        <select
          id={id}
          className={selectClass}
          value={applied ? current : ''}
          onChange={(e) => onApply(e.target.value, views.data?.find((v) => v.id === e.target.value)?.filters ?? {})}
        >
          <option value="">{m.all}</option>
          {(views.data ?? []).map((v) => (
            <option key={v.id} value={v.id}>
              {v.name}
            </option>
          ))}
        </select>
      </div>
      <Button type="button" variant="outline" onClick={() => setSaving(true)}>
        {m.save}
      </Button>
      {applied && (
        <Button type="button" variant="ghost" onClick={() => setDeleting(true)}>
          {m.deleteView}
        </Button>
      )}
      {saving && <SaveViewDialog settings={settings} onClose={() => setSaving(false)} onSaved={(vid) => onApply(vid, settings)} />}
      {applied && (
        <ConfirmDialog
          open={deleting}
          title={m.deleteTitle(applied.name)}
          text={m.deleteText}
          busy={remove.isPending}
          error={remove.isError ? errorText(remove.error) : undefined}
          onClose={() => setDeleting(false)}
          onConfirm={() =>
            remove.mutate(applied.id, {
              onSuccess: () => {
                setDeleting(false);
                onApply('', {});
                void toast.success(m.deleted);
              },
            })
          }
        />
      )}
    </div>
  );
}
