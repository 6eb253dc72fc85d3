import { expect, test } from './fixtures';
import { signUpToWizard, useVoiceServer, VOICE_CREDENTIALS } from './support/voice-server';

const voice = useVoiceServer('voice');

test('the voice agent drives onboarding to completion through the three client tools', async ({ page, pageErrors }) => {
  test.setTimeout(120_000);
  // the only console errors are the SDK's own reports of the tool calls that are meant to fail
  pageErrors.expectError(/launchRockets/);
  pageErrors.expectError(/^console: Client tool execution failed/);

  await signUpToWizard(page, voice.server.url, 'voice');

  // the wizard opened with voice on: it fetched a signed URL (key on the server only) and connected
  const s = await voice.agent.nextSession();
  expect(voice.agent.signedUrlRequests.at(-1)).toEqual(VOICE_CREDENTIALS);
  await expect(page.getByText('Voice assistant is ready to help!')).toBeVisible();
  await expect(page.getByText('Ready', { exact: true })).toBeVisible();
  await s.ping();

  s.say("Hi! Let's set up your business. What is it called?");
  await expect(page.getByText("Hi! Let's set up your business. What is it called?")).toBeVisible();
  s.userSaid('It is called Voice Bakery');
  s.userSaid('Voice\u0007Bakery'); // a control character: the validator refuses it (markup is just text)
  await expect(page.getByText('Voice input contains invalid content')).toBeVisible();

  expect(await s.callTool('nextStep')).toEqual({ result: 'Moved to step 2 of 6', is_error: false });
  await expect(page.getByText('Step 2 of 6')).toBeVisible();
  // step 2 validation applies to the agent too
  expect((await s.callTool('nextStep')).is_error).toBe(true);
  await expect(page.getByText('Business name is required')).toBeVisible();

  for (const [field, value] of [
    ['businessName', 'Voice Bakery'],
    ['industry', 'food & beverage'],
    ['problemSolving', 'Warm bread, ordered by voice'],
  ] as const) {
    expect(await s.callTool('updateOnboardingData', { field, value })).toEqual({ result: `Updated ${field}`, is_error: false });
  }
  await expect(page.getByLabel('Business name')).toHaveValue('Voice Bakery');
  await expect(page.getByLabel('Industry')).toHaveValue('Food & Beverage');
  // an invalid option and an unknown field come back as errors the agent can act on
  expect(await s.callTool('updateOnboardingData', { field: 'industry', value: 'Piracy' })).toMatchObject({ is_error: true });
  expect(await s.callTool('updateOnboardingData', { field: 'password', value: 'x' })).toMatchObject({ is_error: true });

  await s.callTool('nextStep');
  await expect(page.getByText('Step 3 of 6')).toBeVisible();
  await s.callTool('updateOnboardingData', { field: 'goals', value: ['revenue', 'Generate More Leads'] });
  await s.callTool('updateOnboardingData', { field: 'businessTargets', value: 'Open a second shop this year' });
  await expect(page.getByRole('button', { name: 'Increase Revenue' })).toHaveAttribute('aria-pressed', 'true');
  await s.callTool('nextStep');
  await s.callTool('updateOnboardingData', { field: 'fundingSource', value: 'Bank Loan' });
  await s.callTool('updateOnboardingData', { field: 'teamSize', value: '6-10 people' });
  await s.callTool('updateOnboardingData', { field: 'keyMetrics', value: 'revenue, profit' });
  await s.callTool('nextStep');
  await expect(page.getByRole('heading', { name: 'Customize Your Experience' })).toBeVisible();
  await s.callTool('updateOnboardingData', { field: 'theme', value: 'modern' });
  await s.callTool('nextStep');
  await expect(page.getByRole('heading', { name: "You're All Set!" })).toBeVisible();
  await expect(page.getByText('100%')).toBeVisible();

  // the mute toggle sets the assistant's volume to 0 and back
  await page.getByRole('button', { name: 'Mute assistant' }).click();
  await expect(page.getByRole('button', { name: 'Unmute assistant' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Unmute assistant' }).click();

  // an undefined tool is reported back to the agent as an error result by the SDK
  expect(await s.callTool('launchRockets', {})).toEqual({
    result: 'Client tool with name launchRockets is not defined on client',
    is_error: true,
  });

  expect(await s.callTool('completeOnboarding')).toEqual({ result: 'Onboarding completed', is_error: false });
  await expect(page).toHaveURL(/\/dashboard$/);
  const context = await page.evaluate(() => JSON.parse(localStorage.getItem('business-context') ?? '{}'));
  expect(context).toMatchObject({
    businessName: 'Voice Bakery',
    industry: 'Food & Beverage',
    businessStage: 'growth',
    goals: ['revenue', 'leads'],
  });
  expect(s.audioChunks).toBeGreaterThan(0); // the fake microphone streamed audio
});

test('Skip Voice ends the conversation and the wizard carries on visually', async ({ page }) => {
  test.setTimeout(90_000);
  await signUpToWizard(page, voice.server.url, 'voice-skip');
  const s = await voice.agent.nextSession();
  await expect(page.getByText('Ready', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Skip Voice' }).click();
  await expect(page.getByText('Continuing with visual-only onboarding')).toBeVisible();
  expect(await s.closed).toBe(1000);
  await expect(page.getByRole('button', { name: 'Voice Off' })).toHaveAttribute('aria-pressed', 'false');
  await page.getByRole('button', { name: "Let's Get Started" }).click();
  await expect(page.getByText('Step 2 of 6')).toBeVisible();
});
