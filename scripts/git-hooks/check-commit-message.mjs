// The commit-msg hook's rules: a subject of at most 72 characters (it is what `git log --oneline`, GitHub and
// `git shortlog` show whole), then a blank line and a body saying why (the subject says what). Git's own merge,
// fixup!/squash!/amend! and revert messages pass as git writes them.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

export const MAX_SUBJECT = 72;

/** What git keeps of the message: no comment lines, nothing below the scissors line, no trailing blank lines. */
export function cleanMessage(text) {
  const lines = [];
  for (const line of text.replace(/\r\n/g, '\n').split('\n')) {
    if (/^# -+ >8 -+$/.test(line)) break;
    if (!line.startsWith('#')) lines.push(line.trimEnd());
  }
  while (lines.length > 0 && lines[0] === '') lines.shift();
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** Each rule the message breaks, as a sentence; none for a good message. */
export function commitMessageProblems(text) {
  const [subject = '', blank, ...body] = cleanMessage(text);
  if (subject === '') return [];
  const gitWritten = /^(Merge |fixup! |squash! |amend! )/.test(subject);
  const problems = [];
  if (subject.length > MAX_SUBJECT && !gitWritten && !subject.startsWith('Revert "'))
    problems.push(`the subject is ${subject.length} characters; keep it to ${MAX_SUBJECT} (say the rest in the body)`);
  if (gitWritten) return problems;
  if (blank === undefined) problems.push('there is no body: add a blank line, then a line or three saying why');
  else if (blank !== '') problems.push('the subject is one line: put a blank line between it and the body');
  else if (!body.some((l) => l.trim() !== '')) problems.push('the body is empty: say why in a line or three');
  return problems;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const problems = commitMessageProblems(readFileSync(process.argv[2], 'utf8'));
  if (problems.length > 0) {
    console.error(`commit-msg: ${problems.join('; ')}.`);
    console.error('(scripts/git-hooks/check-commit-message.mjs; git commit --no-verify skips the check)');
    process.exit(1);
  }
}
