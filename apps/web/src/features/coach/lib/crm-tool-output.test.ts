import { describe, expect, it } from 'vitest';
import { readContactName, readContacts, readDeals, readDraft, readFollowUps } from './crm-tool-output';

describe('the CRM tools as the chat streams them', () => {
  it('reads the follow-ups, contacts and deals the server answers', () => {
    expect(
      readFollowUps({ month: '2026-11', total: 3, contacts: [{ id: 'c', name: 'Ann', overdueTasks: 1, openDeals: 0 }], overdueTasks: [] }),
    ).toEqual({
      total: 3,
      contacts: [{ id: 'c', name: 'Ann', overdueTasks: 1, openDeals: 0 }],
    });
    expect(readContacts({ total: 1, contacts: [{ id: 'c', name: 'Ann' }] })?.contacts[0]?.name).toBe('Ann');
    expect(readDeals({ deals: [{ title: 'Website', value: 1 }] })?.deals[0]?.title).toBe('Website');
    expect(readContactName({ id: 'c', name: 'Ann Lee' })).toBe('Ann Lee');
  });
  it('puts only a mailto: link in a draft card', () => {
    const draft = { to: 'a@x.test', name: 'Ann', subject: 'Hi', body: 'x', mailto: 'mailto:a%40x.test?subject=Hi' };
    expect(readDraft({ draft })).toMatchObject({ name: 'Ann', mailto: draft.mailto });
    expect(readDraft({ draft: { ...draft, mailto: 'javascript:alert(1)' } })).toBeNull();
  });
  it('gives nothing for what it does not recognise (the plain card shows instead)', () => {
    expect(readFollowUps({ error: 'x' })).toBeNull();
    expect(readContacts('text')).toBeNull();
    expect(readDeals(undefined)).toBeNull();
  });
});
