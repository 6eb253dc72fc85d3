import { Calendar, Mail, MessageCircle, Phone } from 'lucide-react';
import { Link } from 'react-router';
import { contactDetails } from '@/lib/contact-details';
import { paths } from '@/lib/paths';
import { PageHero } from './page-hero';
import { useRevealChildren } from '@/lib/use-reveal';

interface Channel {
  icon: typeof Mail;
  title: string;
  text: string;
  action: string;
  to?: string;
  href?: string;
}

const CHANNELS: Channel[] = [
  {
    icon: Calendar,
    title: 'Free strategy session',
    text: '30 minutes with a growth strategist, on us.',
    action: 'Book on the home page',
    to: `${paths.home}#book`,
  },
  {
    icon: MessageCircle,
    title: 'Send us a message',
    text: 'Questions, partnerships or press: we reply within one working day.',
    action: 'Open the contact form',
    to: paths.contact,
  },
];

/** E-mail and phone, when the operator configured them (issue 44). */
function contactChannels(): Channel[] {
  const { email, phone, hours } = contactDetails();
  return [
    ...(email ? [{ icon: Mail, title: 'Email', text: email, action: 'Write to us', href: `mailto:${email}` }] : []),
    ...(phone ? [{ icon: Phone, title: 'Phone', text: `${phone.text} · ${hours}`, action: 'Call us', href: phone.href }] : []),
  ];
}

/** /connect: Connect with Us. */
export function ConnectContent() {
  const revealSections = useRevealChildren<HTMLElement>();
  return (
    <main ref={revealSections}>
      <PageHero
        eyebrow="Connect with Us"
        title="Let’s build something great together"
        lead={<p>Whether you are curious, ready to start, or want to partner with us, pick the way that suits you.</p>}
      />
      <section aria-label="Ways to reach us" className="px-4 pb-20 sm:px-6 lg:px-8">
        <ul className="mx-auto grid max-w-5xl gap-6 sm:grid-cols-2">
          {[...CHANNELS, ...contactChannels()].map(({ icon: Icon, ...c }) => (
            <li key={c.title} className="flex flex-col rounded-2xl border border-border bg-card p-7">
              <Icon className="size-7 text-brand" aria-hidden="true" />
              <h2 className="mt-4 text-xl font-semibold text-foreground">{c.title}</h2>
              <p className="mt-2 flex-1 text-muted-foreground">{c.text}</p>
              {c.to ? (
                <Link to={c.to} className="mt-5 font-semibold text-highlight hover:text-cyan-200">
                  {c.action} <span aria-hidden="true">→</span>
                </Link>
              ) : (
                <a href={c.href} className="mt-5 font-semibold text-highlight hover:text-cyan-200">
                  {c.action} <span aria-hidden="true">→</span>
                </a>
              )}
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}
