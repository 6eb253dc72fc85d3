import { Mail, MapPin, Phone } from 'lucide-react';
import { Link } from 'react-router';
import { useConsent } from '@/lib/consent/consent-context';
import { contactDetails } from '@/lib/contact-details';
import { publicMessages } from '@/lib/messages/public';
import { paths } from '@/lib/paths';
import { CurrentYear } from '@/lib/current-year';
import { BrandLogo } from './brand-logo';

const COLUMNS = [
  {
    title: 'Services',
    links: [
      { label: 'AI Dashboard', to: paths.dashboardShowcase },
      { label: 'Website Intelligence', to: paths.websiteHub },
      { label: 'Brand Intelligence', to: paths.brandHub },
      { label: 'Advertising Hub', to: paths.advertisingHub },
    ],
  },
  {
    title: 'Platform',
    links: [
      { label: 'vs GoHighLevel', to: paths.compareGoHighLevel },
      { label: 'vs HubSpot', to: paths.compareHubSpot },
      { label: 'Pricing Plans', to: paths.pricing },
      { label: 'Connect with Us', to: paths.connect },
    ],
  },
];

const AI_PROVIDERS = ['OpenAI', 'Anthropic', 'Google Gemini', 'Mistral AI'];
// At least 24 px tall: a phone's touch target (WCAG 2.5.8), where the text alone is 17-20 px.
const target = 'inline-flex min-h-6 items-center';
const linkClass = `${target} text-slate-300 transition-colors hover:text-white`;

/** Footer (docs/product.md#footer): Services, Platform, Contact; powered-by; builder credit; copyright; legal links; Cookie Settings. */
export function SiteFooter() {
  const { openPreferences } = useConsent();
  const contact = contactDetails();
  return (
    <footer className="border-t border-white/10 bg-[#080c19] text-slate-200">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-[1.4fr_1fr_1fr_1.4fr] lg:px-8">
        <div className="flex flex-col gap-4">
          <BrandLogo className="text-lg text-white" />
          <p className="max-w-xs text-sm text-slate-300">
            Your 24/7 AI business coach, with website, brand and advertising intelligence. Designed in the United Kingdom.
          </p>
          <div className="rounded-lg border border-white/10 bg-white/[0.03] p-4">
            <p className="text-xs font-semibold uppercase tracking-wider text-slate-300">Powered by</p>
            <ul className="mt-2 flex flex-wrap gap-2 text-sm">
              {AI_PROVIDERS.map((p) => (
                <li key={p} className="rounded-full border border-white/10 px-2.5 py-0.5 text-slate-200">
                  {p}
                </li>
              ))}
            </ul>
          </div>
        </div>
        {COLUMNS.map((col) => (
          <nav key={col.title} aria-labelledby={`footer-${col.title}`}>
            <h2 id={`footer-${col.title}`} className="text-sm font-semibold uppercase tracking-wider text-white">
              {col.title}
            </h2>
            <ul className="mt-4 flex flex-col gap-3 text-sm">
              {col.links.map((l) => (
                <li key={l.to}>
                  <Link className={linkClass} to={l.to}>
                    {l.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wider text-white">Contact</h2>
          <ul className="mt-4 flex flex-col gap-3 text-sm">
            {contact.addressLines && (
              <li className="flex gap-2">
                <MapPin className="mt-0.5 size-4 shrink-0 text-violet-300" aria-hidden="true" />
                <address className="not-italic text-slate-300">{contact.addressLines.join(', ')}</address>
              </li>
            )}
            {contact.email && (
              <li className="flex gap-2">
                <Mail className="mt-0.5 size-4 shrink-0 text-violet-300" aria-hidden="true" />
                <a className={linkClass} href={`mailto:${contact.email}`}>
                  {contact.email}
                </a>
              </li>
            )}
            {[contact.phone, contact.phone2].map(
              (phone) =>
                phone && (
                  <li key={phone.href} className="flex gap-2">
                    <Phone className="mt-0.5 size-4 shrink-0 text-violet-300" aria-hidden="true" />
                    <a className={linkClass} href={phone.href}>
                      {phone.text}
                    </a>
                  </li>
                ),
            )}
            {contact.none && <li className="text-slate-300">{publicMessages.contact.notConfigured}</li>}
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-6 text-sm text-slate-300 sm:px-6 lg:flex-row lg:items-center lg:justify-between lg:px-8">
          <p>
            © <CurrentYear /> {contact.company}. All rights reserved. Built by{' '}
            <a
              className={`${target} text-white underline underline-offset-2 hover:text-violet-200`}
              href="https://lovable.dev"
              target="_blank"
              rel="noopener noreferrer"
            >
              Lovable
            </a>
            .
          </p>
          <ul className="flex flex-wrap items-center gap-x-5 gap-y-2">
            <li>
              <Link className={linkClass} to={paths.terms}>
                Terms of Service
              </Link>
            </li>
            <li>
              <Link className={linkClass} to={paths.privacy}>
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link className={linkClass} to={paths.cookiePolicy}>
                Cookie Policy
              </Link>
            </li>
            <li>
              <button type="button" className={`${linkClass} cursor-pointer underline-offset-2 hover:underline`} onClick={openPreferences}>
                Cookie Settings
              </button>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
