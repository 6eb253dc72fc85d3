import { crmMessages } from '@/lib/messages/crm';
import { toast } from '@/lib/toast';
import { useDeleteDeal } from '../api/deals';
import { errorText } from '../api/errors';
import { ConfirmDialog } from '../shared/confirm-dialog';

const m = crmMessages.dealForm;

/** "Delete the deal?": its timeline entries go, its tasks stay. */
export function DeleteDealDialog({
  deal,
  onClose,
  onDeleted,
}: {
  deal: { id: string; title: string };
  onClose: () => void;
  onDeleted: () => void;
}) {
  const remove = useDeleteDeal();
  return (
    <ConfirmDialog
      open
      title={m.deleteTitle(deal.title)}
      text={m.deleteText}
      busy={remove.isPending}
      error={remove.isError ? errorText(remove.error) : undefined}
      onClose={onClose}
      onConfirm={() =>
        remove.mutate(deal.id, {
          onSuccess: () => {
            void toast.success(m.deleted(deal.title));
            onDeleted();
          },
        })
      }
    />
  );
}
