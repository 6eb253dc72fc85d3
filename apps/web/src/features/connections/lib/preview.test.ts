import { describe, expect, it } from 'vitest';
import { connectionLinks, seedFromIdea, seedFromParams } from '@/lib/connection-links';
import { emptyMapping, emptyStep, emptyTrigger, EVENT_NAMES, type StepDraft } from './draft';
import { missingFields, previewSteps } from './preview';
import { recipesSection } from './recipes';
import { parseJson, samplePayload } from './samples';

const step = (s: Partial<StepDraft>): StepDraft => ({ ...emptyStep(s.type ?? 'webhook'), ...s });
const payload = { order: { id: 'A-17', total: 42.5, items: [{ sku: 'MUG' }] }, customer: { name: 'Ada' } };
const labels = { subject: 'Subject', body: 'Message', title: 'Task title', value: 'Value', instruction: 'Instruction' };

describe('previewSteps', () => {
  it('renders every template against the payload and lists the fields it lacks', () => {
    const previews = previewSteps(
      [
        step({ type: 'webhook', mapping: [{ ...emptyMapping(), field: 'sku', template: '{{order.items.0.sku}} x {{order.qty}}' }] }),
        step({ type: 'email', subject: 'Order {{ order.id }} for {{customer.name}}', body: 'No fields here' }),
      ],
      payload,
      labels,
      '[coach]',
    );
    expect(previews).toEqual([
      { step: 1, items: [{ id: 'steps.0.mapping.0.template', label: 'sku', text: 'MUG x ', missing: ['order.qty'] }] },
      { step: 2, items: [{ id: 'steps.1.subject', label: 'Subject', text: 'Order A-17 for Ada', missing: [] }] },
    ]);
    expect(missingFields(previews)).toEqual(['order.qty']);
  });

  it('gives the steps after a coach step its answer as {{coach.text}}, and not the steps before', () => {
    const previews = previewSteps(
      [
        step({ type: 'email', subject: 'Before {{coach.text}}', body: 'b' }),
        step({ type: 'coach', instruction: 'Summarise {{order}}' }),
        step({ type: 'plan_task', title: 'After: {{coach.text}}' }),
      ],
      payload,
      labels,
      '[coach]',
    );
    expect(previews.map((p) => p.items.map((i) => [i.text, i.missing]))).toEqual([
      [['Before ', ['coach.text']]],
      [[`Summarise ${JSON.stringify(payload.order)}`, []]],
      [['After: [coach]', []]],
    ]);
  });

  it('treats a payload that is not an object as having no fields', () => {
    const previews = previewSteps([step({ type: 'email', subject: '{{a}}', body: 'b' })], [1, 2], labels, '');
    expect(previews[0]!.items[0]).toMatchObject({ text: '', missing: ['a'] });
  });
});

describe('samples', () => {
  it('has a sample for each trigger, in the shapes the events deliver', () => {
    const t = emptyTrigger();
    expect(samplePayload(t)).toHaveProperty('order.total');
    expect(samplePayload({ ...t, type: 'schedule', at: '07:45', timezone: 'Europe/Paris', every: 'week' })).toEqual({
      scheduled_for: '2026-03-02 07:45',
      timezone: 'Europe/Paris',
      every: 'week',
    });
    const keys = EVENT_NAMES.map((event) => {
      const [root, value] = Object.entries(samplePayload({ ...t, type: 'event', event }) as object)[0]!;
      return [root, Object.keys(value as object)];
    });
    expect(keys).toEqual([
      ['task', ['id', 'title', 'phase', 'due_date', 'completed_at']],
      ['metric', ['id', 'period', 'period_start', 'value', 'source']],
      ['contact', ['id', 'name', 'email', 'phone', 'company', 'source', 'tags']],
    ]);
  });
  it('says why typed JSON is not JSON', () => {
    expect(parseJson('{"a": 1}')).toEqual({ ok: true, value: { a: 1 } });
    expect(parseJson('{"a": }')).toMatchObject({ ok: false, error: expect.any(String) });
  });
});

describe('connection links', () => {
  it('carry a seed to the Connections view and back', () => {
    const href = connectionLinks.build({ kind: 'marketplace', id: 'slack', name: 'Slack connection' });
    expect(href).toBe('/dashboard?view=connections&build=marketplace&from=slack&name=Slack+connection');
    expect(seedFromParams(new URL(href, 'http://x').searchParams)).toEqual({ kind: 'marketplace', id: 'slack', name: 'Slack connection' });
    expect(connectionLinks.history('abc')).toBe('/dashboard?view=connections&connection=abc');
  });
  it('refuse unknown kinds and odd ids', () => {
    expect(seedFromParams(new URLSearchParams('build=evil&from=x'))).toBeNull();
    expect(seedFromParams(new URLSearchParams('build=idea&from=../../x'))).toBeNull();
    expect(seedFromParams(new URLSearchParams('name=x'))).toBeNull();
  });
  it('name an idea after its two tools; a blueprint and a canvas edge say where they came from', () => {
    const idea = { id: 'i1', from_tool: 'Shopify', to_tool: 'Xero', idea: 'When an order is paid, add an invoice' };
    expect(seedFromIdea(idea)).toEqual({ kind: 'idea', id: 'i1', name: 'Shopify → Xero' });
    expect(seedFromIdea({ ...idea, idea: 'Blueprint to sell online and get paid: Shopify → Xero' }).kind).toBe('blueprint');
    expect(seedFromIdea(idea, true).kind).toBe('canvas');
  });
});

describe('recipesSection', () => {
  const md =
    '# Guide\n\n## Shape\n\nx\n\n## Recipes\n\n### Receive\n\nCall `{SITE_URL}/hooks/v1/t`.\n\n### Verify\n\n```js\n// ## not a heading\n```\n\n## After\n\nno';
  it("takes the guide's Recipes section, its headings one level up, with this server's address", () => {
    expect(recipesSection(md, 'https://app.example/')).toBe(
      '## Receive\n\nCall `https://app.example/hooks/v1/t`.\n\n## Verify\n\n```js\n// ## not a heading\n```',
    );
    expect(recipesSection('# Nothing here', 'x')).toBe('');
  });
  it('finds the recipes in docs/connections.md', async () => {
    const { connectionRecipes } = await import('./recipes');
    const text = connectionRecipes('https://app.example');
    for (const title of [
      'Receive from Make, Zapier or n8n',
      'Send to Make, Zapier or n8n',
      'Verify our signature in Node',
      'Verify our signature in Python',
    ])
      expect(text).toContain(`## ${title}`);
    expect(text).toContain('https://app.example/hooks/v1/{inbound_token}');
  });
});
