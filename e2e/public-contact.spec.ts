import { uniqueEmail } from './support/auth';
import { decideConsent, serviceSelect } from './support/public-helpers';
import { expect, openPage, test } from './fixtures';

test.describe('contact page', () => {
  test.beforeEach(async ({ page }) => decideConsent(page));

  test('shows the address, e-mail and both phone numbers', async ({ page }) => {
    await openPage(page, '/contact');
    const main = page.getByRole('main');
    await expect(main).toContainText('London EC2A 3JL');
    await expect(main.getByRole('link', { name: 'hello@vibebusinesscoach.co.uk' })).toHaveAttribute(
      'href',
      'mailto:hello@vibebusinesscoach.co.uk',
    );
    await expect(main.getByRole('link', { name: /\+44 20 7946 0321/ })).toBeVisible();
    await expect(main.getByRole('link', { name: /\+44 7700 900123/ })).toBeVisible();
  });

  test('validates, then stores the message in contact_messages as typed (trimmed; markup is text, not stripped)', async ({ page }) => {
    await openPage(page, '/contact');
    const form = page.getByRole('form', { name: 'Send us a message' });
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByText('Please enter your name')).toBeVisible();
    await expect(form.getByText('Invalid email format')).toBeVisible();
    await expect(form.getByText('Please write a message')).toBeVisible();
    await expect(form.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');

    const email = uniqueEmail('contact');
    await form.getByLabel('Name').fill('  Ada Lovelace ');
    await form.getByLabel('Email').fill(email.toUpperCase());
    await form.getByLabel('Subject (optional)').fill('Partnership');
    await form.getByLabel('Message').fill('Hello <script>alert(1)</script>there, can we talk about the Growth plan?');
    await expect(form.getByText('Please enter your name')).toBeHidden(); // re-checked as the visitor types
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('heading', { name: 'Message sent' })).toBeVisible();

    const rows = await serviceSelect('contact_messages', `email=eq.${encodeURIComponent(email)}&select=*`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: 'Ada Lovelace',
      email,
      subject: 'Partnership',
      message: 'Hello <script>alert(1)</script>there, can we talk about the Growth plan?',
      status: 'new',
    });
  });

  test('the server limit per IP answers with the rate-limit message', async ({ page, pageErrors }) => {
    pageErrors.expectError(/429/); // the route answers 429 on purpose
    await page.route('**/rest/v1/contact_messages*', (r) =>
      r.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'over_request_rate_limit', message: 'Too many requests. Please try again later.' }),
      }),
    );
    await openPage(page, '/contact');
    const form = page.getByRole('form', { name: 'Send us a message' });
    await form.getByLabel('Name').fill('Grace');
    await form.getByLabel('Email').fill(uniqueEmail('limited'));
    await form.getByLabel('Message').fill('Is this on?');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByRole('alert')).toHaveText('Too many messages from this device. Please wait a few minutes and try again.');
  });
});
