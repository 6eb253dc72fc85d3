import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { crmMessages } from '@/lib/messages/crm';
import { toast } from '@/lib/toast';
import { boardQuery } from '../api/board';
import { useSaveDeal } from '../api/deals';
import { errorText } from '../api/errors';
import { dealSchema } from '../lib/deal-schema';
import { fieldErrors } from '../lib/text';
import { ContactPicker, type PickedContact } from '../shared/contact-picker';
import { FormField, selectClass } from '../shared/form-field';
import { DeleteDealDialog } from './delete-deal-dialog';

const m = crmMessages.dealForm;

export interface EditableDeal {
  id: string;
  title: string;
  value: number;
  expected_close: string | null;
  stage_id: string;
  contact_id: string | null;
  contact_name: string | null;
  company_id: string | null;
}

/**
 * A new deal (title, contact, value, expected close date, stage) or one being edited (its stage changes on the
 * board). The value is in the account's currency, which the deal keeps.
 */
export function DealDialog({ deal, contact, onClose }: { deal?: EditableDeal; contact?: PickedContact; onClose: () => void }) {
  const idp = useId();
  const board = useQuery(boardQuery());
  const stages = board.data?.stages ?? [];
  const [title, setTitle] = useState(deal?.title ?? '');
  const [picked, setPicked] = useState<PickedContact | null>(
    contact ?? (deal?.contact_id ? { id: deal.contact_id, name: deal.contact_name ?? '', company_id: deal.company_id } : null),
  );
  const [value, setValue] = useState(deal ? String(deal.value) : '');
  const [expectedClose, setExpectedClose] = useState(deal?.expected_close ?? '');
  const [stageId, setStageId] = useState(deal?.stage_id ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [deleting, setDeleting] = useState(false);
  const save = useSaveDeal();
  const stage = stageId || (stages.find((s) => s.kind === 'open') ?? stages[0])?.id || '';

  const submit = () => {
    const parsed = dealSchema.safeParse({
      title,
      contactId: picked?.id ?? '',
      contactName: picked?.name ?? '',
      value,
      expectedClose,
      stageId: stage,
    });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    save.mutate(
      { id: deal?.id, input: parsed.data, companyId: picked?.company_id ?? null },
      {
        onSuccess: () => {
          void toast.success(deal ? m.updated(parsed.data.title) : m.added(parsed.data.title));
          onClose();
        },
        onError: (e) => setErrors({ form: errorText(e) }),
      },
    );
  };

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{deal ? m.editTitle : m.addTitle}</DialogTitle>
          <DialogDescription>{m.valueHint(board.data?.currency ?? 'GBP')}</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <FormField id={`${idp}-title`} label={m.title} error={errors.title}>
            {(p) => <Input {...p} required value={title} onChange={(e) => setTitle(e.target.value)} />}
          </FormField>
          <FormField id={`${idp}-contact`} label={m.contact}>
            {(p) => <ContactPicker id={p.id} value={picked} onChange={setPicked} />}
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id={`${idp}-value`} label={`${m.value} (${board.data?.currency ?? 'GBP'})`} error={errors.value}>
              {(p) => <Input {...p} inputMode="decimal" value={value} onChange={(e) => setValue(e.target.value)} />}
            </FormField>
            <FormField id={`${idp}-close`} label={m.expectedClose} error={errors.expectedClose}>
              {(p) => <Input {...p} type="date" value={expectedClose} onChange={(e) => setExpectedClose(e.target.value)} />}
            </FormField>
          </div>
          {!deal && (
            <FormField id={`${idp}-stage`} label={m.stage}>
              {(p) => (
                <select {...p} className={selectClass} value={stage} onChange={(e) => setStageId(e.target.value)}>
                  {stages.map((s) => (
                    <option key={s.id} value={s.id}>
                      {s.name}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
          )}
          {errors.form && (
            <p role="alert" className="text-sm text-destructive">
              {errors.form}
            </p>
          )}
          <div className="flex flex-wrap justify-between gap-2">
            {deal ? (
              <Button type="button" variant="ghost" className="text-destructive" onClick={() => setDeleting(true)}>
                {m.deleteDeal}
              </Button>
            ) : (
              <span />
            )}
            <div className="flex gap-2">
              <Button type="button" variant="outline" onClick={onClose}>
                {crmMessages.cancel}
              </Button>
              <Button type="submit" disabled={save.isPending || !stage}>
                {save.isPending ? crmMessages.saving : crmMessages.save}
              </Button>
            </div>
          </div>
        </form>
        {deal && deleting && <DeleteDealDialog deal={deal} onClose={() => setDeleting(false)} onDeleted={onClose} />}
      </DialogContent>
    </Dialog>
  );
}
