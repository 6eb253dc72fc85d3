import { fmtKb, fmtMs, fmtRate, fmtScore } from './format.js';
import type { BenchReport } from './types.js';

const dbName = (d: string) => (d === 'postgres' ? 'PostgreSQL' : 'PGlite');

/** The handful of figures the issues' notes quote, in one list at the top of the report. */
export function keyFigures(r: BenchReport): string[] {
  const lines: string[] = [];
  const server = r.server;
  if (server) {
    const rate = (id: string) => {
      const hits = server.cases.filter((c) => c.id === id && c.load && c.load.requests > 0);
      return hits.length ? hits.map((c) => `${fmtRate(c.load!.rps)} req/s (${dbName(c.database)})`).join(', ') : 'not available';
    };
    lines.push(`Filtered catalogue select: ${rate('select')}`);
    lines.push(`Waitlist join through the page's call (/api/waitlist): ${rate('join-api')}; through rpc/join_waitlist: ${rate('join')}`);
    lines.push(`Analytics batch insert of 20 events: ${rate('analytics')}`);
    const signIns = server.signIn.filter((s) => s.availability.available);
    lines.push(
      `Password sign-in, median of ${signIns[0]?.samples ?? 100} one at a time: ` +
        (signIns.length
          ? signIns.map((s) => `${fmtMs(s.medianMs)} (p95 ${fmtMs(s.p95Ms)}, ${dbName(s.database)})`).join(', ')
          : 'not available'),
    );
  }
  const web = r.web;
  if (web?.availability.available) {
    const home = web.transfer.find((t) => t.page === '/' && !t.error);
    if (home) lines.push(`Home page JavaScript on a first visit: ${fmtKb(home.jsGzip)} gzip (${fmtKb(home.jsTransferred)} as transferred)`);
    for (const page of ['/', '/pricing', '/join-waiting-list']) {
      const lh = (preset: string) => web.lighthouse.find((l) => l.page === page && l.preset === preset && !l.error);
      const m = lh('mobile');
      const d = lh('desktop');
      if (m || d) {
        lines.push(
          `Lighthouse ${page}: performance ${fmtScore(m?.performance)} mobile / ${fmtScore(d?.performance)} desktop, accessibility ${fmtScore(m?.accessibility ?? d?.accessibility)}`,
        );
      }
    }
  }
  if (r.soak?.availability.available) lines.push(`Soak (${r.soak.seconds} s): ${r.soak.errors} errors; memory ${r.soak.verdict}`);
  return lines;
}
