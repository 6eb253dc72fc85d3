import type { StoredMessage } from './store.js';

type Part = { type?: unknown; text?: unknown };
const isText = (p: Part) => p?.type === 'text';
const textOf = (m: StoredMessage) =>
  (m.parts as Part[])
    .filter(isText)
    .map((p) => String(p.text ?? ''))
    .join('');

/**
 * The stored conversation as the provider must see it: roles alternating, no empty messages, no duplicates.
 * Data parts (facts, usage) are ours, not the model's, and an empty text part would be an empty block, which
 * Anthropic refuses. Questions whose reply failed stay unanswered in the store: a run of them becomes one user turn
 * (the same text asked again counts once).
 */
export function providerHistory(history: StoredMessage[]): StoredMessage[] {
  const out: StoredMessage[] = [];
  for (const m of history) {
    const parts = (m.parts as Part[]).filter(
      (p) => typeof p?.type === 'string' && !p.type.startsWith('data-') && !(isText(p) && !String(p.text ?? '').trim()),
    );
    if (!parts.some((p) => p.type !== 'step-start')) continue;
    const prev = out.at(-1);
    if (prev && prev.role === 'user' && m.role === 'user') {
      const before = textOf(prev);
      const now = textOf({ ...m, parts });
      out[out.length - 1] = { ...m, parts: before === now ? parts : [{ type: 'text', text: `${before}\n\n${now}` }] };
      continue;
    }
    out.push({ ...m, parts });
  }
  return out;
}
