import { expect, openPage, shot, test } from './fixtures';
import { serviceClient, signedInUser } from './support/auth';

// issue 44: the onboarding's rule makes a solo founder who gave a team size "growth" (as the specification says);
// the Dashboard view shows that stage and lets the customer correct it, and the correction is kept
for (const width of [1440, 1024]) {
  test(`the Dashboard view shows the worked-out business stage and saves a correction (${width} px)`, async ({ page }) => {
    const user = await signedInUser(page);
    const admin = await serviceClient();
    // what completing the wizard with "Just me (Solo)" stores
    const { error } = await admin
      .from('business_profiles')
      .update({ team_size: 'Just me (Solo)', business_stage: 'growth' })
      .eq('user_id', user.id);
    expect(error).toBeNull();
    await page.setViewportSize({ width, height: 900 });
    await openPage(page, '/dashboard');
    await page.getByRole('button', { name: 'Dashboard', exact: true }).click();
    const stage = page.getByRole('combobox', { name: 'Business stage' });
    await expect(stage).toHaveValue('growth');
    await expect(stage).toHaveAccessibleDescription(
      'Set from your onboarding (growth once a team size is given). Change it if it is not right.',
    );
    await stage.selectOption('Startup');
    await expect(page.getByText('Business stage saved')).toBeVisible();
    await shot(page, `dashboard-business-stage-${width}`);
    const { data } = await admin.from('business_profiles').select('business_stage, team_size').eq('user_id', user.id).single();
    expect(data).toEqual({ business_stage: 'startup', team_size: 'Just me (Solo)' });
    await page.reload();
    await page.getByRole('button', { name: 'Dashboard', exact: true }).click();
    await expect(page.getByRole('combobox', { name: 'Business stage' })).toHaveValue('startup');
  });
}
