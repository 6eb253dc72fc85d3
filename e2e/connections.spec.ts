import type { Page } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { startReceiver, type Receiver } from '../server/test/support/webhook-receiver';
import { expect, openPage, test } from './fixtures';
import { serviceClient, signedInUser } from './support/auth';
import { axeBuilder } from './support/axe';

// Issue 40: the customer's screens for connections that run, against the e2e server (which allows private addresses:
// CONNECTIONS_ALLOW_PRIVATE_NETWORKS in e2e/support/operator-settings.json) and a real local receiver.
const SHOTS = process.env.E2E_SHOTS_DIR;
/**
 * The whole page, taken with a viewport as tall as the page rather than `fullPage`: Chromium's full-page capture
 * passes through a narrower window, and the desktop-only dashboard redraws itself (losing what the view holds).
 */
const shot = async (page: Page, name: string) => {
  if (!SHOTS) return;
  const size = page.viewportSize()!;
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: size.width, height: Math.max(size.height, height) });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
  await page.setViewportSize(size);
};
const baseURL = () => `http://127.0.0.1:${process.env.E2E_PORT}`;

async function axe(page: Page) {
  const result = await axeBuilder(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
}

/** A signed-in customer on `plan` (new accounts trial Basic, which cannot create connections). */
async function customer(page: Page, plan: 'basic' | 'pro' = 'pro') {
  const user = await signedInUser(page);
  const admin = await serviceClient();
  if (plan !== 'basic')
    expect((await admin.from('subscriptions').update({ plan_id: plan, status: 'active' }).eq('user_id', user.id)).error).toBeNull();
  return { user, admin };
}

/** POSTs JSON to the address the page showed (on this test's host: the address names SITE_URL's). */
const trigger = (address: string, body: unknown) =>
  fetch(`${baseURL()}${new URL(address).pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

test.describe('Connections', () => {
  test.describe.configure({ timeout: 180_000 });
  let rx: Receiver;
  test.beforeAll(async () => {
    rx = await startReceiver();
  });
  test.afterAll(async () => {
    await rx?.close();
  });
  test.beforeEach(async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.addInitScript(() => {
      localStorage.setItem(
        'cookie-consent',
        JSON.stringify({ necessary: true, performance: false, functional: false, targeting: false, accepted: true }),
      );
      localStorage.setItem('cookie-consent-version', '1');
    });
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  test('built from a saved idea: shown-once secrets, a test run, switched on, runs that succeed, fail and re-run', async ({ page }) => {
    const { user, admin } = await customer(page);
    const { data: idea } = await admin
      .from('connection_ideas')
      .insert({
        user_id: user.id,
        from_tool: 'Shopify',
        to_tool: 'Xero',
        idea: 'When an order is paid in Shopify, create an invoice in Xero',
      })
      .select('id')
      .single();
    // an older connection of another kind, so the list has two
    await admin.from('connections').insert({
      user_id: user.id,
      name: 'Monday summary',
      trigger: { type: 'schedule', every: 'week', at: '08:00', weekday: 1, timezone: 'Europe/London' },
      steps: [{ type: 'email', subject: 'Your week', body: 'Scheduled for {{scheduled_for}}' }],
    });

    await openPage(page, '/dashboard');
    await page.getByRole('button', { name: 'Builder', exact: true }).click();
    await page.getByRole('link', { name: 'Build this connection: Shopify to Xero' }).click();
    await expect(page.getByRole('heading', { name: 'Connections', level: 1 })).toBeVisible();
    const form = page.getByRole('form', { name: 'New connection' });
    await expect(form.getByText('Built from your connection idea.')).toBeVisible();
    await expect(form.getByLabel('Name', { exact: true })).toHaveValue('Shopify → Xero');
    await expect(form.getByRole('radio', { name: 'Inbound webhook' })).toBeChecked();
    await expect(form.getByLabel('Action', { exact: true })).toHaveValue('webhook');

    // an empty address is refused with the field's error; what was typed stays
    await form.getByLabel('Name', { exact: true }).fill('Shopify orders to Xero');
    await form.getByRole('button', { name: 'Create connection' }).click();
    await expect(form.getByText('Address (URL) must be an http:// or https:// address')).toBeVisible();
    await expect(form.getByLabel('Address (URL)')).toBeFocused();
    await expect(form.getByLabel('Name', { exact: true })).toHaveValue('Shopify orders to Xero');

    await form.getByLabel('Address (URL)').fill(`${rx.url}/orders`);
    for (const [field, template] of [
      ['order', '{{order.id}}'],
      ['total', '{{ order.total }}'],
      ['phone', '{{customer.phone}}'],
    ]) {
      await form.getByRole('button', { name: 'Add a field' }).click();
      await form
        .getByLabel(/^Field \d+$/)
        .last()
        .fill(field);
      await form
        .getByLabel(/^Value \d+$/)
        .last()
        .fill(template);
    }
    // the preview renders the templates against the sample payload and names the field it lacks
    const preview = form.getByTestId('template-preview');
    await expect(preview).toContainText('A-1001');
    await expect(preview).toContainText('42.5');
    await expect(preview.getByTestId('preview-missing')).toHaveText('Missing in the payload: customer.phone');
    await shot(page, 'connections-form-preview-1440');
    await axe(page);
    await form.getByRole('button', { name: 'Remove field 3' }).click();
    await expect(preview).toContainText('Every field is in the payload.');
    await form.getByRole('button', { name: 'Create connection' }).click();

    // the address and the secret, shown once, with copy buttons
    const once = page.getByTestId('shown-once');
    await expect(once.getByRole('heading', { name: 'Copy these now: they are shown once' })).toBeVisible();
    const [address, secret] = await once.getByTestId('shown-once-value').allTextContents();
    expect(address).toMatch(/\/hooks\/v1\/[0-9a-f]{64}$/);
    expect(secret).toMatch(/^whsec_/);
    await once.getByRole('button', { name: 'Copy signing secret' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await shot(page, 'connections-shown-once-1440');
    await expect(once.getByTestId('shown-once-value')).toHaveText([address!, secret!]);
    const { data: stored } = await admin
      .from('connections')
      .select('id, enabled, origin, inbound_token, signing_secret')
      .eq('user_id', user.id)
      .eq('name', 'Shopify orders to Xero')
      .single();
    expect(stored).toMatchObject({ enabled: false, origin: { kind: 'idea', id: idea!.id }, inbound_token: null, signing_secret: null });
    // paused: the address refuses until it is switched on
    expect((await trigger(address!, { early: true })).status).toBe(409);

    // a test with the sample payload: the receiver gets it signed with the secret shown once
    const detail = page.getByTestId('connection-detail');
    await expect(detail.getByText('Test it with a sample payload, then switch it on.')).toBeVisible();
    await expect(detail.getByLabel('Sample payload (JSON)')).toHaveValue(/"A-1001"/);
    const before = rx.received.length;
    await detail.getByRole('button', { name: 'Run test' }).click();
    const history = detail.getByTestId('run-history');
    const testRun = history.getByTestId('run').first();
    await expect(testRun).toHaveAttribute('data-status', 'succeeded', { timeout: 20_000 });
    await expect(testRun).toContainText('Test');
    // started from here, it opens by itself: the step, its request and the receiver's answer
    await expect(testRun.getByTestId('run-step')).toContainText('Step 1 · Send a webhook · attempt 1');
    await expect(testRun.getByTestId('run-step')).toContainText('HTTP 200');
    await expect(testRun.getByTestId('run-step')).toContainText('[redacted]');
    const [sent] = (await rx.waitFor(before + 1)).slice(before);
    expect(new Webhook(secret!).verify(sent!.body, sent!.headers as Record<string, string>)).toMatchObject({
      type: 'connection.run',
      data: { order: 'A-1001', total: '42.5' },
    });

    // switched on, the address takes runs; each arrives in the history without a reload
    await detail.getByRole('switch', { name: 'Switched on' }).click();
    await expect(detail.getByTestId('connection-state')).toHaveText('On');
    await expect
      .poll(async () => (await admin.from('connections').select('enabled').eq('id', stored!.id).single()).data?.enabled)
      .toBe(true);
    expect((await trigger(address!, { order: { id: 'B-2', total: 10 }, customer: { name: 'Grace' } })).status).toBe(202);
    const runs = history.getByTestId('run');
    await expect(runs).toHaveCount(2, { timeout: 20_000 });
    await expect(runs.first()).toHaveAttribute('data-status', 'succeeded', { timeout: 20_000 });
    await expect(runs.first()).toContainText('Triggered');
    await expect(page.getByTestId('connection-list').getByRole('listitem').first()).toContainText('Succeeded');
    await shot(page, 'connections-list-1440');

    // a receiver that answers 422 is not retried: the run fails at once
    rx.script.push(422);
    expect((await trigger(address!, { order: { id: 'C-3', total: 99 } })).status).toBe(202);
    await expect(runs).toHaveCount(3, { timeout: 20_000 });
    const failed = runs.first();
    await expect(failed).toHaveAttribute('data-status', 'failed', { timeout: 20_000 });
    await expect(failed).toContainText('Step 1 (webhook) failed: The receiver answered 422');
    await expect(failed).toContainText('1 attempt');

    // the Overview says so, and links to the history
    await page.getByRole('button', { name: 'Dashboard', exact: true }).click();
    const attention = page.getByTestId('connections-attention');
    await expect(attention.getByRole('heading', { name: 'Connections needing attention' })).toBeVisible();
    await expect(attention).not.toContainText('Monday summary');
    await shot(page, 'connections-attention-1440');
    await axe(page);
    await attention.getByRole('link', { name: 'Open the history of Shopify orders to Xero' }).click();
    await expect(page.getByRole('heading', { name: 'Connections', level: 1 })).toBeVisible();
    await expect(page.getByTestId('connection-detail').getByRole('heading', { name: 'Shopify orders to Xero' })).toBeVisible();

    // the receiver is fixed; a re-run delivers the failed run's payload and succeeds
    const again = page.getByTestId('connection-detail').getByTestId('run');
    const beforeRerun = rx.received.length;
    await again.first().getByRole('button', { name: 'Re-run' }).click();
    await expect(again).toHaveCount(4, { timeout: 20_000 });
    await expect(again.first()).toHaveAttribute('data-status', 'succeeded', { timeout: 20_000 });
    await expect(again.first()).toContainText('Re-run');
    const [redelivered] = (await rx.waitFor(beforeRerun + 1)).slice(beforeRerun);
    expect(JSON.parse(redelivered!.body)).toMatchObject({ data: { order: 'C-3', total: '99' } });
    // the re-run's details: the payload and the step's request and answer
    await expect(again.first().getByTestId('run-step')).toContainText('HTTP 200');
    await expect(again.first()).toContainText('"C-3"');
    // three runs count this month (the trigger runs and the re-run; the test does not)
    await expect(page.getByTestId('connection-usage')).toHaveText('3 of 2,000 runs this month');
    await expect(page.getByTestId('connection-list')).toContainText('Monday summary');
    await expect(page.getByTestId('connections-attention')).toHaveCount(0);
    await shot(page, 'connections-history-1440');
    await axe(page);
  });

  test('a regenerated address and a rotated secret are shown once; editing previews the last payload', async ({ page }) => {
    const { user, admin } = await customer(page);
    const { data: conn } = await admin
      .from('connections')
      .insert({ user_id: user.id, name: 'Form leads', enabled: true, steps: [{ type: 'webhook', url: `${rx.url}/leads` }] })
      .select('id, inbound_token')
      .single();
    await openPage(page, `/dashboard?view=connections&connection=${conn!.id}`);
    const detail = page.getByTestId('connection-detail');
    await expect(detail.getByRole('heading', { name: 'Form leads' })).toBeVisible();
    await expect(page.getByTestId('shown-once')).toHaveCount(0);

    await detail.getByRole('button', { name: 'Make a new address' }).click();
    await detail.getByRole('button', { name: 'Yes, make a new one' }).click();
    const once = page.getByTestId('shown-once');
    const address = await once.getByTestId('shown-once-value').textContent();
    expect(address).toMatch(/\/hooks\/v1\/[0-9a-f]{64}$/);
    expect((await trigger(`http://x/hooks/v1/${conn!.inbound_token}`, {})).status).toBe(404);
    expect((await trigger(address!, { lead: 'Ada' })).status).toBe(202);

    await detail.getByRole('button', { name: 'Rotate the signing secret' }).click();
    await detail.getByRole('button', { name: 'Yes, make a new one' }).click();
    await expect(once.getByText('Signing secret')).toBeVisible();
    const secret = (await once.getByTestId('shown-once-value').allTextContents()).find((v) => v.startsWith('whsec_'));
    expect(secret).toBeTruthy();
    const before = rx.received.length;
    expect((await trigger(address!, { lead: 'Grace' })).status).toBe(202);
    const [got] = (await rx.waitFor(before + 1)).slice(before);
    expect(new Webhook(secret!).verify(got!.body, got!.headers as Record<string, string>)).toMatchObject({ data: { lead: 'Grace' } });

    await once.getByRole('button', { name: 'I have copied them' }).click();
    await expect(page.getByTestId('shown-once')).toHaveCount(0);

    // editing previews the templates against the last payload the connection received
    await expect(detail.getByTestId('run').first()).toHaveAttribute('data-status', 'succeeded', { timeout: 20_000 });
    await detail.getByRole('button', { name: 'Edit' }).click();
    const form = page.getByRole('form', { name: 'Edit Form leads' });
    await form.getByRole('button', { name: 'Add a step' }).click();
    await form.getByLabel('Subject').fill('New lead: {{lead}} {{email}}');
    await form.getByLabel('Message').fill('Say hello to {{lead}}: {{coach.text}}');
    const preview = form.getByTestId('template-preview');
    await expect(preview).toContainText('Previewed against the last payload this connection received');
    await expect(preview).toContainText('New lead: Grace');
    await expect(preview.getByTestId('preview-missing')).toHaveText('Missing in the payload: email, coach.text');
    // a coach step before the e-mail gives it {{coach.text}}
    await form.getByRole('button', { name: 'Add a step' }).click();
    const coach = form.getByRole('listitem', { name: 'Step 3' });
    await coach.getByLabel('Action').selectOption('coach');
    await coach.getByLabel('Instruction').fill('Summarise the lead {{lead}} in one line');
    await coach.getByRole('button', { name: 'Move step 3 up' }).click();
    await expect(preview).toContainText('Say hello to Grace: [the coach’s answer]');
    await expect(preview.getByTestId('preview-missing')).toHaveText('Missing in the payload: email');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(detail.getByText('E-mail me "New lead: {{lead}} {{email}}"')).toBeVisible();
    await expect(detail.getByText('Ask the coach to summarise')).toBeVisible();
    const { data: saved } = await admin.from('connections').select('steps').eq('id', conn!.id).single();
    expect(saved!.steps).toEqual([
      { type: 'webhook', url: `${rx.url}/leads` },
      { type: 'coach', task: 'summarise', instruction: 'Summarise the lead {{lead}} in one line' },
      { type: 'email', subject: 'New lead: {{lead}} {{email}}', body: 'Say hello to {{lead}}: {{coach.text}}' },
    ]);
  });

  test('a Basic-plan customer sees the upgrade notice instead of a form, and can read the recipes', async ({ page }) => {
    await customer(page, 'basic');
    await openPage(page, '/dashboard?view=connections');
    await expect(page.getByRole('heading', { name: 'Limited Functionality' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'New connection' })).toHaveCount(0);
    await expect(page.getByTestId('connection-usage')).toHaveText('0 of 100 runs this month');
    await page.getByRole('button', { name: 'View Plan Options' }).click();
    await expect(page.getByRole('dialog', { name: 'Your Plan' })).toBeVisible();
    await page.keyboard.press('Escape');

    await page.getByRole('tab', { name: 'Recipes' }).click();
    const recipes = page.getByTestId('recipes');
    for (const title of [
      'Receive from Make, Zapier or n8n',
      'Send to Make, Zapier or n8n',
      'Verify our signature in Node',
      'Verify our signature in Python',
    ])
      await expect(recipes.getByRole('heading', { name: title })).toBeVisible();
    await expect(recipes).toContainText(`/hooks/v1/{inbound_token}`);
    await expect(recipes).toContainText("import { Webhook } from 'standardwebhooks'");
    await shot(page, 'connections-recipes-1440');
    await axe(page);
  });

  test('Marketplace cards add to canvas, compare and start a connection; so do a blueprint and a canvas edge', async ({ page }) => {
    const { user, admin } = await customer(page);
    // the directory is not desktop-only: the cards' actions wrap on a phone
    await page.setViewportSize({ width: 375, height: 800 });
    await openPage(page, '/connect-anything');
    await expect(
      page
        .getByTestId('integration-card')
        .first()
        .getByRole('link', { name: /^Use .+ in a connection$/ }),
    ).toBeVisible();
    await shot(page, 'connect-anything-cards-375');
    await page.setViewportSize({ width: 1440, height: 900 });
    const range = page.getByTestId('marketplace-range');
    const unfiltered = (await range.textContent()) ?? '';
    await page.getByRole('searchbox', { name: 'Search the marketplace' }).fill('slack');
    // The unfiltered cards stay on screen while the search loads (as TanStack's keepPreviousData), and Slack's card
    // moves when the answer lands: a click pressed on it before and released after is lost. Wait for the answer.
    await expect(range).not.toHaveText(unfiltered);
    const card = page.getByRole('article', { name: 'Slack' });
    await card.getByRole('button', { name: 'Add Slack to canvas' }).click();
    await expect(page.getByText('Slack added to your canvas')).toBeVisible();
    await expect
      .poll(async () => (await admin.from('user_tools').select('integration_id').eq('user_id', user.id)).data?.map((r) => r.integration_id))
      .toEqual(['slack']);

    await card.getByRole('button', { name: 'Compare Slack' }).click();
    await expect(page.getByRole('tab', { name: 'Compare Tools' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText('1 of 3 selected')).toBeVisible();
    await expect(page.getByRole('table').getByRole('columnheader', { name: /Slack/ })).toBeVisible();
    await shot(page, 'connect-anything-card-compare-1440');

    await page.getByRole('tab', { name: 'Marketplace' }).click();
    await page.getByRole('article', { name: 'Slack' }).getByRole('link', { name: 'Use Slack in a connection' }).click();
    const form = page.getByRole('form', { name: 'New connection' });
    await expect(form.getByText('Built from a Marketplace card.')).toBeVisible();
    await expect(form.getByLabel('Name', { exact: true })).toHaveValue('Slack connection');
    await form.getByRole('button', { name: 'Cancel' }).click();

    // a Connector Graph blueprint, once saved
    await openPage(page, '/connect-anything');
    await page.getByRole('tab', { name: 'Connector Graph' }).click();
    await page.getByRole('combobox', { name: 'Source application' }).click();
    await page.getByRole('option', { name: 'Typeform' }).click();
    await page.getByRole('combobox', { name: 'Desired outcome' }).click();
    await page.getByRole('option', { name: 'Capture leads in a CRM' }).click();
    await page.getByRole('button', { name: 'Create Connection Blueprint' }).click();
    await page.getByRole('link', { name: 'Build this connection' }).click();
    await expect(form.getByText('Built from your Connector Graph blueprint.')).toBeVisible();
    await expect(form.getByLabel('Name', { exact: true })).toHaveValue('Typeform → Salesforce');
    await form.getByRole('button', { name: 'Cancel' }).click();

    // an edge between two tools on the builder canvas
    await admin.from('user_tools').insert({ user_id: user.id, integration_id: 'hubspot' });
    const { data: idea } = await admin
      .from('connection_ideas')
      .insert({
        user_id: user.id,
        from_tool: 'Slack',
        to_tool: 'HubSpot',
        idea: 'When a message is posted in Slack, create a contact in HubSpot',
      })
      .select('id')
      .single();
    await page.getByRole('button', { name: 'Builder', exact: true }).click();
    await page.reload();
    // a level edge's box has no height, which Playwright counts as hidden: the mouse clicks where it is drawn
    const edge = page.locator(`.react-flow__edge[data-id="${idea!.id}"] .react-flow__edge-interaction`);
    await expect(edge).toHaveCount(1, { timeout: 30_000 });
    const box = await edge.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
    });
    await page.mouse.click(box.x, box.y);
    await expect(form.getByText('Built from a connection on your builder canvas.')).toBeVisible();
    await expect(form.getByLabel('Name', { exact: true })).toHaveValue('Slack → HubSpot');
  });
});
