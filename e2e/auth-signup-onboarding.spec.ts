import { expect, openPage, test } from './fixtures';
import { adminSelect, brandName, fillWizardVisually } from './support/accounts-helpers';
import { uniqueEmail } from './support/auth';

test('sign-up validates, then the visual onboarding saves progress, resumes after a reload and completes to /dashboard', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const brand = await brandName();
  await openPage(page, '/sign-up');
  await expect(page.getByRole('heading', { name: 'Get started with your AI voice assistant' })).toBeVisible();
  await expect(page.getByRole('tab').first()).toHaveText('Sign Up');

  const email = uniqueEmail('signup');
  await page.locator('#signup-email').fill(email);
  await page.locator('#signup-password').fill('short');
  await page.locator('#signup-confirm').fill('other');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Passwords do not match' })).toBeVisible();
  await page.locator('#signup-confirm').fill('short');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Password must be at least 8 characters long' })).toBeVisible();

  // the visibility toggle shows the typed password
  await page.getByRole('button', { name: 'Show password' }).first().click();
  await expect(page.locator('#signup-password')).toHaveAttribute('type', 'text');

  await page.locator('#signup-password').fill('a long enough password');
  await page.locator('#signup-confirm').fill('a long enough password');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText(`Welcome to ${brand}!`, { exact: true })).toBeVisible();

  // the wizard, visual only (no ElevenLabs configuration on this server)
  await expect(page.getByText('Step 1 of 6')).toBeVisible();
  await expect(page.getByText('5 simple steps')).toBeVisible();
  await expect(page.getByText('Voice unavailable')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Back to Login' })).toBeVisible();

  // step 2 validation: messages under the fields, cleared on edit
  await page.getByRole('button', { name: "Let's Get Started" }).click();
  await expect(page.getByText('Step 2 of 6')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Business name is required')).toBeVisible();
  await expect(page.getByText('Please select an industry')).toBeVisible();
  await expect(page.getByText('Please describe the problem you solve')).toBeVisible();
  await page.getByLabel('Business name').fill('A');
  await expect(page.getByText('Business name is required')).toHaveCount(0);
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page.getByText('Step 1 of 6')).toBeVisible();

  await fillWizardVisually(page);
  await expect(page.getByRole('heading', { name: 'Customize Your Experience' })).toBeVisible();

  // progress is on the server: a reload comes back to the same step with the answers
  await expect
    .poll(
      async () =>
        (await adminSelect<{ current_step: number }>('business_profiles', `select=current_step&business_name=eq.Acme%20Bakery`))[0]
          ?.current_step,
    )
    .toBe(4);
  await page.reload();
  await expect(page.getByText('Step 5 of 6')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('heading', { name: "You're All Set!" })).toBeVisible();
  await expect(page.getByText('100%')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Your goals' })).toContainText('Increase Revenue');
  await page.getByRole('button', { name: 'Launch My Dashboard' }).click();
  await expect(page.getByText(`Welcome to ${brand}! Your dashboard is ready.`)).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);

  const stored = await page.evaluate(() => ({
    completed: localStorage.getItem('onboarding-completed'),
    context: JSON.parse(localStorage.getItem('business-context') ?? '{}'),
    data: JSON.parse(localStorage.getItem('onboarding-data') ?? '{}'),
  }));
  expect(stored.completed).toBe('true');
  expect(stored.context).toMatchObject({
    businessName: 'Acme Bakery',
    industry: 'Food & Beverage',
    businessStage: 'growth',
    goals: ['revenue'],
    currentFocus: 'Double revenue in 12 months',
    onboardingCompleted: true,
  });
  expect(stored.data.preferences).toEqual({ voiceEnabled: true, theme: 'professional', defaultView: 'command-center' });

  const [row] = await adminSelect<Record<string, unknown>>(
    'business_profiles',
    'select=*&business_name=eq.Acme%20Bakery&onboarding_completed=is.true',
  );
  expect(row).toMatchObject({
    industry: 'Food & Beverage',
    business_stage: 'growth',
    completeness: 100,
    team_size: '2-5 people',
    key_metrics: ['revenue'],
    challenges: ['Time management'],
  });
});
