import { dueDateOf, GOALS, planProgress, type KeyMetricId, type PlanSnapshot } from '@app/shared';
import { Zip, ZipDeflate } from 'fflate';
import type { Queryable } from '../db/types.js';
import { planCalendar } from '../plan/calendar.js';
import { readActivePlan } from '../plan/store.js';
import { crmExportFiles } from '../crm/export.js';
import { toCsv } from './csv.js';
import { conversationFileName, conversationMarkdown, utcMinute, type ExportConversation } from './markdown.js';

/**
 * "Download my data" (issue 42; UK GDPR Article 20, the right to data portability): everything the customer gave us
 * and we keep for them, as one zip of common formats. Read in one transaction as the customer (RLS), every query
 * also naming auth.uid() (profiles and business_profiles let admins read all rows: an admin's export is still only
 * their own). The files are built in memory and zipped as the response is read (zipStream).
 */
export interface ExportAccount {
  id: string;
  email: string | null;
  phone: string | null;
  created_at: string | null;
  /** what was given at sign-up (auth.users.raw_user_meta_data) */
  user_metadata?: Record<string, unknown> | null;
}

export interface ExportMetricValue {
  metric_id: string;
  period: string;
  period_start: string;
  /** numeric as PostgreSQL prints it, so no figure is rounded on the way out */
  value: string;
  source: string;
}

export interface ExportData {
  exportedAt: Date;
  account: ExportAccount;
  profile: Record<string, unknown> | null;
  businessProfile: Record<string, unknown> | null;
  trackedMetrics: Record<string, unknown>[];
  metrics: ExportMetricValue[];
  plan: PlanSnapshot | null;
  conversations: ExportConversation[];
  /** The CRM's CSV files (crm/…), none when the CRM is empty. */
  crm: ExportFile[];
}

export interface ExportFile {
  name: string;
  content: string;
}

const ISO_UTC = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;
const iso = (column: string) => `to_char(${column} at time zone 'UTC', ${ISO_UTC})`;

/** The customer's rows, read in `tx` (asUser: role authenticated, their claims). `account` comes from the caller. */
export async function readExportData(tx: Queryable, account: ExportAccount, exportedAt = new Date()): Promise<ExportData> {
  // one after the other: a transaction is one connection
  const profile = await tx.query<{ row: Record<string, unknown> }>(
    `select to_jsonb(p) - 'id' as row from public.profiles p where p.id = (select auth.uid())`,
  );
  const business = await tx.query<{ row: Record<string, unknown> }>(
    `select to_jsonb(b) - 'user_id' as row from public.business_profiles b where b.user_id = (select auth.uid())`,
  );
  const tracked = await tx.query<{ row: Record<string, unknown> }>(
    `select to_jsonb(t) - 'user_id' as row from public.tracked_metrics t where t.user_id = (select auth.uid()) order by t.metric_id`,
  );
  const metrics = await tx.query<ExportMetricValue>(
    `select metric_id, period, to_char(period_start, 'YYYY-MM-DD') as period_start, value::text as value, source
       from public.metric_values where user_id = (select auth.uid()) order by metric_id, period, period_start`,
  );
  const plan = await readActivePlan(tx);
  const conversations = await tx.query<{ id: string; title: string; created_at: string }>(
    `select id, title, ${iso('created_at')} as created_at from public.coach_conversations
      where user_id = (select auth.uid()) order by created_at, id`,
  );
  const messages = await tx.query<{ conversation_id: string; role: 'user' | 'assistant'; parts: unknown; created_at: string }>(
    `select conversation_id, role, parts, ${iso('created_at')} as created_at from public.coach_messages
      where user_id = (select auth.uid()) order by conversation_id, created_at, id`,
  );
  const crm = await crmExportFiles(tx);
  const byConversation = new Map<string, ExportConversation>(conversations.rows.map((c) => [c.id, { ...c, messages: [] }]));
  for (const m of messages.rows)
    byConversation.get(m.conversation_id)?.messages.push({ role: m.role, parts: m.parts, created_at: m.created_at });
  return {
    exportedAt,
    account,
    profile: profile.rows[0]?.row ?? null,
    businessProfile: business.rows[0]?.row ?? null,
    trackedMetrics: tracked.rows.map((r) => r.row),
    metrics: metrics.rows,
    plan: plan?.snapshot ?? null,
    conversations: [...byConversation.values()],
    crm,
  };
}

