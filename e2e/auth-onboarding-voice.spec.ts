import { expect, openPage, test } from './fixtures';
import { fillWizardVisually } from './support/accounts-helpers';
import { signedInUser } from './support/auth';

// Issue 14 item 6: this server has no voice configuration, so no switch or summary may say voice is on.
test('without voice configured, step 5 has the voice switch off and disabled and step 6 does not say "On"', async ({ page }) => {
  test.setTimeout(60_000);
  await signedInUser(page);
  await openPage(page, '/sign-up');
  await expect(page.getByText('Step 1 of 6')).toBeVisible();
  await expect(page.getByText('Voice unavailable')).toBeVisible();
  await fillWizardVisually(page);
  await expect(page.getByRole('heading', { name: 'Customize Your Experience' })).toBeVisible();
  const voiceSwitch = page.getByRole('switch', { name: 'Voice assistant' });
  await expect(voiceSwitch).not.toBeChecked();
  await expect(voiceSwitch).toBeDisabled();
  await expect(page.getByText('Voice guidance is not available on this site yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: "You're All Set!" })).toBeVisible();
  const voiceRow = page.getByText('Voice assistant', { exact: true }).locator('..');
  await expect(voiceRow).toContainText('Not available');
  await expect(voiceRow).not.toContainText('On');
});
