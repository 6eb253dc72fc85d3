/**
 * The operator settings of the e2e run's server (playwright.config.ts), which the web build's prerender reads too.
 * Test data: the phone numbers are in Ofcom's ranges for drama; the booking and video addresses are answered by
 * page.route in the specs that open them.
 */
export const E2E_OPERATOR_SETTINGS = {
  BOOKING_URL: 'https://calendly.com/vibe-business-coach/strategy-session',
  INTRO_VIDEO_URL: 'https://www.youtube-nocookie.com/embed/e2e-intro-video',
  CONTACT_EMAIL: 'hello@vibebusinesscoach.co.uk',
  CONTACT_PHONE: '+44 20 7946 0321',
  CONTACT_PHONE_2: '+44 7700 900123',
  CONTACT_ADDRESS: 'Vibe Business Coach Ltd, 4th Floor, 86 Great Eastern Street, London EC2A 3JL, United Kingdom',
};
