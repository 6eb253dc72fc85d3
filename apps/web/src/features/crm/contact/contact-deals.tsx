import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { crmMessages } from '@/lib/messages/crm';
import type { Contact } from '../api/contacts';
import { contactDealsQuery } from '../api/deals';
import { formatDay, formatMoney } from '../lib/format';
import { DealDialog } from '../pipeline/deal-dialog';

const m = crmMessages.contact;

/** The contact's deals with their stage and value; "Add a deal" starts one for this contact. */
export function ContactDeals({ contact }: { contact: Contact }) {
  const deals = useQuery(contactDealsQuery(contact.id));
  const [adding, setAdding] = useState(false);
  return (
    <section aria-labelledby={`deals-${contact.id}`}>
      <div className="mb-2 flex items-center justify-between gap-2">
        <h3 id={`deals-${contact.id}`} className="font-semibold">
          {m.deals}
        </h3>
        <Button type="button" size="sm" variant="ghost" onClick={() => setAdding(true)}>
          <Plus aria-hidden /> {m.addDeal}
        </Button>
      </div>
      {deals.data?.length ? (
        <ul className="space-y-2">
          {deals.data.map((d) => (
            <li key={d.id} className="rounded-md border p-2.5 text-sm">
              <div className="flex items-start justify-between gap-2">
                <span className="font-medium">{d.title}</span>
                <Badge variant={d.kind === 'won' ? 'success' : 'secondary'}>{d.stage}</Badge>
              </div>
              <p className="mt-0.5 text-xs text-muted-foreground">
                {formatMoney(d.value, d.currency)}
                {d.expected_close && ` · ${crmMessages.pipeline.closes(formatDay(d.expected_close))}`}
              </p>
            </li>
          ))}
        </ul>
      ) : (
        deals.isSuccess && <p className="text-sm text-muted-foreground">{m.noDeals}</p>
      )}
      {adding && (
        <DealDialog contact={{ id: contact.id, name: contact.name, company_id: contact.company_id }} onClose={() => setAdding(false)} />
      )}
    </section>
  );
}
