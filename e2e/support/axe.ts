import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Frame, Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
// Same-origin frames only, as @axe-core/playwright's legacy mode: the cross-origin embeds (YouTube, Calendly) are not
// ours to fix.
const CONFIGURE = `axe.configure({ allowedOrigins: ['<same_origin>'], branding: { application: 'playwright' } });`;

/** axe into a document that has none yet (a string, evaluated by the browser itself: our pages allow no eval()). */
async function inject(frame: Frame): Promise<void> {
  if (await frame.evaluate(() => Boolean((window as { axe?: unknown }).axe))) return;
  await frame.evaluate(`${AXE_SOURCE}\n;${CONFIGURE}`);
}

/**
 * axe-core run in the page, for a spec's checks, which read violations only. What @axe-core/playwright's builder did
 * in its legacy mode (axe.run in the page and its frames), without its cost: the builder sent axe's 650 kB source
 * into the page on every analyze() (twice in legacy mode), and otherwise ran axe per frame and finished the run in a
 * new blank page; here axe goes into a document once and each check is one axe.run (decision 0209).
 * `resultTypes: ['violations']` runs every rule on every node and reports each violation in full, but gives the
 * passing and incomplete outcomes one node each instead of a selector and an HTML snippet for every node
 * (decision 0097).
 */
class AxeCheck {
  private readonly includes: string[] = [];
  private runOnly: RunOptions['runOnly'];

  constructor(private readonly page: Page) {}

  /** Only the rules with these tags (wcag2a, wcag21aa …). */
  withTags(tags: string[]): this {
    this.runOnly = { type: 'tag', values: tags };
    return this;
  }

  /** Only these rules. */
  withRules(rules: string[]): this {
    this.runOnly = { type: 'rule', values: rules };
    return this;
  }

  /** Checks only within this CSS selector (may be called again for more parts). */
  include(selector: string): this {
    this.includes.push(selector);
    return this;
  }

  async analyze(): Promise<Pick<AxeResults, 'violations'>> {
    // Into the page, then into every frame that has no axe yet; a frame that does not answer within a second is left
    // out, as the builder left it.
    const main = this.page.mainFrame();
    await inject(main);
    for (const frame of this.page.frames())
      if (frame !== main) await Promise.race([inject(frame), new Promise((resolve) => setTimeout(resolve, 1_000))]).catch(() => undefined);
    const context = { include: this.includes, exclude: [] };
    const options: RunOptions = { resultTypes: ['violations'], ...(this.runOnly ? { runOnly: this.runOnly } : {}) };
    const outcome = await this.page.evaluate(
      ([ctx, opts]) =>
        (window as unknown as { axe: { run(c: unknown, o: unknown): Promise<AxeResults> } }).axe.run(ctx, opts).then(
          (r) => ({ violations: r.violations, error: null }),
          (e: Error) => ({ violations: [], error: e.message }),
        ),
      [context, options] as const,
    );
    if (outcome.error) throw new Error(`axe: ${outcome.error}`);
    return { violations: outcome.violations };
  }
}

export const axeBuilder = (page: Page) => new AxeCheck(page);
