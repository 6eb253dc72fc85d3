import type { Page } from '@playwright/test';
import { expect, openPage, shot, test, toastsGone } from './fixtures';
import { signedInUser } from './support/auth';
import { axeBuilder } from './support/axe';

/** The React Flow node's position in flow coordinates, read from its transform. */
async function nodePosition(page: Page, id: string) {
  const t = await page.locator(`.react-flow__node[data-id="${id}"]`).evaluate((el) => (el as HTMLElement).style.transform);
  const m = /translate\((-?[\d.]+)px, ?(-?[\d.]+)px\)/.exec(t);
  return { x: Math.round(Number(m![1])), y: Math.round(Number(m![2])) };
}

/**
 * Waits until the page has no request in flight (twice, 300 ms apart), so a reload does not abort a refetch that
 * a save started. waitForLoadState('networkidle') cannot do this: it resolves at once after the first idle.
 */
const inflight = new WeakMap<Page, () => number>();
function trackRequests(page: Page) {
  let n = 0;
  page.on('request', () => n++);
  page.on('requestfinished', () => n--);
  page.on('requestfailed', () => n--);
  inflight.set(page, () => n);
}
async function settled(page: Page) {
  const count = inflight.get(page)!;
  await expect.poll(count, { timeout: 15_000 }).toBe(0);
  await page.waitForTimeout(300);
  await expect.poll(count, { timeout: 15_000 }).toBe(0);
}

async function addTool(page: Page, search: string, name: string) {
  await page.getByTestId('add-new-node').click();
  const dialog = page.getByRole('dialog', { name: 'Add Integration' });
  await dialog.getByRole('searchbox', { name: 'Search integrations' }).fill(search);
  await dialog.getByRole('button', { name: `Add ${name}` }).click();
  await expect(page.getByText(`${name} added to your canvas`)).toBeVisible();
  await expect(dialog.getByRole('button', { name: `${name} is on your canvas` })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId(`tool-node-${search.toLowerCase()}`)).toBeVisible();
}

