import { readFileSync } from 'node:fs';

/**
 * The operator settings of the e2e run's server (playwright.config.ts), which the web build's prerender reads too.
 * Test data: the phone numbers are in Ofcom's ranges for drama; the booking and video addresses are answered by
 * page.route in the specs that open them.
 */
// In JSON so scripts/test.mjs gives the same settings to the whole run: the web build stage, the e2e server and the
// release test's build then agree on one prerender (scripts/build-web-once.mjs hashes them).
export const E2E_OPERATOR_SETTINGS: Record<string, string> = JSON.parse(
  readFileSync(new URL('./operator-settings.json', import.meta.url), 'utf8'),
);
