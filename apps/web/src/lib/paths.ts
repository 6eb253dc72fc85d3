/** Every route of the app, in one place; never hand-write these URLs elsewhere. */
export const paths = {
  home: '/',
  dashboard: '/dashboard',
  user: '/user',
  signIn: '/sign-in',
  signUp: '/sign-up',
  resetPassword: '/reset-password',
  /** The mailed sign-up confirmation link (token hash, verified by the app). */
  authConfirm: '/auth/confirm',
  /** After accepting an invitation: the invitee chooses a password, then onboarding. */
  setPassword: '/auth/set-password',
  joinWaitlist: '/join-waiting-list',
  waitlistThanks: '/waitlist-thanks',
  learnMore: '/learn-more',
  dashboardShowcase: '/dashboard-showcase',
  demo: '/demo',
  pricing: '/pricing',
  terms: '/terms',
  privacy: '/privacy',
  cookiePolicy: '/cookie-policy',
  contact: '/contact',
  ninetyDay: '/90-day',
  connectAnything: '/connect-anything',
  connect: '/connect',
  websiteHub: '/website-hub',
  brandHub: '/brand-hub',
  advertisingHub: '/advertising-hub',
  compareGoHighLevel: '/vs-gohighlevel',
  compareHubSpot: '/vs-hubspot',
  admin: '/admin',
  /** The OAuth 2.1 server's consent page (AUTH_OAUTH_CONSENT_PATH on the server). */
  oauthConsent: '/oauth/consent',
} as const;

/** Routes whose top navigation uses dark text on a light page (docs/product.md#top-navigation). */
export const DARK_NAV_TEXT_ROUTES: readonly string[] = [
  paths.signIn,
  paths.signUp,
  paths.authConfirm,
  paths.setPassword,
  paths.pricing,
  paths.terms,
  paths.privacy,
];
