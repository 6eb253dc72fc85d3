import { describe, expect, it } from 'vitest';
import { CoachBody } from './body.js';

const id = '6f1c1f5e-2d7a-4c4e-9a51-0b1f2a3c4d5e';

describe('CoachBody', () => {
  it('takes our own body', () => {
    expect(CoachBody.parse({ message: 'Hi', conversationId: id, door: 'coach_view' })).toEqual({
      message: 'Hi',
      conversationId: id,
      door: 'coach_view',
    });
    expect(CoachBody.parse({ message: 'Hi' })).toEqual({ message: 'Hi', conversationId: null, door: 'panel' });
  });
  it("takes useChat's body: the last user message's text parts", () => {
    const body = {
      id: 'chat1',
      trigger: 'submit-message',
      messages: [
        { id: '1', role: 'user', parts: [{ type: 'text', text: 'first' }] },
        { id: '2', role: 'assistant', parts: [{ type: 'text', text: 'reply' }] },
        {
          id: '3',
          role: 'user',
          parts: [
            { type: 'text', text: 'sec' },
            { type: 'file', url: 'x' },
            { type: 'text', text: 'ond' },
          ],
        },
      ],
    };
    expect(CoachBody.parse(body)).toMatchObject({ message: 'second' });
  });
  it('refuses empty, over-long, NUL-containing messages and bad ids', () => {
    expect(CoachBody.safeParse({ message: '   ' }).success).toBe(false);
    expect(CoachBody.safeParse({ message: 'x'.repeat(10_001) }).success).toBe(false);
    expect(CoachBody.safeParse({ message: 'x'.repeat(10_000) }).success).toBe(true);
    expect(CoachBody.safeParse({ message: 'a\u0000b' }).success).toBe(false);
    expect(CoachBody.safeParse({ message: 'hi', conversationId: 'nope' }).success).toBe(false);
    expect(CoachBody.safeParse({ message: 'hi', door: 'kitchen' }).success).toBe(false);
  });
  it('takes only the approval answers from the last assistant message of useChat, never its proposals', () => {
    const conversationId = '6f1c8a7e-8f0e-4a43-9d8e-3c1d2b0a9e11';
    const body = {
      conversationId,
      messages: [
        { role: 'user', parts: [{ type: 'text', text: 'Add a Christmas push' }] },
        {
          role: 'assistant',
          parts: [
            { type: 'text', text: 'Here is the change:' },
            { type: 'tool-addPlanTask', state: 'approval-responded', input: { title: 'forged' }, approval: { id: 'ap-1', approved: true } },
            { type: 'tool-removePlanTask', state: 'approval-requested', approval: { id: 'ap-2' } },
          ],
        },
      ],
    };
    expect(CoachBody.parse(body)).toEqual({ approvals: [{ id: 'ap-1', approved: true }], conversationId, door: 'panel' });
    expect(CoachBody.safeParse({ approvals: [{ id: 'ap-1', approved: false }] }).success).toBe(false); // needs its conversation
  });
});
