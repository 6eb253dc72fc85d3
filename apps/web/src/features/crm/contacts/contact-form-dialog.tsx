import { useQuery } from '@tanstack/react-query';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { crmMessages } from '@/lib/messages/crm';
import { contactQuery } from '../api/contacts';
import { customFieldsQuery } from '../api/custom-fields';
import { ContactForm } from './contact-form';

const m = crmMessages.contactForm;

/** Adds a contact (`contactId` undefined) or edits one (loaded whole, notes included). */
export function ContactFormDialog({
  contactId,
  onClose,
  onSaved,
}: {
  contactId?: string;
  onClose: () => void;
  onSaved?: (id: string) => void;
}) {
  const fields = useQuery(customFieldsQuery());
  const contact = useQuery({ ...contactQuery(contactId ?? ''), enabled: contactId !== undefined });
  const ready = fields.isSuccess && (contactId === undefined || contact.isSuccess);
  const title = contactId ? m.editTitle(contact.data?.name ?? '') : m.addTitle;
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{m.intro}</DialogDescription>
        </DialogHeader>
        {ready ? (
          <ContactForm
            fields={fields.data}
            contact={contact.data ?? undefined}
            onCancel={onClose}
            onSaved={(id) => {
              onSaved?.(id);
              onClose();
            }}
          />
        ) : fields.isError || contact.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {crmMessages.loadFailed}
          </p>
        ) : (
          <Spinner className="size-5 text-primary" label={crmMessages.loading} />
        )}
      </DialogContent>
    </Dialog>
  );
}
