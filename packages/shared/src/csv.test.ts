import { describe, expect, it } from 'vitest';
import { parseCsvTable } from './csv.js';

describe('parseCsvTable', () => {
  it('reads a header and rows: byte-order mark, quoted commas and line breaks, trimmed headers, empty lines skipped', () => {
    expect(parseCsvTable('\uFEFF Name ,Notes\nAnn,"Likes tea, not coffee"\n\nBob,"two\nlines"\n', 10)).toEqual({
      headers: ['Name', 'Notes'],
      rows: [
        ['Ann', 'Likes tea, not coffee'],
        ['Bob', 'two\nlines'],
      ],
    });
  });
  it('detects semicolons and tabs', () => {
    expect(parseCsvTable('Name;E-mail\nAnn;ann@x.test', 10)).toEqual({ headers: ['Name', 'E-mail'], rows: [['Ann', 'ann@x.test']] });
    expect(parseCsvTable('Name\tE-mail\nAnn\tann@x.test', 10)).toEqual({ headers: ['Name', 'E-mail'], rows: [['Ann', 'ann@x.test']] });
  });
  it("keeps to the caller's row cap and says what is wrong with a file", () => {
    expect(parseCsvTable('Name\na\nb\nc', 3)).toMatchObject({ rows: [['a'], ['b'], ['c']] });
    expect(parseCsvTable('Name\na\nb\nc\nd', 3)).toEqual({ problem: 'too_many_rows' });
    expect(parseCsvTable('Name\n', 3)).toEqual({ problem: 'empty' });
    expect(parseCsvTable('Name\n"unclosed', 3)).toEqual({ problem: 'unreadable' });
  });
});
