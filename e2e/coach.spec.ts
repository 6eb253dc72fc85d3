import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { startOwnServer } from './support/coach-helpers';
import { startFakeOpenAI, type FakeProvider } from './support/fake-openai';
import { axeBuilder } from './support/axe';

// The coach end to end: this spec runs its own server whose AI provider is the local OpenAI stand-in
// (real chat-completions streaming), and a second server with no AI configuration for the not-configured state.
const SHOTS = process.env.E2E_SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
};
/** WCAG A/AA violations in the page, or in one part of it (`within`, a CSS selector). */
const axeViolations = async (page: Page, within?: string) => {
  const axe = axeBuilder(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (within) axe.include(within);
  return (await axe.analyze()).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`);
};

let fake: FakeProvider;
let coach: Awaited<ReturnType<typeof startOwnServer>>;

const PLAN = {
  title: 'Q1 marketing plan',
  phases: [
    {
      name: 'Foundations',
      tasks: [
        { title: 'Write the bakery brand story', detail: 'One page, for the website and socials' },
        { title: 'Set up Google Business Profile' },
      ],
    },
    { name: 'Momentum', tasks: [{ title: 'Launch the loyalty card' }, { title: 'Post three times a week' }] },
    { name: 'Scale', tasks: [{ title: 'Open wholesale to two cafes' }] },
  ],
};

test.describe('AI coach', () => {
  test.describe.configure({ mode: 'serial', timeout: 180_000 });

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    fake = await startFakeOpenAI();
    coach = await startOwnServer('coach', {
      AI_PROVIDER: 'openai-compatible',
      AI_BASE_URL: fake.baseURL,
      AI_API_KEY: 'x',
      AI_MODEL: 'test',
    });
  });
  test.afterAll(async () => {
    await coach?.close();
    await fake?.close();
  });
  test.beforeEach(() => fake.reset());

  test('streams in the floating panel with the facts used; the credit bar and usage history move', async ({ page }) => {
    const user = await coach.signedInUser(page);
    await coach.admin
      .from('business_profiles')
      .update({ business_name: 'Crumb & Co', goals: ['revenue'] })
      .eq('user_id', user.id);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${coach.server.url}/dashboard`);
    await page.getByRole('button', { name: 'The Brain' }).click();
    await expect(page.getByText('2,000 / 2,000')).toBeVisible();
    await expect(page.getByText('+2,000 credits')).toBeVisible(); // the trial grant in the usage history

    // a slow, chunked reply: it renders as it arrives, with Stop while streaming
    fake.script({
      text: ['Hi Crumb & Co! ', 'Three ideas ', 'for **more revenue**:\n\n', '1. A loyalty card\n2. Wholesale\n3. Pre-orders'],
      chunkDelayMs: 400,
      usage: { inputTokens: 2400, outputTokens: 600 },
    });
    await page.getByRole('button', { name: /AI Business Coach/ }).click();
    const panel = page.getByRole('complementary', { name: 'AI assistant' });
    const box = panel.getByRole('textbox', { name: 'Message the AI coach' });
    await box.fill('How do I grow revenue this quarter?');
    await expect(panel.getByTestId('coach-estimate')).toHaveText(/^About \d+ credits? to send$/);
    await box.press('Enter');
    await expect(panel.getByRole('button', { name: 'Stop' })).toBeVisible();
    await expect(panel.getByText('Hi Crumb & Co!')).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Send' })).toBeVisible({ timeout: 20_000 });
    await expect(panel.getByRole('strong')).toHaveText('more revenue');
    await expect(panel.getByRole('listitem')).toHaveCount(3);
    // issue 44: "Used" names only the facts the reply used (it named the business); the rest wait behind "more"
    await expect(panel.getByTestId('coach-facts-used')).toHaveText('Used: Business name');
    const alsoKnown = panel.getByTestId('coach-facts-rest');
    await expect(alsoKnown).toHaveCount(1);
    await expect(alsoKnown).toBeHidden();
    await shot(page, 'coach-facts-line-1440');
    await panel
      .getByTestId('coach-facts')
      .getByRole('button', { name: /^\d+ more$/ })
      .click();
    await expect(alsoKnown).toBeVisible();
    await expect(alsoKnown).toHaveText(/^Also known: .*Goals/);
    await expect(alsoKnown).not.toContainText('Business name');
    await shot(page, 'coach-facts-open-1440');
    await page.setViewportSize({ width: 1024, height: 800 });
    await shot(page, 'coach-facts-open-1024');
    await page.setViewportSize({ width: 1440, height: 900 });
    await expect(panel.getByTestId('coach-usage')).toHaveText('3 credits used, 1,997 left');
    // the provider got the customer's own facts from the server
    expect(JSON.stringify(fake.requests().at(-1)!.body)).toContain('Crumb & Co');
    await shot(page, 'coach-panel-1440');
    expect(await axeViolations(page, 'aside[aria-label="AI assistant"]')).toEqual([]);

    // The Brain's credit bar and usage history refreshed after the reply
    await expect(page.getByText('1,997 / 2,000')).toBeVisible();
    await expect(page.getByTestId('usage-history').getByRole('listitem').first()).toHaveText(/^\d{1,2} \w{3}, Coach: '.+', 3 credits$/);
    await shot(page, 'coach-brain-usage-1440');
    // the dashboard (and so the panel) is desktop-only: at 390 px it says so
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByText('Desktop Required')).toBeVisible();
    await shot(page, 'coach-dashboard-390');
  });

  test('the Coach view streams, writes a 90-day plan that is ticked off in the Dashboard view; conversations rename and delete', async ({
    page,
  }) => {
    await coach.signedInUser(page);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${coach.server.url}/dashboard`);
    await page.getByRole('button', { name: 'Coach', exact: true }).click();
    await expect(page.getByText('No conversations yet. Ask your first question.')).toBeVisible();
    // no floating panel on the Coach view itself
    await expect(page.getByRole('complementary', { name: 'AI assistant' })).toHaveCount(0);

    fake.script(
      { toolCalls: [{ name: 'writePlan', arguments: PLAN }], usage: { inputTokens: 1500, outputTokens: 400 } },
      {
        text: 'Your **90-day plan** is saved. Start with the brand story this week.',
        chunkDelayMs: 100,
        usage: { inputTokens: 1900, outputTokens: 100 },
      },
    );
    const view = page.getByRole('region', { name: 'AI Business Coach' });
    await view.getByRole('textbox', { name: 'Message the AI coach' }).fill('Write me a 90-day action plan');
    await view.getByRole('button', { name: 'Send' }).click();
    // the plan is proposed first (issue 39): nothing is written until the customer approves
    const card = view.getByRole('region', { name: 'Write a new 90-day plan' });
    await expect(card.getByTestId('proposal-diff')).toContainText('Write the bakery brand story');
    await card.getByRole('button', { name: 'Approve' }).click();
    await expect(card).toContainText('Approved and applied.');
    await expect(view.getByText('Start with the brand story this week.')).toBeVisible();
    await expect(view.getByTestId('coach-usage')).toBeVisible();
    const list = page.getByRole('navigation', { name: 'Conversations' });
    await expect(list.getByRole('button', { name: /^Write me a 90-day action plan/ })).toHaveAttribute('aria-current', 'true');
    await shot(page, 'coach-view-1440');
    expect(await axeViolations(page)).toEqual([]);

    // rename, then resume it from the list after a reload
    await list.getByRole('button', { name: /^Rename/ }).click();
    await list.getByRole('textbox', { name: 'Conversation title' }).fill('Q1 marketing plan');
    await list.getByRole('button', { name: 'Save title' }).click();
    await expect(page.getByText('Conversation renamed')).toBeVisible();
    await page.reload();
    await list.getByRole('button', { name: /^Q1 marketing plan/ }).click();
    await expect(view.getByTestId('coach-user')).toHaveText('Write me a 90-day action plan');
    await expect(view.getByText('Start with the brand story this week.')).toBeVisible();

    // the Dashboard view shows the plan in three phases; a tick is saved
    await page.getByRole('button', { name: 'Dashboard', exact: true }).click();
    const plan = page.getByTestId('action-plan');
    await expect(plan.getByRole('heading', { name: 'Q1 marketing plan' })).toBeVisible();
    await expect(plan.getByRole('region', { name: /^Days / })).toHaveCount(3);
    await expect(plan.getByText('0 of 5 tasks done')).toBeVisible();
    await plan.getByRole('checkbox', { name: /Write the bakery brand story/ }).click();
    await expect(plan.getByText('1 of 5 tasks done')).toBeVisible();
    await shot(page, 'coach-action-plan-1440');
    // the plan only: the profile card below it has an older definition-list finding that is not the coach's
    expect(await axeViolations(page, '[data-testid="action-plan"]')).toEqual([]);
    await page.reload();
    await expect(page.getByTestId('action-plan').getByRole('checkbox', { name: /Write the bakery brand story/ })).toBeChecked();

    // delete the conversation
    await page.getByRole('button', { name: 'Coach', exact: true }).click();
    await list.getByRole('button', { name: 'Delete Q1 marketing plan' }).click();
    await list.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByText('Conversation deleted')).toBeVisible();
    await expect(page.getByText('No conversations yet. Ask your first question.')).toBeVisible();
  });

  test('out of credits opens Your Plan; with the AI switch off the coach declines politely; nothing reaches the provider', async ({
    page,
    pageErrors,
  }) => {
    pageErrors.expectError(/status of 403/); // AI switched off (403), on purpose
    const user = await coach.signedInUser(page);
    const spent = await coach.admin.from('credit_ledger').insert({ user_id: user.id, delta: -2000, reason: 'test_spend' });
    expect(spent.error).toBeNull();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${coach.server.url}/dashboard`);
    // the balance is known (the plan card has loaded) before typing: the estimate compares against it
    await expect(page.getByText(/days left in trial/)).toBeVisible();
    await page.getByRole('button', { name: /AI Business Coach/ }).click();
    const panel = page.getByRole('complementary', { name: 'AI assistant' });
    const box = panel.getByRole('textbox', { name: 'Message the AI coach' });
    await box.fill('Plan my next quarter');
    await box.press('Enter'); // not sent: the balance cannot cover it, and the estimate says so first (issue 39)
    await expect(panel.getByTestId('coach-estimate')).toContainText('you have 0.');
    await expect(panel.getByRole('button', { name: 'Send' })).toBeDisabled();
    await panel.getByRole('button', { name: 'Buy more credits' }).click();
    await expect(page.getByRole('dialog', { name: 'Your Plan' })).toBeVisible();
    await shot(page, 'coach-out-of-credits-1440');
    await page.keyboard.press('Escape');
    await expect(panel.getByRole('button', { name: 'Retry' })).toHaveCount(0);

    await coach.admin.from('credit_ledger').insert({ user_id: user.id, delta: 100, reason: 'top_up' });
    await coach.admin.from('business_profiles').update({ ai_features_enabled: false }).eq('user_id', user.id);
    await page.reload();
    await page.getByRole('button', { name: /AI Business Coach/ }).click();
    await box.fill('Plan my next quarter, please');
    await box.press('Enter');
    await expect(panel.getByTestId('coach-error')).toContainText('Your AI features are switched off in The Brain');
    expect(fake.requests()).toEqual([]);
    // the browser logs the refused requests (402, 403) as failed resources; nothing else may appear
  });

  test('the Integration Assistant searches the catalogue and offers Request Integration for what it lacks', async ({ page }) => {
    await coach.signedInUser(page);
    await page.setViewportSize({ width: 1440, height: 900 });
    fake.script(
      {
        toolCalls: [
          { name: 'searchCatalogue', arguments: { query: 'Xero' } },
          { name: 'searchCatalogue', arguments: { query: 'Zorblax' } },
        ],
      },
      { text: "Xero is in the catalogue. Zorblax isn't yet, but you can ask us to add it." },
    );
    await page.goto(`${coach.server.url}/connect-anything`);
    await page.getByRole('tab', { name: 'Integration Assistant' }).click();
    const box = page.getByRole('textbox', { name: 'Message the Integration Assistant' });
    await box.fill('Do you connect to Xero and Zorblax?');
    await box.press('Enter');
    // the real catalogue search, run as the user: Xero is there, Zorblax is not
    const found = page.getByTestId('tool-search').filter({ hasText: 'Searched the catalogue for "Xero"' });
    await expect(found.getByRole('listitem').first()).toHaveText('Xero · Finance');
    const card = page.getByTestId('tool-search').filter({ hasText: 'Searched the catalogue for "Zorblax"' });
    await expect(card).toContainText('"Zorblax" is not in our catalogue yet.');
    await expect(page.getByText('you can ask us to add it.')).toBeVisible();
    expect(JSON.stringify(fake.requests()[0]!.body)).toContain('searchCatalogue');
    await shot(page, 'coach-integration-assistant-1440');
    expect(await axeViolations(page)).toEqual([]);
    await card.getByRole('button', { name: 'Request Integration' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request Integration' });
    await expect(dialog.getByLabel('Service name')).toHaveValue('Zorblax');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'coach-integration-assistant-dialog-390');
    await page.keyboard.press('Escape');
    await shot(page, 'coach-integration-assistant-390');
  });

  test('a plan edit is proposed with its diff, applied on Approve and undone from the toast; a declined one changes nothing', async ({
    page,
  }) => {
    const user = await coach.signedInUser(page);
    // a plan with a ticked task, written as the customer would have it
    const plan = await coach.admin.from('action_plans').insert({ user_id: user.id, title: 'Harbour Bakes' }).select('id').single();
    const planId = plan.data!.id as string;
    await coach.admin.from('action_plan_phases').insert(
      ['Foundations', 'Momentum', 'Scale'].map((name, i) => ({
        plan_id: planId,
        user_id: user.id,
        phase: i + 1,
        name,
        start_day: i * 30 + 1,
        end_day: (i + 1) * 30,
      })),
    );
    const { data: tasks } = await coach.admin
      .from('action_plan_tasks')
      .insert([
        {
          plan_id: planId,
          user_id: user.id,
          phase: 1,
          phase_name: 'Foundations',
          position: 0,
          title: 'Write the brand story',
          status: 'done',
        },
        {
          plan_id: planId,
          user_id: user.id,
          phase: 2,
          phase_name: 'Momentum',
          position: 0,
          title: 'Launch the loyalty card',
          status: 'todo',
        },
      ])
      .select('id, title');
    expect(tasks).toHaveLength(2);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${coach.server.url}/dashboard`);
    await page.getByRole('button', { name: 'Coach', exact: true }).click();
    const view = page.getByRole('region', { name: 'AI Business Coach' });
    const box = view.getByRole('textbox', { name: 'Message the AI coach' });

    fake.script(
      {
        toolCalls: [
          { name: 'addPlanTask', arguments: { phase: 1, title: 'Christmas pre-order push', why: 'Added a Christmas pre-order push' } },
        ],
      },
      { text: 'Added to Foundations.' },
    );
    await box.fill('Add a Christmas pre-order push to my plan');
    await view.getByRole('button', { name: 'Send' }).click();
    const card = view.getByRole('region', { name: 'Add a task to your plan' });
    await expect(card.getByTestId('proposal-diff')).toContainText('Christmas pre-order push');
    await expect(card).toContainText('Nothing changes until you approve it.');
    await shot(page, 'coach-proposal-1440');
    await card.getByRole('button', { name: 'Approve' }).click();
    await expect(card).toContainText('Approved and applied.');
    await expect(view.getByText('Added to Foundations.')).toBeVisible();
    const toastUndo = page.locator('[data-sonner-toast]', { hasText: 'Your plan was updated' }).getByRole('button', { name: 'Undo' });
    await page.getByRole('button', { name: 'Dashboard', exact: true }).click();
    const board = page.getByTestId('action-plan');
    await expect(board.getByRole('checkbox', { name: 'Christmas pre-order push' })).toBeVisible();
    await expect(board.getByRole('checkbox', { name: 'Write the brand story' })).toBeChecked();
    await toastUndo.click();
    await expect(page.getByText('Change undone')).toBeVisible();
    await expect(board.getByRole('checkbox', { name: 'Christmas pre-order push' })).toHaveCount(0);
    await expect(board.getByRole('checkbox', { name: 'Write the brand story' })).toBeChecked();

    await page.getByRole('button', { name: 'Coach', exact: true }).click();
    fake.script(
      { toolCalls: [{ name: 'removePlanTask', arguments: { taskId: tasks![1]!.id, why: 'Removed the loyalty card' } }] },
      { text: 'Fine, the loyalty card stays.' },
    );
    await box.fill('Should I drop the loyalty card?');
    await view.getByRole('button', { name: 'Send' }).click();
    const remove = view.getByRole('region', { name: 'Remove a task from your plan' });
    await expect(remove.getByTestId('proposal-diff')).toContainText('Launch the loyalty card');
    await remove.getByRole('button', { name: 'Decline' }).click();
    await expect(remove).toContainText('Declined. Nothing was changed.');
    await expect(view.getByText('Fine, the loyalty card stays.')).toBeVisible();
    await page.reload();
    await page.getByRole('button', { name: 'Dashboard', exact: true }).click();
    await expect(page.getByTestId('action-plan').getByRole('checkbox', { name: 'Launch the loyalty card' })).toBeVisible();
  });
  test('the panel keeps its conversation; a long wait offers Stop; a failed reply leaves no half bubble; a message the balance cannot cover says so', async ({
    page,
  }) => {
    const user = await coach.signedInUser(page);
    await page.clock.install();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${coach.server.url}/dashboard`);
    const panel = page.getByRole('complementary', { name: 'AI assistant' });
    const toggle = panel.getByRole('button', { name: /AI Business Coach/ });
    const box = panel.getByRole('textbox', { name: 'Message the AI coach' });
    await toggle.click();

    // collapse, reopen, change view and come back: the conversation is still there
    fake.script({ text: 'Start with pre-orders.' });
    await box.fill('What should I do first?');
    await box.press('Enter');
    await expect(panel.getByText('Start with pre-orders.')).toBeVisible();
    await toggle.click();
    await expect(box).toBeHidden();
    await toggle.click();
    await expect(panel.getByText('Start with pre-orders.')).toBeVisible();
    await page.getByRole('button', { name: 'Coach', exact: true }).click();
    await page.getByRole('button', { name: 'Dashboard', exact: true }).click();
    await panel.getByRole('button', { name: /AI Business Coach/ }).click();
    await expect(panel.getByText('Start with pre-orders.')).toBeVisible();
    await expect(panel.getByTestId('coach-user')).toHaveText(['What should I do first?']);

    // a provider that fails answers no half bubble: the error in its place, the question kept, Retry asks again
    fake.script({ status: 500 });
    await box.fill('And then?');
    await box.press('Enter');
    await expect(panel.getByTestId('coach-error')).toContainText('Nothing was charged');
    await expect(panel.getByTestId('coach-reply')).toHaveCount(1);
    await expect(panel.getByTestId('coach-user')).toHaveText(['What should I do first?', 'And then?']);
    fake.script({ text: 'Then wholesale.' });
    await panel.getByRole('button', { name: 'Retry' }).click();
    await expect(panel.getByText('Then wholesale.')).toBeVisible();
    await expect(panel.getByTestId('coach-user')).toHaveText(['What should I do first?', 'And then?']);
    // the reply has ended (Stop gives way to Send) before the next message: Enter while it streams sends nothing
    await expect(panel.getByRole('button', { name: 'Send' })).toBeVisible();

    // no first token after 20 s: said so, with Stop
    fake.script({ delayMs: 120_000, text: 'Too late.' });
    await box.fill('Are you there?');
    await box.press('Enter');
    await expect(panel.getByText('Coach is thinking...')).toBeVisible();
    await page.clock.fastForward('00:21');
    const slow = panel.getByTestId('coach-slow');
    await expect(slow).toContainText('Still waiting for the AI provider…');
    await slow.getByRole('button', { name: 'Stop' }).click();
    await expect(panel.getByRole('button', { name: 'Send' })).toBeVisible();
    await expect(slow).toBeHidden();

    // a balance that cannot cover the message: said before sending, Send off, a way to buy credits
    await coach.admin.from('credit_ledger').insert({ user_id: user.id, delta: -1999, reason: 'test_spend' });
    await page.reload();
    await panel.getByRole('button', { name: /AI Business Coach/ }).click();
    await box.fill('x'.repeat(9_000));
    await expect(panel.getByTestId('coach-estimate')).toHaveText(/^This message needs about \d+ credits; you have \d+\.Buy more credits$/);
    await expect(panel.getByRole('button', { name: 'Send' })).toBeDisabled();
    await panel.getByRole('button', { name: 'Buy more credits' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
  });
});

