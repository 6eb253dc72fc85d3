import { useQuery } from '@tanstack/react-query';
import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { Spinner } from '@/components/ui/spinner';
import { crmMessages } from '@/lib/messages/crm';
import { contactQuery } from '../api/contacts';
import { ContactFormDialog } from '../contacts/contact-form-dialog';
import { DeleteContactDialog } from '../contacts/delete-contact-dialog';
import { ContactTasks } from '../tasks/contact-tasks';
import { ContactDeals } from './contact-deals';
import { ContactDetails } from './contact-details';
import { LogActivityForm } from './log-activity-form';
import { Timeline } from './timeline';

const m = crmMessages.contact;

/** A contact's panel: details, the timeline with "Log activity", its deals and its tasks. */
export function ContactSheet({ contactId, onClose }: { contactId: string; onClose: () => void }) {
  const contact = useQuery(contactQuery(contactId));
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const c = contact.data;
  return (
    <Sheet open onOpenChange={(o) => !o && onClose()}>
      <SheetContent className="w-[94vw] max-w-4xl sm:max-w-4xl" closeLabel={m.closePanel} data-testid="crm-contact">
        {contact.isPending ? (
          <>
            <SheetTitle className="sr-only">{crmMessages.loading}</SheetTitle>
            <Spinner className="size-6 text-primary" label={crmMessages.loading} />
          </>
        ) : !c ? (
          <>
            <SheetTitle className="text-lg font-semibold">{crmMessages.contacts.title}</SheetTitle>
            <p role="alert" className="text-sm text-destructive">
              {contact.isError ? crmMessages.loadFailed : m.notFound}
            </p>
          </>
        ) : (
          <>
            <header className="flex flex-wrap items-start justify-between gap-3 pr-8">
              <div className="min-w-0">
                <SheetTitle className="truncate text-2xl font-semibold">{c.name}</SheetTitle>
                <SheetDescription className="text-sm text-muted-foreground">
                  {[c.company_name, c.email].filter(Boolean).join(' · ') || m.noCompany}
                </SheetDescription>
              </div>
              <div className="flex gap-2">
                <Button type="button" variant="outline" size="sm" onClick={() => setEditing(true)}>
                  <Pencil aria-hidden /> {crmMessages.edit}
                </Button>
                <Button type="button" variant="outline" size="sm" className="text-destructive" onClick={() => setDeleting(true)}>
                  <Trash2 aria-hidden /> {crmMessages.delete}
                </Button>
              </div>
            </header>
            <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
              <div className="min-w-0 space-y-4">
                <LogActivityForm contactId={c.id} />
                <Timeline contactId={c.id} />
              </div>
              <div className="space-y-6">
                <ContactDetails contact={c} />
                <ContactDeals contact={c} />
                <ContactTasks contactId={c.id} />
              </div>
            </div>
            {editing && <ContactFormDialog contactId={c.id} onClose={() => setEditing(false)} />}
            {deleting && <DeleteContactDialog contact={c} onClose={() => setDeleting(false)} onDeleted={onClose} />}
          </>
        )}
      </SheetContent>
    </Sheet>
  );
}
