import { describe, expect, it } from 'vitest';
import {
  connectionRunLimit,
  connectionStepsSchema,
  connectionTriggerSchema,
  CONNECTION_RUNS_PER_MONTH,
  lookupPath,
  renderTemplate,
  templateFields,
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
