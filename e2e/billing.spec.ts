import { expect, test } from './fixtures';
import { startOwnServer } from './support/coach-helpers';
import { startFakeOpenAI, type FakeProvider } from './support/fake-openai';
import { FAKE_STRIPE_SECRET_KEY, FAKE_STRIPE_WEBHOOK_SECRET, startFakeStripe, type FakeStripe } from '../server/test/support/fake-stripe';

// Issue 41: a customer whose trial ended pays for Pro on (the stand-in's) Stripe Checkout; the signed webhooks move
// the plan and grant the credits, and the coach answers again. Its own server: the OpenAI and Stripe stand-ins.
const SHOTS = process.env.E2E_SHOTS_DIR;

let openai: FakeProvider;
let stripe: FakeStripe;
let site: Awaited<ReturnType<typeof startOwnServer>>;

test.describe('Money in', () => {
  test.describe.configure({ mode: 'serial', timeout: 180_000 });

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    openai = await startFakeOpenAI();
    stripe = await startFakeStripe(() => `${site.server.url}/api/billing/stripe-webhook`);
    site = await startOwnServer('billing', {
      AI_PROVIDER: 'openai-compatible',
      AI_BASE_URL: openai.baseURL,
      AI_API_KEY: 'x',
      AI_MODEL: 'test',
      STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
      STRIPE_PRICE_BASIC_GBP: 'price_basic_gbp',
      STRIPE_PRICE_PRO_GBP: 'price_pro_gbp',
      STRIPE_PRICE_GROWTH_GBP: 'price_growth_gbp',
      STRIPE_PRICE_TOPUP_5000_GBP: 'price_topup_5000_gbp',
    });
  });
  test.afterAll(async () => {
    await site?.close();
    await stripe?.close();
    await openai?.close();
  });

  test('trial ended → choose Pro → Stripe checkout completes → the coach answers again', async ({ page, pageErrors }) => {
    pageErrors.expectError(/status of 403/); // the coach refuses while there is no plan, on purpose
    const user = await site.signedInUser(page);
    const ended = await site.admin
      .from('subscriptions')
      .update({ trial_ends_at: new Date(Date.now() - 86_400_000).toISOString() })
      .eq('user_id', user.id);
    expect(ended.error).toBeNull();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${site.server.url}/dashboard`);

    await page.getByRole('button', { name: /AI Business Coach/ }).click();
    const panel = page.getByRole('complementary', { name: 'AI assistant' });
    const box = panel.getByRole('textbox', { name: 'Message the AI coach' });
    await box.fill('Are you still there?');
    await box.press('Enter');
    await expect(panel.getByTestId('coach-error')).toContainText('plan');
    expect(openai.requests()).toHaveLength(0);

    await page.getByRole('button', { name: 'Your Plan' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Your Plan' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Contact Team' })).toBeVisible();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/your-plan-checkout-1440.png` });
    await dialog.getByRole('button', { name: 'Choose Pro' }).click();
    // The stand-in's hosted page completes the session, sends the signed webhooks, and redirects back.
    await page.waitForURL(/\/dashboard\?checkout=success$/);
    const checkout = stripe.requests.find((r) => r.path === '/v1/checkout/sessions')!;
    expect(checkout.params).toMatchObject({ mode: 'subscription', 'line_items[0][price]': 'price_pro_gbp', client_reference_id: user.id });
    const { data: sub } = await site.admin.from('subscriptions').select('plan_id, status').eq('user_id', user.id).single();
    expect(sub).toEqual({ plan_id: 'pro', status: 'active' });

    openai.script({ text: 'Welcome back to Pro!', usage: { inputTokens: 900, outputTokens: 100 } });
    await page.getByRole('button', { name: /AI Business Coach/ }).click();
    const again = page.getByRole('complementary', { name: 'AI assistant' });
    await again.getByRole('textbox', { name: 'Message the AI coach' }).fill('Are you there now?');
    await again.getByRole('textbox', { name: 'Message the AI coach' }).press('Enter');
    await expect(again.getByText('Welcome back to Pro!')).toBeVisible();
    await expect(again.getByTestId('coach-usage')).toHaveText('1 credit used, 4,999 left');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'The Brain' }).click();
    await expect(page.getByText('4,999 / 5,000')).toBeVisible();
    // renewal date, this month's grant apart from top-ups, and the invoice Stripe holds
    const renews = new Date(Date.now() + 30 * 86_400_000).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
    await expect(page.getByTestId('brain-renewal')).toHaveText(`Renews on ${renews}`);
    const split = page.getByTestId('brain-credit-split');
    await expect(split).toContainText("This month's credits: 4,999 of 5,000 left");
    await expect(split).toContainText('Top-ups and added credits: 0');
    const invoices = page.getByRole('region', { name: 'Invoices' });
    await expect(invoices.getByRole('listitem')).toHaveCount(1);
    await expect(invoices.getByRole('listitem')).toContainText('£299.00');
    await expect(invoices.getByRole('link', { name: 'View' })).toHaveAttribute('href', /\/invoices\/in_/);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/brain-after-checkout-1440.png`, fullPage: true });
  });

  test('operator path: a request reaches the inbox with its sender; the Users tab grants credits with a reason', async ({ page }) => {
    const customer = await site.admin.auth.admin.createUser({
      email: `cust-${Date.now()}@example.com`,
      password: 'Pw-correct-horse-9',
      email_confirm: true,
      user_metadata: { first_name: 'Grace', surname: 'Hopper' },
    });
    expect(customer.error).toBeNull();
    const cid = customer.data.user!.id;
    const email = customer.data.user!.email!;
    // the customer asks for credits from Your Plan (without Stripe, a request the operators see)
    const asCustomer = await site.userClient(email, 'Pw-correct-horse-9');
    expect((await asCustomer.from('plan_requests').insert({ kind: 'top_up', detail: '5000 credits' })).error).toBeNull();
    await site.signedInUser(page, { admin: true });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${site.server.url}/admin`);
    await page.getByRole('tab', { name: 'Inbox' }).click();
    await expect(page.getByRole('button', { name: 'Plan and credit requests' })).toHaveAttribute('aria-pressed', 'true');
    const request = page.getByRole('listitem').filter({ hasText: `Grace Hopper <${email}>` });
    await expect(request).toContainText('Credit top-up');
    await expect(request).toContainText('5000 credits');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/admin-inbox-requests-1440.png` });
    await page.getByRole('tab', { name: 'Users' }).click();
    await page.getByRole('textbox', { name: 'Search users by email or name' }).fill(email);
    await expect(page.getByRole('region', { name: 'Users' }).getByRole('listitem')).toHaveCount(1);
    const row = page.getByRole('listitem').filter({ hasText: email });
    await row.getByRole('button', { name: 'Plan and credits' }).click();
    const dialog = page.getByRole('dialog', { name: 'Plan and credits' });
    await dialog.getByLabel('Credits', { exact: true }).fill('1500');
    await dialog.getByLabel('Reason', { exact: true }).fill('Goodwill after an outage');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/admin-users-plan-credits-1440.png` });
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText(`1,500 credits added for ${email}`)).toBeVisible();
    const { data: rows } = await site.admin.from('credit_ledger').select('delta, reason').eq('user_id', cid).order('id');
    expect(rows!.at(-1)).toEqual({ delta: 1500, reason: 'admin_grant' });
    const audit = await site.server.ctx.db.query(
      `select 1 from public.security_audit_log where event_type = 'billing.credits_granted' and event_details ->> 'user_id' = $1`,
      [cid],
    );
    expect(audit.rows).toHaveLength(1);
    const outbox = await site.server.ctx.mailer.outbox();
    expect(outbox.find((m) => m.to === email)?.subject).toBe('Credits added to your account');
    // the customer sees it at once: the grant carries over, apart from the monthly credits
    const { data: summary } = await asCustomer.rpc('credit_summary');
    expect(summary).toMatchObject({ extra_left: 1500, monthly_left: 2000 });

    await page.getByRole('tab', { name: 'Inbox' }).click();
    await request.getByRole('button', { name: 'Mark handled' }).click();
    await expect(page.getByText('Marked as handled')).toBeVisible();
    await expect(request).toHaveCount(0);
  });
});
