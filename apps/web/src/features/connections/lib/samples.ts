import type { EventName, TriggerDraft } from './draft';

/**
 * Sample payloads for a test run and the template preview, shaped as each trigger delivers its data: a webhook an
 * order from a shop, a schedule what the server sends when the time comes (docs/connections.md#schedules), product
 * events the row that changed.
 */
const WEBHOOK_SAMPLE = {
  order: { id: 'A-1001', total: 42.5, currency: 'GBP', items: [{ sku: 'MUG-01', quantity: 2 }] },
  customer: { name: 'Ada Lovelace', email: 'ada@example.com' },
};

const EVENT_SAMPLES: Record<EventName, unknown> = {
  plan_task_completed: {
    task: {
      id: '6f1c2b1e-2d4a-4c7e-9a51-0c8a1b2c3d4e',
      title: 'Launch the new landing page',
      phase: 1,
      due_date: '2026-03-31',
      completed_at: '2026-03-28T14:05:00Z',
    },
  },
  metric_recorded: {
    metric: { id: 'revenue', period: 'month', period_start: '2026-03-01', value: 12500, source: 'manual' },
  },
  crm_contact_created: {
    contact: {
      id: '0b7d3c58-8f7e-4a4a-8f1d-6c2e5a9b1f30',
      name: 'Grace Hopper',
      email: 'grace@example.com',
      phone: '+44 20 7946 0000',
      company: 'Hopper & Co',
      source: 'website',
      tags: ['lead', 'newsletter'],
    },
  },
};

export function samplePayload(trigger: Pick<TriggerDraft, 'type' | 'event' | 'every' | 'at' | 'timezone'>): unknown {
  if (trigger.type === 'event') return EVENT_SAMPLES[trigger.event];
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
