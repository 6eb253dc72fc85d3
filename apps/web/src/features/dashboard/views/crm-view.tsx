import { Contact, KanbanSquare, Mail, Users } from 'lucide-react';

const COMING = [
  { icon: Users, title: 'Contacts and companies', text: 'One list of your customers and leads, imported from the tools on your canvas.' },
  { icon: KanbanSquare, title: 'Deal pipeline', text: 'Drag deals through your stages and see what is likely to close this month.' },
  { icon: Mail, title: 'Follow-ups', text: 'Reminders and email sequences suggested by your AI business coach.' },
];

/** CRM view: not built yet, and it says so. */
export function CrmView() {
  return (
    <section aria-labelledby="crm-title" className="rounded-xl border bg-card p-8">
      <Contact aria-hidden className="size-10 text-accent" />
      <h2 id="crm-title" className="mt-3 text-2xl font-semibold">
        CRM is coming soon
      </h2>
      <p className="mt-2 max-w-2xl text-muted-foreground">
        The CRM is not available yet. Nothing here is live data; this is what we are building next. Until then, keep using your current CRM
        and add it to your Builder canvas.
      </p>
      <ul className="mt-6 grid gap-3 md:grid-cols-3">
        {COMING.map((c) => (
          <li key={c.title} className="rounded-lg border border-dashed p-5">
            <c.icon aria-hidden className="size-5 text-primary" />
            <h3 className="mt-2 font-semibold">{c.title}</h3>
            <p className="mt-1 text-sm text-muted-foreground">{c.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