const METRIC_LABELS: Record<KeyMetricId, string> = {
  revenue: 'Revenue',
  customers: 'Customers',
  leads: 'Leads',
  conversion: 'Conversion rate',
  retention: 'Retention',
  costs: 'Costs',
  traffic: 'Website traffic',
  social: 'Social media',
  profit: 'Profit',
  cashflow: 'Cash flow',
};
const metricLabel = (id: unknown) => METRIC_LABELS[id as KeyMetricId] ?? String(id);
const goalLabel = (id: unknown) => GOALS.find((g) => g.id === id)?.label ?? String(id);

/** profile.txt's names for business_profiles' columns; a column added later shows under its own name. */
const BUSINESS_LABELS: Record<string, string | ((v: unknown) => string) | null> = {
  business_name: 'Business name',
  industry: 'Industry',
  business_stage: 'Business stage',
  business_story: 'Your story',
  problem_solving: 'The problem you solve',
  product_service: 'Product or service',
  target_audience: 'Target audience',
  monthly_revenue: 'Monthly revenue',
  goals: 'Goals',
  business_targets: 'Targets',
  marketing_strategy: 'Marketing strategy',
  sales_strategy: 'Sales strategy',
  challenges: 'Challenges',
  current_focus: 'Current focus',
  funding_source: 'Funding',
  financial_management: 'Financial management',
  team_size: 'Team size',
  key_metrics: 'Key metrics',
  currency: 'Currency',
  preferences: 'Preferences',
  ai_features_enabled: 'AI features',
  completeness: 'Profile completeness (%)',
  onboarding_completed: 'Onboarding completed',
  onboarding_completed_at: 'Onboarding completed at',
  created_at: 'Created',
  updated_at: 'Last changed',
  // the dashboard canvas's node positions and the wizard's step: in profile.json, not worth reading
  node_positions: null,
  current_step: null,
};
const PROFILE_LABELS: Record<string, string | null> = {
  first_name: 'First name',
  surname: 'Surname',
  plan_reminders: 'Plan reminder e-mails',
  created_at: 'Created',
  updated_at: 'Last changed',
};

const humanise = (key: string) => key.charAt(0).toUpperCase() + key.slice(1).replace(/_/g, ' ');

function readable(key: string, v: unknown): string {
  if (v === null || v === undefined || v === '') return 'Not set';
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  if (Array.isArray(v)) {
    if (v.length === 0) return 'None';
    return v.map((x) => (key === 'goals' ? goalLabel(x) : key === 'key_metrics' ? metricLabel(x) : String(x))).join(', ');
  }
  if (typeof v === 'object') {
    return Object.entries(v as Record<string, unknown>)
      .map(([k, x]) => `${k}: ${typeof x === 'object' ? JSON.stringify(x) : String(x)}`)
      .join(', ');
  }
  return String(v);
}

function fieldLines(row: Record<string, unknown> | null, labels: Record<string, string | ((v: unknown) => string) | null>): string[] {
  if (!row) return ['Nothing saved yet.'];
  const keys = [
    ...Object.keys(labels).filter((k) => k in row),
    ...Object.keys(row)
      .filter((k) => !(k in labels))
      .sort(),
  ];
  return keys.flatMap((k) => {
    const label = labels[k];
    if (label === null) return [];
    const name = typeof label === 'string' ? label : humanise(k);
    const [first, ...rest] = readable(k, row[k]).replace(/\r\n?/g, '\n').split('\n');
    return [`${name}: ${first}`, ...rest.map((l) => `    ${l}`)];
  });
}

const heading = (title: string) => ['', title, '-'.repeat(title.length)];

