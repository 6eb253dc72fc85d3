import { COACH_TOOL_TEXT } from './tool-texts.js';
import { RestError } from '../rest/errors.js';
import type { Caller } from '../rest/request-role.js';
import { writeLimitFor, type WriteGuard } from '../rest/write-limits.js';
import { COACH_TOOL_INPUT_MAX_CHARS, COACH_TOOL_OUTPUT_MAX_CHARS } from './model-output.js';

/**
 * A tool call the coach refused. The AI SDK sends a thrown error back to the model as the call's result
 * (`error-json`, the error serialised as JSON): toJSON makes that `{ error: <why> }`, which the model can read, where
 * a plain Error would serialise as `{}`.
 */
export class ToolRefusal extends Error {
  toJSON() {
    return { error: this.message };
  }
}

/** Runs a tool's execute with the model's input and the tool's output held to their size caps (model-output.ts). */
export function sizeCapped<I, O>(execute: (input: I) => Promise<O>): (input: I) => Promise<O> {
  return async (input) => {
    if (JSON.stringify(input ?? null).length > COACH_TOOL_INPUT_MAX_CHARS) {
      throw new ToolRefusal(COACH_TOOL_TEXT.inputTooLarge(COACH_TOOL_INPUT_MAX_CHARS));
    }
    const output = await execute(input);
    if (JSON.stringify(output ?? null).length > COACH_TOOL_OUTPUT_MAX_CHARS) {
      throw new ToolRefusal(COACH_TOOL_TEXT.outputTooLarge(COACH_TOOL_OUTPUT_MAX_CHARS));
    }
    return output;
  };
}

/** Takes rows from a reply's write allowance before a tool writes them; refuses with a ToolRefusal. */
export type ReplyWrites = (route: string, rows: number) => Promise<void>;

/**
 * One reply is one request: its tools together may write no more rows to a table than one POST to /rest/v1 may
 * (rest/write-limits.ts, the same numbers), and their rows count against the same per-IP and per-user counters.
 */
export function replyWrites(guard: WriteGuard, ip: string, caller: Caller): ReplyWrites {
  const taken = new Map<string, number>();
  return async (route, rows) => {
    const limit = writeLimitFor(route);
    const before = taken.get(route) ?? 0;
    // Counted before any await: the calls of one step run in parallel.
    if (limit && before + rows > limit.maxRows) throw new ToolRefusal(COACH_TOOL_TEXT.tooManyRows(limit.maxRows, route.slice(1)));
    taken.set(route, before + rows);
    try {
      await guard(ip, caller, route, rows);
    } catch (err) {
      taken.set(route, (taken.get(route) ?? rows) - rows);
      if (err instanceof RestError && err.status === 429) throw new ToolRefusal(COACH_TOOL_TEXT.rateLimited);
      if (err instanceof RestError) throw new ToolRefusal(COACH_TOOL_TEXT.tooManyRows(limit?.maxRows ?? 0, route.slice(1)));
      throw err;
    }
  };
}
