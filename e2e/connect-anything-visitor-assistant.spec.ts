import { expect, shot, test } from './fixtures';
import { startOwnServer } from './support/coach-helpers';
import { startFakeOpenAI, type FakeProvider } from './support/fake-openai';
import { decideConsent, WIDTHS } from './support/public-helpers';

// Issue 44: with an AI provider configured, a signed-out visitor's Integration Assistant answers from the catalogue,
// within the server's visitor limits, and still invites them to sign in. This spec runs its own server whose
// provider is the local OpenAI stand-in; one question an hour per address, so the second meets the limit. Each
// width is a visitor of its own: the server trusts the X-Forwarded-For the page sends (TRUST_PROXY), as behind a proxy.
let ai: FakeProvider;
let own: Awaited<ReturnType<typeof startOwnServer>>;

test.describe('a visitor asks the Integration Assistant', () => {
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async () => {
    ai = await startFakeOpenAI();
    own = await startOwnServer('visitor-assistant', {
      AI_PROVIDER: 'openai-compatible',
      AI_BASE_URL: ai.baseURL,
      AI_API_KEY: 'x',
      AI_MODEL: 'test',
      ASSISTANT_VISITOR_PER_HOUR: '1',
      TRUST_PROXY: 'true',
    });
  });
  test.afterAll(async () => {
    await own?.close();
    await ai?.close();
  });

  for (const viewport of WIDTHS) {
    test(`answers a question, then states the hourly limit and keeps the question (${viewport.width} px)`, async ({ page, pageErrors }) => {
      pageErrors.expectError(/status of 429/); // the limit, provoked on purpose
      ai.reset();
      ai.script({ toolCalls: [{ name: 'searchCatalogue', arguments: { query: 'xero' } }] }, { text: 'Yes, **Xero** is in our catalogue.' });
      await decideConsent(page);
      await page.setViewportSize(viewport);
      await page.setExtraHTTPHeaders({ 'x-forwarded-for': `203.0.113.${viewport.width % 250}` });
      await page.goto(`${own.server.url}/connect-anything`);
      await page.getByRole('tab', { name: 'Integration Assistant' }).click();
      const assistant = page.getByRole('region', { name: 'Integration Assistant' });
      await expect(assistant).toContainText("Hi! I'm the Integration Assistant.");
      await expect(assistant).toContainText('Sign in for your AI coach');
      await expect(assistant.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/sign-in');
      await expect(assistant).not.toContainText('not set up on this server');

      const input = assistant.getByLabel('Message the Integration Assistant');
      await input.fill('Do you connect to Xero?');
      await input.press('Enter');
      await expect(assistant.getByTestId('visitor-reply')).toContainText('Yes, Xero is in our catalogue.');
      await shot(page, `connect-anything-visitor-assistant-${viewport.width}`);

      await input.fill('And to QuickBooks?');
      await input.press('Enter');
      await expect(assistant.getByRole('alert')).toContainText(
        'You have asked a lot of questions this hour. Sign in to keep talking to the assistant, or try again later.',
      );
      await expect(assistant).toContainText('And to QuickBooks?');
      await expect(assistant.getByRole('button', { name: 'Retry' })).toBeVisible();
      await shot(page, `connect-anything-visitor-assistant-limit-${viewport.width}`);
    });
  }
});
