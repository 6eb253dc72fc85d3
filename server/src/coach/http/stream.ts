import {
  COACH_MAX_OUTPUT_TOKENS,
  COACH_MAX_TOOL_STEPS,
  creditsForTokens,
  type CoachDataParts,
  type CoachInterruption,
  type CoachProposal,
  type CoachTier,
} from '@app/shared';
import { randomUUID } from 'node:crypto';
import {
  convertToModelMessages,
  createUIMessageStream,
  createUIMessageStreamResponse,
  stepCountIs,
  InvalidToolInputError,
  NoSuchToolError,
  streamText,
  type LanguageModel,
  type UIMessage,
} from 'ai';
import { releaseCredits } from '../../billing/credit-reservations.js';
import type { AppContext } from '../../context.js';
import { COACH_STREAM_ERRORS } from '../../errors/catalogue.js';
import { coachTokens } from '../../metrics.js';
import type { Fact } from '../context.js';
import { factsUsedIn } from '../facts-used.js';
import { providerHistory } from '../history.js';
import { modelOutputTransform } from '../model-output.js';
import { describeProposal } from '../proposals.js';
import { ReplyMeter } from '../reply-meter.js';
import type { RunAsUser } from '../run-as-user.js';
import { chargeAndStoreReply, type StoredMessage } from '../store.js';
import { COACH_TOOL_TEXT } from '../tool-texts.js';
import { ToolRefusal, type ReplyWrites } from '../tool-guards.js';
import { coachTools } from '../tools.js';

// the one id of a reply's data-facts part: sent before the reply (all labels) and again after it (with `used`)
const FACTS_PART_ID = 'facts';

type DataParts = { [K in keyof CoachDataParts]: CoachDataParts[K] };
export type CoachUIMessage = UIMessage<never, DataParts>;

export interface CoachTurn {
  /** The caller's own data, as the caller: the request's one runner (coach/run-as-user.ts). */
  asCaller: RunAsUser;
  userId: string;
  conversation: { id: string; title: string };
  /** The customer's facts the model was given; the reply's "Used" line names the ones it used (issue 44). */
  facts: Fact[];
  system: string;
  history: StoredMessage[];
  model: LanguageModel;
  tier: CoachTier;
  /** The credits held for this reply (billing/credit-reservations.ts); null on the unlimited tier. */
  reservation: string | null;
  /** The browser went away (Stop, closed tab): finish the provider call under way, start no further one. */
  clientSignal: AbortSignal;
  /** The reply's allowance of rows its tools may write (/rest/v1's per-request limits). */
  writes: ReplyWrites;
  /** The customer answered the last reply's proposals: that reply goes on (same message), approved tools run first. */
  continueReply?: boolean;
}

class ProviderTimeout extends Error {}

/** The reply's parts with each proposal's card data kept on its approval (as the browser received it). */
function withProposals(parts: CoachUIMessage['parts'], proposals: Map<string, CoachProposal>): CoachUIMessage['parts'] {
  if (!proposals.size) return parts;
  return parts.map((p) => {
    const approval = (p as { approval?: { id: string } }).approval;
    const descriptor = approval && proposals.get(approval.id);
    return descriptor ? ({ ...p, approval: { ...approval, descriptor } } as typeof p) : p;
  });
}

/** What to log about a provider failure: its kind and status, never the request (it holds the conversation). */
function failureSummary(err: unknown) {
  const e = err as { name?: unknown; statusCode?: unknown };
  return { name: typeof e?.name === 'string' ? e.name : 'unknown', status: typeof e?.statusCode === 'number' ? e.statusCode : undefined };
}

/** A tool's error as its card shows it (the model reads the error itself: ToolRefusal's `{ error }`). */
function toolErrorText(err: unknown): string {
  if (err instanceof ToolRefusal) return err.message;
  if (InvalidToolInputError.isInstance(err) || NoSuchToolError.isInstance(err)) return COACH_TOOL_TEXT.invalidInput;
  return COACH_TOOL_TEXT.failed;
}

/**
 * One coach reply as an AI SDK UI message stream: start, data-conversation, data-facts, the model's text and tool
 * parts (through modelOutputTransform: sanitised, size-capped), then the stored reply and its charge, committed
 * together, and only then data-usage and finish. What the provider consumed is charged whether or not the browser
 * stayed (ReplyMeter: the provider's usage, or our estimate when it sends none): when the browser leaves, the call
 * under way is read to its end and no further tool round starts. A provider error or the AI_TIMEOUT_SECONDS timeout
 * ends the stream with an error part ("provider_error: …" / "provider_timeout: …") that says whether anything was
 * charged: nothing when the provider had answered nothing, else the part it wrote is stored and charged first.
 */
