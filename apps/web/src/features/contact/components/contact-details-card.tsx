import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import { CONTACT } from '@/lib/contact-details';

/** Address, e-mail, both phone numbers and opening hours. */
export function ContactDetailsCard() {
  const rows = [
    {
      icon: MapPin,
      label: 'Address',
      body: (
        <address className="not-italic">
          {CONTACT.addressLines.map((l) => (
            <span key={l} className="block">
              {l}
            </span>
          ))}
        </address>
      ),
    },
    {
      icon: Mail,
      label: 'Email',
      body: (
        <a className="hover:text-foreground" href={`mailto:${CONTACT.email}`}>
          {CONTACT.email}
        </a>
      ),
    },
    {
      icon: Phone,
      label: 'Phone',
      body: (
        <>
          <a className="block hover:text-foreground" href={CONTACT.phoneHref}>
            {CONTACT.phone} (office)
          </a>
          <a className="block hover:text-foreground" href={CONTACT.mobileHref}>
            {CONTACT.mobile} (mobile)
          </a>
        </>
      ),
    },
    { icon: Clock, label: 'Hours', body: <span>{CONTACT.hours}</span> },
  ];
  return (
    <ul className="flex flex-col gap-6 rounded-2xl border border-border bg-card p-6 sm:p-8">
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
