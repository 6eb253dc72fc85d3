import { crmMessages } from '@/lib/messages/crm';
import { toast } from '@/lib/toast';
import { useDeleteContact } from '../api/contacts';
import { errorText } from '../api/errors';
import { ConfirmDialog } from '../shared/confirm-dialog';

const m = crmMessages.deleteContact;

/** "Delete Ann Lee?": their timeline goes, their deals and tasks stay. */
export function DeleteContactDialog({
  contact,
  onClose,
  onDeleted,
}: {
  contact: { id: string; name: string };
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const remove = useDeleteContact();
  return (
    <ConfirmDialog
      open
      title={m.title(contact.name)}
      text={m.text}
      busy={remove.isPending}
      error={remove.isError ? errorText(remove.error) : undefined}
      onClose={onClose}
      onConfirm={() =>
        remove.mutate(contact.id, {
          onSuccess: () => {
            void toast.success(m.deleted(contact.name));
            onDeleted?.();
            onClose();
          },
        })
      }
    />
  );
}
