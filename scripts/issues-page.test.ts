import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.join(import.meta.dirname, '..');
const BINARY = /\.(png|jpe?g|webp|avif|gif|ico|woff2?|ttf|gz|br|zip|pdf|mp4|tar)$/i;

/** Every issue number a tracked file names ("issue 16", "Issues 15 and 16" counts 15). */
function referencedIssues(): Set<number> {
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0');
  const numbers = new Set<number>();
  for (const file of files) {
    if (!file || BINARY.test(file)) continue;
    let text: string;
    try {
      text = readFileSync(path.join(ROOT, file), 'utf8');
    } catch {
      continue; // listed but gone from the work tree (a move not yet committed)
    }
    for (const m of text.matchAll(/\b[Ii]ssues? (\d+)/g)) numbers.add(Number(m[1]));
  }
  return numbers;
}

describe('docs/issues.md', () => {
  it('has a section for every issue number the repository names', () => {
    const page = readFileSync(path.join(ROOT, 'docs', 'issues.md'), 'utf8');
    const described = new Set([...page.matchAll(/^## Issue (\d+)$/gm)].map((m) => Number(m[1])));
    const missing = [...referencedIssues()].filter((n) => !described.has(n)).sort((a, b) => a - b);
    expect(missing, 'add these to docs/issues.md (issues show N)').toEqual([]);
  });
});
