import { useConsent } from '@/lib/consent/consent-context';
import { Button } from '@/components/ui/button';
import { Link } from 'react-router';
import { contactDetails } from '@/lib/contact-details';
import { paths } from '@/lib/paths';
import { runtimeConfig } from '@/lib/runtime-config';
import { LegalPage, type LegalSection } from './legal-page';

interface StorageItem {
  name: string;
  where: string;
  purpose: string;
  expiry: string;
}

/** Every cookie and storage key the app uses, by category (PECR reg. 6: clear and comprehensive information). */
const NECESSARY: StorageItem[] = [
  {
    name: 'cookie-consent',
    where: 'Local storage',
    purpose: 'Remembers your cookie choices (necessary, analytics, functional, marketing).',
    expiry: 'Until you change it',
  },
  {
    name: 'cookie-consent-version',
    where: 'Local storage',
    purpose: 'The version of this policy you answered, so we ask again when it changes.',
    expiry: 'Until you change it',
  },
  {
    name: 'cookie-consent-id',
    where: 'Local storage',
    purpose: 'A random id that links your consent decisions to our record of them (proof of consent).',
    expiry: 'Until cleared',
  },
  {
    name: 'sb-<site>-auth-token',
    where: 'Local storage',
    purpose: 'Keeps you signed in (access and refresh token).',
    expiry: 'Until you sign out',
  },
  {
    name: 'sb-<site>-auth-token-code-verifier',
    where: 'Local storage',
    purpose: 'Protects the sign-in and password-reset links (PKCE).',
    expiry: 'Removed after use',
  },
  {
    name: 'user_session_token',
    where: 'Local storage',
    purpose: 'Identifies your signed-in device session.',
    expiry: '8 hours, or 30 days if remembered',
  },
  {
    name: 'session_start_time, session_timeout_minutes',
    where: 'Local storage',
    purpose: 'Signs you out after inactivity to protect your account.',
    expiry: 'Cleared on sign-out',
  },
  {
    name: 'session_active',
    where: 'Session storage',
    purpose: 'Marks that this tab has an active session.',
    expiry: 'When the tab closes',
  },
  {
    name: 'business-context, onboarding-data, onboarding-completed',
    where: 'Local storage',
    purpose: 'Your onboarding answers and progress, so the dashboard is set up for you.',
    expiry: 'Until cleared',
  },
  {
    name: 'waitlist-user',
    where: 'Local storage',
    purpose: 'Your first name, email and waitlist position for the thank-you page.',
    expiry: 'Until cleared',
  },
];
const ANALYTICS: StorageItem[] = [
  {
    name: 'analytics_session_id',
    where: 'Session storage',
    purpose: 'Groups page views of one visit so we can see which pages help (first-party only).',
    expiry: 'When the tab closes',
  },
];
const FUNCTIONAL: StorageItem[] = [
  {
    name: 'Calendly cookies (e.g. __cf_bm, _cfuvid)',
    where: 'Third-party cookies (calendly.com)',
    purpose: 'Set by Calendly when the booking calendar loads on our home page.',
    expiry: 'Up to 1 year',
  },
  {
    name: 'YouTube storage (e.g. yt-remote-device-id)',
    where: 'Third-party (youtube-nocookie.com)',
    purpose: 'Set only when you press play on an intro video.',
    expiry: 'Up to 6 months',
  },
];

function StorageTable({ caption, items }: { caption: string; items: StorageItem[] }) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be reachable by keyboard
    <div className="overflow-x-auto rounded-xl border" tabIndex={0} role="region" aria-label={caption}>
      <table className="stack-table w-full text-left text-sm sm:min-w-[640px]">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-muted/60 text-foreground">
          <tr>
            <th scope="col" className="p-3">
              Name
            </th>
            <th scope="col" className="p-3">
              Where
            </th>
            <th scope="col" className="p-3">
              Purpose
            </th>
            <th scope="col" className="p-3">
              Expires
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((i) => (
            <tr key={i.name} className="border-t">
              <th scope="row" className="p-3 align-top font-mono text-xs font-medium text-foreground">
                {i.name}
              </th>
              <td data-label="Where" className="p-3 align-top">
                {i.where}
              </td>
              <td data-label="Purpose" className="p-3 align-top">
                {i.purpose}
              </td>
              <td data-label="Expires" className="p-3 align-top">
                {i.expiry}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** /cookie-policy: a UK GDPR / PECR cookie policy that lists everything the app stores. */
export function CookiePolicyContent() {
  const { openPreferences } = useConsent();
  const brand = runtimeConfig().brandName;
  const { email } = contactDetails();
  const sections: LegalSection[] = [
    {
      title: 'What cookies and local storage are',
      body: (
        <p>
          Cookies and browser storage (local and session storage) are small pieces of information a website keeps on your device. The law
          (PECR) treats all of them the same way: we may only use storage that is strictly necessary without asking you first.
        </p>
      ),
    },
    {
      title: 'Strictly necessary',
      body: (
        <>
          <p>
            These make the site work and keep your account secure. They cannot be switched off, and they are never used for advertising.
          </p>
          <StorageTable caption="Strictly necessary storage" items={NECESSARY} />
        </>
      ),
    },
    {
      title: 'Analytics (shown as Analytics)',
      body: (
        <>
          <p>Only with your consent. We measure visits ourselves: no third-party analytics company receives your data.</p>
          <StorageTable caption="Analytics storage" items={ANALYTICS} />
        </>
      ),
    },
    {
      title: 'Functional',
      body: (
        <>
          <p>
            Only with your consent. These come from services embedded in our pages. Until you allow Functional cookies the booking calendar
            is not loaded at all; you can still book directly on Calendly&apos;s site.
          </p>
          <StorageTable caption="Functional storage" items={FUNCTIONAL} />
        </>
      ),
    },
    {
      title: 'Marketing',
      body: (
        <p>
          We do not currently use any marketing or advertising cookies. If we add any, we will update this policy and ask you again before
          using them.
        </p>
      ),
    },
    {
      title: 'Changing your mind',
      body: (
        <>
          <p>
            You can change or withdraw your consent at any time. Your choice takes effect straight away and the page reloads so that nothing
            you switched off keeps running. We keep a record of each choice (a random id, your choices, the policy version and the time) to
            show what you agreed to.
          </p>
          <div>
            <Button variant="gradient" onClick={openPreferences}>
              Open Cookie Settings
            </Button>
          </div>
          <p>
            You can also clear site data in your browser settings. Questions:{' '}
            {email ? <a href={`mailto:${email}`}>{email}</a> : <Link to={paths.contact}>our contact form</Link>}.
          </p>
        </>
      ),
    },
  ];
  return (
    <LegalPage
      title="Cookie Policy"
      updated="1 November 2026"
      intro={<p>This policy explains exactly what {brand} stores on your device, why, and how you control it.</p>}
      sections={sections}
    />
  );
}
