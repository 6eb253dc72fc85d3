import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * An axe-core builder for a spec's checks, which read violations only. `resultTypes: ['violations']` runs every rule
 * on every node as before and reports each violation in full, but gives the passing and incomplete outcomes one
 * node each instead of a selector and an HTML snippet for every node (567 on the home page): 40-60 % less time per
 * whole-page run, the same outcome for every rule (docs/decisions/0097). Chain withTags, include etc. after it:
 * `options()` replaces the options that withTags writes into.
 */
export const axeBuilder = (page: Page) => new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
