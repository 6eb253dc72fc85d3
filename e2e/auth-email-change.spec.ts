import { expect, openPage, test } from './fixtures';
import { signedInUser, uniqueEmail } from './support/auth';

// Issue 14 item 3: Supabase's secure e-mail change (AUTH_DOUBLE_CONFIRM_CHANGES, default on) on /user.
const baseURL = () => `http://127.0.0.1:${process.env.E2E_PORT}`;

interface Mail {
  to: string;
  subject: string;
  text: string;
}

async function mailTo(to: string, subject: RegExp): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await (await fetch(`${baseURL()}/_dev/mail/messages.json`)).json()) as Mail[];
        return (found = mails.find((m) => m.to === to && subject.test(m.subject)));
      },
      { message: `no mail to ${to} matching ${subject}` },
    )
    .toBeDefined();
  return found!;
}

const verifyLinkIn = (m: Mail) => m.text.match(/https?:\/\/\S+\/auth\/v1\/verify\?\S+/)![0];

test('changing the e-mail needs both mailed links; /user then shows the new address, a toast, a clean URL, and the old address is told', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const user = await signedInUser(page);
  const next = uniqueEmail('changed');
  await openPage(page, '/user');
  await expect(page.getByText(user.email).first()).toBeVisible();
  await page.getByLabel('E-mail').fill(next);
  await page.getByRole('button', { name: 'Change e-mail' }).click();
  await expect(page.getByText(`Check ${next} for a confirmation link.`, { exact: false })).toBeVisible();

  // the link to the current address first: accepted, nothing changed yet, and the app says what is left
  await page.goto(verifyLinkIn(await mailTo(user.email, /Confirm the change of your/)));
  await expect(page.getByText('First link confirmed. Now open the link we sent to your other e-mail address')).toBeVisible();
  await expect(page).toHaveURL(`${baseURL()}/user`);
  await expect(page.getByRole('heading', { name: 'Your profile' })).toBeVisible();
  await expect(page.locator('main p').filter({ hasText: user.email }).first()).toBeVisible();

  // the new address's link completes it: the page shows the new address at once
  await page.goto(verifyLinkIn(await mailTo(next, /Confirm your new/)));
  await expect(page.getByText(`Your e-mail address is now ${next}.`)).toBeVisible();
  await expect(page).toHaveURL(`${baseURL()}/user`);
  await expect(page.locator('main p').filter({ hasText: next }).first()).toBeVisible();
  await expect(page.getByLabel('E-mail')).toHaveValue(next);

  const notice = await mailTo(user.email, /email address was changed/);
  expect(notice.text).toContain(next);
});
