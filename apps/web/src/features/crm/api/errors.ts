import { crmMessages } from '@/lib/messages/crm';

const m = crmMessages.errors;

/** What a write duplicated when the database answers 23505 (a unique name or address). */
export type DuplicateOf = 'contact' | 'company' | 'view' | 'field';

const DUPLICATE: Record<DuplicateOf, { text: string; field: string }> = {
  contact: { text: m.emailTaken, field: 'email' },
  company: { text: m.companyTaken, field: 'company' },
  view: { text: m.viewTaken, field: 'name' },
  field: { text: m.fieldKeyTaken, field: 'label' },
};

/** A refused CRM call, with the catalogue's text for it and the form field it concerns (if one). */
export class CrmError extends Error {
  constructor(
    readonly code: string,
    readonly text: string,
    readonly field?: string,
  ) {
    super(code);
    this.name = 'CrmError';
  }
}

/**
 * A PostgREST error (docs/crm.md: 23505 taken, 42501 not in the plan, PT404 gone, PT409 the pipeline cannot take
 * it, 23514 a custom value of the wrong type) as the customer reads it. The database's own wording is shown only
 * for a custom field's problem, which names the field and says what it must be.
 */
export function toCrmError(error: { code?: string; message?: string }, duplicateOf?: DuplicateOf): CrmError {
  const code = error.code ?? '';
  const message = error.message ?? '';
  if (code === '23505' && duplicateOf) return new CrmError(code, DUPLICATE[duplicateOf].text, DUPLICATE[duplicateOf].field);
  if (code === '42501') return new CrmError(code, m.notInPlan);
  if (code === 'PT404' || code === '23503') return new CrmError(code, m.notFound);
  if (code === 'PT409') return new CrmError(code, /at least one stage/.test(message) ? m.lastStage : m.stageHasDeals);
  if (code === '23514' && message.startsWith('custom field ')) return new CrmError(code, m.customField(message.slice(13)), 'custom');
  if (code === 'over_request_rate_limit' || code === 'rate_limited') return new CrmError(code, m.tooMany);
  if (code === '22023' && /filter/.test(message)) return new CrmError(code, m.badFilter);
  return new CrmError(code || 'failed', m.generic);
}

/** Throws the CrmError for a supabase-js error; nothing when there is none. */
export function throwIfError(error: { code?: string; message?: string } | null, duplicateOf?: DuplicateOf): void {
  if (error) throw toCrmError(error, duplicateOf);
}

/** The text for any error a CRM call threw. */
export const errorText = (e: unknown) => (e instanceof CrmError ? e.text : m.generic);