test.describe('AI coach without a provider', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });
  let bare: Awaited<ReturnType<typeof startOwnServer>>;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    bare = await startOwnServer('bare', {});
  });
  test.afterAll(async () => {
    await bare?.close();
  });

  test('every door says the coach is not set up; the console shows what to set', async ({ page }) => {
    await bare.signedInUser(page, { admin: true });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${bare.server.url}/dashboard`);
    await page.getByRole('button', { name: /AI Business Coach/ }).click();
    const panel = page.getByRole('complementary', { name: 'AI assistant' });
    await expect(panel.getByText('The AI coach is not set up on this server', { exact: true })).toBeVisible();
    await expect(panel.getByRole('textbox')).toHaveCount(0);
    await shot(page, 'coach-not-configured-panel-1440');
    await page.getByRole('button', { name: 'Coach', exact: true }).click();
    await expect(page.getByTestId('coach-not-configured')).toBeVisible();
    await shot(page, 'coach-not-configured-view-1440');

    await page.goto(`${bare.server.url}/connect-anything`);
    await page.getByRole('tab', { name: 'Integration Assistant' }).click();
    await expect(page.getByTestId('coach-not-configured')).toBeVisible();
    await shot(page, 'coach-not-configured-assistant-1440');

    await page.goto(`${bare.server.url}/admin`);
    const card = page.getByTestId('coach-status');
    await expect(card).toContainText('Not configured');
    for (const v of ['AI_PROVIDER', 'AI_MODEL', 'AI_API_KEY']) await expect(card.getByText(v, { exact: true })).toBeVisible();
    await shot(page, 'coach-console-not-configured-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'coach-console-not-configured-390');
  });
});
