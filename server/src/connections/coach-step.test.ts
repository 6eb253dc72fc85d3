import { describe, expect, it } from 'vitest';
import type { AppContext } from '../context.js';
import { COACH_STEP_TEXT, coachStepPrompt, runCoachStep } from './coach-step.js';
import type { StepContext } from './step-context.js';

const s: StepContext = {
  runId: 'run',
  runCreatedAt: new Date(),
  connectionId: 'conn',
  connectionName: 'Orders to Slack',
  ownerId: 'owner',
  ownerEmail: null,
  signingSecret: null,
  payload: { order: { id: 'A-17' } },
  data: { order: { id: 'A-17' } },
  stepIndex: 0,
  eventDepth: 0,
};

describe('the coach step', () => {
  it('fails at once, saying so, when no AI provider is configured (the database is not touched)', async () => {
    const ctx = { config: { AI_PROVIDER: undefined, AI_MODEL: undefined }, db: null, log: null } as unknown as AppContext;
    const out = await runCoachStep(ctx, { type: 'coach', task: 'summarise', instruction: 'Summarise {{order.id}}' }, s);
    expect(out).toEqual({
      status: 'failed',
      request: { task: 'summarise', instruction: 'Summarise A-17' },
      error: COACH_STEP_TEXT.notConfigured,
    });
  });

  it("gives the model the task, the business's facts, the rendered instruction and the data, cut to size", () => {
    const { system, prompt } = coachStepPrompt({
      brand: 'Vibe',
      connection: 'Orders to Slack',
      task: 'draft',
      instruction: 'A thank-you note for A-17',
      facts: [{ label: 'Business name', value: 'Harbour\nBakes' }],
      data: { big: 'x'.repeat(20_000) },
    });
    expect(system).toContain('Draft the text');
    expect(system).toContain('"Orders to Slack"');
    expect(system).toContain('- Business name: Harbour Bakes');
    expect(prompt.startsWith("The customer's instruction: A thank-you note for A-17\n\nThe data (JSON):\n")).toBe(true);
    expect(prompt.length).toBeLessThan(12_200);
    expect(prompt.endsWith('… [truncated]')).toBe(true);
  });
});
