import { describe, expect, it } from 'vitest';
import { emptyDraft, emptyMapping, emptyStep, type ConnectionDraft, type StepDraft } from './draft';
import { draftOf } from './from-stored';
import { validateDraft } from './validate';

const draft = (steps: Partial<StepDraft>[], extra: Partial<ConnectionDraft> = {}): ConnectionDraft => ({
  ...emptyDraft('Orders to Xero'),
  steps: steps.map((s) => ({ ...emptyStep(s.type ?? 'webhook'), ...s })),
  ...extra,
});
const errorsOf = (d: ConnectionDraft) => {
  const r = validateDraft(d);
  if (r.ok) throw new Error('expected errors');
  return r.errors;
};

describe('validateDraft', () => {
  it('turns a complete draft into the shapes the shared schemas accept', () => {
    const r = validateDraft(
      draft([
        {
          type: 'webhook',
          url: ' https://hook.eu1.make.com/abc ',
          mapping: [{ ...emptyMapping(), field: 'total', template: '{{order.total}}' }],
        },
        { type: 'email', subject: 'Order {{order.id}}', body: 'Total {{order.total}}' },
        { type: 'plan_task', title: 'Ship {{order.id}}', phase: '2' },
        { type: 'record_metric', metric: 'revenue', value: '1200.50' },
        { type: 'record_metric', metric: 'leads', value: '{{count}}', period: 'week' },
        { type: 'coach', task: 'draft', instruction: 'Draft a thank-you note to {{customer.name}}' },
      ]),
    );
    expect(r).toEqual({
      ok: true,
      value: {
        name: 'Orders to Xero',
        trigger: { type: 'webhook' },
        steps: [
          { type: 'webhook', url: 'https://hook.eu1.make.com/abc', fields: { total: '{{order.total}}' } },
          { type: 'email', subject: 'Order {{order.id}}', body: 'Total {{order.total}}' },
          { type: 'plan_task', title: 'Ship {{order.id}}', phase: 2 },
          { type: 'record_metric', metric: 'revenue', value: 1200.5, period: 'month' },
          { type: 'record_metric', metric: 'leads', value: '{{count}}', period: 'week' },
          { type: 'coach', task: 'draft', instruction: 'Draft a thank-you note to {{customer.name}}' },
        ],
      },
    });
  });

  it('names every field that needs fixing at once, worded after its label', () => {
    const errors = errorsOf(
      draft(
        [
          { type: 'webhook', url: 'ftp://example.com' },
          { type: 'email', subject: '', body: 'x' },
          { type: 'record_metric', value: '  ' },
          { type: 'coach', instruction: '' },
        ],
        { name: '   ' },
      ),
    );
    expect(errors).toEqual({
      name: 'Name must not be empty',
      'steps.0.url': 'Address (URL) must be an http:// or https:// address',
      'steps.1.subject': 'Subject must not be empty',
      'steps.2.value': 'Value must not be empty',
      'steps.3.instruction': 'Instruction must not be empty',
    });
  });

  it('checks each trigger with the shared schema: schedule time and zone, sender verification', () => {
    const base = emptyDraft('x');
    const schedule = { ...base, trigger: { ...base.trigger, type: 'schedule' as const, at: '25:00', timezone: 'Mars/Olympus' } };
    expect(errorsOf({ ...schedule, steps: [{ ...emptyStep(), url: 'https://a.example' }] })).toEqual({
      'trigger.at': 'At must be a time such as 09:00',
      'trigger.timezone': 'Time zone must be a time zone such as Europe/London',
    });
    const weekly = validateDraft({
      ...schedule,
      trigger: { ...schedule.trigger, at: '07:30', timezone: 'America/New_York', every: 'week', weekday: '5' },
      steps: [{ ...emptyStep(), url: 'https://a.example' }],
    });
    expect(weekly.ok && weekly.value.trigger).toEqual({
      type: 'schedule',
      every: 'week',
      at: '07:30',
      weekday: 5,
      timezone: 'America/New_York',
    });
    const header = { ...base, trigger: { ...base.trigger, verify: 'header' as const, verifyHeader: 'X Bad', verifyValue: 'short' } };
    expect(errorsOf({ ...header, steps: [{ ...emptyStep(), url: 'https://a.example' }] })).toEqual({
      'trigger.verifyHeader': 'Header name must be a header name',
      'trigger.verifyValue': 'Shared secret must be at least 16 characters',
    });
    const standard = { ...base, trigger: { ...base.trigger, verify: 'standard' as const, verifySecret: 'secret' } };
    expect(errorsOf({ ...standard, steps: [{ ...emptyStep(), url: 'https://a.example' }] })).toEqual({
      'trigger.verifySecret': "Sender's signing secret must be a whsec_… secret",
    });
  });

  it('wants each mapped field named, once', () => {
    const errors = errorsOf(
      draft([
        {
          type: 'webhook',
          url: 'https://a.example',
          mapping: [
            { ...emptyMapping(), field: 'id', template: '{{order.id}}' },
            { ...emptyMapping(), field: ' id ', template: '{{x}}' },
            { ...emptyMapping(), field: '', template: '{{y}}' },
          ],
        },
      ]),
    );
    expect(errors).toEqual({
      'steps.0.mapping.1.field': 'Field is used twice',
      'steps.0.mapping.2.field': 'Field must not be empty',
    });
  });

  it('needs at least one step', () => {
    expect(errorsOf({ ...emptyDraft('x'), steps: [] })).toEqual({ steps: 'add at least one step' });
  });
});

describe('draftOf (editing a stored connection)', () => {
  it('comes back to the same connection it was made from', () => {
    const stored = {
      name: 'Weekly report',
      trigger: { type: 'schedule', every: 'week', at: '08:15', weekday: 3, timezone: 'Europe/Paris' },
      steps: [
        { type: 'webhook', url: 'https://a.example/hook', fields: { who: '{{contact.name}}' } },
        { type: 'plan_task', title: 'Call {{contact.name}}', notes: 'From the form', phase: 3 },
        { type: 'record_metric', metric: 'customers', value: 3, period: 'week' },
      ],
    };
    const again = validateDraft(draftOf(stored));
    expect(again).toEqual({ ok: true, value: stored });
  });

  it('starts unknown triggers blank and leaves out steps it does not know', () => {
    const d = draftOf({
      name: 'x',
      trigger: { type: 'carrier-pigeon' },
      steps: [{ type: 'fax' }, { type: 'email', subject: 's', body: 'b' }],
    });
    expect(d.trigger.type).toBe('webhook');
    expect(d.steps.map((s) => s.type)).toEqual(['email']);
    expect(draftOf({ name: 'x', trigger: null, steps: null }).steps).toHaveLength(1);
  });
});
