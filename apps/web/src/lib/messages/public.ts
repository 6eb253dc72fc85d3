/**
 * The marketing pages' texts (booking, pricing, the intro video, the cookie preferences, contact, the waitlist) and
 * the public forms' input checks.
 * Part of the message catalogue (./messages.ts, which holds them under the same keys), kept in its own module so a
 * first visit to a marketing page does not load the signed-in pages' texts (issue 15).
 */
export const publicMessages = {
  introVideo: {
    /** One length for the one intro video, on the waitlist and on /demo (issue 18: they disagreed). */
    length: '2 minutes',
    /** INTRO_VIDEO_URL unset (issue 44): the poster says so, with no play button. */
    unavailable: 'The intro video is coming soon.',
    /** The embed did not load (offline, blocked): the preview is back, with this. */
    loadFailed: 'The video could not load. Check your connection and press play to try again.',
  },
  pricing: {
    joinWaitlistToast: 'Join our waitlist to get early access to these plans!',
  },
  booking: {
    timeoutTitle: 'Calendar Taking Time to Load',
    timeoutText: 'Our calendar is slow to respond right now, but you can still book your free strategy session.',
    errorTitle: "Let's Get You Booked!",
    errorText: 'The calendar could not load here, but booking your free strategy session only takes a minute.',
    helpHours: 'Available Monday-Friday, 9AM-6PM GMT',
    helpDirect: "Book directly and we'll contact you within 24 hours",
    callDirect: (phone: string) => `Call us directly on ${phone}`,
    // BOOKING_URL unset (issue 44): no calendar to show, so the other ways to reach the team.
    unconfiguredTitle: 'Book Your Session With Us Directly',
    unconfiguredText: 'Online booking is not open yet. Write to us or call, and we will find a time for your free strategy session.',
  },
  consent: {
    title: 'Cookie Preferences',
    description: "Choose which cookies you'd like to accept. Necessary cookies are required for the site to function.",
    necessary: 'Required for basic functionality',
    analytics: 'Help us improve the website',
    functional: 'Enhanced features and personalization',
    marketing: 'Personalized ads and content',
  },
  contact: {
    sent: "Thanks for your message! We'll reply within one working day.",
    failed: 'Your message could not be sent. Please try again or email us.',
    rateLimited: 'Too many messages from this device. Please wait a few minutes and try again.',
    nameRequired: 'Please enter your name',
    messageRequired: 'Please write a message',
    /** No CONTACT_* setting at all (a development server): said instead of an empty block, never made-up details. */
    notConfigured: 'Contact details are not configured yet.',
  },
  waitlist: {
    fillAllFields: 'Please fill in all fields',
    duplicate: 'This email is already on our waitlist!',
    failed: 'Failed to join waitlist. Please try again.',
    joined: (n: number) => `Successfully joined the waitlist! You're position #${n}`,
    joinFirst: 'Please join the waitlist first',
  },
  security: {
    invalidEmail: 'Invalid email format',
    invalidUrl: 'Invalid URL format',
    textTooLong: 'Text too long',
    invalidCharacters: 'Text contains characters that cannot be saved',
  },
} as const;
