import type { Page } from '@playwright/test';
import { expect, openPage, shot, test } from './fixtures';
import { serviceClient, signedInUser } from './support/auth';
import { decideConsent } from './support/public-helpers';

// issue 42: the customer imports a Shopify orders export on the Dashboard view, sees the preview, imports it and
// sees the charts take the figures

const monthStart = (back: number) => {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - back, 1)).toISOString().slice(0, 10);
};
const day = (back: number, dayOfMonth: number) => `${monthStart(back).slice(0, 8)}${String(dayOfMonth).padStart(2, '0')}`;

/** A Shopify orders export in its real columns: line items after an order's first have no totals. */
function shopifyExport(rows: [string, string, string, string, string][]) {
  const header =
    'Name,Email,Financial Status,Paid at,Fulfillment Status,Currency,Subtotal,Shipping,Taxes,Total,Discount Code,Created at,Lineitem quantity,Lineitem name,Lineitem price,Refunded Amount';
  return [
    header,
    ...rows.map(([name, email, status, total, created]) =>
      [
        name,
        email,
        status,
        '',
        'fulfilled',
        total ? 'GBP' : '',
        total,
        total ? '0.00' : '',
        '',
        total,
        '',
        `${created} 10:00:00 +0000`,
        '1',
        'Loaf',
        '4.00',
        total ? '0.00' : '',
      ].join(','),
    ),
  ].join('\n');
}

async function openImport(page: Page) {
  await openPage(page, '/dashboard');
  await page.getByRole('button', { name: 'Dashboard', exact: true }).click();
  await page.getByRole('button', { name: 'Import CSV' }).click();
  return page.getByTestId('csv-import');
}

