import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { contactDetails } from '@/lib/contact-details';
import { publicMessages } from '@/lib/messages/public';

/** Address, e-mail, phone numbers and opening hours: those the operator configured (issue 44), each line only if set. */
export function ContactDetailsCard() {
  const contact = contactDetails();
  const phones = [contact.phone && { ...contact.phone, kind: 'office' }, contact.phone2 && { ...contact.phone2, kind: 'mobile' }].filter(
    (p) => !!p,
  );
  const rows: { icon: typeof Clock; label: string; body: ReactNode }[] = [];
  if (contact.addressLines)
    rows.push({
      icon: MapPin,
      label: 'Address',
      body: (
        <address className="not-italic">
          {[contact.company, ...contact.addressLines].map((l) => (
            <span key={l} className="block">
              {l}
            </span>
          ))}
        </address>
      ),
    });
  if (contact.email)
    rows.push({
      icon: Mail,
      label: 'Email',
      body: (
        <a className="hover:text-foreground" href={`mailto:${contact.email}`}>
          {contact.email}
        </a>
      ),
    });
  if (phones.length)
    rows.push({
      icon: Phone,
      label: 'Phone',
      body: phones.map((p) => (
        <a key={p.href} className="block hover:text-foreground" href={p.href}>
          {p.text} ({p.kind})
        </a>
      )),
    });
  rows.push({ icon: Clock, label: 'Hours', body: <span>{contact.hours}</span> });
  return (
    <ul className="flex flex-col gap-6 rounded-2xl border border-border bg-card p-6 sm:p-8">
      {contact.none && <li className="text-muted-foreground">{publicMessages.contact.notConfigured}</li>}
      {rows.map(({ icon: Icon, label, body }) => (
        <li key={label} className="flex gap-4">
          <Icon className="mt-1 size-5 shrink-0 text-brand" aria-hidden="true" />
          <div>
            <h2 className="font-semibold text-foreground">{label}</h2>
            <div className="mt-1 text-muted-foreground">{body}</div>
          </div>
        </li>
      ))}
    </ul>
  );
}
