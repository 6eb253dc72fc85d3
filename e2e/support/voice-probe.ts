import type { Page } from '@playwright/test';

/** What the page's microphone, audio graph and sockets did, as the probe recorded it. */
export interface VoiceProbeReport {
  /** readyState of every track getUserMedia handed out. */
  tracks: string[];
  /** state of every AudioContext created. */
  audioContexts: string[];
  /** Voice-agent websockets the page opened. */
  sockets: number;
  /** user_audio_chunk frames sent at or after the last opt-out click (Skip Voice or Voice On → off). */
  audioSentAfterOptOut: number;
  /** user_audio_chunk frames sent in all. */
  audioSent: number;
}

declare global {
  interface Window {
    __voiceProbe?: { streams: MediaStream[]; contexts: AudioContext[]; sockets: number; sends: number[]; optOutAt: number };
  }
}

/**
 * Before any page script runs: wraps getUserMedia, AudioContext and WebSocket.send so a test can see that an opt-out
 * released the microphone and sent no audio. The opt-out time is taken in the capture phase of the click, before the
 * app's own handler runs, so a chunk counted after it was sent after the person opted out.
 */
export async function installVoiceProbe(page: Page) {
  await page.addInitScript(() => {
    const probe = { streams: [] as MediaStream[], contexts: [] as AudioContext[], sockets: 0, sends: [] as number[], optOutAt: Infinity };
    window.__voiceProbe = probe;
    const getUserMedia = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
    navigator.mediaDevices.getUserMedia = async (constraints) => {
      const stream = await getUserMedia(constraints);
      probe.streams.push(stream);
      return stream;
    };
    const NativeAudioContext = window.AudioContext;
    window.AudioContext = class extends NativeAudioContext {
      constructor(options?: AudioContextOptions) {
        super(options);
        probe.contexts.push(this);
      }
    };
    const NativeWebSocket = window.WebSocket;
    window.WebSocket = class extends NativeWebSocket {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        if (String(url).includes('/v1/convai/')) probe.sockets += 1;
      }
      override send(data: Parameters<WebSocket['send']>[0]) {
        if (typeof data === 'string' && data.includes('"user_audio_chunk"')) probe.sends.push(performance.now());
        super.send(data);
      }
    };
    document.addEventListener(
      'click',
      (e) => {
        const button = (e.target as Element | null)?.closest('button');
        const label = button?.textContent?.trim();
        if (label === 'Skip Voice' || label === 'Voice On') probe.optOutAt = performance.now();
      },
      true,
    );
  });
}

export function readVoiceProbe(page: Page): Promise<VoiceProbeReport> {
  return page.evaluate(() => {
    const p = window.__voiceProbe!;
    return {
      tracks: p.streams.flatMap((s) => s.getTracks().map((t) => t.readyState)),
      audioContexts: p.contexts.map((c) => c.state),
      sockets: p.sockets,
      audioSentAfterOptOut: p.sends.filter((t) => t >= p.optOutAt).length,
      audioSent: p.sends.length,
    };
  });
}
