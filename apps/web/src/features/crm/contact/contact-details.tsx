import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { crmMessages } from '@/lib/messages/crm';
import type { Contact } from '../api/contacts';
import { customFieldsQuery } from '../api/custom-fields';
import { formatDay, formatWhen } from '../lib/format';
import { TagList } from '../shared/tag-list';

const m = crmMessages.contact;
const f = crmMessages.contactForm;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className="mt-0.5 break-words text-sm">{children}</dd>
    </div>
  );
}
const quiet = (t: string) => <span className="text-muted-foreground">{t}</span>;

/** The contact's fields, then its custom values in the fields' order. */
export function ContactDetails({ contact: c }: { contact: Contact }) {
  const fields = useQuery(customFieldsQuery());
  const custom = c.custom && typeof c.custom === 'object' && !Array.isArray(c.custom) ? (c.custom as Record<string, unknown>) : {};
  return (
    <section aria-labelledby={`details-${c.id}`}>
      <h3 id={`details-${c.id}`} className="mb-2 font-semibold">
        {m.details}
      </h3>
      <dl className="space-y-2.5">
        <Row label={f.email}>
          {c.email ? (
            <a className="text-brand hover:underline" href={`mailto:${c.email}`}>
              {c.email}
            </a>
          ) : (
            quiet(m.noEmail)
          )}
        </Row>
        <Row label={f.phone}>
          {c.phone ? (
            <a className="text-brand hover:underline" href={`tel:${c.phone}`}>
              {c.phone}
            </a>
          ) : (
            quiet(m.noPhone)
          )}
        </Row>
        <Row label={f.company}>{c.company_name ?? quiet(m.noCompany)}</Row>
        <Row label={f.source}>{c.source ?? quiet(m.noSource)}</Row>
        <Row label={f.tags}>{c.tags.length ? <TagList tags={c.tags} /> : quiet(m.noTags)}</Row>
        {(fields.data ?? [])
          .filter((x) => custom[x.key] != null)
          .map((x) => (
            <Row key={x.key} label={x.label}>
              {x.type === 'date' ? formatDay(String(custom[x.key])) : String(custom[x.key])}
            </Row>
          ))}
        <Row label={f.notes}>{c.notes ? <span className="whitespace-pre-wrap">{c.notes}</span> : quiet(m.noNotes)}</Row>
        <Row label={crmMessages.contacts.columns.activity}>
          {c.last_activity_at ? formatWhen(c.last_activity_at) : quiet(crmMessages.contacts.never)}
        </Row>
      </dl>
      <p className="mt-2 text-xs text-muted-foreground">{m.added(formatDay(c.created_at.slice(0, 10)))}</p>
    </section>
  );
}
