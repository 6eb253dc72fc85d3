import { useQuery } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { crmMessages } from '@/lib/messages/crm';
import { toast } from '@/lib/toast';
import { customFieldsQuery, useDeleteCustomField, type CustomField } from '../api/custom-fields';
import { errorText } from '../api/errors';
import { ConfirmDialog } from '../shared/confirm-dialog';
import { CustomFieldForm } from './custom-field-form';

const m = crmMessages.customFields;

/** The customer's custom contact fields: listed, added (text, number, date or a choice), deleted. */
export function CustomFieldsDialog({ onClose }: { onClose: () => void }) {
  const fields = useQuery(customFieldsQuery());
  const remove = useDeleteCustomField();
  const [deleting, setDeleting] = useState<CustomField | null>(null);
  const list = fields.data ?? [];

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{m.title}</DialogTitle>
          <DialogDescription>{m.intro}</DialogDescription>
        </DialogHeader>
        {list.length === 0 ? (
          <p className="text-sm text-muted-foreground">{m.none}</p>
        ) : (
          <ul className="divide-y rounded-md border">
            {list.map((f) => (
              <li key={f.id} className="flex items-center justify-between gap-2 px-3 py-2 text-sm">
                <span>
                  {f.label} <span className="text-muted-foreground">· {m.types[f.type]}</span>
                  {f.type === 'select' && <span className="text-muted-foreground"> ({f.options.join(', ')})</span>}
                </span>
                <Button
                  type="button"
                  size="icon"
                  variant="ghost"
                  className="size-8 text-destructive"
                  aria-label={m.deleteLabel(f.label)}
                  onClick={() => setDeleting(f)}
                >
                  <Trash2 aria-hidden />
                </Button>
              </li>
            ))}
          </ul>
        )}
        <CustomFieldForm count={list.length} />
        {deleting && (
          <ConfirmDialog
            open
            title={m.deleteTitle(deleting.label)}
            text={m.deleteText}
            busy={remove.isPending}
            error={remove.isError ? errorText(remove.error) : undefined}
            onClose={() => setDeleting(null)}
            onConfirm={() =>
              remove.mutate(deleting.id, {
                onSuccess: () => {
                  void toast.success(m.deleted(deleting.label));
                  setDeleting(null);
                },
              })
            }
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
