import type { Config } from '../config.js';
import type { Logger } from '../log.js';

/**
 * The operator's own details the public pages show (issue 44): no defaults, so a deployment never shows someone
 * else's video or fictional phone numbers. Unset, the pages hide them; these are the names the console lists.
 */
export const OPERATOR_SETTINGS = [
  'CONTACT_ADDRESS',
  'CONTACT_EMAIL',
  'CONTACT_PHONE',
  'CONTACT_PHONE_2',
  'BOOKING_URL',
  'INTRO_VIDEO_URL',
] as const;

export type OperatorSettings = Pick<Config, (typeof OPERATOR_SETTINGS)[number]>;

/** The settings still unset, in OPERATOR_SETTINGS' order (names only, never values). */
export const missingOperatorSettings = (config: OperatorSettings): string[] => OPERATOR_SETTINGS.filter((name) => !config[name]);

/** In production, one warning at start-up naming what the public pages are missing; development shows neutral states. */
export function warnMissingOperatorSettings(config: OperatorSettings & Pick<Config, 'NODE_ENV'>, log: Pick<Logger, 'warn'>): void {
  const missing = missingOperatorSettings(config);
  if (config.NODE_ENV !== 'production' || !missing.length) return;
  log.warn({ missing }, `operator settings not configured, the public pages hide them: ${missing.join(', ')}`);
}

/** The contact details as GET /api/config sends them; unset ones are left out. */
export function publicContact(config: OperatorSettings) {
  return { email: config.CONTACT_EMAIL, phone: config.CONTACT_PHONE, phone2: config.CONTACT_PHONE_2, address: config.CONTACT_ADDRESS };
}
