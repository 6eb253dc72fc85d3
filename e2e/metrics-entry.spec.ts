import { expect, openPage, test } from './fixtures';
import { serviceClient, signedInUser } from './support/auth';

const SHOTS = process.env.E2E_SHOTS_DIR;

// issue 42 item 2: the customer records this month's figure on the Dashboard view and sees the last one beside it
const monthStart = (back: number) => {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - back, 1)).toISOString().slice(0, 10);
};

test('the Dashboard view records a figure, shows the last one beside it and refuses nonsense (1440 px)', async ({ page }) => {
  const user = await signedInUser(page);
  const admin = await serviceClient();
  expect(
    (
      await admin
        .from('business_profiles')
        .update({ key_metrics: ['revenue', 'cashflow'] })
        .eq('user_id', user.id)
    ).error,
  ).toBeNull();
  // eleven months of revenue before this one
  const rows = Array.from({ length: 11 }, (_, i) => ({
    user_id: user.id,
    metric_id: 'revenue',
    period: 'month',
    period_start: monthStart(11 - i),
    value: 9000 + i * 250,
  }));
  // and twelve months of cash flow, ending this month, with a revenue target
  const cash = Array.from({ length: 12 }, (_, i) => ({
    user_id: user.id,
    metric_id: 'cashflow',
    period: 'month',
    period_start: monthStart(11 - i),
    value: [1200, -300, 800, 1500, 400, -100, 900, 2100, 1700, 600, 1300, 1560][i]!,
  }));
  expect((await admin.from('metric_values').insert([...rows, ...cash])).error).toBeNull();
  expect((await admin.from('tracked_metrics').insert({ user_id: user.id, metric_id: 'revenue', target: 12000 })).error).toBeNull();

  await page.setViewportSize({ width: 1440, height: 900 });
  await openPage(page, '/dashboard');
  await page.getByRole('button', { name: 'Dashboard', exact: true }).click();
  const form = page.getByRole('form', { name: 'Record your numbers' });
  await expect(form.getByRole('combobox', { name: 'Metric' })).toHaveValue('revenue');
  await expect(form.getByRole('combobox', { name: 'Metric' }).locator('option')).toHaveText(['Revenue', 'Cash flow']);
  await expect(form.getByTestId('metric-last-value')).toHaveText(`Last recorded: £11,500 (${monthStart(1)})`);

  const figure = form.getByRole('textbox', { name: 'Figure' });
  await figure.fill('not a number');
  await form.getByRole('button', { name: 'Save figure' }).click();
  await expect(form.getByRole('alert')).toHaveText(
    'Enter a number in range: money up to 1 trillion, whole counts of 0 or more, percentages 0 to 100.',
  );
  await expect(figure).toHaveAttribute('aria-invalid', 'true');

  await figure.fill('11240');
  await form.getByRole('button', { name: 'Save figure' }).click();
  await expect(page.getByText('Figure saved')).toBeVisible();
  await expect(form.getByRole('alert')).toHaveCount(0);
  // the charts: 11,240 against 11,500 the month before, the target beside it; the numbers also in a table
  const revenue = page.getByTestId('metric-chart-revenue');
  await expect(revenue.getByTestId('metric-change')).toHaveText('Down 2 % on the previous month (month to date) · Target £12,000');
  await expect(revenue.locator('.recharts-line')).toBeVisible();
  await expect(revenue.getByRole('table')).toHaveAccessibleName('Revenue, last 12 months');
  await expect(revenue.getByRole('table').locator('tbody tr')).toHaveCount(12);
  await expect(revenue.getByRole('row').last()).toHaveText(/£11,240/);
  await expect(page.getByTestId('metric-chart-cashflow').getByTestId('metric-change')).toHaveText(
    'Up 20 % on the previous month (month to date)',
  );
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/dashboard-entry-1440.png`, fullPage: true });
  const saved = await admin
    .from('metric_values')
    .select('value, source')
    .eq('user_id', user.id)
    .eq('period_start', monthStart(0))
    .eq('metric_id', 'revenue');
  expect(saved.data).toEqual([{ value: 11240, source: 'manual' }]);

  // entering it again replaces the month's figure rather than adding one
  await figure.fill('11300');
  await form.getByRole('button', { name: 'Save figure' }).click();
  await expect
    .poll(
      async () =>
        (
          await admin
            .from('metric_values')
            .select('value')
            .eq('user_id', user.id)
            .eq('metric_id', 'revenue')
            .eq('period_start', monthStart(0))
        ).data,
    )
    .toEqual([{ value: 11300 }]);
});

// issue 42 item 4: the fields the health score counts are editable on the Dashboard view, and the score reaches 100 %
test('the Dashboard view fills in target audience and monthly revenue and the health score reaches 100 % (1440 px)', async ({ page }) => {
  const user = await signedInUser(page);
  const admin = await serviceClient();
  const seeded = await admin
    .from('business_profiles')
    .update({
      business_name: 'Crumb & Co',
      industry: 'Food',
      goals: ['revenue'],
      team_size: '2-5 people',
      target_audience: null,
      monthly_revenue: null,
    })
    .eq('user_id', user.id);
  expect(seeded.error).toBeNull();
  await page.setViewportSize({ width: 1440, height: 900 });
  await openPage(page, '/dashboard');
  await page.getByRole('button', { name: 'Dashboard', exact: true }).click();
  await expect(page.getByTestId('health-score')).toHaveText('71%');
  const form = page.getByRole('form', { name: 'Fill in your essentials' });
  await form.getByRole('textbox', { name: 'Target audience' }).fill('Families and offices within 3 miles');
  await form.getByRole('textbox', { name: 'Monthly revenue' }).fill('£11,000');
  await form.getByRole('button', { name: 'Save essentials' }).click();
  await expect(page.getByText('Profile saved')).toBeVisible();
  await expect(page.getByTestId('health-score')).toHaveText('100%');
  await expect(page.getByRole('link', { name: 'Complete your profile' })).toHaveCount(0);
  const { data } = await admin.from('business_profiles').select('target_audience, monthly_revenue').eq('user_id', user.id).single();
  expect(data).toEqual({ target_audience: 'Families and offices within 3 miles', monthly_revenue: '£11,000' });
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/dashboard-health-1440.png`, fullPage: true });
});

test('/user edits the same health-score essentials (390 px)', async ({ page }) => {
  const user = await signedInUser(page);
  const admin = await serviceClient();
  await page.setViewportSize({ width: 390, height: 844 });
  await openPage(page, '/user');
  const form = page.getByRole('form', { name: 'Fill in your essentials' });
  await form.getByRole('textbox', { name: 'Target audience' }).fill('Local cafés');
  await form.getByRole('textbox', { name: 'Monthly revenue' }).fill('$8,000');
  await form.getByRole('combobox', { name: 'Team size' }).selectOption('Just me (Solo)');
  await form.getByRole('button', { name: 'Save essentials' }).click();
  await expect(page.getByText('Profile saved')).toBeVisible();
  const { data } = await admin
    .from('business_profiles')
    .select('target_audience, monthly_revenue, team_size')
    .eq('user_id', user.id)
    .single();
  expect(data).toEqual({ target_audience: 'Local cafés', monthly_revenue: '$8,000', team_size: 'Just me (Solo)' });
  if (SHOTS) await form.screenshot({ path: `${SHOTS}/user-essentials-390.png` });
});
