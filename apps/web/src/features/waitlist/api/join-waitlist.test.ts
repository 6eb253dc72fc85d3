import { afterEach, describe, expect, it, vi } from 'vitest';
import { joinWaitlist } from './join-waitlist';

const answer = (status: number, body: unknown) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

afterEach(() => vi.unstubAllGlobals());

describe('joinWaitlist', () => {
  it('posts name, e-mail and source and returns the position', async () => {
    const fetch = answer(201, { waitlist_position: 42 });
    vi.stubGlobal('fetch', fetch);
    expect(await joinWaitlist({ name: 'Ada', email: 'ada@example.com' })).toEqual({ ok: true, position: 42 });
    expect(JSON.parse(String((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body))).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
      source: 'join_waiting_list_page',
    });
  });
  it.each([
    [409, { code: '23505', message: 'duplicate key' }, 'duplicate'],
    [429, { code: 'over_request_rate_limit' }, 'rate_limited'],
    [400, { code: '22023', message: 'Invalid email format' }, 'invalid'],
    [500, { code: 500 }, 'failed'],
    [201, { unexpected: true }, 'failed'],
  ])('maps HTTP %i to %s', async (status, body, reason) => {
    vi.stubGlobal('fetch', answer(status, body));
    expect(await joinWaitlist({ name: 'A', email: 'a@example.com' })).toMatchObject({ ok: false, reason });
  });
  it('reports a network failure as failed', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(await joinWaitlist({ name: 'A', email: 'a@example.com' })).toEqual({ ok: false, reason: 'failed' });
  });
});
