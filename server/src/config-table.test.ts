import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.join(import.meta.dirname, '..', '..');

/** The variables config.ts's zod schema reads: its top-level keys, one per line. */
function configVariables(): string[] {
  const source = readFileSync(path.join(ROOT, 'server', 'src', 'config.ts'), 'utf8');
  const schema = source.slice(source.indexOf('const schema = z.object({'), source.indexOf('\n});', source.indexOf('const schema')));
  return [...schema.matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]!);
}

/** The names in docs/configuration.md's table; a row may name several ("PORT / HOST", "SMTP_URL, MAIL_FROM"). */
function documentedVariables(): string[] {
  const page = readFileSync(path.join(ROOT, 'docs', 'configuration.md'), 'utf8');
  return page
    .split('\n')
    .filter((line) => line.startsWith('| ') && !/^\| (name|-+) /.test(line))
    .flatMap((line) => line.split('|')[1]!.split(/[/,]/))
    .map((name) => name.trim());
}

describe('docs/configuration.md', () => {
  it('lists every variable server/src/config.ts reads, and no other', () => {
    const read = configVariables();
    expect(read.length).toBeGreaterThan(50);
    expect([...documentedVariables()].sort()).toEqual([...read].sort());
  });
});
