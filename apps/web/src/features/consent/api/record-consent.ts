import { loadSupabase } from '@/lib/supabase';
import { CONSENT_POLICY_VERSION, consentId, type ConsentRecord } from '../consent-storage';

/**
 * Appends the decision to consent_records (who: the pseudonymous id; what: the choices and policy version;
 * when: stamped by the database). Never blocks the visitor for long: the page reloads after at most `waitMs`.
 */
export async function recordConsent(record: ConsentRecord, waitMs = 2500): Promise<void> {
  const write = (async () => {
    const client = await loadSupabase();
    const { error } = await client.from('consent_records').insert({
      necessary: true,
      performance: record.performance,
      functional: record.functional,
      targeting: record.targeting,
      accepted: record.accepted,
      consent_version: CONSENT_POLICY_VERSION,
      anonymous_id: consentId(),
    });
    if (error) console.warn('Consent record was not stored', error.message);
  })().catch((err: unknown) => console.warn('Consent record was not stored', err));
  await Promise.race([write, new Promise((r) => setTimeout(r, waitMs))]);
}
