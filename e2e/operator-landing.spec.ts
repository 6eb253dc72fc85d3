import { expect, openPage, test } from './fixtures';
import { signInThroughCard } from './support/accounts-helpers';
import { createUser } from './support/auth';
import { decideConsent } from './support/public-helpers';

// issue 44: an operator who signs in lands in the console, not in the business onboarding, unless they also use
// the app (their business profile is finished); a customer without a finished profile still goes to the wizard
test.describe('where signing in lands', () => {
  test('an operator without a business profile lands on /admin', async ({ page }) => {
    const operator = await createUser({ admin: true, onboarded: false });
    await decideConsent(page);
    await openPage(page, '/sign-in');
    await signInThroughCard(page, operator.email, operator.password);
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { name: "Operators' console" })).toBeVisible();
  });

  test('an operator who also uses the app lands on /dashboard', async ({ page }) => {
    const operator = await createUser({ admin: true, onboarded: true });
    await decideConsent(page);
    await openPage(page, '/sign-in');
    await signInThroughCard(page, operator.email, operator.password);
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a customer without a finished profile still lands in the onboarding', async ({ page }) => {
    const customer = await createUser({ onboarded: false });
    await decideConsent(page);
    await openPage(page, '/sign-in');
    await signInThroughCard(page, customer.email, customer.password);
    await expect(page).toHaveURL(/\/sign-up$/);
    await expect(page.getByRole('button', { name: "Let's Get Started" })).toBeVisible();
  });
});
