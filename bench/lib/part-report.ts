import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { renderMarkdown } from './report.js';
import type { BenchReport } from './types.js';

/**
 * Writes one part's report as DIR/PART.md and DIR/PART.json (the part is the report's only `settings.only` entry):
 * a run of one part never touches another part's files. Returns the Markdown file's path.
 */
export function writePartReport(dir: string, report: BenchReport): string {
  const [part, ...more] = report.settings.only;
  if (!part || more.length) throw new Error(`a part report holds one part, not [${report.settings.only.join(', ')}]`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `${part}.json`), JSON.stringify(report, null, 2) + '\n');
  const file = path.join(dir, `${part}.md`);
  writeFileSync(file, renderMarkdown(report));
  return file;
}
