import type { Page } from '@playwright/test';
import { serverKeys } from './auth';

/** The first-visit cookie prompt, and the CSS selector of its section (axe's include). */
export const consentPrompt = (page: Page) => page.getByRole('region', { name: 'Your privacy, your choice' });
export const CONSENT_PROMPT_SELECTOR = 'section[aria-labelledby="consent-prompt-title"]';

export interface ConsentRecord {
  necessary: boolean;
  performance: boolean;
  functional: boolean;
  targeting: boolean;
  accepted: boolean;
}

/** A decided visitor (current policy version), set before any page script runs, so the first-visit prompt stays away. */
export async function decideConsent(page: Page, choices: Partial<ConsentRecord> = {}) {
  const record: ConsentRecord = { necessary: true, performance: false, functional: false, targeting: false, accepted: true, ...choices };
  await page.addInitScript((r) => {
    localStorage.setItem('cookie-consent', JSON.stringify(r));
    localStorage.setItem('cookie-consent-version', '1');
  }, record);
}

export async function storedConsent(page: Page): Promise<unknown> {
  return page.evaluate(() => {
    const raw = localStorage.getItem('cookie-consent');
    return raw === null ? null : JSON.parse(raw);
  });
}

/** Reads a table as the service role through the real REST API (what the browser cannot do). */
export async function serviceSelect(table: string, query: string): Promise<Record<string, unknown>[]> {
  const { serviceRoleKey } = await serverKeys();
  const res = await fetch(`http://127.0.0.1:${process.env.E2E_PORT}/rest/v1/${table}?${query}`, {
    headers: { apikey: serviceRoleKey, authorization: `Bearer ${serviceRoleKey}` },
  });
  if (!res.ok) throw new Error(`select ${table}: HTTP ${res.status} ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>[];
}

/** The public pages this area owns. */
export const PUBLIC_PAGES = [
  '/',
  '/pricing',
  '/learn-more',
  '/dashboard-showcase',
  '/demo',
  '/90-day',
  '/terms',
  '/privacy',
  '/cookie-policy',
  '/contact',
  '/connect',
  '/website-hub',
  '/brand-hub',
  '/advertising-hub',
  '/vs-gohighlevel',
  '/vs-hubspot',
] as const;

/** A phone's and a desktop's viewport, for tests of the public pages at both widths. */
export const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
] as const;
