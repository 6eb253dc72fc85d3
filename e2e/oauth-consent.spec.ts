import { expect, openPage, test } from './fixtures';
import { signInThroughCard } from './support/accounts-helpers';
import { createUser, serverKeys, serviceClient, signedInUser } from './support/auth';
import { startOAuthClientApp, type OAuthClientApp } from './support/oauth-client-app';

// The product as identity provider (issue 45): a third-party app signs a user in through /auth/v1/oauth/authorize,
// the app's consent page at /oauth/consent, and /auth/v1/oauth/token.
const SHOTS = process.env.E2E_SHOTS_DIR;
let client: OAuthClientApp;

test.beforeEach(async ({ baseURL }) => {
  client = await startOAuthClientApp(baseURL!, (await serverKeys()).anonKey);
  const admin = await serviceClient();
  const { data, error } = await admin.auth.admin.oauth.createClient({
    client_name: 'Acme Reports',
    redirect_uris: [client.redirectUri],
  });
  if (error) throw error;
  client.credentials = { clientId: data!.client_id, clientSecret: data!.client_secret! };
});
test.afterEach(() => client?.close());

test('a signed-out user signs in, sees the client and its scopes, approves, and the client gets their account', async ({ page }) => {
  const user = await createUser();
  await page.goto(`${client.origin}/start`);
  await expect(page).toHaveURL(/\/sign-in$/);
  await signInThroughCard(page, user.email, user.password);

  await expect(page).toHaveURL(/\/oauth\/consent\?authorization_id=/);
  await expect(page.getByRole('heading', { name: 'Allow Acme Reports to use your account?' })).toBeVisible();
  await expect(page.getByText(`Signed in as ${user.email}`)).toBeVisible();
  await expect(page.getByRole('list', { name: 'It asks for:' }).getByRole('listitem')).toHaveText(['email', 'profile']);
  await page.setViewportSize({ width: 1440, height: 900 });
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/oauth-consent-1440.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/oauth-consent-390.png`, fullPage: true });

  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page).toHaveURL(new RegExp(`^${client.redirectUri}\\?`));
  await expect(page.locator('#result')).toHaveText(`Signed in as ${user.email}`);

  // consent is remembered: the next sign-in from the same client skips the question
  await page.goto(`${client.origin}/start`);
  await expect(page.locator('#result')).toHaveText(`Signed in as ${user.email}`);
});

test('Deny sends access_denied back to the client, which signs nobody in', async ({ page }) => {
  await signedInUser(page);
  await page.goto(`${client.origin}/start`);
  await expect(page.getByRole('heading', { name: 'Allow Acme Reports to use your account?' })).toBeVisible();
  await page.getByRole('button', { name: 'Deny' }).click();
  await expect(page.locator('#result')).toHaveText('access_denied: User denied the request');
});

test('a consent link that is unknown or already answered says so', async ({ page, pageErrors }) => {
  pageErrors.expectError(/status of 404 \(Not Found\)/);
  await signedInUser(page);
  await openPage(page, '/oauth/consent?authorization_id=not-a-real-request');
  await expect(page.getByRole('alert')).toHaveText(
    'This sign-in request has expired or was already answered. Go back to the app and start again.',
  );
});
