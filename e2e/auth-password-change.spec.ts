import { createClient } from '@supabase/supabase-js';
import { expect, openPage, test } from './fixtures';
import { serverKeys, signIn, signedInUser } from './support/auth';

// Issue 14 item 4: a password change on /user needs the current password or an e-mailed reauthentication code.
const baseURL = () => `http://127.0.0.1:${process.env.E2E_PORT}`;

async function newestCode(to: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await (await fetch(`${baseURL()}/_dev/mail/messages.json`)).json()) as { to: string; text: string }[];
        return (code = mails.find((m) => m.to === to)?.text.match(/Code: (\d{6})/)?.[1]);
      },
      { message: `no code mailed to ${to}` },
    )
    .toBeDefined();
  return code!;
}

test('changing the password asks for the current one, accepts an e-mailed code instead, and signs other devices out', async ({
  page,
  pageErrors,
}) => {
  test.setTimeout(90_000);
  pageErrors.expectError(/status of 400/); // the wrong current password is refused, on purpose
  const user = await signedInUser(page);
  const elsewhere = await signIn(user.email, user.password);
  await openPage(page, '/user');
  const section = page.locator('#password');

  await section.getByLabel('New password', { exact: true }).fill('first-new-passphrase');
  await section.getByLabel('Confirm new password').fill('first-new-passphrase');
  await section.getByRole('button', { name: 'Change password' }).click();
  await expect(section.getByText('Enter your current password, or ask for a code by e-mail.')).toBeVisible();

  await section.getByLabel('Current password').fill('not-my-password');
  await section.getByRole('button', { name: 'Change password' }).click();
  await expect(section.getByText('Failed to update password: Your current password is not correct.')).toBeVisible();

  await section.getByLabel('Current password').fill(user.password);
  await section.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed. Other devices have been signed out.')).toBeVisible();
  // the other device's session is gone
  const other = createClient(baseURL(), (await serverKeys()).anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
  expect((await other.auth.getUser(elsewhere.access_token)).error).not.toBeNull();
  // the toast of this change goes first, so the one awaited below can only be the second change's
  await expect(page.getByText('Password changed. Other devices have been signed out.')).toHaveCount(0, { timeout: 15_000 });

  // no current password at hand: Supabase's reauthenticate() code
  await section.getByRole('button', { name: 'Forgot it? E-mail me a code instead' }).click();
  await expect(section.getByText(`We e-mailed a 6-digit code to ${user.email}.`)).toBeVisible();
  await section.getByLabel('Code from the e-mail').fill(await newestCode(user.email));
  await section.getByLabel('New password', { exact: true }).fill('second-new-passphrase');
  await section.getByLabel('Confirm new password').fill('second-new-passphrase');
  await section.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed. Other devices have been signed out.').last()).toBeVisible();
  expect((await signIn(user.email, 'second-new-passphrase')).access_token).toBeTruthy();
});
