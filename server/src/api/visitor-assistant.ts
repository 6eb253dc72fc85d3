import { Hono, type Context } from 'hono';
import { stepCountIs, streamText, tool } from 'ai';
import { z } from 'zod';
import { findInCatalogue } from '../coach/catalogue-search.js';
import { coachModel } from '../coach/provider.js';
import type { AppContext } from '../context.js';
import { appErrorResponse } from '../errors/json.js';
import { parseJsonBody, safeText } from '../http/body.js';
import { clientIp } from '../http/client-ip.js';
import { createRateLimiter } from '../http/rate-limit.js';

/** What one visitor's conversation may hold: a short exchange, not a free general-purpose chatbot. */
export const VISITOR_LIMITS = { messages: 12, textLength: 1000, outputTokens: 500, toolSteps: 3 } as const;

const body = z.object({
  messages: z
    .array(z.object({ role: z.enum(['user', 'assistant']), text: safeText().trim().min(1).max(VISITOR_LIMITS.textLength) }))
    .min(1)
    .max(VISITOR_LIMITS.messages)
    .refine((m) => m.at(-1)?.role === 'user', 'The last message must be the question.'),
});

const SYSTEM = [
  'You are the Integration Assistant of Vibe Business Coach, answering a visitor who is not signed in.',
  'Help them find which apps in our catalogue connect for what they want to do; search the catalogue before naming an app.',
  'Answer briefly and plainly in British English. You know nothing about the visitor or their business, and you save nothing.',
  'When they want a plan, a saved connection or advice about their own business, invite them to sign in for their AI coach.',
].join(' ');

/**
 * POST /api/integration-assistant: the Integration Assistant for signed-out visitors (issue 44). Only the catalogue
 * search tool, no storage, a capped reply; two limits bound what visitors can cost the operators: answers per IP
 * per hour and answers to all visitors per day (ASSISTANT_VISITOR_PER_HOUR / _PER_DAY). Signed-in customers use
 * their coach (/functions/v1/coach), charged in credits.
 */
export function visitorAssistantRoutes(ctx: AppContext): Hono {
  const app = new Hono();
  const { config } = ctx;
  const perIp = createRateLimiter(ctx, {
    keyPrefix: 'assistant-visitor-ip',
    points: Math.max(1, config.ASSISTANT_VISITOR_PER_HOUR),
    durationSeconds: 3600,
  });
  const perDay = createRateLimiter(ctx, {
    keyPrefix: 'assistant-visitor-day',
    points: Math.max(1, config.ASSISTANT_VISITOR_PER_DAY),
    durationSeconds: 86_400,
  });

  async function answerVisitor(c: Context) {
    const model = coachModel(config, 'basic');
    if (!model || config.ASSISTANT_VISITOR_PER_HOUR === 0 || config.ASSISTANT_VISITOR_PER_DAY === 0)
      return appErrorResponse(c, 'assistant_not_configured');
    const parsed = await parseJsonBody(c, body);
    if (!parsed.ok)
      return appErrorResponse(
        c,
        parsed.problem === 'unsafe_text' || parsed.problem === 'invalid_utf8' ? 'invalid_text' : 'invalid_request',
        parsed.message,
      );

    const ip = await perIp.consume(clientIp(c, config));
    if (!ip.allowed) return refused(c, 'assistant_visitor_limit', ip.retryAfterSeconds);
    const day = await perDay.consume('all');
    if (!day.allowed) {
      await perIp.refund(clientIp(c, config)); // not this visitor's doing
      return refused(c, 'assistant_daily_limit', day.retryAfterSeconds);
    }

    const result = streamText({
      model: model.model,
      system: SYSTEM,
      messages: parsed.data.messages.map((m) => ({ role: m.role, content: m.text })),
      tools: { searchCatalogue: catalogueSearch(ctx) },
      stopWhen: stepCountIs(VISITOR_LIMITS.toolSteps),
      maxOutputTokens: VISITOR_LIMITS.outputTokens,
      maxRetries: 0,
      abortSignal: AbortSignal.any([c.req.raw.signal, AbortSignal.timeout(config.AI_TIMEOUT_SECONDS * 1000)]),
      onError: ({ error }) => ctx.log.warn({ err: (error as Error)?.name }, 'visitor assistant provider error'),
    });
    return result.toUIMessageStreamResponse({ onError: () => 'The assistant could not answer just now. Please try again.' });
  }
  app.post('/', answerVisitor);
  return app;
}

function refused(c: Context, code: 'assistant_visitor_limit' | 'assistant_daily_limit', retryAfterSeconds: number) {
  return appErrorResponse(c, code, undefined, { 'Retry-After': String(retryAfterSeconds) });
}

/** The coach's catalogue search, over the public catalogue (what /rest/v1/integrations shows anyone). */
function catalogueSearch(ctx: AppContext) {
  return tool({
    description: 'Search the integration catalogue by app name, category (crm, finance, marketing…) or action (e.g. "create invoice").',
    inputSchema: z.object({ query: safeText().min(1).max(200).describe('An app name, category or action') }),
    execute: async ({ query }) => {
      const matches = await findInCatalogue(ctx.db, query);
      return { query, found: matches.length > 0, matches };
    },
  });
}
