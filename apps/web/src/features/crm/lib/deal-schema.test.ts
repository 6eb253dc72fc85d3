import { describe, expect, it } from 'vitest';
import { crmMessages } from '@/lib/messages/crm';
import { dealSchema } from './deal-schema';
import { fieldErrors } from './text';

const m = crmMessages.dealForm;
const base = { title: 'Website redesign', contactId: '', contactName: '', value: '', expectedClose: '', stageId: 's1' };

describe('dealSchema', () => {
  it('reads amounts as typed, with separators and a currency sign', () => {
    expect(dealSchema.parse({ ...base, value: '£12,500.50', expectedClose: '2026-07-01', contactId: 'c1' })).toEqual({
      title: 'Website redesign',
      contactId: 'c1',
      value: 12500.5,
      expectedClose: '2026-07-01',
      stageId: 's1',
    });
    expect(dealSchema.parse(base)).toMatchObject({ value: 0, contactId: null, expectedClose: null });
  });
  it('refuses a missing title, a bad amount, too much and a bad date', () => {
    expect(fieldErrors(dealSchema.safeParse({ ...base, title: ' ', value: '12.345', expectedClose: 'soon' }).error!)).toEqual({
      title: m.titleRequired,
      value: m.valueInvalid,
      expectedClose: m.dateInvalid,
    });
    expect(fieldErrors(dealSchema.safeParse({ ...base, value: '1000000000001' }).error!)).toEqual({ value: m.valueTooBig });
    expect(fieldErrors(dealSchema.safeParse({ ...base, value: '-5' }).error!)).toEqual({ value: m.valueInvalid });
  });
});
