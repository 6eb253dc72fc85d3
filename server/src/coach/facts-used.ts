import type { Fact } from './context.js';

// An item of a list fact ("Increase revenue, Get more customers") counts when the reply quotes it; shorter pieces
// ("UK", "5") would match by chance.
const MIN_ITEM = 4;

const norm = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * The labels of the facts a finished reply used (issue 44: the "Used: …" line listed every fact on every reply). The
 * prompt asks the model to say when it uses a fact, so a used fact shows in the reply: its label, its whole value, or
 * one item of a list value. Order follows the facts.
 */
export function factsUsedIn(facts: readonly Fact[], reply: string): string[] {
  const text = norm(reply);
  if (!text) return [];
  const quoted = (s: string) => {
    const n = norm(s);
    return n.length >= MIN_ITEM && text.includes(n);
  };
  return facts.filter((f) => quoted(f.label) || quoted(f.value) || f.value.split(/[,;]/).some(quoted)).map((f) => f.label);
}
