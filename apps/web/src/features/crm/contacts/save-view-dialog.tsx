import type { CrmViewSettings } from '@app/shared/crm';
import { useId, useState } from 'react';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { crmMessages } from '@/lib/messages/crm';
import { toast } from '@/lib/toast';
import { CrmError, errorText } from '../api/errors';
import { useSaveView } from '../api/views';
import { textField } from '../lib/text';
import { FormField } from '../shared/form-field';

const m = crmMessages.views;
const nameSchema = z.string().trim().min(1, m.nameRequired).max(80, m.nameTooLong).pipe(textField(80, m.name));

/** Names the current search, filters and sort as a saved view. */
export function SaveViewDialog({
  settings,
  onClose,
  onSaved,
}: {
  settings: CrmViewSettings;
  onClose: () => void;
  onSaved: (id: string) => void;
}) {
  const id = useId();
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const save = useSaveView();
  const submit = () => {
    const parsed = nameSchema.safeParse(name);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    save.mutate(
      { name: parsed.data, settings },
      {
        onSuccess: (vid) => {
          void toast.success(m.saved(parsed.data));
          onSaved(vid);
          onClose();
        },
        onError: (e) => setError(e instanceof CrmError && e.field === 'name' ? e.text : errorText(e)),
      },
    );
  };
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{m.saveTitle}</DialogTitle>
          <DialogDescription>{m.saveText}</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <FormField id={id} label={m.name} error={error}>
            {(p) => <Input {...p} value={name} onChange={(e) => setName(e.target.value)} />}
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              {crmMessages.cancel}
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {crmMessages.save}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
