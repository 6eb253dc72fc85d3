/** Debian's Chromium, for Playwright and Lighthouse alike. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];

/** The pages whose speed decides first impressions (issue 8). */
export const WEB_PAGES = ['/', '/pricing', '/join-waiting-list', '/sign-up', '/connect-anything'];