export function profileText(d: ExportData, brandName: string): string {
  const lines = [
    'Your profile',
    '============',
    `Exported ${utcMinute(d.exportedAt.toISOString())} from ${brandName}.`,
    ...heading('Account'),
    `E-mail: ${d.account.email ?? 'Not set'}`,
    ...(d.account.phone ? [`Phone: ${d.account.phone}`] : []),
    `Account created: ${d.account.created_at ? utcMinute(d.account.created_at) : 'Not known'}`,
    `Account id: ${d.account.id}`,
    ...heading('Your name and settings'),
    ...fieldLines(d.profile, PROFILE_LABELS),
    ...heading('Business profile'),
    ...fieldLines(d.businessProfile, BUSINESS_LABELS),
    ...heading('Metrics you track beyond onboarding, and targets'),
    ...(d.trackedMetrics.length
      ? d.trackedMetrics.map(
          (t) => `${metricLabel(t.metric_id)}${t.target === null || t.target === undefined ? '' : `: target ${String(t.target)}`}`,
        )
      : ['None.']),
  ];
  return `${lines.join('\n')}\n`;
}

export function profileJson(d: ExportData, brandName: string): string {
  return `${JSON.stringify(
    {
      exported_at: d.exportedAt.toISOString(),
      service: brandName,
      account: d.account,
      profile: d.profile,
      business_profile: d.businessProfile,
      tracked_metrics: d.trackedMetrics,
    },
    null,
    2,
  )}\n`;
}

export const METRICS_HEADER = ['metric', 'period', 'period_start', 'value', 'source'] as const;
export function metricsCsv(rows: readonly ExportMetricValue[]): string {
  return toCsv(
    METRICS_HEADER,
    rows.map((r) => [r.metric_id, r.period, r.period_start, r.value, r.source]),
  );
}

export const PLAN_HEADER = [
  'phase',
  'phase_name',
  'phase_start',
  'phase_end',
  'position',
  'task',
  'notes',
  'owner',
  'due_date',
  'status',
  'done_at',
] as const;
/** One row per task, in phase order; due_date is the task's own date, else its phase's last day (as the calendar). */
export function planCsv(plan: PlanSnapshot): string {
  const phases = new Map(planProgress(plan, plan.startsOn).phases.map((p) => [p.phase, p]));
  const tasks = [...plan.tasks].sort((a, b) => a.phase - b.phase || a.position - b.position);
  return toCsv(
    PLAN_HEADER,
    tasks.map((t) => {
      const p = phases.get(t.phase);
      return [
        t.phase,
        p?.name ?? '',
        p?.from ?? '',
        p?.to ?? '',
        t.position + 1,
        t.title,
        t.notes,
        t.ownerName,
        dueDateOf(plan, t),
        t.status,
        t.doneAt ?? null,
      ];
    }),
  );
}

