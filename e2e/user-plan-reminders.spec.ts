import { expect, openPage, test } from './fixtures';
import { serviceClient, signedInUser } from './support/auth';

// Issue 39: the plan's day-before e-mails are on by default and the customer turns them off on /user (saved).
for (const width of [1440, 390]) {
  test(`/user turns plan reminders off and on, saved (${width} px)`, async ({ page }) => {
    const user = await signedInUser(page);
    await page.setViewportSize({ width, height: 900 });
    await openPage(page, '/user');
    const toggle = page.getByRole('switch', { name: 'Send me a reminder the day before plan tasks are due' });
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await toggle.click();
    await expect(page.getByText('Plan reminders off')).toBeVisible();
    const admin = await serviceClient();
    const read = async () => (await admin.from('profiles').select('plan_reminders').eq('id', user.id).single()).data?.plan_reminders;
    expect(await read()).toBe(false);
    await toggle.scrollIntoViewIfNeeded();
    if (process.env.E2E_SHOTS_DIR) await page.screenshot({ path: `${process.env.E2E_SHOTS_DIR}/user-plan-reminders-${width}.png` });
    await page.reload();
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await toggle.click();
    await expect(page.getByText('Plan reminders on')).toBeVisible();
    expect(await read()).toBe(true);
  });
}
