/**
 * Conversations with the coach as Markdown, one file per conversation, for the data export. The messages' text is
 * written as it was typed or answered (the coach already answers in Markdown); a tool the coach used is one line in
 * italics; the data parts the web draws cards from (facts, usage, proposals' state) are not the conversation and are
 * left out. Times are UTC.
 */
export interface ExportConversation {
  id: string;
  title: string;
  /** ISO 8601, UTC */
  created_at: string;
  messages: ExportMessage[];
}

export interface ExportMessage {
  role: 'user' | 'assistant';
  parts: unknown;
  /** ISO 8601, UTC */
  created_at: string;
}

/** "2026-05-04 09:30 UTC" */
export const utcMinute = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

/** Text safe inside a Markdown heading or line: one line, Markdown's inline marks escaped. */
export function markdownInline(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\\`*_[\]<>#|~]/g, (ch) => `\\${ch}`)
    .replace(/^([-+])(\s)/, '\\$1$2')
    .replace(/^(\d+)([.)])(\s)/, '$1\\$2$3');
}

type Part = { type?: unknown; text?: unknown; toolName?: unknown };

/** The message's text parts joined, and the names of the tools it used (AI SDK parts: "tool-<name>" or dynamic-tool). */
function partsOf(parts: unknown): { text: string; tools: string[] } {
  const list = Array.isArray(parts) ? (parts as Part[]) : [];
  const text = list
    .filter((p) => p?.type === 'text' && typeof p.text === 'string')
    .map((p) => (p.text as string).trim())
    .filter(Boolean)
    .join('\n\n');
  const tools = list.flatMap((p) => {
    if (typeof p?.type !== 'string') return [];
    if (p.type.startsWith('tool-')) return [p.type.slice('tool-'.length)];
    if (p.type === 'dynamic-tool' && typeof p.toolName === 'string') return [p.toolName];
    return [];
  });
  return { text, tools: [...new Set(tools)] };
}

export function conversationMarkdown(c: ExportConversation): string {
  const out = [`# ${markdownInline(c.title) || 'Conversation'}`, '', `Conversation with the coach, started ${utcMinute(c.created_at)}.`];
  if (c.messages.length === 0) out.push('', '_No messages._');
  for (const m of c.messages) {
    const { text, tools } = partsOf(m.parts);
    if (!text && tools.length === 0) continue;
    out.push('', `## ${m.role === 'user' ? 'You' : 'Coach'}, ${utcMinute(m.created_at)}`);
    if (text) out.push('', text.replace(/\r\n?/g, '\n'));
    if (tools.length) out.push('', `_The coach used: ${tools.map(markdownInline).join(', ')}._`);
  }
  return `${out.join('\n')}\n`;
}

/** conversations/2026-05-04-how-did-revenue-do-1a2b3c4d.md: the day it started, its title, and its id's start. */
export function conversationFileName(c: Pick<ExportConversation, 'id' | 'title' | 'created_at'>): string {
  const slug =
    c.title
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 50)
      .replace(/-+$/, '') || 'conversation';
  return `${c.created_at.slice(0, 10)}-${slug}-${c.id.replace(/-/g, '').slice(0, 8)}.md`;
}
