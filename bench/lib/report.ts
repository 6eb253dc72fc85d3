import { connectionsSection } from '../connections/run-connections.js';
import { crmSection } from '../crm/run-crm.js';
import { fmtInt, fmtKb, fmtMb, fmtMs, fmtRate, fmtRatio, fmtScore, markdownTable } from './format.js';
import { keyFigures } from './key-figures.js';
import { p99Trend, type WindowFigures } from '../soak/windows.js';
import type { BenchReport, CoachPart, ServerCaseResult, ServerPart, SoakPart, WebPart } from './types.js';

const dbName = (d: string) => (d === 'postgres' ? 'PostgreSQL' : 'PGlite');

function failuresText(f: Record<string, number> | undefined): string {
  const entries = Object.entries(f ?? {});
  return entries.length ? ` (${entries.map(([k, v]) => `${k}: ${fmtInt(v)}`).join(', ')})` : '';
}

function serverRow(c: ServerCaseResult): (string | number)[] {
  if (!c.availability.available || !c.load) {
    const why = c.availability.available ? 'no figures' : c.availability.reason;
    return [c.title, dbName(c.database), `not available: ${why}`, '', '', '', '', '', ''];
  }
  const l = c.load;
  if (l.requests === 0)
    return [c.title, dbName(c.database), `no answer within the run (${fmtInt(l.errors)} errors)`, '', '', '', '', '', ''];
  const ref = c.reference;
  const refCells = !ref
    ? ['—', '—']
    : 'unavailable' in ref
      ? [ref.what === '—' ? `none (${ref.unavailable})` : `${ref.what}: ${ref.unavailable}`, '—']
      : [ref.what, fmtRate(ref.rps)];
  return [
    c.title,
    dbName(c.database),
    fmtRate(l.rps),
    fmtMs(l.p50Ms),
    fmtMs(l.p99Ms),
    `${fmtInt(l.errors)}${failuresText(l.failures)}`,
    refCells[0],
    refCells[1],
    fmtRatio(c.overhead),
  ];
}

/** The main table: every server case on every database, with its in-process reference beside it. */
export function serverTable(part: ServerPart): string {
  return markdownTable(
    ['Case', 'Database', 'req/s', 'p50', 'p99', 'Errors', 'Direct reference', 'Reference /s', 'Overhead'],
    part.cases.map(serverRow),
    [false, false, true, true, true, true, false, true, true],
  );
}

function serverSection(part: ServerPart): string {
  const out = [
    '## Server under load',
    '',
    `autocannon, ${part.connections} connections, ${part.warmupSeconds} s warm-up then ${part.durationSeconds} s measured per case; the server runs in its own process on a fresh DATA_DIR (and a fresh PostgreSQL database). ` +
      '"Direct reference" is the same work run in the bench process straight against the same database (no HTTP, no JWT, no RLS role switch), with as many concurrent callers as connections; ' +
      '"Overhead" = reference rate ÷ server rate.',
    '',
    serverTable(part),
    '',
    '### Password sign-in, one at a time',
    '',
    markdownTable(
      ['Database', 'Samples', 'Median', 'p95', 'bcrypt cost'],
      part.signIn.map((s) =>
        s.availability.available
          ? [dbName(s.database), fmtInt(s.samples), fmtMs(s.medianMs), fmtMs(s.p95Ms), String(s.bcryptCost ?? '—')]
          : [dbName(s.database), `not available: ${s.availability.reason}`, '', '', ''],
      ),
      [false, true, true, true, true],
    ),
  ];
  if (part.skipped.length) out.push('', ...part.skipped.map((s) => `- Not run: ${s}`));
  return out.join('\n');
}

