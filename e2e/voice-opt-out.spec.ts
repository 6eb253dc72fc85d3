import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { installVoiceProbe, readVoiceProbe } from './support/voice-probe';
import { signUpToWizard, useVoiceServer } from './support/voice-server';

// Issue 38 item 8: opting out of voice at any moment ends or prevents the session and releases the microphone. The
// stand-in holds its answers until released (a slow ElevenLabs); the probe watches the page's microphone and sockets.
const voice = useVoiceServer('voice-opt-out');

const OPT_OUTS = [
  { name: 'Skip Voice', press: (page: Page) => page.getByRole('button', { name: 'Skip Voice' }).click() },
  { name: 'Voice Off', press: (page: Page) => page.getByRole('button', { name: 'Voice On' }).click() },
];

/** The microphone and the audio graph are released: every track ended, every AudioContext closed. */
async function expectMicrophoneReleased(page: Page) {
  await expect
    .poll(async () => {
      const { tracks, audioContexts } = await readVoiceProbe(page);
      return { tracksLive: tracks.filter((t) => t !== 'ended').length, contextsOpen: audioContexts.filter((c) => c !== 'closed').length };
    })
    .toEqual({ tracksLive: 0, contextsOpen: 0 });
}

async function expectVoiceOff(page: Page) {
  await expect(page.getByRole('button', { name: 'Voice Off' })).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByText('Connecting', { exact: true })).toHaveCount(0);
}

for (const optOut of OPT_OUTS) {
  test(`${optOut.name} while the signed URL is on its way aborts it: no socket, no microphone`, async ({ page }) => {
    test.setTimeout(90_000);
    const { agent } = voice;
    const urlsBefore = agent.signedUrlRequests.length;
    const connectionsBefore = agent.connections.length;
    const held = agent.holdNextSignedUrl();
    await installVoiceProbe(page);
    await signUpToWizard(page, voice.server.url, 'voice-opt-out-url');
    await held.arrived;
    await expect(page.getByText('Connecting', { exact: true })).toBeVisible();

    await optOut.press(page);
    await expectVoiceOff(page);
    held.release();
    await held.answered;
    // the late answer starts nothing: the microphone was never asked for
    expect(await readVoiceProbe(page)).toMatchObject({ tracks: [], sockets: 0 });

    // voice on again: a new conversation starts, and it is the only one, on the second signed URL
    await page.getByRole('button', { name: 'Voice Off' }).click();
    const s = await agent.nextSession();
    expect(s.signedUrlNumber).toBe(urlsBefore + 2);
    expect(agent.connections.length).toBe(connectionsBefore + 1);
    await expect(page.getByText('Ready', { exact: true })).toBeVisible();
    expect((await readVoiceProbe(page)).sockets).toBe(1);
  });

  test(`${optOut.name} while the socket is connecting closes it at once: no audio, microphone released, tools ignored`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const { agent } = voice;
    const held = agent.holdNextHandshake();
    await installVoiceProbe(page);
    await signUpToWizard(page, voice.server.url, 'voice-opt-out-socket');
    const s = await held.arrived; // the socket is open and the SDK holds the microphone permission stream
    await expect(page.getByText('Connecting', { exact: true })).toBeVisible();

    await optOut.press(page);
    await expectVoiceOff(page);
    held.release();
    await held.answered;
    // the agent tries to fill the form right after the handshake
    s.sendToolCall('updateOnboardingData', { field: 'businessName', value: 'Ghost Bakery' });
    s.sendToolCall('nextStep');

    expect(await s.closed).toBe(1000);
    expect(await agent.nextSession()).toBe(s);
    expect(s.audioChunks).toBe(0);
    const results = s.received.filter((m) => m.type === 'client_tool_result').map((m) => m.result);
    expect(results).not.toContain('Updated businessName');
    expect(results).not.toContain('Moved to step 2 of 6');
    await expectMicrophoneReleased(page);
    expect(await readVoiceProbe(page)).toMatchObject({ audioSent: 0, sockets: 1 });
    await expectVoiceOff(page);

    // the form is as the person left it
    await expect(page.getByText('Step 1 of 6')).toBeVisible();
    await page.getByRole('button', { name: "Let's Get Started" }).click();
    await expect(page.getByText('Step 2 of 6')).toBeVisible();
    await expect(page.getByLabel('Business name')).toHaveValue('');
  });

  test(`${optOut.name} while connected ends the conversation: no audio after the opt-out, microphone released`, async ({ page }) => {
    test.setTimeout(90_000);
    const { agent } = voice;
    await installVoiceProbe(page);
    await signUpToWizard(page, voice.server.url, 'voice-opt-out-live');
    const s = await agent.nextSession();
    await expect(page.getByText('Ready', { exact: true })).toBeVisible();
    expect(await s.callTool('updateOnboardingData', { field: 'businessName', value: 'Voice Bakery' })).toEqual({
      result: 'Updated businessName',
      is_error: false,
    });
    await expect.poll(() => s.audioChunks).toBeGreaterThan(0); // the fake microphone streams

    await optOut.press(page);
    expect(await s.closed).toBe(1000);
    await expectVoiceOff(page);
    await expectMicrophoneReleased(page);
    expect((await readVoiceProbe(page)).audioSentAfterOptOut).toBe(0);

    // what the agent filled before the opt-out stays
    await page.getByRole('button', { name: "Let's Get Started" }).click();
    await expect(page.getByLabel('Business name')).toHaveValue('Voice Bakery');
  });
}
