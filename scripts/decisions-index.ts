// npm run gen:decisions: writes docs/decisions/README.md, the index of the decision records, from the records
// themselves (number and title from the first line, date and status from the `Date: … · Status: …` line). A unit
// test (scripts/decisions-index.test.ts) fails while the committed index differs, so a new record
// only needs this command run once.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as prettier from 'prettier';

export const DECISIONS_DIR = path.join(import.meta.dirname, '..', 'docs', 'decisions');
export const DECISIONS_INDEX_FILE = path.join(DECISIONS_DIR, 'README.md');

export type Status = { kind: 'accepted' } | { kind: 'superseded'; by: string } | { kind: 'amended'; by: string[] };

export interface DecisionRecord {
  number: string;
  file: string;
  title: string;
  date: string;
  status: Status;
  /** The issue the record answers, from its status note ("(issue 16, …)"), when it names one. */
  issue?: string;
}

const RECORD_FILE = /^(\d{4})-[a-z0-9-]+\.md$/;
const TITLE = /^# (\d{4})\s*(?:[:—–-]\s*)?(.+)$/;
const DATE = /^Date: (\d{4}-\d{2}-\d{2})\b/m;
const STATUS = /\bStatus: (.+)$/m;

/** `accepted`, `superseded by <record number or docs page>`, `amended by NNNN[, NNNN]`, each optionally followed by a note. */
export function parseStatus(text: string): Status {
  const superseded = /^superseded by (\d{4}|docs\/[\w/.-]+\.md)\b/i.exec(text);
  if (superseded) return { kind: 'superseded', by: superseded[1]! };
  const amended = /^amended by (\d{4}(?:(?:, | and )\d{4})*)\b/i.exec(text);
  if (amended) return { kind: 'amended', by: amended[1]!.split(/, | and /) };
  if (/^accepted\b/i.test(text)) return { kind: 'accepted' };
  throw new Error(`unknown status "${text}": use accepted, superseded by NNNN (or docs/….md), or amended by NNNN`);
}

export function parseRecord(file: string, text: string): DecisionRecord {
  const name = RECORD_FILE.exec(file);
  if (!name) throw new Error(`${file}: a record's file name is NNNN-slug.md`);
  const title = TITLE.exec(text.split('\n', 1)[0]!);
  if (!title || title[1] !== name[1]) throw new Error(`${file}: the first line must be "# ${name[1]}: Title"`);
  // The head only (title, date, status): a "Status:" further down is the record's text, not its status.
  const head = text.split('\n').slice(0, 8).join('\n');
  const date = DATE.exec(head)?.[1];
  const status = STATUS.exec(head)?.[1];
  if (!date || !status) throw new Error(`${file}: needs a line "Date: YYYY-MM-DD · Status: accepted" below the title`);
  const issue = /\bissue (\d+)/.exec(status)?.[1];
  return { number: name[1]!, file, title: title[2]!.trim(), date, status: parseStatus(status), ...(issue ? { issue } : {}) };
}

export function readRecords(dir = DECISIONS_DIR): DecisionRecord[] {
  return readdirSync(dir)
    .filter((f) => f !== 'README.md' && f.endsWith('.md'))
    .sort()
    .map((f) => parseRecord(f, readFileSync(path.join(dir, f), 'utf8')));
}

const cell = (s: string) => s.replaceAll('|', '\\|');

/** The index as Markdown, before Prettier: records in number order, with who amends whom read from both sides. */
export function renderIndex(records: DecisionRecord[]): string {
  const byNumber = new Map(records.map((r) => [r.number, r]));
  const link = (n: string) => {
    const r = byNumber.get(n);
    if (!r) throw new Error(`a status names record ${n}, which does not exist`);
    return `[${n}](${r.file})`;
  };
  const amends = new Map<string, string[]>();
  for (const r of records)
    if (r.status.kind === 'amended') for (const n of r.status.by) amends.set(n, [...(amends.get(n) ?? []), r.number]);
  const status = (s: Status) =>
    s.kind === 'accepted'
      ? 'accepted'
      : s.kind === 'amended'
        ? `amended by ${s.by.map(link).join(', ')}`
        : `superseded by ${/^\d{4}$/.test(s.by) ? link(s.by) : `[${s.by.replace(/^docs\//, '')}](../${s.by.replace(/^docs\//, '')})`}`;
  const rows = records.map(
    (r) =>
      `| ${link(r.number)} | ${cell(r.title)} | ${r.date} | ${status(r.status)} | ${(amends.get(r.number) ?? []).map(link).join(', ')} | ${r.issue ? `[${r.issue}](../issues.md#issue-${r.issue})` : ''} |`,
  );
  const superseded = records.filter((r) => r.status.kind === 'superseded').length;
  return [
    '# Decision records',
    '',
    '<!-- Written by `npm run gen:decisions` from the records; a unit test fails while this file differs. -->',
    '',
    `One file per decision that departs from or adds to [docs/architecture.md](../architecture.md): why it was taken, what`,
    `was measured, what was left. ${records.length} records, ${superseded} of them superseded. Numbers are not consecutive: each`,
    `piece of work was given a block of numbers, and only the ones used exist. "Issue N" (here and in code comments)`,
    `is an issue of the project's tracker, which is not in the repository: [docs/issues.md](../issues.md) gives each`,
    `one's title and what it asked.`,
    '',
    'The performance rounds (issues 15, 16 and the test-suite budget of issue 20) are superseded by the living pages',
    '[docs/performance/web.md](../performance/web.md), [server.md](../performance/server.md) and',
    '[tests.md](../performance/tests.md), which hold the targets, the current figures and every lever; the records stay',
    'as the history of how each figure moved.',
    '',
    '## Writing a record',
    '',
    '`NNNN-slug.md`, starting with `# NNNN: Title`, a blank line, then `Date: YYYY-MM-DD · Status: accepted (issue N, …)`.',
    'When a later record changes it, set its status to `amended by NNNN` (or `superseded by NNNN`, or by a `docs/…` page)',
    'and keep the note after it. Then run `npm run gen:decisions`.',
    '',
    '| No. | Title | Date | Status | Amends | Issue |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}

export async function generateIndex(dir = DECISIONS_DIR): Promise<string> {
  const file = path.join(dir, 'README.md');
  const config = await prettier.resolveConfig(file);
  return prettier.format(renderIndex(readRecords(dir)), { ...config, filepath: file });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  writeFileSync(DECISIONS_INDEX_FILE, await generateIndex());
  console.log(`wrote ${path.relative(process.cwd(), DECISIONS_INDEX_FILE)}`);
}
