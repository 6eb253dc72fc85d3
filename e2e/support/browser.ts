import { existsSync } from 'node:fs';

/**
 * The browser the e2e tests drive (docs/decisions/0099): CHROME_PATH if set, else Debian's chromium-headless-shell
 * (the same Chromium build in its old headless mode, which Playwright itself uses for headless runs), else Debian's
 * full Chromium. The full browser spent a third more CPU on the same tests (224.9 against 142.4 CPU s for the
 * prerender, routes and axe specs), most of it in its browser and GPU processes, and npm test's end-to-end stage
 * is bound by the CPU of two cores.
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';

export const CHROME_PATH = process.env.CHROME_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

/** What Chromium needs on this machine: root (no sandbox), no GPU, and a closed network (no background calls). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
