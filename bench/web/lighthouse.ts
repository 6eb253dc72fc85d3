import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { errorText, progress } from '../lib/progress.js';
import type { LighthouseRow } from '../lib/types.js';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.js';

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
 */
export async function runLighthouse(baseUrl: string, pages: string[], categories: Category[] = ALL): Promise<LighthouseRow[]> {
  const rows: LighthouseRow[] = [];
  for (const preset of ['mobile', 'desktop'] as const) {
    const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS] });
    try {
      for (const page of pages) {
        try {
          // Lighthouse's own advice for a failed trace (NO_NAVSTART, NO_FCP) on a busy machine is to run it again
          const row = await auditPage(chrome.port, baseUrl + page, page, preset, categories).catch(() =>
            auditPage(chrome.port, baseUrl + page, page, preset, categories),
          );
          rows.push(row);
          progress(
            `web: lighthouse ${preset.padEnd(7)} ${page.padEnd(19)} performance ${Math.round((row.performance ?? 0) * 100)}, accessibility ${Math.round((row.accessibility ?? 0) * 100)}`,
          );
        } catch (err) {
          rows.push({ page, preset, error: errorText(err) });
          progress(`web: lighthouse ${preset} ${page} failed: ${errorText(err)}`);
        }
      }
    } finally {
      chrome.kill();
    }
  }
  return rows;
}
