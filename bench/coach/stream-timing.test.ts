import { describe, expect, it } from 'vitest';
import { OPENAI_FIRST_TEXT, UI_FIRST_TEXT } from './stream-timing.js';

describe('first-text markers', () => {
  it('skip the empty role chunk of OpenAI and find the first content', () => {
    expect(OPENAI_FIRST_TEXT.test('data: {"choices":[{"index":0,"delta":{"role":"assistant","content":""}}]}')).toBe(false);
    expect(OPENAI_FIRST_TEXT.test('data: {"choices":[{"index":0,"delta":{"content":"Hi"}}]}')).toBe(true);
  });
  it('find the UI stream text-delta, not the data parts before it', () => {
    expect(UI_FIRST_TEXT.test('data: {"type":"data-facts","data":{"labels":[]}}')).toBe(false);
    expect(UI_FIRST_TEXT.test('data: {"type":"text-delta","id":"0","delta":"Hi"}')).toBe(true);
  });
});
