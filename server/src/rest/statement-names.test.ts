import { describe, expect, it } from 'vitest';
import { MAX_NAMED, StatementNames, statementNames } from './statement-names.js';

describe('StatementNames', () => {
  it('gives one stable name per text, distinct names to distinct texts', () => {
    const n = new StatementNames();
    const a = n.name('select 1');
    expect(a).toBeDefined();
    expect(n.name('select 1')).toBe(a);
    expect(n.name('select 2')).not.toBe(a);
  });

  it('names at most MAX_NAMED texts; the rest run unnamed', () => {
    const n = new StatementNames();
    for (let i = 0; i < MAX_NAMED; i++) expect(n.name(`select ${i}`)).toBeDefined();
    expect(n.name('select -1')).toBeUndefined();
    expect(n.name('select 0')).toBeDefined(); // the ones already named keep their names
    expect(n.size).toBe(MAX_NAMED);
  });

  it('forgets into a new generation: no name is reused for another text', () => {
    const n = new StatementNames();
    const before = n.name('select 1');
    n.forget();
    expect(n.size).toBe(0);
    const after = n.name('select 2');
    expect(after).not.toBe(before);
    expect(n.name('select 1')).not.toBe(before);
  });

  it('keeps one registry per database handle', () => {
    const db1 = {};
    const db2 = {};
    expect(statementNames(db1)).toBe(statementNames(db1));
    expect(statementNames(db1)).not.toBe(statementNames(db2));
  });
});
