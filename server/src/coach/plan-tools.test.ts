import { PLAN_EDIT_TOOL_NAMES } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { PLAN_EDIT_TOOLS } from './plan-tools';

describe('plan edit tools', () => {
  it('are the ones the web treats as plan edits (Undo in the toast), and no others', () => {
    expect(Object.keys(PLAN_EDIT_TOOLS).sort()).toEqual([...PLAN_EDIT_TOOL_NAMES].sort());
  });
});