export function readme(d: ExportData, opts: { brandName: string; contactEmail?: string }): string {
  const when = utcMinute(d.exportedAt.toISOString());
  const currency = typeof d.businessProfile?.currency === 'string' ? d.businessProfile.currency : 'GBP';
  const lines = [
    `Your data from ${opts.brandName}`,
    `Exported ${when} for ${d.account.email ?? d.account.id}.`,
    '',
    'This archive holds the personal data you gave us and the records we keep for your account, in common formats',
    'that you can open yourself or move to another service (UK GDPR Article 20, the right to data portability).',
    '',
    'Files',
    '-----',
    'README.txt',
    '  This file.',
    'profile.json',
    '  Your account (e-mail, when it was created), your name and settings, your business profile (every onboarding',
    '  answer, preferences, currency) and the metrics you track with their targets. JSON, for other programs.',
    'profile.txt',
    '  The same, to read.',
    'metrics.csv',
    `  Every figure you entered, imported or synced: ${d.metrics.length} row${d.metrics.length === 1 ? '' : 's'}, one per metric and period.`,
    '  Columns: metric (revenue, customers, leads, conversion, retention, costs, traffic, social, profit, cashflow),',
    '  period (week or month), period_start (YYYY-MM-DD: the Monday of a week, the 1st of a month),',
    `  value (money in ${currency}, a count, or a percentage from 0 to 100), source (manual, csv, stripe, connection, crm).`,
  ];
  if (d.plan) {
    lines.push(
      'plan/90-day-plan.csv',
      `  Your 90-day plan "${d.plan.title}", starting ${d.plan.startsOn}: one row per task (${d.plan.tasks.length}).`,
      '  Columns: phase (number), phase_name, phase_start and phase_end (dates), position (in its phase), task, notes,',
      "  owner, due_date (the task's own date, else the last day of its phase), status (todo, doing, done), done_at.",
      'plan/90-day-plan.ics',
      '  The same tasks as all-day events on their due dates, to import into Google Calendar, Outlook or Apple Calendar.',
    );
  }
  if (d.conversations.length) {
    lines.push(
      'conversations/',
      `  Your conversations with the coach: ${d.conversations.length} Markdown file${d.conversations.length === 1 ? '' : 's'}, one per conversation,`,
      '  named by the day it started and its title. Times are UTC.',
    );
  }
  if (d.crm.length) {
    lines.push(
      'crm/',
      `  Your CRM, one CSV per kind of record: ${d.crm.map((f) => f.name.slice('crm/'.length)).join(', ')}.`,
      '  Contacts with every field (custom fields as their own columns, tags separated by "; "); deals with their stage',
      '  and value; the timeline of every contact and deal; follow-up tasks with their due dates.',
    );
  }
  lines.push('');
  if (!d.plan) lines.push('You have no 90-day plan yet, so there is no plan folder.');
  if (!d.conversations.length) lines.push('You have no conversations with the coach yet, so there is no conversations folder.');
  lines.push(
    'CSV files are UTF-8, comma-separated, with a header row (RFC 4180). A text cell that begins with = + - or @ is',
    "written with a ' in front, so that spreadsheet programs show it as text instead of running it as a formula.",
    'All times are UTC.',
  );
  if (opts.contactEmail) lines.push('', `Questions about your data: ${opts.contactEmail}`);
  return `${lines.join('\r\n')}\r\n`;
}

/** The archive's files, README first. */
export function exportFiles(d: ExportData, opts: { brandName: string; siteUrl: string; contactEmail?: string }): ExportFile[] {
  const files: ExportFile[] = [
    { name: 'README.txt', content: readme(d, opts) },
    { name: 'profile.json', content: profileJson(d, opts.brandName) },
    { name: 'profile.txt', content: profileText(d, opts.brandName) },
    { name: 'metrics.csv', content: metricsCsv(d.metrics) },
  ];
  if (d.plan) {
    files.push(
      { name: 'plan/90-day-plan.csv', content: planCsv(d.plan) },
      { name: 'plan/90-day-plan.ics', content: planCalendar(d.plan, { siteUrl: opts.siteUrl, brandName: opts.brandName }) },
    );
  }
  for (const c of d.conversations) files.push({ name: `conversations/${conversationFileName(c)}`, content: conversationMarkdown(c) });
  files.push(...d.crm);
  return files;
}

/**
 * The files as a zip (fflate), made as the response is read: one file deflated per pull, so a slow reader holds back
 * the work and no whole archive sits in memory beside its files.
 */
export function zipStream(files: readonly ExportFile[], mtime: Date): ReadableStream<Uint8Array> {
  const utf8 = new TextEncoder();
  let next = 0;
  let zip: Zip;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      zip = new Zip((err, chunk, final) => {
        if (err) return controller.error(err);
        if (chunk.length) controller.enqueue(chunk);
        if (final) controller.close();
      });
    },
    pull() {
      const f = files[next++];
      if (!f) return zip.end();
      const entry = new ZipDeflate(f.name, { level: 6 });
      entry.mtime = mtime;
      zip.add(entry);
      entry.push(utf8.encode(f.content), true);
    },
  });
}

/** "vibe-business-coach-data-2026-05-04.zip" */
export function exportFileName(brandName: string, at: Date): string {
  const slug =
    brandName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'my';
  return `${slug}-data-${at.toISOString().slice(0, 10)}.zip`;
}
