import { describe, expect, it } from 'vitest';
import {
  CONNECTION_EVENT_SAMPLES,
  CONNECTION_EVENTS,
  connectionRunLimit,
  connectionStepsSchema,
  connectionTriggerSchema,
  CONNECTION_RUNS_PER_MONTH,
  lookupPath,
  renderTemplate,
  templateFields,
  withCoachText,
} from './connections';

describe('connection templates', () => {
  const order = { order: { id: 'A-17', total: 42.5, paid: true, items: [{ sku: 'BOX' }, { sku: 'TIN' }], note: null } };

  it('replaces {{path}} with the field, numbers and booleans as written', () => {
    expect(renderTemplate('Order {{order.id}}: £{{ order.total }} paid={{order.paid}}', order)).toBe('Order A-17: £42.5 paid=true');
  });

  it('picks from lists by index and writes objects as JSON', () => {
    expect(renderTemplate('{{order.items.1.sku}} {{order.items.0}}', order)).toBe('TIN {"sku":"BOX"}');
  });

  it('renders a missing field or null as nothing, and leaves other braces alone', () => {
    expect(renderTemplate('[{{order.missing}}][{{order.note}}][{{nope.deeper}}]', order)).toBe('[][][]');
    expect(renderTemplate('{single} {{ }} {{a b}}', order)).toBe('{single} {{ }} {{a b}}');
  });

  it('never reaches prototype properties', () => {
    expect(lookupPath({}, 'constructor')).toBeUndefined();
    expect(lookupPath({ a: {} }, 'a.__proto__')).toBeUndefined();
    expect(renderTemplate('{{toString}}', {})).toBe('');
  });

  it('lists the fields a template uses, once each', () => {
    expect(templateFields('{{a.b}} and {{ c }} and {{a.b}}')).toEqual(['a.b', 'c']);
  });
});

describe('connection schemas', () => {
  it('accepts the issue example shapes', () => {
    expect(connectionTriggerSchema.parse({ type: 'webhook' })).toEqual({ type: 'webhook' });
    expect(connectionTriggerSchema.parse({ type: 'schedule', every: 'day', at: '09:00' })).toMatchObject({ timezone: 'Europe/London' });
    expect(connectionStepsSchema.parse([{ type: 'webhook', url: 'https://example.com/hook' }])).toHaveLength(1);
  });

  it('refuses non-http URLs, empty step lists and unknown metrics', () => {
    expect(connectionStepsSchema.safeParse([{ type: 'webhook', url: 'file:///etc/passwd' }]).success).toBe(false);
    expect(connectionStepsSchema.safeParse([{ type: 'webhook', url: 'ftp://example.com' }]).success).toBe(false);
    expect(connectionStepsSchema.safeParse([]).success).toBe(false);
    expect(connectionStepsSchema.safeParse([{ type: 'record_metric', metric: 'mood', value: 1 }]).success).toBe(false);
    expect(connectionTriggerSchema.safeParse({ type: 'schedule', every: 'day', at: '25:00' }).success).toBe(false);
  });

  it('has monthly run limits that grow with the plan, Enterprise unlimited', () => {
    const { basic, pro, growth, enterprise } = CONNECTION_RUNS_PER_MONTH;
    expect(basic! < pro! && pro! < growth!).toBe(true);
    expect(enterprise).toBeNull();
    expect(connectionRunLimit(null)).toBe(basic);
    expect(connectionRunLimit('pro')).toBe(pro);
  });
});

describe('the coach step and event triggers', () => {
  it('a coach step summarises or drafts with an instruction of at most 2,000 characters', () => {
    const ok = { type: 'coach', task: 'summarise', instruction: 'Summarise {{order.id}}' };
    expect(connectionStepsSchema.safeParse([ok]).success).toBe(true);
    expect(connectionStepsSchema.safeParse([{ ...ok, task: 'draft' }]).success).toBe(true);
    expect(connectionStepsSchema.safeParse([{ ...ok, task: 'translate' }]).success).toBe(false);
    expect(connectionStepsSchema.safeParse([{ ...ok, instruction: '' }]).success).toBe(false);
    expect(connectionStepsSchema.safeParse([{ ...ok, instruction: 'x'.repeat(2001) }]).success).toBe(false);
  });

  it("later steps read the coach's answer as {{coach.text}}, beside the trigger's fields", () => {
    const data = withCoachText({ order: { id: 'A-17' }, coach: 'from the sender' }, 'Two loaves, paid.');
    expect(renderTemplate('{{order.id}}: {{coach.text}}', data)).toBe('A-17: Two loaves, paid.');
    // a payload that is not an object is kept under `payload`
    expect(renderTemplate('{{payload.0}} {{coach.text}}', withCoachText(['first'], 'ok'))).toBe('first ok');
  });

  it('every event trigger has a sample payload of one documented object', () => {
    for (const event of CONNECTION_EVENTS) {
      expect(connectionTriggerSchema.safeParse({ type: 'event', event }).success).toBe(true);
      expect(Object.keys(CONNECTION_EVENT_SAMPLES[event])).toHaveLength(1);
    }
    expect(connectionTriggerSchema.safeParse({ type: 'event', event: 'order_placed' }).success).toBe(false);
  });
});
