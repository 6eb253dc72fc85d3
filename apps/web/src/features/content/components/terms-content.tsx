import { Link } from 'react-router';
import { contactDetails } from '@/lib/contact-details';
import { paths } from '@/lib/paths';
import { runtimeConfig } from '@/lib/runtime-config';
import { LegalPage, type LegalSection } from './legal-page';

/** /terms: plain-English terms for an early-access (beta) subscription service under the law of England and Wales. */
export function TermsContent() {
  const brand = runtimeConfig().brandName;
  const { company, addressLines, email, phone } = contactDetails();
  const sections: LegalSection[] = [
    {
      title: 'Who we are',
      body: (
        <p>
          {brand} is provided by {company}, registered in England and Wales{addressLines && `, of ${addressLines.join(', ')}`}. You can
          reach us{' '}
          {email && (
            <>
              at <a href={`mailto:${email}`}>{email}</a>
            </>
          )}
          {email && phone && ' or'}
          {phone && <> on {phone.text}</>}
          {!email && !phone && (
            <>
              through our <Link to={paths.contact}>contact form</Link>
            </>
          )}
          .
        </p>
      ),
    },
    {
      title: 'Early access (beta)',
      body: (
        <>
          <p>
            The platform is in beta. Features may change, be added or be withdrawn while we learn from early users, and the service may
            occasionally be unavailable. We will tell you about significant changes before they affect you.
          </p>
          <p>
            Joining the waitlist does not create a paid contract. You only pay once you choose a plan and confirm the price shown to you.
          </p>
        </>
      ),
    },
    {
      title: 'Your account',
      body: (
        <ul>
          <li>You must be 18 or over and use the platform for your business.</li>
          <li>Keep your password secret and tell us at once if you think someone else has used your account.</li>
          <li>You are responsible for what happens under your account and for the accuracy of the business information you give us.</li>
        </ul>
      ),
    },
    {
      title: 'Plans, prices and cancellation',
      body: (
        <>
          <p>
            Plans are billed monthly in advance at the price shown on our <Link to={paths.pricing}>pricing page</Link> when you subscribe.
            Prices are shown excluding VAT, which is added where applicable. The 90-day transformation package is a fixed-price service
            described on its own page.
          </p>
          <p>
            You can cancel at any time; the cancellation takes effect at the end of the current billing month and you keep access until
            then. If you are a consumer you also have 14 days from purchase to cancel for a full refund, unless you asked us to start a
            service within that period, in which case we may charge for the part already provided.
          </p>
        </>
      ),
    },
    {
      title: 'AI guidance is not professional advice',
      body: (
        <p>
          The AI coach, insights and recommendations are generated automatically from the information available to them. They can be wrong
          or incomplete. They are not legal, financial, tax or regulated investment advice. Check important decisions with a qualified
          adviser.
        </p>
      ),
    },
    {
      title: 'Acceptable use',
      body: (
        <ul>
          <li>Do not break the law, infringe anyone&apos;s rights or send spam through the platform.</li>
          <li>Do not try to break, overload, reverse-engineer or get around the security of the service.</li>
          <li>Only connect third-party accounts you are allowed to connect; their own terms continue to apply.</li>
        </ul>
      ),
    },
    {
      title: 'Your content and data',
      body: (
        <p>
          You keep ownership of the content and data you put into the platform. You give us the permission we need to host and process it to
          run the service for you. How we handle personal data is explained in our <Link to={paths.privacy}>Privacy Policy</Link>.
        </p>
      ),
    },
    {
      title: 'Our liability',
      body: (
        <p>
          Nothing in these terms limits liability for death or personal injury caused by negligence, for fraud, or for anything else that
          cannot be limited by law. Otherwise, we are not liable for lost profits, lost business or indirect losses, and our total liability
          in any 12 months is limited to the fees you paid us in that period.
        </p>
      ),
    },
    {
      title: 'Changes and governing law',
      body: (
        <p>
          We may update these terms; we will give you at least 30 days&apos; notice of changes that reduce your rights. These terms are
          governed by the law of England and Wales, and the courts of England and Wales have jurisdiction, without affecting any rights you
          have as a consumer where you live.
        </p>
      ),
    },
  ];
  return (
    <LegalPage
      title="Terms of Service"
      updated="1 November 2026"
      intro={
        <p>
          These terms explain the agreement between you and us when you use {brand}. Please read them carefully; they are written to be
          understood.
        </p>
      }
      sections={sections}
    />
  );
}
