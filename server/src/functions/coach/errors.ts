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
};

export const PROVIDER_ERROR_TEXT = 'The AI provider could not answer just now. Nothing was charged; please try again.';
export const PROVIDER_TIMEOUT_TEXT = 'The AI provider took too long to answer. Nothing was charged; please try again.';

/** `{ code, message }` with the code's status (also `success: false` and `error`, like the other functions). */
export function coachError(c: Context, code: CoachErrorCode, message = COACH_ERROR_TEXT[code], headers: Record<string, string> = {}) {
  return c.json({ success: false, code, message, error: message }, COACH_ERRORS[code], headers);
}
