// TEMPORARY (not to commit): interleaved Lighthouse A/B rounds on dists served side by side.
// usage: node --import tsx bench/web/lh-ab.tmp.ts <rounds> <preset> <label=url>... -- <page>...
import { execSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.js';

const args = process.argv.slice(2);
const rounds = Number(args[0]);
const preset = args[1];
const sep = args.indexOf('--');
const targets = args.slice(2, sep).map((a) => a.split('=') as [string, string]);
const pages = args.slice(sep + 1);
const rows: Record<string, number[][]> = {};
for (let r = 0; r < rounds; r++) {
  for (const page of pages) {
    for (const [label, base] of r % 2 ? [...targets].reverse() : targets) {
      const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS] });
      try {
        const res = await lighthouse(base + page, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] }, preset === 'desktop' ? desktopConfig : undefined);
        const lhr = res!.lhr;
        if (lhr.runtimeError) { console.log(label, page, 'ERR', lhr.runtimeError.code); continue; }
        const a = lhr.audits;
        const v = (id: string) => Math.round(a[id]?.numericValue ?? NaN);
        const row = [Math.round((lhr.categories.performance.score ?? 0) * 100), v('first-contentful-paint'), v('largest-contentful-paint'), v('total-blocking-time'), Number((a['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3))];
        (rows[`${label} ${page}`] ??= []).push(row);
        const el = (a['largest-contentful-paint-element']?.details as any)?.items?.[0]?.items?.[0]?.node;
        const reqs = ((a['network-requests']?.details as any)?.items ?? []).map((i: any) => `${Math.round(i.networkRequestTime)}-${Math.round(i.networkEndTime)} ${i.priority} ${Math.round(i.transferSize / 1024)}k ${i.url.replace(/^https?:\/\/[^/]+/, '')}`);
        const load = execSync('cat /proc/loadavg').toString().split(' ').slice(0, 3).join(' ');
        console.log(`${label} ${page} r${r} perf ${row[0]} FCP ${row[1]} LCP ${row[2]} TBT ${row[3]} CLS ${row[4]} load ${load} lcp-el ${el?.selector ?? '?'} ${(el?.snippet ?? '').slice(0, 80)}`);
        if (process.env.LH_VERBOSE) console.log('   ' + reqs.join('\n   '));
        if (process.env.LH_SAVE) writeFileSync(`${process.env.LH_SAVE}/${label}${page.replace(/\//g, '_')}-r${r}.json`, JSON.stringify(lhr));
      } finally { chrome.kill(); }
    }
  }
}
const med = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
console.log('\nmedians (perf FCP LCP TBT CLS) | all LCP');
for (const [k, rs] of Object.entries(rows)) console.log(k.padEnd(28), [0, 1, 2, 3, 4].map((i) => med(rs.map((x) => x[i]))).join(' '), '|', rs.map((x) => x[2]).join(','));
