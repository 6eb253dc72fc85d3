import { expect, openPage, test } from './fixtures';
import { serviceClient, signedInUser } from './support/auth';

// Issue 42 "Weekly review": the Dashboard view's card shows the latest review the customer was sent, and /user
// turns the Monday e-mail off (saved). The review itself is made by the server's job (weekly-review.service.test.ts).
const SHOTS = process.env.E2E_SHOTS_DIR;
const DAY = 86_400_000;
const today = Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
const monday = today - ((new Date(today).getUTCDay() + 6) % 7) * DAY;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

test('the Dashboard view shows the latest weekly review (1440 px)', async ({ page }) => {
  const user = await signedInUser(page);
  const admin = await serviceClient();
  const review = (weekStart: number, suggestion: string) => ({
    user_id: user.id,
    week_start: iso(weekStart),
    status: 'sent',
    content: {
      weekStart: iso(weekStart),
      timeZone: 'Europe/London',
      currency: 'GBP',
      metrics: [
        {
          metric: 'revenue',
          period: 'week',
          periodStart: iso(weekStart - 7 * DAY),
          value: 1200,
          previous: 1000,
          changePct: 20,
          direction: 'up',
        },
        {
          metric: 'customers',
          period: 'week',
          periodStart: iso(weekStart - 7 * DAY),
          value: 38,
          previous: 41,
          changePct: 7,
          direction: 'down',
        },
      ],
      plan: {
        title: 'Harbour Bakes: the Christmas push',
        dueThisWeek: [{ title: 'Order Christmas boxes', due: iso(weekStart + 2 * DAY) }],
        late: [{ title: 'Photograph the stollen', due: iso(weekStart - 3 * DAY) }],
      },
      suggestions: [
        suggestion,
        'Post the stollen photos on Instagram on Thursday, when your traffic peaks.',
        'Chase the two late invoices: they hold back £640 of cash flow.',
      ],
      skipped: null,
      credits: 2,
    },
  });
  // an older review, then this week's: the card shows the latest
  const { error } = await admin
    .from('weekly_reviews')
    .insert([review(monday - 7 * DAY, 'Last week’s advice'), review(monday, 'Ring the three wholesale cafés about the Christmas boxes.')]);
  expect(error).toBeNull();

  await page.setViewportSize({ width: 1440, height: 900 });
  await openPage(page, '/dashboard');
  await page.getByRole('button', { name: 'Dashboard', exact: true }).click();
  const card = page.getByRole('region', { name: 'Weekly review' });
  await expect(card.getByText(/^Week of /)).toBeVisible();
  await expect(card.getByRole('listitem').filter({ hasText: 'Revenue £1,200' })).toHaveText(/up 20 % on the week before \(£1,000\)/);
  await expect(card.getByRole('listitem').filter({ hasText: 'Customers 38' })).toHaveText(/down 7 % on the week before \(41\)/);
  await expect(card.getByRole('listitem').filter({ hasText: 'Order Christmas boxes' })).toBeVisible();
  await expect(card.getByRole('listitem').filter({ hasText: 'Photograph the stollen' })).toBeVisible();
  await expect(card.getByText('Ring the three wholesale cafés about the Christmas boxes.')).toBeVisible();
  await expect(card.getByText('Last week’s advice')).toHaveCount(0);
  if (SHOTS) {
    await card.screenshot({ path: `${SHOTS}/weekly-review-card-1440.png` });
    await page.screenshot({ path: `${SHOTS}/weekly-review-dashboard-1440.png`, fullPage: true });
  }
});

