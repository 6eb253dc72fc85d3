import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { errorText, progress } from '../lib/progress.js';
import type { LighthouseRow } from '../lib/types.js';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.js';
import { medianRun } from './median-run.js';

type Preset = LighthouseRow['preset'];
export type Category = 'performance' | 'accessibility' | 'seo' | 'best-practices';
const ALL: Category[] = ['performance', 'accessibility', 'seo', 'best-practices'];

/** Lighthouse's own presets: the default config is mobile (Moto G Power, slow 4G, 4x CPU); desktop is its desktop config. */
async function auditPage(port: number, url: string, page: string, preset: Preset, only: Category[]): Promise<LighthouseRow> {
  const result = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', onlyCategories: only },
    preset === 'desktop' ? desktopConfig : undefined,
  );
  if (!result) throw new Error('Lighthouse returned no result');
  const { categories, audits, runtimeError } = result.lhr;
  if (runtimeError) throw new Error(`${runtimeError.code}: ${runtimeError.message}`);
  // the audits that cost points in the accessibility and best-practices categories, to say what to fix
  const failing = (['accessibility', 'best-practices'] as const).flatMap((c) =>
    (categories[c]?.auditRefs ?? []).filter((r) => r.weight > 0 && (audits[r.id]?.score ?? 1) < 1).map((r) => r.id),
  );
  return {
    ...(failing.length ? { failing } : {}),
    page,
    preset,
    performance: categories.performance?.score ?? undefined,
    accessibility: categories.accessibility?.score ?? undefined,
    lcpMs: audits['largest-contentful-paint']?.numericValue,
    tbtMs: audits['total-blocking-time']?.numericValue,
    cls: audits['cumulative-layout-shift']?.numericValue,
    seo: categories.seo?.score ?? undefined,
    bestPractices: categories['best-practices']?.score ?? undefined,
  };
}

/**
 * Every page with both presets; one Chromium per preset (Lighthouse resets storage between pages itself).
 * `categories`: fewer for a quicker run (bench/web/a11y-scores.ts asks only for the two that do not depend on load).
 * `runs`: each page is audited this many times, in rounds over all pages (so a busy minute spreads over every page
 * rather than falling on one), and reported as the median run (bench/web/median-run.ts).
 */
export async function runLighthouse(baseUrl: string, pages: string[], categories: Category[] = ALL, runs = 1): Promise<LighthouseRow[]> {
  const rows: LighthouseRow[] = [];
  for (const preset of ['mobile', 'desktop'] as const) {
    const byPage = new Map<string, LighthouseRow[]>(pages.map((p) => [p, []]));
    const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS] });
    try {
      for (let round = 1; round <= runs; round++) {
        for (const page of pages) {
          const label = `web: lighthouse ${preset.padEnd(7)} ${page.padEnd(19)}${runs > 1 ? ` run ${round}/${runs}` : ''}`;
          try {
            // Lighthouse's own advice for a failed trace (NO_NAVSTART, NO_FCP) on a busy machine is to run it again
            const row = await auditPage(chrome.port, baseUrl + page, page, preset, categories).catch(() =>
              auditPage(chrome.port, baseUrl + page, page, preset, categories),
            );
            byPage.get(page)!.push(row);
            progress(
              `${label} performance ${Math.round((row.performance ?? 0) * 100)}, accessibility ${Math.round((row.accessibility ?? 0) * 100)}, TBT ${Math.round(row.tbtMs ?? 0)} ms`,
            );
          } catch (err) {
            byPage.get(page)!.push({ page, preset, error: errorText(err) });
            progress(`${label} failed: ${errorText(err)}`);
          }
        }
      }
    } finally {
      chrome.kill();
    }
    for (const page of pages) rows.push(medianRun(byPage.get(page)!));
  }
  return rows;
}
