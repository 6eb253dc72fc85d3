import type { Page } from '@playwright/test';
import { expect, openPage, test } from './fixtures';
import { signedInUser } from './support/auth';

// Issue 39: the living 90-day plan by hand — tick, undo from the toast, edit, reorder, add, late tasks, versions and
// restore — against the real server (the plan is written through the same /functions/v1/plan the page uses).
const SHOTS = process.env.E2E_SHOTS_DIR;

async function writePlan(token: string) {
  const res = await fetch(`http://127.0.0.1:${process.env.E2E_PORT}/functions/v1/plan/edits`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      edits: [
        {
          op: 'createPlan',
          title: 'Harbour Bakes: first 90 days',
          phases: [
            { name: 'Days 1-30: Foundations', tasks: [{ title: 'Write the brand story' }, { title: 'Set up Google Business Profile' }] },
            { name: 'Momentum', tasks: [{ title: 'Launch the loyalty card' }, { title: 'Post three times a week' }] },
            { name: 'Scale', tasks: [{ title: 'Open wholesale to two cafes' }] },
          ],
        },
      ],
    }),
  });
  expect(res.status).toBe(200);
}

const phase = (page: Page, name: RegExp) => page.getByTestId('action-plan').getByRole('region', { name });
const titlesIn = (page: Page, name: RegExp) => phase(page, name).getByTestId('plan-task').locator('label');

for (const width of [1440, 1024]) {
  test(`the plan by hand: tick and undo, edit, reorder, add, late, versions and restore (${width} px)`, async ({ page }) => {
    const user = await signedInUser(page);
    await writePlan(user.session.access_token);
    await page.setViewportSize({ width, height: 1000 });
    await openPage(page, '/dashboard');
    await page.getByRole('button', { name: 'Dashboard', exact: true }).click();
    const plan = page.getByTestId('action-plan');
    await expect(plan.getByRole('heading', { name: 'Harbour Bakes: first 90 days' })).toBeVisible();
    // the phase name the model wrote with its day range is shown once, beside the range
    await expect(phase(page, /^Days 1 to 30: Foundations$/).getByRole('heading', { name: 'Foundations' })).toBeVisible();
    await expect(plan.getByText('0 of 5 tasks done')).toBeVisible();

    // tick, then undo from the toast
    await plan.getByRole('checkbox', { name: 'Write the brand story' }).click();
    await expect(plan.getByText('1 of 5 tasks done')).toBeVisible();
    const saved = page.locator('[data-sonner-toast]', { hasText: 'Plan updated' });
    await saved.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByText('Change undone')).toBeVisible();
    await expect(plan.getByText('0 of 5 tasks done')).toBeVisible();
    await expect(plan.getByRole('checkbox', { name: 'Write the brand story' })).not.toBeChecked();

    // tick again, then edit that task: the tick stays through the edit
    await plan.getByRole('checkbox', { name: 'Write the brand story' }).click();
    await expect(plan.getByText('1 of 5 tasks done')).toBeVisible();
    await plan.getByRole('button', { name: 'Edit task: Write the brand story' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit task' });
    await dialog.getByLabel('Title').fill('Write the bakery brand story');
    await dialog.getByLabel('Owner').fill('Sam');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(plan.getByRole('checkbox', { name: 'Write the bakery brand story' })).toBeChecked();
    await expect(phase(page, /Foundations$/).getByText('Sam')).toBeVisible();

    // a task past its date is late
    await plan.getByRole('button', { name: 'Edit task: Launch the loyalty card' }).click();
    await dialog.getByLabel('Due date').fill('2024-01-05');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(plan.getByRole('region', { name: 'Late' })).toContainText('Launch the loyalty card');

    // reorder by keyboard-reachable buttons, and add a task of the customer's own
    await plan.getByRole('button', { name: 'Move "Post three times a week" up' }).click();
    await expect(titlesIn(page, /Momentum$/)).toHaveText(['Post three times a week', 'Launch the loyalty card']);
    const add = plan.getByLabel('New task in Scale');
    await add.fill('Christmas pre-order push');
    await add.press('Enter');
    await expect(titlesIn(page, /Scale$/)).toHaveText(['Open wholesale to two cafes', 'Christmas pre-order push']);
    await expect(add).toHaveValue('');
    await expect(plan.getByText('1 of 6 tasks done')).toBeVisible();

    // versions: who, what; restore the first
    await plan.getByRole('button', { name: 'Versions' }).click();
    const versions = page.getByRole('dialog', { name: 'Versions' });
    await expect(versions.getByTestId('plan-version').first()).toContainText('Added "Christmas pre-order push"');
    await expect(versions.getByTestId('plan-version').last()).toContainText('1. Wrote the plan "Harbour Bakes: first 90 days"');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/plan-versions-${width}.png` });
    await versions.getByRole('button', { name: 'Restore version 1' }).click();
    await expect(page.getByText('Version 1 restored')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(plan.getByText('0 of 5 tasks done')).toBeVisible();
    await expect(titlesIn(page, /Scale$/)).toHaveText(['Open wholesale to two cafes']);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/plan-${width}.png`, fullPage: true });
    await page.reload();
    await page.getByRole('button', { name: 'Dashboard', exact: true }).click();
    await expect(page.getByTestId('action-plan').getByText('0 of 5 tasks done')).toBeVisible();
  });
}
