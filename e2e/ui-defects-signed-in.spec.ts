import type { Page } from '@playwright/test';
import { expect, openPage, test } from './fixtures';
import { createUser, serviceClient, signedInUser } from './support/auth';
import { decideConsent } from './support/public-helpers';

/** Issue 18, defect 9: what a signed-in person saw go wrong (server down, two account counts, two scores, the canvas). */

async function openBuilder(page: Page) {
  await decideConsent(page);
  const user = await signedInUser(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await openPage(page, '/dashboard');
  await expect(page.getByTestId('builder-canvas')).toBeVisible({ timeout: 30_000 });
  return user;
}

test.describe('signed-in UI defects (issue 18, 9)', () => {
  test.describe.configure({ timeout: 90_000 });

  test('Add Integration shows an error with Retry when the server is down, and Retry recovers', async ({ page, pageErrors }) => {
    pageErrors.expectError(/integrations.*ERR_CONNECTION_REFUSED|Failed to load resource: net::ERR_CONNECTION_REFUSED/); // the refused search, on purpose
    await openBuilder(page);
    // the server goes down for the catalogue search
    await page.route('**/rest/v1/integrations**', (r) => r.abort('connectionrefused'));
    await page.getByTestId('add-new-node').click();
    const dialog = page.getByRole('dialog', { name: 'Add Integration' });
    await dialog.getByRole('searchbox', { name: 'Search integrations' }).fill('Slack');
    await expect(dialog.getByRole('alert')).toHaveText(/Could not load integrations\. Check your connection and try again\./, {
      timeout: 20_000,
    });
    await expect(dialog.getByText('Searching')).toHaveCount(0);
    // back up: Retry loads the results
    await page.unroute('**/rest/v1/integrations**');
    await dialog.getByRole('button', { name: 'Retry' }).click();
    await expect(dialog.getByRole('button', { name: 'Add Slack' })).toBeVisible();
    await expect(dialog.getByRole('alert')).toHaveCount(0);
  });

  test('the admin overview and the Users tab count accounts the same way', async ({ page }) => {
    const db = await serviceClient();
    // a deleted account: admin_overview counted every auth.users row, the Users tab only live ones
    const gone = await createUser();
    expect((await db.auth.admin.deleteUser(gone.id, true)).error).toBeNull();
    await decideConsent(page);
    await signedInUser(page, { admin: true });
    await openPage(page, '/admin');
    const stat = page.getByText('Accounts', { exact: true }).locator('..');
    const listed = page.getByText(/^\d+ accounts$/);
    // Tests in the other worker create accounts meanwhile: read both counts once more until one reading agrees.
    const agreedCount = async () => {
      await page.reload();
      await expect(stat).toContainText(/\d/);
      const overview = Number((await stat.textContent())!.replace(/\D/g, ''));
      await page.getByRole('tab', { name: 'Users' }).click();
      await expect(listed).toBeVisible();
      return Number((await listed.textContent())!.replace(/\D/g, '')) === overview ? overview : -1;
    };
    let before = -1;
    await expect.poll(async () => (before = await agreedCount()), { timeout: 30_000 }).toBeGreaterThan(0);
    // and they move together: a new account shows in both
    await createUser();
    await expect.poll(agreedCount, { timeout: 30_000 }).toBeGreaterThan(before);
  });

  test('the Dashboard view says what completeness and health each measure', async ({ page }) => {
    await openBuilder(page);
    await page.getByRole('button', { name: 'Dashboard', exact: true }).click();
    await expect(page.getByTestId('health-score')).toBeVisible();
    await expect(page.getByTestId('completeness-explained')).toHaveText('How much of your business profile is filled in (8 answers).');
    await expect(page.getByTestId('health-explained')).toHaveText('How ready your business basics are for planning (7 essentials).');
  });

  test('the builder draws no self-loop and keeps every node inside the canvas', async ({ page }) => {
    const user = await openBuilder(page);
    await page.getByTestId('add-new-node').click();
    const dialog = page.getByRole('dialog', { name: 'Add Integration' });
    await dialog.getByRole('searchbox', { name: 'Search integrations' }).fill('Slack');
    await dialog.getByRole('button', { name: 'Add Slack' }).click();
    await expect(dialog.getByRole('button', { name: 'Slack is on your canvas' })).toBeVisible();
    await page.keyboard.press('Escape');
    // an idea from a tool to itself (the coach or an old client could save one)
    const db = await serviceClient();
    expect(
      (await db.from('connection_ideas').insert({ user_id: user.id, from_tool: 'Slack', to_tool: 'Slack', idea: 'Slack to Slack' })).error,
    ).toBeNull();
    await page.reload();
    await expect(page.getByTestId('tool-node-slack')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('Slack to Slack')).toBeVisible(); // the idea is listed, only not drawn
    await expect(page.locator('.react-flow__edge')).toHaveCount(0);
    const canvas = (await page.getByTestId('builder-canvas').boundingBox())!;
    for (const node of await page.locator('.react-flow__node').all()) {
      const b = (await node.boundingBox())!;
      expect(b.x).toBeGreaterThanOrEqual(canvas.x);
      expect(b.y).toBeGreaterThanOrEqual(canvas.y);
      expect(b.x + b.width).toBeLessThanOrEqual(canvas.x + canvas.width);
      expect(b.y + b.height).toBeLessThanOrEqual(canvas.y + canvas.height);
    }
  });
});