test('a review without suggestions says why', async ({ page }) => {
  const user = await signedInUser(page);
  const admin = await serviceClient();
  const { error } = await admin.from('weekly_reviews').insert({
    user_id: user.id,
    week_start: iso(monday),
    status: 'skipped',
    reason: 'out_of_credits',
    content: {
      weekStart: iso(monday),
      timeZone: 'Europe/London',
      currency: 'GBP',
      metrics: [],
      plan: null,
      suggestions: [],
      skipped: 'out_of_credits',
      credits: 0,
    },
  });
  expect(error).toBeNull();
  await page.setViewportSize({ width: 1440, height: 900 });
  await openPage(page, '/dashboard');
  await page.getByRole('button', { name: 'Dashboard', exact: true }).click();
  const card = page.getByRole('region', { name: 'Weekly review' });
  await expect(card.getByText('No suggestions from the coach this week: your account is out of credits.', { exact: false })).toBeVisible();
  await expect(card.getByText('No figures recorded yet.')).toBeVisible();
  if (SHOTS) await card.screenshot({ path: `${SHOTS}/weekly-review-card-skipped-1440.png` });
});

test.describe('time zone', () => {
  test.use({ timezoneId: 'America/New_York' });
  test('/user sets the time zone of the weekly review: Europe/London until chosen, this device in one click, saved (375 px)', async ({
    page,
  }) => {
    const user = await signedInUser(page);
    await page.setViewportSize({ width: 375, height: 900 });
    await openPage(page, '/user');
    const zone = page.getByLabel('Your time zone');
    await expect(zone).toHaveValue('Europe/London');
    const save = page.getByRole('button', { name: 'Save time zone' });
    await expect(save).toBeDisabled();
    await page.getByRole('button', { name: "Use this device's (America/New_York)" }).click();
    await expect(zone).toHaveValue('America/New_York');
    await save.click();
    await expect(page.getByText('Time zone set to America/New_York')).toBeVisible();
    const admin = await serviceClient();
    expect((await admin.from('profiles').select('time_zone').eq('id', user.id).single()).data?.time_zone).toBe('America/New_York');
    await zone.selectOption('Asia/Tokyo');
    await save.click();
    await expect(page.getByText('Time zone set to Asia/Tokyo')).toBeVisible();
    await zone.scrollIntoViewIfNeeded();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/user-time-zone-375.png` });
    await page.reload();
    await expect(zone).toHaveValue('Asia/Tokyo');
  });
});

for (const width of [1440, 375]) {
  test(`/user turns the weekly review off and on, saved (${width} px)`, async ({ page }) => {
    const user = await signedInUser(page);
    await page.setViewportSize({ width, height: 900 });
    await openPage(page, '/user');
    const toggle = page.getByRole('switch', { name: 'Send me a weekly review every Monday' });
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await toggle.click();
    await expect(page.getByText('Weekly reviews off')).toBeVisible();
    const admin = await serviceClient();
    const read = async () => (await admin.from('profiles').select('weekly_review').eq('id', user.id).single()).data?.weekly_review;
    expect(await read()).toBe(false);
    await toggle.scrollIntoViewIfNeeded();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/user-weekly-review-${width}.png` });
    await page.reload();
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    // the plan reminders beside it are untouched
    await expect(page.getByRole('switch', { name: 'Send me a reminder the day before plan tasks are due' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await toggle.click();
    await expect(page.getByText('Weekly reviews on')).toBeVisible();
    expect(await read()).toBe(true);
  });
}

for (const width of [1440, 375]) {
  test(`/admin shows the weekly reviews sent, skipped and failed per week (${width} px)`, async ({ page }) => {
    await signedInUser(page, { admin: true });
    await page.setViewportSize({ width, height: 900 });
    await openPage(page, '/admin');
    await page.getByRole('tab', { name: 'Analytics' }).click();
    const table = page.getByTestId('weekly-review-counts');
    await expect(table.getByRole('columnheader')).toHaveText(['Week of', 'Sent', 'Skipped', 'Failed']);
    await expect(table.getByRole('row')).toHaveCount(7); // the header and six weeks
    await table.scrollIntoViewIfNeeded();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/admin-weekly-reviews-${width}.png` });
  });
}
