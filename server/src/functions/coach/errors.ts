import { COACH_ERRORS, type CoachErrorCode } from '@app/shared';
import type { Context } from 'hono';

/** The plain-English texts of the coach's refusals (the web shows its own catalogue's texts by code). */
export const COACH_ERROR_TEXT: Record<CoachErrorCode, string> = {
  not_authenticated: 'Please sign in to talk to your coach.',
  validation_failed: 'That message could not be sent.',
  conversation_not_found: 'That conversation was not found.',
  ai_disabled: 'AI features are switched off in The Brain. Switch them on to talk to your coach.',
  no_plan: 'Your plan has ended. Choose a plan to keep using the coach.',
  out_of_credits: 'You have no credits left. Buy more credits or upgrade your plan to keep talking to your coach.',
  rate_limited: 'You have sent a lot of messages this hour. Please wait a little and try again.',
  ai_not_configured: 'The AI coach is not set up on this server yet.',
  proposal_not_found: 'That proposal is no longer waiting for an answer.',
};

export const PROVIDER_ERROR_TEXT = 'The AI provider could not answer just now. Nothing was charged; please try again.';
export const PROVIDER_TIMEOUT_TEXT = 'The AI provider took too long to answer. Nothing was charged; please try again.';
/** The reply could not be stored: its charge was rolled back with it (functions/coach/stream.ts). */
export const REPLY_NOT_SAVED_TEXT = 'Your reply could not be saved. Nothing was charged; please try again.';
/** The provider failed after it had answered part of the reply: that part is kept and was charged. */
export const providerFailedAfterPartText = (timeout: boolean, credits: number) =>
  `${timeout ? 'The AI provider took too long to finish this reply.' : 'The AI provider stopped before finishing this reply.'} ` +
  `What it wrote so far is kept${credits > 0 ? ` and ${credits} credit${credits === 1 ? ' was' : 's were'} charged for it` : ''}; ` +
  'please try again for the rest.';

/** What a tool tells the model (and the customer's tool card) when it refuses a call. */
export const COACH_TOOL_TEXT = {
  tooManyRows: (max: number, table: string) =>
    `Refused: one reply may save at most ${max} row${max === 1 ? '' : 's'} to ${table}, the same limit as one request to the API. Nothing was saved by this call.`,
  rateLimited: 'Refused: too many saves this hour. Nothing was saved by this call; the customer can try again later.',
  inputTooLarge: (max: number) =>
    `Refused: the tool input is larger than ${max.toLocaleString('en-GB')} characters. Nothing was saved by this call.`,
  outputTooLarge: (max: number) =>
    `The tool's result is larger than ${max.toLocaleString('en-GB')} characters, so it was not returned. Try a narrower request.`,
  invalidInput: "Refused: the tool input did not match the tool's schema.",
  failed: 'The tool failed. Nothing was saved by this call.',
} as const;

/** `{ code, message }` with the code's status (also `success: false` and `error`, like the other functions). */
export function coachError(c: Context, code: CoachErrorCode, message = COACH_ERROR_TEXT[code], headers: Record<string, string> = {}) {
  return c.json({ success: false, code, message, error: message }, COACH_ERRORS[code], headers);
}
