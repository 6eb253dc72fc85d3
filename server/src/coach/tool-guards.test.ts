import { describe, expect, it, vi } from 'vitest';
import { restFailure, restRateLimited } from '../rest/errors.js';
import { COACH_TOOL_INPUT_MAX_CHARS, COACH_TOOL_OUTPUT_MAX_CHARS } from './model-output.js';
import { replyWrites, sizeCapped, ToolRefusal } from './tool-guards.js';

const caller = { role: 'authenticated', claims: { sub: 'u1', role: 'authenticated' } };
const ip = '203.0.113.7';

describe('sizeCapped', () => {
  it('refuses an input over the cap before running, and an output over the cap after', async () => {
    const run = vi.fn(async (i: { s: string }) => ({ echo: i.s }));
    const tool = sizeCapped(run);
    await expect(tool({ s: 'x'.repeat(COACH_TOOL_INPUT_MAX_CHARS) })).rejects.toThrow('tool input is larger than 16,000');
    expect(run).not.toHaveBeenCalled();
    await expect(sizeCapped(async (_: null) => 'y'.repeat(COACH_TOOL_OUTPUT_MAX_CHARS))(null)).rejects.toThrow(
      "tool's result is larger than 16,000",
    );
    expect(await tool({ s: 'ok' })).toEqual({ echo: 'ok' });
  });

  it('a refusal reaches the model as {error} (a plain Error would serialise as {})', () => {
    expect(JSON.stringify(new ToolRefusal('why'))).toBe('{"error":"why"}');
  });
});

describe('replyWrites', () => {
  it("holds the reply's rows to the table's per-request limit, counted before the guard's counters", async () => {
    const guard = vi.fn(async () => {});
    const writes = replyWrites(guard, ip, caller);
    const all = await Promise.allSettled(Array.from({ length: 25 }, () => writes('/connection_ideas', 1)));
    expect(all.filter((r) => r.status === 'fulfilled')).toHaveLength(20);
    expect(guard).toHaveBeenCalledTimes(20);
    await expect(writes('/action_plan_tasks', 31)).rejects.toThrow('at most 30 rows to action_plan_tasks');
  });

  it("turns the guard's rate limit into a refusal and gives the rows back", async () => {
    const guard = vi.fn().mockRejectedValueOnce(restRateLimited(60)).mockResolvedValue(undefined);
    const writes = replyWrites(guard, ip, caller);
    await expect(writes('/action_plans', 1)).rejects.toThrow('too many saves this hour');
    await expect(writes('/action_plans', 1)).resolves.toBeUndefined();
    const failing = replyWrites(vi.fn().mockRejectedValue(restFailure('batchTooLarge', 10, '/action_plans', 11)), ip, caller);
    await expect(failing('/action_plans', 1)).rejects.toBeInstanceOf(ToolRefusal);
  });
});
