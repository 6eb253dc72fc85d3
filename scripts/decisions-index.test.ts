import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DECISIONS_INDEX_FILE, generateIndex, parseRecord, parseStatus, readRecords, renderIndex } from './decisions-index.ts';

describe('the decision log', () => {
  it('the committed docs/decisions/README.md indexes every record as the records say (else: npm run gen:decisions)', async () => {
    expect(readFileSync(DECISIONS_INDEX_FILE, 'utf8')).toBe(await generateIndex());
  });

  it('every record names a record or page that exists when it is amended or superseded', () => {
    const records = readRecords();
    expect(() => renderIndex(records)).not.toThrow();
    const pages = records.flatMap((r) => (r.status.kind === 'superseded' && r.status.by.startsWith('docs/') ? [r.status.by] : []));
    for (const page of new Set(pages)) expect(() => readFileSync(new URL(`../${page}`, import.meta.url)), page).not.toThrow();
  });

  it('reads the three statuses and refuses any other', () => {
    expect(parseStatus('accepted (issue 16)')).toEqual({ kind: 'accepted' });
    expect(parseStatus('superseded by docs/performance/web.md (issue 15)')).toEqual({ kind: 'superseded', by: 'docs/performance/web.md' });
    expect(parseStatus('superseded by 0093')).toEqual({ kind: 'superseded', by: '0093' });
    expect(parseStatus('amended by 0048, 0050 (issue 17)')).toEqual({ kind: 'amended', by: ['0048', '0050'] });
    expect(() => parseStatus('proposed')).toThrow(/unknown status/);
  });

  it('takes a new record as the other records are written, and lists who amends whom from both sides', () => {
    const a = parseRecord('0200-a.md', '# 0200: One thing\n\nDate: 2026-11-28 · Status: amended by 0201 (issue 46)\n');
    const b = parseRecord('0201-b.md', '# 0201 — Another | thing\n\nDate: 2026-11-28 · Status: accepted\n');
    expect(a).toMatchObject({ number: '0200', title: 'One thing', date: '2026-11-28', issue: '46' });
    const md = renderIndex([a, b]);
    expect(md).toContain('| [0200](0200-a.md) | One thing | 2026-11-28 | amended by [0201](0201-b.md) |  | [46](../issues.md#issue-46) |');
    expect(md).toContain('| [0201](0201-b.md) | Another \\| thing | 2026-11-28 | accepted | [0200](0200-a.md) |  |');
    expect(() => parseRecord('0202-c.md', '# 0202: No status\n\nSome text.\n')).toThrow(/Date: YYYY-MM-DD · Status/);
    expect(parseRecord('0204-e.md', '# 0204 E\n\nDate: 2026-11-28\nStatus: Accepted\n').status).toEqual({ kind: 'accepted' });
    expect(() => renderIndex([parseRecord('0203-d.md', '# 0203: D\n\nDate: 2026-11-28 · Status: amended by 0999\n')])).toThrow(/0999/);
  });
});