test('imports a Shopify orders export: preview, import, the charts take the figures (1440 px)', async ({ page }) => {
  // a decided visitor: the cookie prompt stays out of the screenshots (choosing on the page reloads it)
  await decideConsent(page);
  const user = await signedInUser(page);
  const admin = await serviceClient();
  expect(
    (
      await admin
        .from('business_profiles')
        .update({ key_metrics: ['revenue'] })
        .eq('user_id', user.id)
    ).error,
  ).toBeNull();
  // tall enough for the whole panel: a full-page or element capture beyond the window resizes it for a moment, and
  // the Dashboard view swaps to "Desktop Required" on a resize it sees under 1024 px, losing the panel's state
  await page.setViewportSize({ width: 1440, height: 2400 });
  const panel = await openImport(page);

  const csv = shopifyExport([
    ['#1001', 'ann@example.com', 'paid', '250.00', day(1, 3)],
    ['#1002', 'bob@example.com', 'paid', '1200.00', day(0, 1)],
    ['#1002', '', '', '', day(0, 1)],
    ['#1003', 'Ann@Example.com', 'paid', '73.40', day(0, 2)],
    ['#1004', 'cy@example.com', 'voided', '99.00', day(0, 2)],
  ]);
  await panel.getByLabel('CSV file').setInputFiles({ name: 'orders_export.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(panel.getByRole('combobox', { name: 'Format' })).toHaveValue('shopify');
  await expect(panel.getByRole('table', { name: 'The first rows of the file' }).locator('tbody tr')).toHaveCount(5);
  await expect(panel.getByTestId('csv-rows-summary')).toHaveText('5 rows read: 3 used, 2 with nothing to add up.');
  const figures = panel.getByRole('table', { name: 'Figures that will be written' });
  await expect(figures.locator('tbody tr')).toHaveText([
    `${monthStart(1)}Revenue£250`,
    `${monthStart(1)}Customers1`,
    `${monthStart(0)}Revenue£1,273.4`,
    `${monthStart(0)}Customers2`,
  ]);
  await expect(panel.getByTestId('csv-row-problems')).toHaveCount(0);
  await shot(page, 'csv-preview-1440');

  await panel.getByRole('button', { name: 'Import 4 figures' }).click();
  await expect(panel.getByTestId('csv-import-done')).toHaveText('Imported: 4 added, 0 updated, 0 unchanged.');
  const revenue = page.getByTestId('metric-chart-revenue');
  await expect(revenue.getByRole('row').last()).toHaveText(/£1,273\.4/);
  await expect(revenue.getByTestId('metric-change')).toHaveText('Up 409 % on the previous month (month to date)');
  // customers were not tracked: the import made them so, and they are charted
  await expect(page.getByTestId('metric-chart-customers').getByRole('row').last()).toHaveText(/2$/);
  await shot(page, 'csv-imported-1440');

  const { data } = await admin
    .from('metric_values')
    .select('metric_id, period_start, value, source')
    .eq('user_id', user.id)
    .order('period_start')
    .order('metric_id');
  expect(data).toEqual([
    { metric_id: 'customers', period_start: monthStart(1), value: 1, source: 'csv' },
    { metric_id: 'revenue', period_start: monthStart(1), value: 250, source: 'csv' },
    { metric_id: 'customers', period_start: monthStart(0), value: 2, source: 'csv' },
    { metric_id: 'revenue', period_start: monthStart(0), value: 1273.4, source: 'csv' },
  ]);

  // the same file again: nothing new, the counts say so
  await panel.getByRole('button', { name: 'Import 4 figures' }).click();
  await expect(panel.getByTestId('csv-import-done')).toHaveText('Imported: 0 added, 0 updated, 4 unchanged.');
});

test('lists the rows to fix with their numbers and imports nothing until they are fixed (1024 px)', async ({ page }) => {
  // a decided visitor: the cookie prompt stays out of the screenshots (choosing on the page reloads it)
  await decideConsent(page);
  const user = await signedInUser(page);
  const admin = await serviceClient();
  // the Dashboard view is for screens 1024 px wide and more (the specification): a phone is told so, no import
  await page.setViewportSize({ width: 375, height: 812 });
  await openPage(page, '/dashboard');
  await expect(page.getByRole('heading', { name: 'Desktop Required' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Import CSV' })).toHaveCount(0);
  await shot(page, 'csv-dashboard-375', { fullPage: true });
  await page.setViewportSize({ width: 1024, height: 2400 }); // tall, for the captures (see the first test)
  const panel = await openImport(page);
  const csv = shopifyExport([
    ['#2001', 'ann@example.com', 'paid', '40.00', day(0, 1)],
    ['#2002', 'bob@example.com', 'paid', 'forty', day(0, 1)],
    ['#2003', 'cy@example.com', 'paid', '12.00', '31/02/2026'],
  ]);
  await panel.getByLabel('CSV file').setInputFiles({ name: 'orders_export.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  const problems = panel.getByTestId('csv-row-problems');
  await expect(problems.getByRole('listitem')).toHaveText([
    'Row 3, Total "forty": not a number (write 1234.50, not 1.234,50).',
    'Row 4, Created at "31/02/2026 10:00:00 +0000": not a date that can be read.',
  ]);
  await expect(problems.getByText('2 rows need fixing before anything is imported')).toBeVisible();
  await expect(panel.getByRole('combobox', { name: 'Dates like 03/04/2026 are' })).toHaveValue('dmy');
  await expect(panel.getByRole('button', { name: /^Import \d+ figures?$/ })).toBeDisabled();
  await shot(page, 'csv-problems-1024');

  // a file without the columns a preset needs says which are missing; the own-columns mapping reads it
  await panel.getByLabel('CSV file').setInputFiles({
    name: 'weekly.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`Week,Visitors,Leads\n${day(0, 1)},1200,30\n${day(0, 2)},300,4\n`),
  });
  await expect(panel.getByRole('combobox', { name: 'Format' })).toHaveValue('columns');
  await expect(panel.getByRole('combobox', { name: 'Date column' })).toHaveValue('Week');
  await panel.getByRole('combobox', { name: 'is the metric' }).selectOption('traffic');
  await panel.getByRole('button', { name: 'Add a column' }).click();
  await panel.getByRole('combobox', { name: 'is the metric' }).nth(1).selectOption('leads');
  await expect(panel.getByRole('table', { name: 'Figures that will be written' }).locator('tbody tr')).toHaveText([
    `${monthStart(0)}Leads34`,
    `${monthStart(0)}Website traffic1,500`,
  ]);
  await expect(panel.getByRole('combobox', { name: 'Dates like 03/04/2026 are' })).toHaveCount(0); // ISO dates need no order
  await shot(page, 'csv-mapping-1024');
  await panel.getByRole('combobox', { name: 'Format' }).selectOption('stripe');
  await expect(panel.getByRole('alert')).toHaveText('This file lacks the columns this format needs: Created date (UTC), Amount, Status');
  await expect(panel.getByRole('button', { name: /^Import/ })).toHaveCount(0);
  const { count } = await admin.from('metric_values').select('id', { count: 'exact', head: true }).eq('user_id', user.id);
  expect(count).toBe(0);
});
