import { describe, expect, it } from 'vitest';
import { crmMessages } from '@/lib/messages/crm';
import { CrmError, errorText, toCrmError } from './errors';

const m = crmMessages.errors;

describe('toCrmError', () => {
  it('names the field a duplicate concerns', () => {
    const e = toCrmError({ code: '23505', message: 'duplicate key value violates unique constraint "crm_contacts_email"' }, 'contact');
    expect([e.text, e.field]).toEqual([m.emailTaken, 'email']);
    expect(toCrmError({ code: '23505' }, 'view').field).toBe('name');
  });
  it('maps the documented codes to the catalogue', () => {
    expect(toCrmError({ code: '42501' }).text).toBe(m.notInPlan);
    expect(toCrmError({ code: 'PT404', message: 'deal not found' }).text).toBe(m.notFound);
    expect(toCrmError({ code: 'PT409', message: 'a pipeline keeps at least one stage' }).text).toBe(m.lastStage);
    expect(toCrmError({ code: 'PT409', message: 'this stage has deals: choose a stage to move them to' }).text).toBe(m.stageHasDeals);
    expect(toCrmError({ code: 'over_request_rate_limit' }).text).toBe(m.tooMany);
    expect(toCrmError({ code: '22023', message: 'unknown filter: x' }).text).toBe(m.badFilter);
  });
  it("shows a custom field's problem, and nothing of other database messages", () => {
    expect(toCrmError({ code: '23514', message: 'custom field size: must be a number' }).text).toBe(
      m.customField('size: must be a number'),
    );
    expect(toCrmError({ code: '23514', message: 'new row violates check constraint "x"' }).text).toBe(m.generic);
    expect(errorText(new Error('boom'))).toBe(m.generic);
    expect(errorText(new CrmError('PT404', m.notFound))).toBe(m.notFound);
  });
});
