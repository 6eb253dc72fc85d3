import { Link } from 'react-router';
import { contactDetails } from '@/lib/contact-details';
import { paths } from '@/lib/paths';
import { runtimeConfig } from '@/lib/runtime-config';
import { LegalPage, type LegalSection } from './legal-page';

/** /privacy: a UK GDPR privacy notice (Articles 13 and 14) for visitors, waitlist members and users. */
export function PrivacyContent() {
  const brand = runtimeConfig().brandName;
  const contact = contactDetails();
  const sections: LegalSection[] = [
    {
      title: 'Who is responsible',
      body: (
        <p>
          {contact.company}
          {contact.addressLines && ` (${contact.addressLines.join(', ')})`} is the controller of your personal data. Contact our privacy
          team
          {contact.email ? (
            <>
              {' '}
              at <a href={`mailto:${contact.email}`}>{contact.email}</a>
            </>
          ) : (
            <>
              {' '}
              through our <Link to={paths.contact}>contact form</Link>
            </>
          )}
          .
        </p>
      ),
    },
    {
      title: 'What we collect',
      body: (
        <ul>
          <li>
            <strong>Waitlist:</strong> your name and email address, and your position on the list.
          </li>
          <li>
            <strong>Account:</strong> email address, a securely hashed password, sign-in sessions and, if you enable it, multi-factor
            details.
          </li>
          <li>
            <strong>Business profile:</strong> the answers you give during onboarding (business name, industry, goals, challenges, team size
            and preferences).
          </li>
          <li>
            <strong>Messages:</strong> what you send through the contact form or integration requests.
          </li>
          <li>
            <strong>Technical data:</strong> a shortened IP address and browser type with security events and submissions; page analytics
            only if you allow them.
          </li>
          <li>
            <strong>Voice:</strong> if you use voice onboarding, your speech is streamed to our voice provider to be transcribed and
            answered; we keep the resulting answers, not the audio.
          </li>
        </ul>
      ),
    },
    {
      title: 'Why we use it and our lawful bases',
      body: (
        <ul>
          <li>To provide the service you asked for (contract): accounts, onboarding, the dashboard and the coach.</li>
          <li>To keep the service secure and prevent abuse (legitimate interests): security logs, rate limits.</li>
          <li>To improve the website (consent): analytics, only after you allow Analytics cookies.</li>
          <li>To reply to you (legitimate interests): contact messages and the waitlist.</li>
          <li>To meet legal duties (legal obligation): records of consent, tax and accounting records.</li>
        </ul>
      ),
    },
    {
      title: 'Who we share it with',
      body: (
        <>
          <p>We never sell your data. We use carefully chosen processors under written contracts:</p>
          <ul>
            <li>Hosting and database providers in the UK and EU.</li>
            <li>
              AI model providers (OpenAI, Anthropic, Google and Mistral AI) to generate coaching answers, without permission to train on
              your data.
            </li>
            <li>ElevenLabs for voice onboarding, and Calendly for booking strategy sessions (only if you use them).</li>
            <li>Our email delivery provider, to send account and waitlist emails.</li>
          </ul>
          <p>Where data leaves the UK we rely on UK adequacy regulations or the UK International Data Transfer Agreement.</p>
        </>
      ),
    },
    {
      title: 'How long we keep it',
      body: (
        <ul>
          <li>Account and business profile: while your account is open, then deleted within 90 days.</li>
          <li>Waitlist entries: until you ask us to remove them or 24 months after launch.</li>
          <li>Contact messages: 2 years. Security logs: 12 months. Analytics events: 26 months.</li>
          <li>Consent records: for as long as we rely on the consent and six years afterwards, to show what you agreed to.</li>
        </ul>
      ),
    },
    {
      title: 'Your rights',
      body: (
        <p>
          You can ask for a copy of your data, and ask us to correct, delete, restrict or transfer it, or object to how we use it. Where we
          rely on consent you can withdraw it at any time, for cookies through Cookie Settings in the footer.{' '}
          {contact.email ? (
            <>
              Email <a href={`mailto:${contact.email}`}>{contact.email}</a>
            </>
          ) : (
            <>
              Write to us through our <Link to={paths.contact}>contact form</Link>
            </>
          )}
          ; we reply within one month. You can also complain to the Information Commissioner&apos;s Office (ico.org.uk, 0303 123 1113).
        </p>
      ),
    },
    {
      title: 'Cookies and local storage',
      body: (
        <p>
          {brand} uses necessary browser storage to sign you in and remember your choices, and optional analytics, functional and marketing
          cookies only with your consent. Every item is listed in our <Link to={paths.cookiePolicy}>Cookie Policy</Link>.
        </p>
      ),
    },
  ];
  return (
    <LegalPage
      title="Privacy Policy"
      updated="1 November 2026"
      intro={
        <p>
          Your privacy matters to us. This notice explains what personal data we collect when you use {brand}, why, and the choices you
          have.
        </p>
      }
      sections={sections}
    />
  );
}