function webSection(web: WebPart): string {
  if (!web.availability.available) return `## Web pages\n\nNot available: ${web.availability.reason}`;
  const spread = <T>(r: [T, T] | undefined, f: (v: T) => string) => (r ? `${f(r[0])}–${f(r[1])}` : '—');
  const lh = markdownTable(
    ['Page', 'Preset', 'Performance', 'Accessibility', 'LCP', 'TBT', 'CLS', 'Runs', 'Performance range', 'TBT range'],
    web.lighthouse.map((r) =>
      r.error
        ? [r.page, r.preset, `error: ${r.error}`, '', '', '', '', r.runs ?? 1, '', '']
        : [
            r.page,
            r.preset,
            fmtScore(r.performance),
            fmtScore(r.accessibility),
            fmtMs(r.lcpMs),
            fmtMs(r.tbtMs),
            r.cls === undefined ? '—' : r.cls.toFixed(3),
            r.runs ?? 1,
            spread(r.performanceRange, fmtScore),
            spread(r.tbtRange, fmtMs),
          ],
    ),
    [false, false, true, true, true, true, true, true, false, false],
  );
  const runs = Math.max(1, ...web.lighthouse.map((r) => r.runs ?? 1));
  // One row per public route: the figures issue 15 asks for side by side (mobile preset; JS from the first visit).
  const mobile = new Map(web.lighthouse.filter((r) => r.preset === 'mobile' && !r.error).map((r) => [r.page, r]));
  const summary = markdownTable(
    ['Page', 'Performance (mobile)', 'LCP', 'TBT', 'CLS', 'JS gzip', 'SEO', 'Best practices', 'Heading in HTML'],
    web.transfer.map((t) => {
      const m = mobile.get(t.page);
      return [
        t.page,
        fmtScore(m?.performance),
        fmtMs(m?.lcpMs),
        fmtMs(m?.tbtMs),
        m?.cls === undefined ? '—' : m.cls.toFixed(3),
        t.error ? 'error' : fmtKb(t.jsGzip),
        fmtScore(m?.seo),
        fmtScore(m?.bestPractices),
        t.headingInHtml === undefined ? '—' : t.headingInHtml ? 'yes' : `NO (${t.heading || 'no h1'})`,
      ];
    }),
    [false, true, true, true, true, true, true, true, false],
  );
  const tr = markdownTable(
    ['Page', 'JS transferred', 'JS gzip', 'JS files', 'CSS transferred', 'CSS gzip', 'CSS files', 'Encoding'],
    web.transfer.map((r) =>
      r.error
        ? [r.page, `error: ${r.error}`, '', '', '', '', '', '']
        : [
            r.page,
            fmtKb(r.jsTransferred),
            fmtKb(r.jsGzip),
            r.jsFiles,
            fmtKb(r.cssTransferred),
            fmtKb(r.cssGzip),
            r.cssFiles,
            r.encodings.join(', ') || 'none',
          ],
    ),
    [false, true, true, true, true, true, true, false],
  );
  const rows = [...(web.bundle.entry ? [web.bundle.entry] : []), ...web.bundle.routes];
  const bundle = markdownTable(
    ['Route', 'Module', 'JS', 'JS gzip', 'CSS', 'CSS gzip', 'Chunks'],
    rows.map((b) => [b.route, b.module, fmtKb(b.jsBytes), fmtKb(b.jsGzip), fmtKb(b.cssBytes), fmtKb(b.cssGzip), b.chunks]),
    [false, false, true, true, true, true, true],
  );
  return [
    '## Web pages',
    '',
    `Production build served by the server (\`npm start\`), Debian Chromium. Lighthouse with its mobile (simulated slow 4G, 4× CPU) and desktop presets${runs > 1 ? `; every figure is the median of ${runs} runs per page (BENCH_LIGHTHOUSE_RUNS), made in rounds over all pages` : ''}.`,
    '',
    '### Every public route',
    '',
    'Lighthouse mobile figures, the gzip size of the JavaScript a first visit loads, and whether the prerendered HTML already holds the main heading (the first h1 of the hydrated page).',
    '',
    summary,
    '',
    '### Lighthouse, both presets',
    '',
    lh,
    '',
    '### Bytes each page transfers (Playwright, first visit)',
    '',
    '"Transferred" is what went over the wire with the encoding the browser negotiated; "gzip" is the same files gzip-compressed (level 9, as the build precompresses them; files under 1 kB are sent uncompressed). Measured after the network is idle, so the lazy route chunk counts.',
    '',
    tr,
    '',
    '### Bundle per route (Vite manifest)',
    '',
    'The entry row is what every page loads; each route row is what that page adds on top (its lazy chunk and the chunks it imports that the entry does not).',
    '',
    bundle,
  ].join('\n');
}

function soakSection(s: SoakPart): string {
  if (!s.availability.available) return `## Soak\n\nNot available: ${s.availability.reason}`;
  return [
    '## Soak',
    '',
    `${s.seconds} s of mixed traffic on ${dbName(s.database)}, ${s.connections} connections; the mix, in turn on every connection: ${s.mix.join(', ')}.`,
    '',
    markdownTable(
      ['Requests', 'req/s', 'p50', 'p99', 'Errors', 'RSS start', 'RSS peak', 'RSS end'],
      [
        [
          fmtInt(s.requests),
          fmtRate(s.rps),
          fmtMs(s.p50Ms),
          fmtMs(s.p99Ms),
          `${fmtInt(s.errors)}${failuresText(s.failures)}`,
          fmtMb(s.rssStartMb),
          fmtMb(s.rssPeakMb),
          fmtMb(s.rssEndMb),
        ],
      ],
      [true, true, true, true, true, true, true, true],
    ),
    '',
    `Memory: ${s.verdict}`,
    ...(s.windows.length > 1 ? ['', `Latency: ${p99Trend(s.windows)} The table's p99 is the whole run's.`] : []),
    ...(s.windows.length > 1 && Object.keys(s.windowsByCase ?? {}).length > 1 ? ['', ...caseTrendTable(s.windowsByCase)] : []),
  ].join('\n');
}

