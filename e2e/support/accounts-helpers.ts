import type { Page } from '@playwright/test';
import { serverKeys } from './auth';

const baseURL = () => `http://127.0.0.1:${process.env.E2E_PORT}`;

/** The e2e server's brand name, as the browser gets it. */
export async function brandName(base = baseURL()): Promise<string> {
  return ((await (await fetch(`${base}/api/config`)).json()) as { brandName: string }).brandName;
}

/** Reads rows as the service role (bypasses RLS), to check what the browser stored on the server. */
export async function adminSelect<T = Record<string, unknown>>(
  table: string,
  query: string,
  base = baseURL(),
  serviceRoleKey?: string,
): Promise<T[]> {
  const key = serviceRoleKey ?? (await serverKeys()).serviceRoleKey;
  const res = await fetch(`${base}/rest/v1/${table}?${query}`, { headers: { apikey: key, Authorization: `Bearer ${key}` } });
  if (!res.ok) throw new Error(`${table}: HTTP ${res.status} ${await res.text()}`);
  return (await res.json()) as T[];
}

export async function adminUpdate(
  table: string,
  query: string,
  values: Record<string, unknown>,
  base = baseURL(),
  serviceRoleKey?: string,
) {
  const key = serviceRoleKey ?? (await serverKeys()).serviceRoleKey;
  const res = await fetch(`${base}/rest/v1/${table}?${query}`, {
    method: 'PATCH',
    headers: { apikey: key, Authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(values),
  });
  if (!res.ok) throw new Error(`${table}: HTTP ${res.status} ${await res.text()}`);
}

/** Fills the sign-in card and submits it. */
export async function signInThroughCard(page: Page, email: string, password: string, opts: { remember?: boolean } = {}) {
  await page.locator('#signin-email').fill(email);
  await page.locator('#signin-password').fill(password);
  if (opts.remember) await page.getByLabel('Remember me for 30 days').check();
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** Walks the visual wizard from the welcome step to the final step with valid answers. */
export async function fillWizardVisually(page: Page) {
  await page.getByRole('button', { name: "Let's Get Started" }).click();
  await page.getByLabel('Business name').fill('Acme Bakery');
  await page.getByLabel('Industry').selectOption('Food & Beverage');
  await page.getByLabel('What problem do you solve?').fill('Fresh bread delivered before breakfast');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Increase Revenue' }).click();
  await page.getByLabel('Targets and timeline').fill('Double revenue in 12 months');
  await page.getByLabel('Time management').check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Funding source').selectOption('Self-funded/Bootstrapped');
  await page.getByLabel('Team size').selectOption('2-5 people');
  await page.getByLabel('Revenue', { exact: true }).check();
  await page.getByRole('button', { name: 'Next' }).click();
}
