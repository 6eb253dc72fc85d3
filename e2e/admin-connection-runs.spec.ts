import { CONNECTION_RUNS_PER_MONTH } from '@app/shared/connections';
import { expect, openPage, test } from './fixtures';
import { axeBuilder } from './support/axe';
import { createUser, serviceClient, signedInUser } from './support/auth';

// Issue 40: operators see connection runs refused at the plans' monthly limits (/admin → Analytics). The runs here
// are real: a Basic customer's connection is triggered through its webhook until its plan's runs are used up.
const SHOTS = process.env.E2E_SHOTS_DIR;
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  const db = await serviceClient();
  const owner = await createUser();
  // (the service role may create one on a Basic plan; the customer could not: connect_anything_custom gates it)
  const { data, error } = await db
    .from('connections')
    .insert({
      user_id: owner.id,
      name: 'Leads to my plan',
      enabled: true,
      trigger: { type: 'webhook' },
      steps: [{ type: 'plan_task', title: '{{name}}' }],
    })
    .select('inbound_token')
    .single();
  if (error) throw error;
  const limit = CONNECTION_RUNS_PER_MONTH.basic!;
  const url = `http://127.0.0.1:${process.env.E2E_PORT}/hooks/v1/${data.inbound_token as string}`;
  const statuses: number[] = [];
  for (let i = 0; i <= limit; i += 20) {
    const batch = Array.from({ length: Math.min(20, limit + 1 - i) }, (_, j) =>
      fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: `Lead ${i + j}` }) }),
    );
    statuses.push(...(await Promise.all(batch)).map((r) => r.status));
  }
  expect(statuses.filter((s) => s === 202)).toHaveLength(limit);
  expect(statuses.filter((s) => s === 429)).toHaveLength(1);
});

for (const width of [1440, 375]) {
  test(`/admin shows this month's connection runs and those refused at the limit (${width} px)`, async ({ page }) => {
    await signedInUser(page, { admin: true });
    await page.setViewportSize({ width, height: 900 });
    await openPage(page, '/admin');
    await page.getByRole('tab', { name: 'Analytics' }).click();
    const list = page.getByTestId('connection-run-counts');
    await expect(list.getByRole('listitem')).toHaveCount(3);
    const thisMonth = new Date().toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
    await expect(list.getByRole('listitem').first()).toHaveText(
      new RegExp(`^${thisMonth}: [\\d,]+ runs?, [1-9][\\d,]* refused at the limit \\(\\d+ customers?\\)$`),
    );
    const section = page.getByRole('region', { name: 'Connection runs' });
    await section.scrollIntoViewIfNeeded();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/admin-connection-runs-${width}.png` });
    const result = await axeBuilder(page).include('[aria-labelledby="connection-run-counts-title"]').withTags(WCAG).analyze();
    expect(result.violations).toEqual([]);
  });
}
