import { layout, type Rendered } from '../mail/templates/layout.js';

/** The confirmation each new waitlist subscriber receives, with their position (docs/product.md#waitlist, issue 6). */
export function renderWaitlistMail(i: {
  brand: string;
  siteUrl: string;
  firstName: string;
  position: number;
  /** BOOKING_URL; unset, the mail does not offer a session it cannot book. */
  bookingUrl: string | undefined;
}): Rendered {
  return layout({
    brand: i.brand,
    siteUrl: i.siteUrl,
    subject: `You're #${i.position} on the ${i.brand} waitlist`,
    heading: `Welcome to the Waitlist, ${i.firstName}!`,
    paragraphs: [
      `You're position #${i.position} on the ${i.brand} early-access waitlist.`,
      'We will email you as soon as your spot opens, with early access and special launch pricing. A Free Custom AI MVP Builder is included with every subscription.',
      ...(i.bookingUrl ? ['Want to move faster? Book a free 30-minute strategy session with our team.'] : []),
    ],
    action: i.bookingUrl ? { label: 'Book Free Strategy Session', url: i.bookingUrl } : undefined,
    footnote: `You received this because this address joined the ${i.brand} waitlist. If that wasn't you, you can ignore this email.`,
  });
}
