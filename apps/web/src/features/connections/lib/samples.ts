import { CONNECTION_EVENT_SAMPLES } from '@app/shared/connections';
import type { TriggerDraft } from './draft';

/**
 * Sample payloads for a test run and the template preview, shaped as each trigger delivers its data: a webhook an
 * order from a shop, a schedule what the server sends when the time comes (docs/connections.md#schedules), product
 * events the row that changed (the shared samples, in the shapes the server sends).
 */
const WEBHOOK_SAMPLE = {
  order: { id: 'A-1001', total: 42.5, currency: 'GBP', items: [{ sku: 'MUG-01', quantity: 2 }] },
  customer: { name: 'Ada Lovelace', email: 'ada@example.com' },
};

export function samplePayload(trigger: Pick<TriggerDraft, 'type' | 'event' | 'every' | 'at' | 'timezone'>): unknown {
  if (trigger.type === 'event') return CONNECTION_EVENT_SAMPLES[trigger.event];
  if (trigger.type === 'schedule') return { scheduled_for: `2026-03-02 ${trigger.at}`, timezone: trigger.timezone, every: trigger.every };
  return WEBHOOK_SAMPLE;
}

export const pretty = (value: unknown) => JSON.stringify(value, null, 2);

/** The JSON a customer typed, or why it is not JSON. */
export function parseJson(text: string): { ok: true; value: unknown } | { ok: false; error: string } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (err) {
    return { ok: false, error: (err as Error).message };
  }
}
