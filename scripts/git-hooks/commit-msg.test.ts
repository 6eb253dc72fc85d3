import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { commitMessageProblems } from './check-commit-message.mjs';

const HOOK = path.join(import.meta.dirname, 'commit-msg');

describe('the commit-msg hook', () => {
  it('passes a short subject, a blank line and a body', () => {
    expect(commitMessageProblems('Bench writes one report per part\n\nA partial run overwrote the others.\n')).toEqual([]);
  });

  it('refuses a subject over 72 characters and a missing or glued-on body', () => {
    expect(commitMessageProblems(`${'x'.repeat(73)}\n\nWhy.\n`)).toEqual([expect.stringMatching(/73 characters/)]);
    expect(commitMessageProblems('Subject only\n')).toEqual([expect.stringMatching(/no body/)]);
    expect(commitMessageProblems('Subject\nbody glued on\n')).toEqual([expect.stringMatching(/blank line/)]);
    expect(commitMessageProblems('Subject\n\n\n')).toEqual([expect.stringMatching(/no body/)]);
  });

  it("reads the message as git keeps it, and lets git's own merge, fixup and revert messages through", () => {
    expect(
      commitMessageProblems(
        '# Please enter the commit message\nSubject\n\n# comment\nWhy.\n# ------------------------ >8 ------------------------\ndiff',
      ),
    ).toEqual([]);
    expect(commitMessageProblems("Merge branch 'i46-docs'\n")).toEqual([]);
    expect(commitMessageProblems('fixup! Subject\n')).toEqual([]);
    expect(commitMessageProblems(`Revert "${'x'.repeat(70)}"\n\nThis reverts commit abc.\n`)).toEqual([]);
  });

  it('as git runs it: exit 1 with the reason on a bad message, 0 on a good one', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'commit-msg-'));
    try {
      const file = path.join(dir, 'COMMIT_EDITMSG');
      writeFileSync(file, 'Subject only\n');
      const bad = spawnSync('sh', [HOOK, file], { encoding: 'utf8' });
      expect(bad.status).toBe(1);
      expect(bad.stderr).toMatch(/no body/);
      writeFileSync(file, 'Subject\n\nWhy.\n');
      expect(spawnSync('sh', [HOOK, file], { encoding: 'utf8' }).status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
