import { expect, test } from './fixtures';
import { startOwnServer } from './support/coach-helpers';
import { startFakeOpenAI, type FakeProvider } from './support/fake-openai';
import { FAKE_STRIPE_SECRET_KEY, startFakeStripe, type FakeStripe } from '../server/test/support/fake-stripe';
import { lastMonthStarts } from '../server/src/metrics/stripe-source';

// Issue 42: the customer connects their Stripe account read-only, sees revenue on the chart, and asks the coach how
// revenue did last month; the coach reads the series (the provider stand-in asks for it) and answers with the figure.
const SHOTS = process.env.E2E_SHOTS_DIR;
let openai: FakeProvider;
let stripe: FakeStripe;
let site: Awaited<ReturnType<typeof startOwnServer>>;

const [, , , , , , , , , twoAgo, lastMonth, thisMonth] = lastMonthStarts(new Date());
const at = (start: string, day: number) => Math.min(Date.parse(`${start}T12:00:00Z`) + (day - 1) * 86400_000, Date.now() - 60_000) / 1000;

test.describe('Read-only Stripe and the coach', () => {
  test.describe.configure({ mode: 'serial', timeout: 180_000 });

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    openai = await startFakeOpenAI();
    stripe = await startFakeStripe(() => `${site.server.url}/api/billing/stripe-webhook`);
    site = await startOwnServer('metrics-stripe', {
      AI_PROVIDER: 'openai-compatible',
      AI_BASE_URL: openai.baseURL,
      AI_API_KEY: 'x',
      AI_MODEL: 'test',
      STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY,
      STRIPE_API_URL: stripe.url,
    });
  });
  test.afterAll(async () => {
    await site?.close();
    await stripe?.close();
    await openai?.close();
  });

  test('connect a restricted key, see the months on the chart, ask the coach about last month (1440 px)', async ({ page, pageErrors }) => {
    pageErrors.expectError(/status of 400/); // the secret key is refused, on purpose
    const user = await site.signedInUser(page);
    expect(
      (
        await site.admin
          .from('business_profiles')
          .update({ key_metrics: ['revenue'] })
          .eq('user_id', user.id)
      ).error,
    ).toBeNull();
    const key = `rk_test_e2e${Date.now().toString(36)}abcdefghij`;
    stripe.account(key, {
      charges: [
        { amount: 1_221_800, currency: 'gbp', created: at(twoAgo, 3), customer: 'cus_1' },
        { amount: 1_000_000, currency: 'gbp', created: at(lastMonth, 4), customer: 'cus_1' },
        { amount: 124_000, currency: 'gbp', created: at(lastMonth, 9), customer: 'cus_2' },
        { amount: 300_000, currency: 'gbp', created: at(thisMonth, 1), customer: 'cus_3' },
      ],
    });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${site.server.url}/dashboard`);
    await page.getByRole('button', { name: 'Dashboard', exact: true }).click();
    const stripeBox = page.getByRole('region', { name: 'Stripe (read-only)' });
    const field = stripeBox.getByLabel('Restricted key');

    // a secret key is refused with the reason, and the typing stays to be corrected
    await field.fill('sk_live_abcdefghijklmnopqrstuvwx');
    await stripeBox.getByRole('button', { name: 'Connect Stripe' }).click();
    await expect(stripeBox.getByRole('alert')).toHaveText(
      'Paste a restricted key (it starts with rk_). A secret key can change your Stripe account, so it is refused.',
    );
    await expect(field).toHaveValue('sk_live_abcdefghijklmnopqrstuvwx');

    await field.fill(key);
    await stripeBox.getByRole('button', { name: 'Connect Stripe' }).click();
    await expect(page.getByText('Stripe connected: 3 months read')).toBeVisible();
    await expect(stripeBox.getByTestId('stripe-source-state')).toContainText(`Connected with ${key.slice(0, 8)}…${key.slice(-4)}`);
    await expect(stripeBox.getByTestId('stripe-source-state')).toContainText('Last read');
    const chart = page.getByTestId('metric-chart-revenue');
    await expect(chart.getByRole('table').locator('tbody tr').filter({ hasText: '£11,240' })).toHaveCount(1);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/metrics-stripe-connected-1440.png`, fullPage: true });

    // the coach: the stand-in asks for the series first, then answers from what it was given
    openai.reset();
    openai.script(
      {
        toolCalls: [{ name: 'readMetricSeries', arguments: { metric: 'revenue', period: 'month' } }],
        usage: { inputTokens: 900, outputTokens: 20 },
      },
      { text: 'Revenue was £11,240 last month, down 8 % on the month before.', usage: { inputTokens: 1000, outputTokens: 40 } },
    );
    await page.getByRole('button', { name: /AI Business Coach/ }).click();
    const panel = page.getByRole('complementary', { name: 'AI assistant' });
    await panel.getByRole('textbox', { name: 'Message the AI coach' }).fill('How did revenue do last month?');
    await panel.getByRole('textbox', { name: 'Message the AI coach' }).press('Enter');
    await expect(panel.getByText('Revenue was £11,240 last month, down 8 % on the month before.')).toBeVisible();
    const [first, second] = openai.requests();
    // the prompt already carried the latest figures; the tool's answer carried last month's revenue from Stripe
    expect(JSON.stringify(first!.body)).toContain('Latest figures');
    const toolMessage = (second!.body.messages as { role: string; content: string }[]).at(-1)!;
    expect(toolMessage.role).toBe('tool');
    expect(JSON.parse(toolMessage.content).values).toContainEqual({ periodStart: lastMonth, value: 11240 });
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/metrics-stripe-coach-1440.png` });
  });
});
