import { shellMessages } from '@/lib/messages/shell';

import { CONSENT_KEY, CONSENT_POLICY_VERSION, CONSENT_VERSION_KEY } from '@app/shared/consent-gate';
import type { ConsentChoices, ConsentRecord } from '@/lib/consent/consent-context';

// The record's shape is the consent contract every layer reads (lib/consent); this module stores it.
export type { ConsentChoices, ConsentRecord };
// The keys are shared with the head script that hides the prerendered prompt before the app runs.
export { CONSENT_KEY, CONSENT_POLICY_VERSION, CONSENT_VERSION_KEY };

/** Pseudonymous id that ties this browser's decisions together in consent_records (proof of consent, UK GDPR Art. 7(1)). */
export const CONSENT_ID_KEY = 'cookie-consent-id';

export const DEFAULT_CONSENT: ConsentRecord = { necessary: true, performance: false, functional: false, targeting: false, accepted: false };

const isBool = (v: unknown): v is boolean => typeof v === 'boolean';

/** Parses a stored value; null when it is not a consent record. Necessary is always on, whatever was stored. */
export function parseConsent(raw: string): ConsentRecord | null {
  try {
    const o = JSON.parse(raw) as Record<string, unknown> | null;
    if (!o || typeof o !== 'object' || !isBool(o.performance) || !isBool(o.functional) || !isBool(o.targeting) || !isBool(o.accepted))
      return null;
    return { necessary: true, performance: o.performance, functional: o.functional, targeting: o.targeting, accepted: o.accepted };
  } catch {
    return null;
  }
}

/**
 * The stored record, or the defaults. An unreadable record is removed and logged (docs/product.md#cookie-consent), as a warning:
 * a stale value from an older release is not an application error.
 */
export function readConsent(storage: Storage = localStorage): ConsentRecord {
  const raw = storage.getItem(CONSENT_KEY);
  if (raw === null) return DEFAULT_CONSENT;
  const parsed = parseConsent(raw);
  if (!parsed) {
    console.warn(shellMessages.consent.parseFailed);
    storage.removeItem(CONSENT_KEY);
    return DEFAULT_CONSENT;
  }
  return parsed;
}

/** True when the visitor has decided under the current policy version. */
export function isDecisionCurrent(record: ConsentRecord, storage: Storage = localStorage): boolean {
  return record.accepted && storage.getItem(CONSENT_VERSION_KEY) === CONSENT_POLICY_VERSION;
}

export function buildRecord(choices: ConsentChoices): ConsentRecord {
  return {
    necessary: true,
    performance: choices.performance,
    functional: choices.functional,
    targeting: choices.targeting,
    accepted: true,
  };
}

export function writeConsent(record: ConsentRecord, storage: Storage = localStorage) {
  storage.setItem(CONSENT_KEY, JSON.stringify(record));
  storage.setItem(CONSENT_VERSION_KEY, CONSENT_POLICY_VERSION);
}

/** This browser's consent id, created on first use. */
export function consentId(storage: Storage = localStorage): string {
  let id = storage.getItem(CONSENT_ID_KEY);
  // The database admits only random (version 4) UUIDs here (migration 0310); anything else is replaced.
  if (!id || !/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i.test(id)) {
    id = crypto.randomUUID();
    storage.setItem(CONSENT_ID_KEY, id);
  }
  return id;
}
