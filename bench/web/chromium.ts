import { CHROMIUM_ARGS } from '../../e2e/support/browser.js';

/** Debian's Chromium, for Playwright and Lighthouse alike. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The flags this machine's Chromium needs (the e2e tests' list), and /tmp for shared memory during long runs. */
export const CHROMIUM_FLAGS = [...CHROMIUM_ARGS, '--disable-dev-shm-usage'];

/** The pages whose speed decides first impressions (issue 8). */
export const WEB_PAGES = ['/', '/pricing', '/join-waiting-list', '/sign-up', '/connect-anything'];
