import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { PlanSnapshot } from '@app/shared';
import { exportFileName, exportFiles, metricsCsv, planCsv, profileText, zipStream, type ExportData } from './data-export';

const plan: PlanSnapshot = {
  title: 'Harbour Bakes: first 90 days',
  startsOn: '2026-11-02',
  phases: [
    { phase: 1, name: 'Foundations', startDay: 1, endDay: 30 },
    { phase: 2, name: 'Momentum', startDay: 31, endDay: 60 },
  ],
  tasks: [
    { id: 'b', phase: 2, position: 0, title: '=cmd|calc', notes: 'Loyalty, "stamp" card', dueDate: null, ownerName: null, status: 'todo' },
    {
      id: 'a',
      phase: 1,
      position: 0,
      title: 'Brand story',
      notes: null,
      dueDate: '2026-11-05',
      ownerName: 'Sam',
      status: 'done',
      doneAt: '2026-11-04T10:00:00.000Z',
    },
  ],
};

const data: ExportData = {
  exportedAt: new Date('2026-12-01T08:15:00Z'),
  account: { id: 'u1', email: 'sam@example.com', phone: null, created_at: '2026-10-01T12:00:00.000Z' },
  profile: { first_name: 'Sam', surname: null, plan_reminders: true },
  businessProfile: {
    business_name: 'Harbour Bakes',
    goals: ['revenue', 'leads'],
    key_metrics: ['revenue', 'cashflow'],
    business_story: 'Two ovens.\nOne harbour.',
    node_positions: { a: { x: 1, y: 2 } },
    some_new_column: 'kept',
  },
  trackedMetrics: [{ metric_id: 'leads', target: 40 }],
  metrics: [
    { metric_id: 'profit', period: 'month', period_start: '2026-10-01', value: '-1250.50', source: 'manual' },
    { metric_id: 'revenue', period: 'week', period_start: '2026-10-05', value: '2810', source: 'csv' },
  ],
  plan,
  conversations: [{ id: 'c0ffee00-0000-4000-8000-000000000000', title: 'Revenue', created_at: '2026-11-20T09:00:00.000Z', messages: [] }],
  crm: [],
};

describe('data export files', () => {
  it('metrics.csv: the five columns, figures as the database printed them (a loss stays a number)', () => {
    expect(metricsCsv(data.metrics)).toBe(
      'metric,period,period_start,value,source\r\nprofit,month,2026-10-01,-1250.50,manual\r\nrevenue,week,2026-10-05,2810,csv\r\n',
    );
  });

  it('plan.csv: tasks in phase order with phase dates, due dates (own, else the phase end) and status', () => {
    expect(planCsv(plan).split('\r\n')).toEqual([
      'phase,phase_name,phase_start,phase_end,position,task,notes,owner,due_date,status,done_at',
      '1,Foundations,2026-11-02,2026-12-01,1,Brand story,,Sam,2026-11-05,done,2026-11-04T10:00:00.000Z',
      `2,Momentum,2026-12-02,2026-12-31,1,'=cmd|calc,"Loyalty, ""stamp"" card",,2026-12-31,todo,`,
      '',
    ]);
  });

  it('profile.txt: labelled answers, goals and metrics by name, lines of a long answer indented, new columns kept', () => {
    const text = profileText(data, 'Vibe Business Coach');
    expect(text).toContain('Exported 2026-12-01 08:15 UTC from Vibe Business Coach.');
    expect(text).toContain('E-mail: sam@example.com');
    expect(text).toContain('First name: Sam\nSurname: Not set\nPlan reminder e-mails: Yes');
    expect(text).toContain('Business name: Harbour Bakes');
    expect(text).toContain('Your story: Two ovens.\n    One harbour.');
    expect(text).toContain('Goals: Increase Revenue, Generate More Leads');
    expect(text).toContain('Key metrics: Revenue, Cash flow');
    expect(text).toContain('Some new column: kept');
    expect(text).toContain('Leads: target 40');
    expect(text).not.toContain('node_positions');
  });

  it('lists README first and names every file it holds; without a plan or conversations, says so', () => {
    const files = exportFiles(data, { brandName: 'Vibe Business Coach', siteUrl: 'https://app.example.com' });
    expect(files.map((f) => f.name)).toEqual([
      'README.txt',
      'profile.json',
      'profile.txt',
      'metrics.csv',
      'plan/90-day-plan.csv',
      'plan/90-day-plan.ics',
      'conversations/2026-11-20-revenue-c0ffee00.md',
    ]);
    const readme = files[0]!.content;
    for (const name of ['profile.json', 'profile.txt', 'metrics.csv', 'plan/90-day-plan.csv', 'plan/90-day-plan.ics', 'conversations/'])
      expect(readme).toContain(name);
    expect(readme).toContain('right to data portability');
    expect(JSON.parse(files[1]!.content)).toMatchObject({
      account: { email: 'sam@example.com' },
      business_profile: { node_positions: { a: { x: 1, y: 2 } } },
    });

    const bare = exportFiles(
      { ...data, plan: null, conversations: [] },
      { brandName: 'Vibe', siteUrl: 'https://app.example.com', contactEmail: 'dpo@example.com' },
    );
    expect(bare.map((f) => f.name)).toEqual(['README.txt', 'profile.json', 'profile.txt', 'metrics.csv']);
    expect(bare[0]!.content).toContain('You have no 90-day plan yet');
    expect(bare[0]!.content).toContain('You have no conversations with the coach yet');
    expect(bare[0]!.content).toContain('Questions about your data: dpo@example.com');
  });

  it('zips the files as a stream a zip reader opens', async () => {
    const files = [
      { name: 'README.txt', content: 'hello £' },
      { name: 'plan/a.csv', content: 'x'.repeat(100_000) },
    ];
    const bytes = new Uint8Array(await new Response(zipStream(files, data.exportedAt)).arrayBuffer());
    const entries = unzipSync(bytes);
    expect(Object.keys(entries)).toEqual(['README.txt', 'plan/a.csv']);
    expect(strFromU8(entries['README.txt']!)).toBe('hello £');
    expect(strFromU8(entries['plan/a.csv']!)).toBe('x'.repeat(100_000));
    expect(bytes.length).toBeLessThan(10_000); // deflated
  });

  it('names the download by brand and day', () => {
    expect(exportFileName('Vibe Business Coach', data.exportedAt)).toBe('vibe-business-coach-data-2026-12-01.zip');
    expect(exportFileName('***', data.exportedAt)).toBe('my-data-2026-12-01.zip');
  });
});
