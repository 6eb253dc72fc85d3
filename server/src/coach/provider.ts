import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createMistral } from '@ai-sdk/mistral';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { coachTierForPlan, type CoachTier, type PlanId } from '@app/shared';
import type { LanguageModel } from 'ai';
import type { Config } from '../config.js';

/** What the operators' console shows (GET /api/admin/coach-status). Never the key. */
export interface CoachStatus {
  configured: boolean;
  provider: string | null;
  model: string | null;
  enhancedModel: string | null;
  missing: string[];
}

type AiConfig = Pick<Config, 'AI_PROVIDER' | 'AI_MODEL' | 'AI_MODEL_ENHANCED' | 'AI_API_KEY' | 'AI_BASE_URL'>;

/** Which variables are still needed: a provider and a model always; a key, except for a self-hosted openai-compatible server, which needs its address. */
export function coachStatus(c: AiConfig): CoachStatus {
  const missing: string[] = [];
  if (!c.AI_PROVIDER) missing.push('AI_PROVIDER');
  if (!c.AI_MODEL) missing.push('AI_MODEL');
  if (c.AI_PROVIDER === 'openai-compatible') {
    if (!c.AI_BASE_URL) missing.push('AI_BASE_URL');
  } else if (!c.AI_API_KEY) {
    missing.push('AI_API_KEY');
  }
  return {
    configured: missing.length === 0,
    provider: c.AI_PROVIDER ?? null,
    model: c.AI_MODEL ?? null,
    enhancedModel: c.AI_MODEL_ENHANCED ?? c.AI_MODEL ?? null,
    missing,
  };
}

/** The model id for a tier: Pro's "enhanced coach" is AI_MODEL_ENHANCED (AI_MODEL when unset). */
export function modelIdForTier(c: AiConfig, tier: CoachTier): string | undefined {
  return tier === 'enhanced' ? (c.AI_MODEL_ENHANCED ?? c.AI_MODEL) : c.AI_MODEL;
}

/**
 * The AI SDK model for the user's plan, or null when the coach is not configured. A caller that has already read the
 * provider's status passes it, so one request reads it once.
 */
export function coachModel(
  c: AiConfig,
  plan: PlanId,
  status: CoachStatus = coachStatus(c),
): { model: LanguageModel; modelId: string; tier: CoachTier } | null {
  if (!status.configured) return null;
  const tier = coachTierForPlan(plan);
  const modelId = modelIdForTier(c, tier)!;
  const apiKey = c.AI_API_KEY;
  const baseURL = c.AI_BASE_URL;
  let model: LanguageModel;
  switch (c.AI_PROVIDER) {
    case 'openai':
      // Chat completions: the API every OpenAI-style server speaks (and the one our stand-in speaks).
      model = createOpenAI({ apiKey, baseURL }).chat(modelId);
      break;
    case 'anthropic':
      model = createAnthropic({ apiKey, baseURL })(modelId);
      break;
    case 'google':
      model = createGoogleGenerativeAI({ apiKey, baseURL })(modelId);
      break;
    case 'mistral':
      model = createMistral({ apiKey, baseURL })(modelId);
      break;
    default:
      // includeUsage: without it the server cannot count tokens, so cannot charge.
      model = createOpenAICompatible({ name: 'openai-compatible', apiKey, baseURL: baseURL!, includeUsage: true })(modelId);
  }
  return { model, modelId, tier };
}
