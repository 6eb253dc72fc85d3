import { describe, expect, it } from 'vitest';
import { describeStep, describeTrigger, proposeConnectionInput } from './connection-tools.js';

describe('proposeConnection', () => {
  const input = {
    name: 'Figures to n8n',
    trigger: { type: 'event', event: 'metric_recorded' },
    steps: [{ type: 'webhook', url: 'https://n8n.example/webhook/1' }],
  };

  it('takes a connection as the shared schemas define it, never a sender verification secret', () => {
    expect(proposeConnectionInput.safeParse(input).success).toBe(true);
    expect(proposeConnectionInput.safeParse({ ...input, steps: [] }).success).toBe(false);
    expect(proposeConnectionInput.safeParse({ ...input, steps: [{ type: 'webhook', url: 'ftp://x' }] }).success).toBe(false);
    const webhook = proposeConnectionInput.parse({
      ...input,
      trigger: { type: 'webhook', verify: { kind: 'header', header: 'X-Secret', value: 'a'.repeat(20) } },
    });
    expect(webhook.trigger).toEqual({ type: 'webhook' });
  });

  it('describes the trigger and each step in plain words for the approval card', () => {
    expect(describeTrigger({ type: 'schedule', every: 'week', weekday: 5, at: '17:30', timezone: 'Europe/London' })).toBe(
      'Every Friday at 17:30 (Europe/London)',
    );
    expect(describeTrigger({ type: 'event', event: 'crm_contact_created' })).toBe('When a contact is added to your CRM');
    expect(describeStep({ type: 'record_metric', metric: 'leads', value: '{{count}}', period: 'week' })).toBe(
      'Record leads = {{count}} for this week',
    );
    expect(describeStep({ type: 'webhook', url: 'https://u:p@hooks.example/x?api_key=k' })).toBe(
      'Send the data, signed, to https://redacted@hooks.example/x?api_key=%5Bredacted%5D',
    );
  });
});
