import { describe, expect, it } from 'vitest';
import { conversationFileName, conversationMarkdown, markdownInline } from './markdown';

const conv = {
  id: '1a2b3c4d-0000-4000-8000-000000000000',
  title: 'How did *revenue* do?',
  created_at: '2026-05-04T09:30:12.000Z',
};

describe('conversation markdown', () => {
  it('writes the title, then each message with who and when, text as it was', () => {
    const md = conversationMarkdown({
      ...conv,
      messages: [
        { role: 'user', created_at: '2026-05-04T09:30:12.000Z', parts: [{ type: 'text', text: 'How did revenue do last month?' }] },
        {
          role: 'assistant',
          created_at: '2026-05-04T09:30:20.000Z',
          parts: [
            { type: 'step-start' },
            { type: 'tool-readMetric', toolCallId: 'x', state: 'output-available', input: {}, output: {} },
            { type: 'text', text: 'Revenue was **£11,240** last month,\r\ndown 8 %.' },
            { type: 'data-usage', data: { credits: 1 } },
          ],
        },
        // a message with nothing to show (only data parts) is left out
        { role: 'assistant', created_at: '2026-05-04T09:31:00.000Z', parts: [{ type: 'data-facts', data: {} }] },
      ],
    });
    expect(md).toBe(
      [
        '# How did \\*revenue\\* do?',
        '',
        'Conversation with the coach, started 2026-05-04 09:30 UTC.',
        '',
        '## You, 2026-05-04 09:30 UTC',
        '',
        'How did revenue do last month?',
        '',
        '## Coach, 2026-05-04 09:30 UTC',
        '',
        'Revenue was **£11,240** last month,\ndown 8 %.',
        '',
        '_The coach used: readMetric._',
        '',
      ].join('\n'),
    );
  });

  it('says when a conversation has no messages, and survives parts that are not an array', () => {
    expect(conversationMarkdown({ ...conv, messages: [] })).toContain('_No messages._');
    const md = conversationMarkdown({ ...conv, messages: [{ role: 'user', created_at: conv.created_at, parts: { nope: 1 } }] });
    expect(md).not.toContain('## You');
  });

  it('keeps a title on one line with Markdown marks escaped', () => {
    expect(markdownInline('# Big\nplans [link](x) <b>')).toBe('\\# Big plans \\[link\\](x) \\<b\\>');
    expect(markdownInline('- not a list')).toBe('\\- not a list');
    expect(markdownInline('1. not a list')).toBe('1\\. not a list');
  });

  it('names the file by day, title and id, safe on every file system', () => {
    expect(conversationFileName(conv)).toBe('2026-05-04-how-did-revenue-do-1a2b3c4d.md');
    expect(conversationFileName({ ...conv, title: '../../etc/passwd' })).toBe('2026-05-04-etc-passwd-1a2b3c4d.md');
    expect(conversationFileName({ ...conv, title: 'Café crème brûlée' })).toBe('2026-05-04-cafe-creme-brulee-1a2b3c4d.md');
    expect(conversationFileName({ ...conv, title: '💡' })).toBe('2026-05-04-conversation-1a2b3c4d.md');
    expect(conversationFileName({ ...conv, title: 'x'.repeat(200) })).toHaveLength('2026-05-04-'.length + 50 + '-1a2b3c4d.md'.length);
  });
});