/** Each case's p99 per minute: which kind of request a change over the run comes from. */
function caseTrendTable(byCase: Record<string, WindowFigures[]>): string[] {
  const minutes = Math.max(...Object.values(byCase).map((w) => w.length));
  return [
    'p99 per minute (ms) of each case in the mix:',
    '',
    markdownTable(
      ['Case', ...Array.from({ length: minutes }, (_, i) => String(i + 1))],
      Object.entries(byCase).map(([id, w]) => [id, ...w.map((f) => (Number.isNaN(f.p99Ms) ? '—' : String(Math.round(f.p99Ms))))]),
      [false, ...Array.from({ length: minutes }, () => true)],
    ),
  ];
}

function coachSection(c: CoachPart): string {
  if (!c.availability.available) return `## AI coach (${dbName(c.database)})\n\nNot available: ${c.availability.reason}`;
  return [
    `## AI coach (${dbName(c.database)})`,
    '',
    `POST /functions/v1/coach on ${dbName(c.database)} against the OpenAI-compatible stand-in (e2e/support/fake-openai.ts), which waits ${fmtMs(c.providerFirstTokenMs)} before its first token. ` +
      `Time to first token, ${c.samples} requests one at a time, straight from the stand-in and through our server (sign-in check, business context, conversation and message writes):`,
    '',
    markdownTable(
      ['Path', 'TTFT p50', 'TTFT p95'],
      [
        ['stand-in directly', fmtMs(c.directFirstTokenP50Ms), fmtMs(c.directFirstTokenP95Ms)],
        ['through /functions/v1/coach', fmtMs(c.serverFirstTokenP50Ms), fmtMs(c.serverFirstTokenP95Ms)],
      ],
      [false, true, true],
    ),
    '',
    `Added by our server: ${fmtMs(c.addedP50Ms)} at the median, a ratio of ${fmtRatio(c.ratio)}.`,
    '',
    'Rounds of concurrent streams (each stream about 20 text chunks 25 ms apart); RSS of the server process:',
    '',
    markdownTable(
      [
        'Round',
        'Streams',
        'Completed',
        'Wall time',
        'TTFT p50',
        'TTFT p99',
        'Stream p50',
        'Stream p99',
        'RSS before',
        'RSS peak',
        'RSS after',
      ],
      c.rounds.map((r) => [
        r.round,
        r.streams,
        `${fmtInt(r.completed)}${failuresText(r.failures)}`,
        fmtMs(r.wallMs),
        fmtMs(r.firstTokenP50Ms),
        fmtMs(r.firstTokenP99Ms),
        fmtMs(r.totalP50Ms),
        fmtMs(r.totalP99Ms),
        fmtMb(r.rssBeforeMb),
        fmtMb(r.rssPeakMb),
        fmtMb(r.rssAfterMb),
      ]),
      [true, true, true, true, true, true, true, true, true, true, true],
    ),
  ].join('\n');
}

const PART_TITLES: Record<string, string> = {
  web: 'web pages',
  server: 'server under load',
  soak: 'soak',
  coach: 'AI coach',
  connections: 'connections',
  crm: 'CRM',
};

/** One part's report (bench/results/PART.md); a report holding several parts renders them one after another. */
export function renderMarkdown(r: BenchReport): string {
  const m = r.machine;
  const head = [
    `# Benchmark report: ${r.settings.only.map((p) => PART_TITLES[p] ?? p).join(', ')}`,
    '',
    `Run ${r.startedAt} → ${r.finishedAt} on commit ${m.commit}; ${m.cpus} × ${m.cpuModel}, ${m.memoryGb} GB, Node ${m.node}. ` +
      `Load average (1 min) ${r.loadAverage.start.toFixed(1)} at the start, ${r.loadAverage.end.toFixed(1)} at the end: ` +
      `above ${m.cpus} the machine was busy with other work and every figure is lower and noisier than it would be alone. ` +
      'Compare runs made on the same machine, not across machines.',
  ];
  const key = keyFigures(r);
  if (key.length) head.push('', '## Key figures', '', ...key.map((l) => `- ${l}`));
  const sections = [head.join('\n')];
  if (r.server) sections.push(serverSection(r.server));
  if (r.web) sections.push(webSection(r.web));
  if (r.soak) sections.push(soakSection(r.soak));
  for (const c of r.coach ?? []) sections.push(coachSection(c));
  for (const c of r.connections ?? []) sections.push(connectionsSection(c));
  for (const c of r.crm ?? []) sections.push(crmSection(c));
  return sections.join('\n\n') + '\n';
}
