/**
 * How to reach the team: one place for the footer, the booking fallback and the contact page.
 * The phone numbers are in Ofcom's ranges reserved for fiction (020 7946 0xxx, 07700 900xxx) until the real lines exist.
 */
export const CONTACT = {
  email: 'hello@vibebusinesscoach.co.uk',
  phone: '+44 20 7946 0321',
  phoneHref: 'tel:+442079460321',
  mobile: '+44 7700 900123',
  mobileHref: 'tel:+447700900123',
  addressLines: ['Vibe Business Coach Ltd', '4th Floor, 86 Great Eastern Street', 'London EC2A 3JL', 'United Kingdom'],
  hours: 'Monday-Friday, 9AM-6PM GMT',
} as const;
