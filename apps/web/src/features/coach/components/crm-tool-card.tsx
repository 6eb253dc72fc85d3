import { Contact, Mail } from 'lucide-react';
import type { ReactNode } from 'react';
import { crmMessages } from '@/lib/messages/crm';
import { readContactName, readContacts, readDeals, readDraft, readFollowUps } from '../lib/crm-tool-output';

const m = crmMessages.coachTools;
const ICON = 'size-4 shrink-0 text-primary';
const LISTED = 8;

/** The CRM tools the coach reads with (and drafts a follow-up e-mail with), one card each. */
export const CRM_TOOL_CARDS = new Set(['findFollowUps', 'findContacts', 'findDeals', 'readContact', 'draftFollowUp']);

function Frame({ testId, title, mail, children }: { testId: string; title: string; mail?: boolean; children?: ReactNode }) {
  const Icon = mail ? Mail : Contact;
  return (
    <div data-testid={testId} className="my-2 rounded-lg border bg-background/50 p-3 text-sm">
      <p className="flex items-center gap-2 font-medium">
        <Icon aria-hidden className={ICON} />
        {title}
      </p>
      {children && <div className="mt-2">{children}</div>}
    </div>
  );
}

const Names = ({ items }: { items: { name: string; note?: string }[] }) =>
  items.length ? (
    <ul className="flex flex-wrap gap-1.5">
      {items.slice(0, LISTED).map((c, i) => (
        <li key={i} className="rounded-full bg-secondary px-2.5 py-0.5 text-xs">
          {c.name}
          {c.note && <span className="text-muted-foreground"> · {c.note}</span>}
        </li>
      ))}
    </ul>
  ) : null;

/** A CRM tool's card; `name` is one of CRM_TOOL_CARDS. */
export function CrmToolCard({ name, state, output }: { name: string; state: string; output?: unknown }) {
  const testId = `tool-crm-${name === 'findFollowUps' ? 'follow-ups' : name === 'draftFollowUp' ? 'draft' : name === 'readContact' ? 'contact' : name === 'findDeals' ? 'deals' : 'contacts'}`;
  if (state !== 'output-available') return <Frame testId={testId} title={m.working} />;
  if (name === 'findFollowUps') {
    const f = readFollowUps(output);
    if (f)
      return (
        <Frame testId={testId} title={m.followUps(f.total)}>
          <Names
            items={f.contacts.map((c) => ({
              name: c.name,
              note: c.overdueTasks ? m.overdue(c.overdueTasks) : c.openDeals ? m.openDeals(c.openDeals) : undefined,
            }))}
          />
        </Frame>
      );
  }
  if (name === 'findContacts') {
    const f = readContacts(output);
    if (f)
      return (
        <Frame testId={testId} title={m.contacts(f.total)}>
          <Names items={f.contacts} />
        </Frame>
      );
  }
  if (name === 'findDeals') {
    const f = readDeals(output);
    if (f)
      return (
        <Frame testId={testId} title={m.deals(f.deals.length)}>
          <Names items={f.deals.map((d) => ({ name: d.title }))} />
        </Frame>
      );
  }
  if (name === 'draftFollowUp') {
    const d = readDraft(output);
    if (d)
      return (
        <Frame testId={testId} title={m.draft(d.name)} mail>
          <p className="text-muted-foreground">{m.subject(d.subject)}</p>
          <a href={d.mailto} className="mt-1 inline-block font-medium text-brand hover:underline">
            {m.openDraft}
          </a>
        </Frame>
      );
  }
  const contact = name === 'readContact' ? readContactName(output) : null;
  return <Frame testId={testId} title={contact ? m.readContact(contact) : m.readContactPlain} />;
}
