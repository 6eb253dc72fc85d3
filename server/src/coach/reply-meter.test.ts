import type { LanguageModelUsage, TextStreamPart, ToolSet } from 'ai';
import { describe, expect, it } from 'vitest';
import { ReplyMeter } from './reply-meter.js';

type Part = TextStreamPart<ToolSet>;
const start = { type: 'start-step', request: {}, warnings: [] } as unknown as Part;
const finish = (usage: Partial<LanguageModelUsage>) =>
  ({ type: 'finish-step', usage: { totalTokens: undefined, ...usage }, finishReason: 'stop' }) as unknown as Part;
const text = (t: string): Part => ({ type: 'text-delta', id: 't', text: t });

describe('ReplyMeter', () => {
  it("uses the provider's usage when its final chunk came", () => {
    const m = new ReplyMeter(4_000);
    for (const p of [start, text('abcd'), finish({ inputTokens: 900, outputTokens: 7 })]) m.see(p);
    expect(m.total()).toEqual({ inputTokens: 900, outputTokens: 7, consumed: true, estimated: false });
  });

  it('estimates (4 characters a token) a call that sent no usage, with the earlier output and tool results in its prompt', () => {
    const m = new ReplyMeter(4_000);
    const call = { type: 'tool-call', toolCallId: 'c', toolName: 'readBusinessProfile', input: { a: 1 } } as Part;
    const result = { type: 'tool-result', toolCallId: 'c', toolName: 'readBusinessProfile', input: {}, output: 'x'.repeat(98) } as Part;
    for (const p of [start, call, result, finish({ inputTokens: 1_000, outputTokens: 5 }), start, text('y'.repeat(40)), finish({})])
      m.see(p);
    // second call: prompt 4,000 + the first call's input (7) + its result (100 as JSON) = 4,107 chars; output 40 chars
    expect(m.total()).toEqual({ inputTokens: 1_000 + 1_027, outputTokens: 5 + 10, consumed: true, estimated: true });
  });

  it('counts nothing for a call that answered nothing', () => {
    const m = new ReplyMeter(4_000);
    m.see(start);
    expect(m.total()).toEqual({ inputTokens: 0, outputTokens: 0, consumed: false, estimated: false });
  });
});
