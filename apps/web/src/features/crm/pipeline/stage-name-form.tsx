import { useState } from 'react';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { crmMessages } from '@/lib/messages/crm';
import { toast } from '@/lib/toast';
import type { BoardStage } from '../api/board-schema';
import { errorText } from '../api/errors';
import { useRenameStage } from '../api/stages';
import { textField } from '../lib/text';
import { FormField } from '../shared/form-field';

const m = crmMessages.stages;
export const stageName = z.string().trim().min(1, m.nameRequired).max(60, m.nameTooLong).pipe(textField(60, m.newName));

/** One stage's name, renamed with its own button (Enter in the field does it too). */
export function StageNameForm({ stage, n }: { stage: BoardStage; n: number }) {
  const [name, setName] = useState(stage.name);
  const [error, setError] = useState<string>();
  const rename = useRenameStage();
  const submit = () => {
    const parsed = stageName.safeParse(name);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    rename.mutate(
      { id: stage.id, name: parsed.data },
      { onSuccess: () => void toast.success(m.renamed(parsed.data)), onError: (e) => setError(errorText(e)) },
    );
  };
  return (
    <form
      noValidate
      className="flex flex-1 items-end gap-1.5"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <FormField id={`stage-name-${stage.id}`} label={m.name(n)} error={error} className="flex-1">
        {(p) => <Input {...p} value={name} onChange={(e) => setName(e.target.value)} />}
      </FormField>
      <Button type="submit" variant="outline" disabled={rename.isPending || name.trim() === stage.name}>
        {m.rename}
      </Button>
    </form>
  );
}