test.describe('dashboard', () => {
  test.describe.configure({ timeout: 120_000 });
  // decided cookie consent, so the banner does not cover what the tests and screenshots look at
  test.beforeEach(async ({ page }) => {
    trackRequests(page);
    await page.addInitScript(() => {
      localStorage.setItem(
        'cookie-consent',
        JSON.stringify({ necessary: true, performance: false, functional: false, targeting: false, accepted: true }),
      );
      localStorage.setItem('cookie-consent-version', '1');
    });
  });
  test('is gated to desktops, re-evaluated on resize', async ({ page }) => {
    await signedInUser(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await openPage(page, '/dashboard');
    await expect(page.getByRole('heading', { name: 'Desktop Required' })).toBeVisible();
    await shot(page, 'dashboard-gate-375', { fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(page.getByRole('heading', { name: 'Builder', level: 1 })).toBeVisible();
    await page.setViewportSize({ width: 1000, height: 900 });
    await expect(page.getByRole('heading', { name: 'Desktop Required' })).toBeVisible();
  });

  test('sends a visitor to sign in', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await openPage(page, '/dashboard');
    await expect(page).toHaveURL(/\/sign-in$/);
  });

  test('builder: tools are added, a dragged node stays in place after reload, connect mode saves an idea', async ({ page }) => {
    await signedInUser(page);
    await page.setViewportSize({ width: 1440, height: 900 });
    await openPage(page, '/dashboard');
    await expect(page.getByTestId('builder-canvas')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: 'Connect Tools' })).toBeDisabled();
    // the 'add new' node cannot be dragged
    await expect(page.locator('.react-flow__node[data-id="add-new"]')).not.toHaveClass(/draggable/);
    await addTool(page, 'Slack', 'Slack');
    await addTool(page, 'HubSpot', 'HubSpot');

    const before = await nodePosition(page, 'slack');
    const box = (await page.getByTestId('tool-node-slack').boundingBox())!;
    const saved = page.waitForResponse((r) => r.url().includes('/rest/v1/business_profiles') && r.request().method() === 'POST');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2 + 120, { steps: 12 });
    await page.mouse.up();
    expect((await saved).ok()).toBe(true);
    const after = await nodePosition(page, 'slack');
    expect(after.y - before.y).toBeGreaterThan(40);

    await settled(page);
    await page.reload();
    await expect(page.getByTestId('tool-node-slack')).toBeVisible({ timeout: 30_000 });
    expect(await nodePosition(page, 'slack')).toEqual(after);

    // Connect Tools: first node, the same node again (ignored), a different node makes the idea and ends the mode
    await page.getByRole('button', { name: 'Connect Tools' }).click();
    await expect(page.getByText('Click the first tool to connect.')).toBeVisible();
    await page.getByTestId('tool-node-slack').click();
    await page.getByTestId('tool-node-slack').click();
    await expect(page.getByText('Now click a different tool to connect it with Slack.')).toBeVisible();
    await page.getByTestId('tool-node-hubspot').click();
    await expect(page.getByText('Connection idea saved')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Connect Tools' })).toBeVisible();
    await expect(page.getByTestId('ideas-list')).toContainText('Slack → HubSpot');
    await shot(page, 'dashboard-builder-1440', { fullPage: true });

    // the same by keyboard, through the tool buttons of connect mode
    await page.getByRole('button', { name: 'Connect Tools' }).focus();
    await page.keyboard.press('Enter');
    const picker = page.getByRole('group', { name: 'Choose tools to connect' });
    await picker.getByRole('button', { name: 'HubSpot' }).focus();
    await page.keyboard.press('Enter');
    await picker.getByRole('button', { name: 'Slack' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('ideas-list').getByRole('listitem')).toHaveCount(2);
    await page.getByRole('button', { name: 'Delete idea HubSpot to Slack' }).click();
    await expect(page.getByTestId('ideas-list').getByRole('listitem')).toHaveCount(1);

    // Cancel leaves without an idea
    await page.getByRole('button', { name: 'Connect Tools' }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('button', { name: 'Connect Tools' })).toBeVisible();

    await settled(page);
    await page.reload();
    await expect(page.getByTestId('ideas-list').getByRole('listitem')).toHaveCount(1);
    await page.getByRole('button', { name: 'Delete idea Slack to HubSpot' }).click();
    await expect(page.getByText('No ideas yet.')).toBeVisible();
    await settled(page);
    await page.reload();
    await expect(page.getByText('No ideas yet.')).toBeVisible();
  });

  test('The Brain: names are saved to the profile, the view is remembered, the plan dialog records a top-up', async ({ page }) => {
    await signedInUser(page);
    await page.setViewportSize({ width: 1440, height: 900 });
    await openPage(page, '/dashboard');
    await page.getByRole('button', { name: 'The Brain' }).click();
    await expect(page.getByRole('heading', { name: 'The Brain', level: 1 })).toBeVisible();
    await expect(page.getByText('Vibe BC', { exact: true }).first()).toBeVisible();
    await expect(page.getByText('2,000 / 2,000')).toBeVisible();
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Surname').fill('Lovelace');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(page.getByText('Profile saved')).toBeVisible();
    const ai = page.getByRole('switch', { name: 'AI features' });
    await expect(ai).toBeChecked();
    await ai.click();
    await expect(ai).not.toBeChecked();
    await shot(page, 'dashboard-brain-1440', { fullPage: true });

    await settled(page);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'The Brain', level: 1 })).toBeVisible();
    await expect(page.getByLabel('First name')).toHaveValue('Ada');
    await expect(page.getByLabel('Surname')).toHaveValue('Lovelace');
    await expect(page.getByRole('switch', { name: 'AI features' })).not.toBeChecked();

    await page.getByRole('button', { name: 'Buy More Credits' }).click();
    const dialog = page.getByRole('dialog', { name: 'Your Plan' });
    await expect(dialog.getByText('£150/hour')).toBeVisible();
    await expect(dialog.getByText('from £500')).toBeVisible();
    await shot(page, 'dashboard-plan-dialog-1440', { fullPage: true });
    await dialog.getByRole('button', { name: 'Request top-up' }).click();
    await expect(page.getByText('Request sent. Our team will be in touch shortly.')).toBeVisible();
    await page.keyboard.press('Escape');

    // the other views
    await page.getByRole('button', { name: 'Dashboard', exact: true }).click();
    await expect(page.getByTestId('health-score')).toHaveText('14%'); // only the default stage is set
    // only a user who finished onboarding reaches the dashboard (the one onboarding rule): the link edits the profile
    await expect(page.getByRole('link', { name: 'Edit profile' })).toHaveAttribute('href', '/user');
    await shot(page, 'dashboard-overview-1440', { fullPage: true });
    await page.getByRole('button', { name: 'CRM' }).click();
    await expect(page.getByRole('tab', { name: 'Contacts' })).toBeVisible();
    await shot(page, 'dashboard-crm-1440', { fullPage: true });

    // the assistant (collapsed at first) says plainly that the coach is not set up (this server has no AI provider;
    // e2e/coach.spec.ts drives a configured one)
    const notSetUp = page.getByText('The AI coach is not set up on this server', { exact: true });
    await expect(notSetUp).toBeHidden();
    await page.getByRole('button', { name: /AI Business Coach/ }).click();
    await expect(notSetUp).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Message the AI coach' })).toHaveCount(0);
    await page.getByRole('button', { name: /AI Business Coach/ }).click();
    await expect(notSetUp).toBeHidden();
    await expect(page.getByTestId('usage-timer')).toHaveText(/^\d+:\d\d$/);

    // a toast fading out is measured at part opacity (seen in a full run on a busy machine): check once they are gone
    await toastsGone(page);
    const axe = await axeBuilder(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
  });
});

// issue 44: the same connection idea is saved once (migration 0680); the second try says so, and the list keeps one
for (const width of [1440, 1024]) {
  test(`builder: a duplicate connection idea is refused with a clear message (${width} px)`, async ({ page, pageErrors }) => {
    pageErrors.expectError(/status of 409/); // the duplicate, refused on purpose
    await signedInUser(page);
    await page.setViewportSize({ width, height: 900 });
    await openPage(page, '/dashboard');
    await expect(page.getByTestId('builder-canvas')).toBeVisible({ timeout: 30_000 });
    await addTool(page, 'Slack', 'Slack');
    await addTool(page, 'HubSpot', 'HubSpot');
    const connect = async () => {
      await page.getByRole('button', { name: 'Connect Tools' }).click();
      await page.getByTestId('tool-node-slack').click();
      await page.getByTestId('tool-node-hubspot').click();
    };
    await connect();
    await expect(page.getByText('Connection idea saved')).toBeVisible();
    await expect(page.getByTestId('ideas-list').getByRole('listitem')).toHaveCount(1);
    await connect();
    await expect(page.getByText('You already have this connection idea.')).toBeVisible();
    await shot(page, `duplicate-idea-${width}`);
    await expect(page.getByTestId('ideas-list').getByRole('listitem')).toHaveCount(1);
  });
}
