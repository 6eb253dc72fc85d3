import { readFileSync } from 'node:fs';
import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { CLASS_MERGE_CONFIG_FILE, generateClassMergeConfig, recognises, sourceClassTokens } from '../../../../scripts/class-merge-config';
import { cn } from './utils';

/** A class's variants (hover:, md:, [&_svg]:…), in any order: classes with different variants never conflict. */
function variantsOf(token: string): string {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < token.length; i++) {
    const c = token[i];
    if (c === '[' || c === '(') depth++;
    else if (c === ']' || c === ')') depth--;
    else if (c === ':' && depth === 0) {
      parts.push(token.slice(start, i));
      start = i + 1;
    }
  }
  return parts.sort().join(':');
}

describe('cn merges classes as twMerge does (decision 0092)', () => {
  const tokens = sourceClassTokens();

  it('uses the class groups the source needs (npm run gen:class-merge writes them)', () => {
    expect(readFileSync(CLASS_MERGE_CONFIG_FILE, 'utf8')).toBe(generateClassMergeConfig(tokens));
  });

  it('recognises the classes twMerge recognises, and no others', () => {
    const differ = tokens.filter((t) => recognises(cn, t) !== recognises(twMerge, t));
    expect(differ).toEqual([]);
  });

  // A merge keeps a class unless a later kept class conflicts with it, so the same answer for every ordered pair
  // of classes means the same answer for any list of them.
  it('resolves every ordered pair of the source’s classes as twMerge', () => {
    const buckets = new Map<string, string[]>();
    for (const t of tokens.filter((t) => recognises(twMerge, t))) {
      const key = variantsOf(t);
      buckets.set(key, [...(buckets.get(key) ?? []), t]);
    }
    const differ: string[] = [];
    let pairs = 0;
    for (const list of buckets.values())
      for (const a of list)
        for (const b of list) {
          pairs++;
          const both = `${a} ${b}`;
          if (cn(both) !== twMerge(both) && differ.length < 20) differ.push(`${both} -> ${cn(both)}, twMerge ${twMerge(both)}`);
        }
    expect(differ).toEqual([]);
    expect(pairs).toBeGreaterThan(10_000);
    // Tens of thousands of merges: ~5 s alone, 29 s seen on a machine at load 30.
  }, 120_000);
});
