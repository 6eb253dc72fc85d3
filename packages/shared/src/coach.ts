import type { PlanDiff } from './plan.js';
/**
 * The AI coach's contract between the server (POST /functions/v1/coach) and the web app.
 * The credit rate lives here, once; docs/decisions/0030-ai-coach-provider-and-credit-rate.md explains it.
 */
import type { PlanId } from './plans.js';

/** The specification's 10,000-character text limit, applied to one coach message. */
export const COACH_MESSAGE_MAX_CHARS = 10_000;
/** A reply with no first token after this long says it is still waiting for the AI provider, with Stop (issue 39). */
export const COACH_FIRST_TOKEN_WAIT_MS = 20_000;
/** Provider tokens (input + output) bought by one credit. */
export const COACH_TOKENS_PER_CREDIT = 1_000;
/** Cap on the reply's output tokens, and on tool round trips in one reply. */
export const COACH_MAX_OUTPUT_TOKENS = 1_500;
export const COACH_MAX_TOOL_STEPS = 5;
/** Context the server adds to every request (business facts, instructions), for the estimate. */
const CONTEXT_TOKENS_ALLOWANCE = 1_200;
const EXPECTED_REPLY_TOKENS = 500;

/** Vibe BC: the coach within its credits; Pro: the enhanced model; Growth and above: no charge, a fair-use limit. */
export type CoachTier = 'standard' | 'enhanced' | 'unlimited';
export function coachTierForPlan(plan: PlanId): CoachTier {
  if (plan === 'basic') return 'standard';
  if (plan === 'pro') return 'enhanced';
  return 'unlimited';
}

/** Credits for a reply's actual tokens: rounded up, at least 1. */
export function creditsForTokens(totalTokens: number): number {
  return Math.max(1, Math.ceil(Math.max(0, totalTokens) / COACH_TOKENS_PER_CREDIT));
}

/** The estimate shown before sending (about 4 characters a token). */
export function estimateCoachCredits(messageChars: number, historyChars = 0): number {
  const tokens = Math.ceil((messageChars + historyChars) / 4) + CONTEXT_TOKENS_ALLOWANCE + EXPECTED_REPLY_TOKENS;
  return creditsForTokens(tokens);
}

/** Where the coach was opened from (the Integration Assistant opens it with the catalogue in focus). */
export type CoachDoor = 'panel' | 'coach_view' | 'integration_assistant';

export interface CoachRequest {
  /** The new question; absent when the request answers the coach's proposals (`approvals`). */
  message?: string;
  conversationId?: string | null;
  door?: CoachDoor;
  /** The customer's answers to proposals waiting in the conversation's last reply (AI SDK tool approval). */
  approvals?: CoachApproval[];
}

/** What a proposed write will change, shown on its approval card (sent as the AI SDK's approvalDescriptor). */
export interface CoachProposal {
  /** The coach's one-line reason, kept in the plan's history. */
  summary?: string;
  diff: PlanDiff;
  /** Why the change cannot be applied as it stands (then only Decline makes sense). */
  error?: string;
}

/** An answer to one proposal: its approval id (from the reply's tool part), approved or declined. */
export interface CoachApproval {
  id: string;
  approved: boolean;
  reason?: string;
}

/** Error bodies are `{ code, message }` (the functions' usual shape) with these codes and statuses. */
export const COACH_ERRORS = {
  not_authenticated: 401,
  proposal_not_found: 409,
  validation_failed: 400,
  conversation_not_found: 404,
  ai_disabled: 403,
  no_plan: 403,
  out_of_credits: 402,
  rate_limited: 429,
  ai_not_configured: 503,
} as const;
export type CoachErrorCode = keyof typeof COACH_ERRORS;

/** Errors that happen after the stream started arrive as the stream's `error` part with one of these texts' codes. */
export type CoachStreamErrorCode = 'provider_error' | 'provider_timeout';

/**
 * Why a stored, charged reply is incomplete: the browser left (`stopped`: the server still read the provider's
 * call to its end, but started no further tool round), the provider failed or timed out part-way, or the reply
 * reached the server's size cap (`too_long`).
 */
export type CoachInterruption = 'stopped' | 'provider_error' | 'provider_timeout' | 'too_long';

/** Custom data parts of the AI SDK UI message stream (`data-<name>`). */
export interface CoachDataParts {
  conversation: { id: string; title: string };
  /**
   * Plain-language labels of the customer's facts the server gave the model ("Business name", "Goals"…); once the
   * reply finished, `used` names the ones it used (issue 44). Absent from replies stored before it.
   */
  facts: { labels: string[]; used?: string[] };
  /**
   * Sent last: what the reply cost. credits = 0 on the unlimited tier; balance null when not charged. Present only
   * when the reply ended early (it is still stored and charged for what the provider consumed): `interrupted`.
   */
  usage: {
    inputTokens: number;
    outputTokens: number;
    credits: number;
    balance: number | null;
    tier: CoachTier;
    interrupted?: CoachInterruption;
  };
}

/** Tools the model can call; each appears in the stream as a `tool-<name>` part. */
export const COACH_TOOLS = [
  'searchCatalogue',
  'readBusinessProfile',
  'saveConnectionIdea',
  'reviewPlan',
  'writePlan',
  'addPlanTask',
  'updatePlanTask',
  'movePlanTask',
  'completePlanTask',
  'removePlanTask',
  'addPlanPhase',
  'renamePlanPhase',
  'removePlanPhase',
  'readMetricSeries',
  'proposeConnection',
  // the CRM (issue 43, docs/crm.md): addContact and logActivity wait for approval
  'findContacts',
  'readContact',
  'findDeals',
  'findFollowUps',
  'draftFollowUp',
  'addContact',
  'logActivity',
] as const;
export type CoachToolName = (typeof COACH_TOOLS)[number];

/** The tools whose approved write is a 90-day plan edit (a version with Undo); the server's plan-tools.ts keys the same. */
export const PLAN_EDIT_TOOL_NAMES: readonly CoachToolName[] = [
  'writePlan',
  'addPlanTask',
  'updatePlanTask',
  'movePlanTask',
  'completePlanTask',
  'removePlanTask',
  'addPlanPhase',
  'renamePlanPhase',
  'removePlanPhase',
];

/** A 90-day action plan: three 30-day phases of concrete tasks. */
export interface ActionPlanDraft {
  title: string;
  phases: { name: string; tasks: { title: string; detail?: string }[] }[];
}