export function coachReply(app: AppContext, turn: CoachTurn): Response {
  const stream = createUIMessageStream<CoachUIMessage>({
    // Anything unexpected (the store-and-charge transaction failed): it rolled back, so nothing was charged.
    onError: (err) => {
      app.log.error({ err: failureSummary(err) }, 'coach reply failed');
      if (turn.reservation) void releaseCredits(app.db, turn.reservation, turn.userId).catch(() => undefined);
      return `provider_error: ${COACH_STREAM_ERRORS.reply_not_saved}`;
    },
    execute: async ({ writer }) => {
      const continued = turn.continueReply ? turn.history.at(-1) : undefined;
      // The stream's message id is the stored row's id: a reply continued after the customer answered its
      // proposals keeps it, so the browser goes on with that same message instead of adding a copy.
      const messageId = continued?.id ?? randomUUID();
      writer.write({ type: 'start', messageId });
      writer.write({ type: 'data-conversation', data: turn.conversation });
      // the facts part has an id, so the one sent after the reply (with the facts it used) replaces this one
      const labels = turn.facts.map((f) => f.label);
      writer.write({ type: 'data-facts', id: FACTS_PART_ID, data: { labels } });

      const timeout = new AbortController();
      const timer = setTimeout(() => timeout.abort(new ProviderTimeout()), app.config.AI_TIMEOUT_SECONDS * 1000);
      const modelHistory = providerHistory(turn.history);
      const messages = await convertToModelMessages(modelHistory.map((m) => ({ role: m.role, parts: m.parts as CoachUIMessage['parts'] })));
      const meter = new ReplyMeter(turn.system.length + JSON.stringify(messages).length);
      let cut = false;
      let failed = false;
      let parts: CoachUIMessage['parts'] = [];
      const proposals = new Map<string, CoachProposal>();
      try {
        const tools = coachTools(turn.asCaller, turn.conversation.id, turn.writes);
        const result = streamText({
          model: turn.model,
          system: turn.system,
          messages,
          tools,
          // The browser gone: no new provider call (the one under way is read to its end and charged).
          stopWhen: [stepCountIs(COACH_MAX_TOOL_STEPS), () => turn.clientSignal.aborted],
          maxOutputTokens: COACH_MAX_OUTPUT_TOKENS,
          // No silent retries: a failed reply is shown at once and the customer chooses to retry.
          maxRetries: 0,
          abortSignal: timeout.signal,
          experimental_transform: modelOutputTransform(meter, () => {
            cut = true;
          }),
          onError: ({ error }) => {
            failed = true;
            app.log.warn({ err: failureSummary(error) }, 'coach provider error');
          },
        });
        const ui = result.toUIMessageStream<CoachUIMessage>({
          sendStart: false,
          sendFinish: false,
          // a continued reply: the response is that message with its answered proposals and what follows
          ...(continued && {
            originalMessages: [
              { id: continued.id, role: 'assistant' as const, parts: modelHistory.at(-1)!.parts as CoachUIMessage['parts'] },
            ],
          }),
          // Used for tool errors; the stream's own error part is replaced below by one that says what was charged.
          onError: toolErrorText,
          onFinish: ({ responseMessage }) => {
            parts = responseMessage.parts;
          },
        });
        // Chunk by chunk (not writer.merge) so data-usage can only come after the last of the model's parts. A
        // proposal (a tool waiting for approval) goes out with what it will change, for its card.
        const inputs = new Map<string, { toolName: string; input: unknown }>();
        for await (const chunk of ui) {
          if (chunk.type === 'error') continue;
          if (chunk.type === 'tool-input-available') inputs.set(chunk.toolCallId, { toolName: chunk.toolName, input: chunk.input });
          if (chunk.type === 'tool-approval-request') {
            const call = inputs.get(chunk.toolCallId);
            const descriptor = call && (await describeProposal(turn.asCaller, call.toolName, call.input));
            if (descriptor) proposals.set(chunk.approvalId, descriptor);
            writer.write(descriptor ? { ...chunk, approvalDescriptor: descriptor } : chunk);
            continue;
          }
          writer.write(chunk);
        }
      } catch (err) {
        // An abort (our timeout) may end the stream by throwing; anything else is a failure.
        if (!timeout.signal.aborted) throw err;
      } finally {
        clearTimeout(timer);
      }
      const failure = timeout.signal.aborted ? 'provider_timeout' : failed ? 'provider_error' : null;
      const usage = meter.total();
      if (!usage.consumed) {
        // The provider answered nothing: nothing to store or charge.
        if (turn.reservation) await releaseCredits(app.db, turn.reservation, turn.userId);
        const text = COACH_STREAM_ERRORS[failure ?? 'provider_error'];
        writer.write({ type: 'error', errorText: `${failure ?? 'provider_error'}: ${text}` });
        return;
      }
      const { inputTokens, outputTokens } = usage;
      coachTokens.inc({ kind: 'input' }, inputTokens);
      coachTokens.inc({ kind: 'output' }, outputTokens);
      const interrupted: CoachInterruption | undefined = failure ?? (turn.clientSignal.aborted ? 'stopped' : cut ? 'too_long' : undefined);
      const credits = turn.tier === 'unlimited' ? 0 : creditsForTokens(inputTokens + outputTokens);
      const charge = {
        userId: turn.userId,
        conversationId: turn.conversation.id,
        credits,
        inputTokens,
        outputTokens,
        reservation: turn.reservation,
      };
      const usageOf = (balance: number | null) => ({
        inputTokens,
        outputTokens,
        credits,
        balance,
        tier: turn.tier,
        ...(interrupted && { interrupted }),
      });
      const replyText = parts.map((p) => (p.type === 'text' ? p.text : '')).join('\n');
      const factsPart = { labels, used: factsUsedIn(turn.facts, replyText) };
      // One transaction: if it fails, neither the charge nor the reply exists (onError above says so).
      const stored = withProposals(parts, proposals);
      const balance = await chargeAndStoreReply(
        app.db,
        charge,
        (b) => [{ type: 'data-facts', id: FACTS_PART_ID, data: factsPart }, ...stored, { type: 'data-usage', data: usageOf(b) }],
        { messageId, continues: Boolean(continued) },
      );
      writer.write({ type: 'data-facts', id: FACTS_PART_ID, data: factsPart });
      writer.write({ type: 'data-usage', data: usageOf(balance) });
      if (failure)
        writer.write({
          type: 'error',
          errorText: `${failure}: ${COACH_STREAM_ERRORS.failedAfterPart(failure === 'provider_timeout', credits)}`,
        });
      else writer.write({ type: 'finish' });
    },
  });
  return createUIMessageStreamResponse({ stream, headers: { 'Cache-Control': 'no-store' } });
}
