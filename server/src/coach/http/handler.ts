import type { Context } from 'hono';
import type { AppContext } from '../../context.js';
import { coachErrorResponse as coachError } from '../../errors/json.js';
import { loadCoachContext } from '../context.js';
import { systemPrompt } from '../prompt.js';
import { coachModel, coachStatus } from '../provider.js';
import { answerProposals } from '../approvals.js';
import { runAsUser } from '../run-as-user.js';
import {
  conversationTitle,
  createConversation,
  findConversation,
  loadHistory,
  messageText,
  replaceMessageParts,
  saveMessage,
} from '../store.js';
import { parseJsonBody } from '../../http/body.js';
import { clientIp } from '../../http/client-ip.js';
import { createRateLimiter } from '../../http/rate-limit.js';
import { replyWrites } from '../tool-guards.js';
import { createWriteGuard } from '../../rest/write-limits.js';
import { liveUserClaims } from '../../security/live-admin.js';
import { CoachBody } from './body.js';
import { coachReply } from './stream.js';
import { releaseCredits, replyEstimate, reserveCredits } from '../../billing/credit-reservations.js';

/**
 * POST /functions/v1/coach (docs/coach.md; docs/decisions/0030): checks in order — signed in, body, configured,
 * per-user rate limit, AI switch, plan, credits, conversation — then streams the reply (./stream.ts).
 */
export function coachHandler(app: AppContext) {
  const limiter = createRateLimiter(app, { keyPrefix: 'coach-user', points: app.config.COACH_RATE_LIMIT_PER_HOUR, durationSeconds: 3600 });
  // The tools' writes count against /rest/v1's counters (same buckets, so the same store keys).
  const guardWrite = createWriteGuard(app);
  return async (c: Context): Promise<Response> => {
    // The coach writes (messages, charges): like a REST write, a signed-out or banned caller is refused from the database.
    const claims = await liveUserClaims(app, c);
    if (!claims) return coachError(c, 'not_authenticated');
    const userId = claims.sub!;
    const body = await parseJsonBody(c, CoachBody);
    if (!body.ok) return coachError(c, 'validation_failed', body.message);
    const { conversationId, door } = body.data;

    // the provider's status, read once for this request (the model below is chosen from it)
    const provider = coachStatus(app.config);
    if (!provider.configured) return coachError(c, 'ai_not_configured');
    const limit = await limiter.consume(userId);
    if (!limit.allowed) return coachError(c, 'rate_limited', undefined, { 'Retry-After': String(limit.retryAfterSeconds) });

    // the caller's own data, always through this one runner: the context here, the tools and proposal cards later
    const asCaller = runAsUser(app.db, claims);
    const context = await asCaller(loadCoachContext);
    if (!context.aiEnabled) return coachError(c, 'ai_disabled');
    const chosen = context.plan ? coachModel(app.config, context.plan, provider) : null;
    if (!context.plan || !chosen) return coachError(c, 'no_plan');
    if (chosen.tier !== 'unlimited' && context.balance <= 0) return coachError(c, 'out_of_credits');
    // Issue 41: hold this reply's estimate against the balance, so parallel replies cannot spend past zero.
    // (an answer to proposals continues the last reply: its estimate is that of a short message)
    const asked = 'message' in body.data ? body.data.message.length : 0;
    const reservation = chosen.tier === 'unlimited' ? null : await reserveCredits(app.db, userId, replyEstimate(asked));
    if (chosen.tier !== 'unlimited' && !reservation) return coachError(c, 'out_of_credits');

    let conversation;
    if (conversationId) {
      conversation = await findConversation(app.db, userId, conversationId);
      if (!conversation) {
        if (reservation) await releaseCredits(app.db, reservation, userId);
        return coachError(c, 'conversation_not_found');
      }
    } else {
      conversation = await createConversation(app.db, userId, conversationTitle('message' in body.data ? body.data.message : ''));
    }
    const history = conversationId ? await loadHistory(app.db, userId, conversation.id) : [];
    const last = history.at(-1);
    let continueReply = false;
    if ('approvals' in body.data) {
      // The customer's answers to the proposals in the last reply: recorded at once (a decline too), then the reply
      // goes on from them (an approved tool runs, a declined one is reported to the model as denied).
      const answered = answerProposals(last, body.data.approvals);
      if (!answered || !last) {
        if (reservation) await releaseCredits(app.db, reservation, userId);
        return coachError(c, 'proposal_not_found');
      }
      await replaceMessageParts(app.db, userId, last.id, answered);
      last.parts = answered;
      continueReply = true;
    } else if (!(last?.role === 'user' && messageText(last.parts) === body.data.message)) {
      // (a retry after a failed reply sends the same text again: it is already the last message, so keep one copy)
      const message = body.data.message;
      const parts = [{ type: 'text', text: message }];
      const id = await saveMessage(app.db, userId, conversation.id, 'user', parts);
      history.push({ id, role: 'user', parts });
    }
    return coachReply(app, {
      asCaller,
      userId,
      conversation,
      facts: context.facts,
      system: systemPrompt(context, door, app.config.BRAND_NAME),
      history,
      model: chosen.model,
      tier: chosen.tier,
      reservation,
      clientSignal: c.req.raw.signal,
      writes: replyWrites(guardWrite, clientIp(c, app.config), { role: 'authenticated', claims }),
      continueReply,
    });
  };
}
