import type { TextStreamPart, ToolSet } from 'ai';
import { describe, expect, it, vi } from 'vitest';
import { COACH_REPLY_MAX_CHARS, modelOutputTransform, sanitiseValue } from './model-output.js';
import { ReplyMeter } from './reply-meter.js';

type Part = TextStreamPart<ToolSet>;

/** Runs parts through the transform as streamText would; says what came out and whether the provider was stopped. */
async function through(parts: Part[]) {
  const stopStream = vi.fn();
  const onCut = vi.fn();
  const transform = modelOutputTransform(new ReplyMeter(0), onCut)({ tools: {}, stopStream });
  const out: Part[] = [];
  const writer = transform.writable.getWriter();
  const reading = (async () => {
    for await (const p of transform.readable as unknown as AsyncIterable<Part>) out.push(p);
  })();
  for (const p of parts) await writer.write(p);
  await writer.close();
  await reading;
  return { out, stopped: stopStream.mock.calls.length, cut: onCut.mock.calls.length };
}
const text = (out: Part[]) => out.map((p) => (p.type === 'text-delta' ? p.text : '')).join('');
const delta = (t: string): Part => ({ type: 'text-delta', id: 't', text: t });

describe('sanitiseValue', () => {
  it('replaces NUL and unpaired surrogates in strings and keys at any depth; keeps pairs and non-plain objects', () => {
    const err = new Error('kept');
    expect(sanitiseValue({ 'a\u0000': ['x\uD800', { y: 'ok \u{1F600}' }], n: 1, err })).toEqual({
      'a\uFFFD': ['x\uFFFD', { y: 'ok \u{1F600}' }],
      n: 1,
      err,
    });
  });
});

describe('modelOutputTransform', () => {
  it('joins a surrogate pair split across deltas, replaces a lone one, and one left at the end of the text', async () => {
    const { out } = await through([
      { type: 'text-start', id: 't' },
      delta('a\u0000 \uD83D'),
      delta('\uDE00 \uDC00 z\uD83D'),
      { type: 'text-end', id: 't' },
    ]);
    expect(text(out)).toBe('a\uFFFD \u{1F600} \uFFFD z\uFFFD');
    expect(out.at(-1)).toEqual({ type: 'text-end', id: 't' });
  });

  it('cuts the reply at COACH_REPLY_MAX_CHARS, stops the provider once, and drops the content after the cut', async () => {
    const big = 'x'.repeat(COACH_REPLY_MAX_CHARS - 10);
    const { out, stopped, cut } = await through([
      delta(big),
      delta('y'.repeat(20)),
      delta('more'),
      { type: 'tool-call', toolCallId: 'c1', toolName: 'readBusinessProfile', input: {} } as Part,
      { type: 'text-end', id: 't' },
    ]);
    expect(text(out)).toBe(big + 'y'.repeat(10));
    expect(out.some((p) => p.type === 'tool-call')).toBe(false);
    expect(out.at(-1)).toEqual({ type: 'text-end', id: 't' });
    expect({ stopped, cut }).toEqual({ stopped: 1, cut: 1 });
  });

  it('sanitises tool inputs and outputs and does not pass raw input deltas on', async () => {
    const { out } = await through([
      { type: 'tool-input-start', id: 'c1', toolName: 'saveConnectionIdea' },
      { type: 'tool-input-delta', id: 'c1', delta: '{"idea":"\\u0000"}' },
      { type: 'tool-call', toolCallId: 'c1', toolName: 'saveConnectionIdea', input: { idea: 'a\u0000' } } as Part,
      { type: 'tool-result', toolCallId: 'c1', toolName: 'saveConnectionIdea', input: {}, output: { note: '\uDBFF' } } as Part,
    ]);
    expect(out.map((p) => p.type)).toEqual(['tool-input-start', 'tool-call', 'tool-result']);
    expect(out[1]).toMatchObject({ input: { idea: 'a\uFFFD' } });
    expect(out[2]).toMatchObject({ output: { note: '\uFFFD' } });
  });
});
