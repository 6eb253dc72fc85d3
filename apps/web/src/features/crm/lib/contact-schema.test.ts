import { describe, expect, it } from 'vitest';
import { crmMessages } from '@/lib/messages/crm';
import type { CustomField } from '../api/custom-fields';
import { contactFormValues, contactSchema, customToStore } from './contact-schema';
import { fieldErrors } from './text';

const m = crmMessages.contactForm;
const fields: CustomField[] = [
  { id: '1', key: 'size', label: 'Size', type: 'number', options: [], position: 0 },
  { id: '2', key: 'renewal', label: 'Renewal', type: 'date', options: [], position: 1 },
  { id: '3', key: 'tier', label: 'Tier', type: 'select', options: ['Gold', 'Silver'], position: 2 },
  { id: '4', key: 'note', label: 'Note', type: 'text', options: [], position: 3 },
];
const form = (patch: Partial<ReturnType<typeof contactFormValues>> = {}) => ({ ...contactFormValues(fields), name: 'Ann Lee', ...patch });

describe('contactSchema', () => {
  it('trims, turns empty fields into nulls and splits tags', () => {
    const out = contactSchema(fields).parse(
      form({ email: ' Ann@Acme.test ', tags: 'vip, newsletter;  ', custom: { size: '1,200', renewal: '', tier: 'Gold', note: '' } }),
    );
    expect(out).toEqual({
      name: 'Ann Lee',
      email: 'Ann@Acme.test',
      phone: null,
      company: null,
      source: null,
      tags: ['vip', 'newsletter'],
      notes: null,
      custom: { size: 1200, renewal: null, tier: 'Gold', note: null },
    });
  });
  it('says what is wrong, field by field', () => {
    const r = contactSchema(fields).safeParse(
      form({
        name: '  ',
        email: 'ann@',
        tags: Array.from({ length: 21 }, (_, i) => `t${i}`).join(','),
        custom: { size: 'many', renewal: '2026-13-40', tier: 'Bronze', note: '' },
      }),
    );
    expect(r.success).toBe(false);
    expect(fieldErrors(r.error!)).toEqual({
      name: m.nameRequired,
      email: m.emailInvalid,
      tags: m.tooManyTags,
      'custom.size': m.notANumber,
      'custom.renewal': m.notADate,
      'custom.tier': m.notAnOption,
    });
  });
  it('refuses control characters and over-long text', () => {
    const r = contactSchema([]).safeParse({ ...form(), custom: {}, phone: '1'.repeat(51), notes: 'a\u0000b' });
    expect(fieldErrors(r.error!)).toEqual({ phone: m.tooLong(m.phone, 50), notes: m.badCharacters });
  });
});

describe('contactFormValues and customToStore', () => {
  it('fills the form from a contact, custom values as text', () => {
    const v = contactFormValues(fields, {
      name: 'Ann',
      email: null,
      phone: '1',
      company_name: 'Acme',
      source: null,
      tags: ['a', 'b'],
      custom: { size: 3, gone: 'x' },
    });
    expect(v).toMatchObject({
      name: 'Ann',
      email: '',
      company: 'Acme',
      tags: 'a, b',
      custom: { size: '3', renewal: '', tier: '', note: '' },
    });
  });
  it('stores the custom values that are set', () => {
    expect(customToStore({ size: 4, tier: null, note: 'x' })).toEqual({ size: 4, note: 'x' });
  });
});
