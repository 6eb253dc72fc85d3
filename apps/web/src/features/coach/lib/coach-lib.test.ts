import { describe, expect, it } from 'vitest';
import { coachMessages } from '@/lib/messages/coach';
import { coachRequestBody } from '../api/coach-transport';
import { CoachHttpError, coachHttpError, describeCoachError } from './coach-errors';
import { dataOf, messageText, type CoachMessage } from './coach-message';
import { readIdea, readPlan, readSearch } from './tool-output';
import { usageLine } from './usage-line';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

describe('coach errors', () => {
  it('reads the endpoint refusal, keeping only known codes', async () => {
    const e = await coachHttpError(json(429, { code: 'rate_limited', message: 'Slow down.' }, { 'retry-after': '30' }));
    expect([e.status, e.code, e.message, e.retryAfterSeconds]).toEqual([429, 'rate_limited', 'Slow down.', 30]);
    const odd = await coachHttpError(new Response('<html>bad gateway</html>', { status: 502 }));
    expect([odd.code, odd.message]).toEqual(['unknown', coachMessages.genericError]);
    expect((await coachHttpError(json(500, { code: 'drop_tables', message: 'x' }))).code).toBe('unknown');
  });
  it('says plainly what happened, and offers Retry only where it can help', () => {
    expect(describeCoachError(new CoachHttpError(503, 'ai_not_configured', 'x'))).toEqual({
      code: 'ai_not_configured',
      text: coachMessages.notConfigured,
      retryable: false,
    });
    expect(describeCoachError(new CoachHttpError(402, 'out_of_credits', 'x'))).toMatchObject({
      text: coachMessages.outOfCredits,
      retryable: false,
    });
    expect(describeCoachError(new CoachHttpError(403, 'ai_disabled', 'x'))).toMatchObject({
      text: coachMessages.aiDisabled,
      retryable: false,
    });
    expect(describeCoachError(new CoachHttpError(429, 'rate_limited', 'Too many messages.'))).toMatchObject({
      text: 'Too many messages.',
      retryable: true,
    });
    expect(describeCoachError(new Error('provider_timeout: The model took too long.'))).toEqual({
      code: 'provider_timeout',
      text: 'The model took too long.',
      retryable: true,
    });
    expect(describeCoachError(new Error('provider_error:'))).toMatchObject({ code: 'provider_error', text: coachMessages.providerError });
    // After a charge (the reply's data-usage arrived) the fallback never says nothing was charged.
    for (const e of ['provider_error:', 'provider_timeout: ']) {
      const charged = describeCoachError(new Error(e), true);
      expect(charged.text).toBe(coachMessages.providerFailedCharged);
      expect(charged.text).not.toMatch(/nothing was charged/i);
    }
    expect(describeCoachError(new TypeError('Failed to fetch'))).toMatchObject({ code: 'network', retryable: true });
    expect(describeCoachError(new Error('at Object.<anonymous> (server.ts:1)'))).toMatchObject({
      code: 'unknown',
      text: coachMessages.genericError,
    });
  });
});

const msg = (role: 'user' | 'assistant', parts: CoachMessage['parts']): CoachMessage => ({ id: Math.random().toString(36), role, parts });

describe('coach messages and request body', () => {
  it('sends only the newest user message, the conversation and the door (history stays on the server)', () => {
    const list = [
      msg('user', [{ type: 'text', text: 'first' }]),
      msg('assistant', [{ type: 'text', text: 'reply' }]),
      msg('user', [
        { type: 'text', text: 'Do you ' },
        { type: 'text', text: 'have Xero?' },
      ]),
    ];
    expect(coachRequestBody(list, 'c1', 'integration_assistant')).toEqual({
      message: 'Do you have Xero?',
      conversationId: 'c1',
      door: 'integration_assistant',
    });
    expect(coachRequestBody([], null, 'panel')).toEqual({ message: '', conversationId: null, door: 'panel' });
  });
  it('reads text and the latest data part', () => {
    const m = msg('assistant', [
      { type: 'data-facts', data: { labels: ['Business name'] } },
      { type: 'text', text: 'Hi' },
      { type: 'data-usage', data: { inputTokens: 1, outputTokens: 1, credits: 1, balance: 9, tier: 'standard' } },
      { type: 'data-usage', data: { inputTokens: 2, outputTokens: 2, credits: 2, balance: 8, tier: 'standard' } },
    ]);
    expect(messageText(m)).toBe('Hi');
    expect(dataOf(m, 'facts')).toEqual({ labels: ['Business name'] });
    expect(dataOf(m, 'usage')?.credits).toBe(2);
    expect(dataOf(m, 'conversation')).toBeUndefined();
  });
});

describe('usage history lines', () => {
  const row = { conversation_id: 'c', input_tokens: 1, output_tokens: 1, conversation_title: null };
  it('reads like "22 Nov, Coach: \'Q1 marketing plan\', 4 credits"', () => {
    expect(
      usageLine({ ...row, created_at: '2026-11-22T12:00:00Z', delta: -4, reason: 'coach', conversation_title: 'Q1 marketing plan' }),
    ).toBe("22 Nov, Coach: 'Q1 marketing plan', 4 credits");
    expect(usageLine({ ...row, created_at: '2026-11-03T12:00:00Z', delta: -1, reason: 'coach' })).toBe('3 Nov, Coach, 1 credit');
    expect(usageLine({ ...row, created_at: '2026-11-01T12:00:00Z', delta: 2000, reason: 'trial_grant' })).toBe(
      '1 Nov, Trial credits, +2,000 credits',
    );
    expect(usageLine({ ...row, created_at: '2026-11-01T12:00:00Z', delta: 5, reason: 'goodwill_bonus' })).toBe(
      '1 Nov, Goodwill bonus, +5 credits',
    );
  });
});

describe('tool cards read the stream leniently', () => {
  it('catalogue search: results, or not in the catalogue with a request offer', () => {
    expect(readSearch({ query: 'Xero' }, { found: false, suggestRequest: true })).toEqual({
      query: 'Xero',
      results: [],
      suggestRequest: true,
    });
    expect(
      readSearch({ query: 'slack' }, { found: true, query: 'slack', matches: [{ id: 'slack', name: 'Slack', category: 'communication' }] }),
    ).toMatchObject({ suggestRequest: false, results: [{ name: 'Slack' }] });
    expect(readSearch({ query: 'x' }, 'not an object')).toBeNull();
  });
  it('saved idea and action plan', () => {
    expect(readIdea({ fromTool: 'Typeform', toTool: 'HubSpot', idea: 'Leads' }, { saved: true })).toEqual({
      from: 'Typeform',
      to: 'HubSpot',
      idea: 'Leads',
    });
    expect(readIdea(undefined, { saved: true, id: 'i', fromTool: 'A', toTool: 'B' })).toMatchObject({ from: 'A', to: 'B' });
    expect(readIdea({}, { saved: true })).toBeNull();
    expect(readPlan({ title: 'Q1', phases: [{ name: 'Foundations', tasks: [{ title: 'a' }, { title: 'b' }] }] })).toEqual({
      title: 'Q1',
      phases: [{ name: 'Foundations', count: 2 }],
    });
    expect(readPlan({ title: 'Q1' })).toBeNull();
  });
});
