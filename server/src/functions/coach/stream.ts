import { COACH_MAX_OUTPUT_TOKENS, COACH_MAX_TOOL_STEPS, creditsForTokens, type CoachDataParts, type CoachTier } from '@app/shared';
import {
  convertToModelMessages,
  createUIMessageStream,
  createUIMessageStreamResponse,
  generateId,
  stepCountIs,
  streamText,
  type LanguageModel,
  type LanguageModelUsage,
  type UIMessage,
} from 'ai';
import type { JwtClaims } from '../../auth/jwt.js';
import type { Fact } from '../../coach/context.js';
import { factsUsedIn } from '../../coach/facts-used.js';
import { coachTools } from '../../coach/tools.js';
import { saveMessage, type StoredMessage } from '../../coach/store.js';
import type { AppContext } from '../../context.js';
import { coachTokens } from '../../metrics.js';
import { PROVIDER_ERROR_TEXT, PROVIDER_TIMEOUT_TEXT } from './errors.js';

// the one id of a reply's data-facts part: sent before the reply (all labels) and again after it (with `used`)
const FACTS_PART_ID = 'facts';

type DataParts = { [K in keyof CoachDataParts]: CoachDataParts[K] };
export type CoachUIMessage = UIMessage<never, DataParts>;

export interface CoachTurn {
  claims: JwtClaims;
  userId: string;
  conversation: { id: string; title: string };
  /** The customer's facts the model was given; the reply's "Used" line names the ones it used (issue 44). */
  facts: Fact[];
  system: string;
  history: StoredMessage[];
  model: LanguageModel;
  tier: CoachTier;
  /** The browser went away (Stop, closed tab): stop asking the provider. */
  clientSignal: AbortSignal;
}

class ProviderTimeout extends Error {}

/** What to log about a provider failure: its kind and status, never the request (it holds the conversation). */
function failureSummary(err: unknown) {
  const e = err as { name?: unknown; statusCode?: unknown };
  return { name: typeof e?.name === 'string' ? e.name : 'unknown', status: typeof e?.statusCode === 'number' ? e.statusCode : undefined };
}

/**
 * One coach reply as an AI SDK UI message stream: start, data-conversation, data-facts, the model's text and tool
 * parts, then (only when the reply finished) the charge, the stored reply and data-usage. A provider error or the
 * AI_TIMEOUT_SECONDS timeout ends the stream with an error part ("provider_error: …" / "provider_timeout: …")
 * and charges nothing.
 */
export function coachReply(app: AppContext, turn: CoachTurn): Response {
  const stream = createUIMessageStream<CoachUIMessage>({
    // Anything unexpected (a database failure while charging): a plain message, details only in the log.
    onError: (err) => {
      app.log.error({ err: failureSummary(err) }, 'coach reply failed');
      return `provider_error: ${PROVIDER_ERROR_TEXT}`;
    },
    execute: async ({ writer }) => {
      writer.write({ type: 'start', messageId: generateId() });
      writer.write({ type: 'data-conversation', data: turn.conversation });
      // the facts part has an id, so the one sent after the reply (with the facts it used) replaces this one
      const labels = turn.facts.map((f) => f.label);
      writer.write({ type: 'data-facts', id: FACTS_PART_ID, data: { labels } });

      const timeout = new AbortController();
      const timer = setTimeout(() => timeout.abort(new ProviderTimeout()), app.config.AI_TIMEOUT_SECONDS * 1000);
      let usage: LanguageModelUsage | undefined;
      let failed = false;
      let errorSent = false;
      let parts: CoachUIMessage['parts'] = [];
      try {
        const result = streamText({
          model: turn.model,
          system: turn.system,
          messages: convertToModelMessages(turn.history.map((m) => ({ role: m.role, parts: m.parts as CoachUIMessage['parts'] }))),
          tools: coachTools(app.db, turn.claims, turn.conversation.id),
          stopWhen: stepCountIs(COACH_MAX_TOOL_STEPS),
          maxOutputTokens: COACH_MAX_OUTPUT_TOKENS,
          // No silent retries: a failed reply is shown at once and the customer chooses to retry.
          maxRetries: 0,
          abortSignal: AbortSignal.any([timeout.signal, turn.clientSignal]),
          onFinish: (e) => {
            usage = e.totalUsage;
          },
          onError: ({ error }) => {
            failed = true;
            app.log.warn({ err: failureSummary(error) }, 'coach provider error');
          },
        });
        const ui = result.toUIMessageStream<CoachUIMessage>({
          sendStart: false,
          sendFinish: false,
          // A timeout aborts the provider's request, which surfaces here as an error too.
          onError: () => (timeout.signal.aborted ? `provider_timeout: ${PROVIDER_TIMEOUT_TEXT}` : `provider_error: ${PROVIDER_ERROR_TEXT}`),
          onFinish: ({ responseMessage }) => {
            parts = responseMessage.parts;
          },
        });
        // Chunk by chunk (not writer.merge) so data-usage can only come after the last of the model's parts.
        for await (const chunk of ui) {
          if (chunk.type === 'error') errorSent = true;
          writer.write(chunk);
        }
      } catch (err) {
        // An abort (our timeout, or the browser leaving) may end the stream by throwing; anything else is a failure.
        if (!timeout.signal.aborted && !turn.clientSignal.aborted) throw err;
      } finally {
        clearTimeout(timer);
      }
      if (timeout.signal.aborted) {
        if (!errorSent) writer.write({ type: 'error', errorText: `provider_timeout: ${PROVIDER_TIMEOUT_TEXT}` });
        return;
      }
      if (failed || turn.clientSignal.aborted || !usage) return;

      const inputTokens = usage.inputTokens ?? 0;
      const outputTokens = usage.outputTokens ?? 0;
      coachTokens.inc({ kind: 'input' }, inputTokens);
      coachTokens.inc({ kind: 'output' }, outputTokens);
      let credits = 0;
      let balance: number | null = null;
      const conversationId = turn.conversation.id;
      if (turn.tier !== 'unlimited') {
        credits = creditsForTokens(inputTokens + outputTokens);
        // One statement is its own transaction: coach_charge's per-user lock holds until its insert is committed.
        const r = await app.db.query<{ balance: number }>('select public.coach_charge($1, $2, $3, $4, $5) as balance', [
          turn.userId,
          credits,
          conversationId,
          inputTokens,
          outputTokens,
        ]);
        balance = Number(r.rows[0]!.balance);
      }
      const usagePart = { inputTokens, outputTokens, credits, balance, tier: turn.tier };
      const replyText = parts.map((p) => (p.type === 'text' ? p.text : '')).join('\n');
      const factsPart = { labels, used: factsUsedIn(turn.facts, replyText) };
      await saveMessage(app.db, turn.userId, conversationId, 'assistant', [
        { type: 'data-facts', id: FACTS_PART_ID, data: factsPart },
        ...parts,
        { type: 'data-usage', data: usagePart },
      ]);
      writer.write({ type: 'data-facts', id: FACTS_PART_ID, data: factsPart });
      writer.write({ type: 'data-usage', data: usagePart });
      writer.write({ type: 'finish' });
    },
  });
  return createUIMessageStreamResponse({ stream, headers: { 'Cache-Control': 'no-store' } });
}
