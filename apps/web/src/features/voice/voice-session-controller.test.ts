import { describe, expect, it } from 'vitest';
import {
  VoiceSessionController,
  type EndableSession,
  type VoiceSessionDriver,
  type VoiceSessionHandlers,
  type VoiceStatus,
  type VoiceTools,
} from './voice-session-controller';

/** A promise the test settles when it chooses. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

class FakeSession implements EndableSession {
  ended = 0;
  volume = 1;
  async endSession() {
    this.ended += 1;
  }
  setVolume({ volume }: { volume: number }) {
    this.volume = volume;
  }
}

/** A driver whose signed-URL answer and startSession the test releases step by step. */
function setup() {
  const url = deferred<string>();
  const started = deferred<EndableSession>();
  const calls = {
    signal: null as AbortSignal | null,
    started: 0,
    handlers: null as VoiceSessionHandlers | null,
    tools: null as VoiceTools | null,
  };
  const driver: VoiceSessionDriver = {
    fetchSignedUrl: (signal) => {
      calls.signal = signal;
      signal.addEventListener('abort', () => url.reject(new DOMException('aborted', 'AbortError')));
      return url.promise;
    },
    startSession: (_signedUrl, handlers, tools) => {
      calls.started += 1;
      calls.handlers = handlers;
      calls.tools = tools;
      return started.promise;
    },
  };
  const seen = { statuses: [] as VoiceStatus[], connects: 0, errors: 0, failures: 0, messages: [] as string[], fields: [] as string[] };
  const controller = new VoiceSessionController(driver, {
    refusal: 'refused',
    onConnect: () => (seen.connects += 1),
    onStatusChange: (s) => seen.statuses.push(s),
    onModeChange: () => {},
    onMessage: (m) => seen.messages.push(m),
    onError: () => (seen.errors += 1),
    onDisconnect: () => {},
    onStartFailed: () => (seen.failures += 1),
  });
  controller.setTools({
    updateField: (field) => (seen.fields.push(field), `Updated ${field}`),
    nextStep: () => 'Moved to step 2 of 6',
    complete: async () => 'Onboarding completed',
  });
  return { controller, url, started, calls, seen };
}

describe('VoiceSessionController', () => {
  it('aborts the signed-URL request when stopped while fetching, and never starts the SDK session', async () => {
    const { controller, calls, seen } = setup();
    const starting = controller.start();
    await controller.stop();
    await starting;
    expect(calls.signal?.aborted).toBe(true);
    expect(calls.started).toBe(0);
    expect(seen.failures).toBe(0); // an opt-out is not a connection failure
    expect(seen.statuses).toEqual(['connecting', 'disconnected']);
    expect(controller.active).toBe(false);
  });

  it('ignores a signed URL that arrives after the stop even if the request was not aborted in time', async () => {
    const { controller, url, calls } = setup();
    const starting = controller.start();
    url.resolve('wss://agent.test/v1/convai/conversation'); // settled before the abort can reject it
    await controller.stop();
    await starting;
    expect(calls.started).toBe(0);
  });

  it('ends a session whose startSession resolves after the stop, and drops its late callbacks and tool calls', async () => {
    const { controller, url, started, calls, seen } = setup();
    const starting = controller.start();
    url.resolve('wss://agent.test/x');
    await expect.poll(() => calls.started).toBe(1);
    await controller.stop();
    // the SDK reports progress of the abandoned attempt: none of it reaches the app
    calls.handlers!.onStatusChange('connected');
    calls.handlers!.onConnect();
    calls.handlers!.onMessage('Hi', 'agent');
    expect(calls.tools!.updateField('businessName', 'Late Bakery')).toBe('refused');
    expect(calls.tools!.nextStep()).toBe('refused');
    await expect(calls.tools!.complete()).resolves.toBe('refused');
    const session = new FakeSession();
    started.resolve(session);
    await starting;
    expect(session.ended).toBe(1);
    expect(seen).toMatchObject({ statuses: ['connecting', 'disconnected'], connects: 0, messages: [], fields: [] });
    expect(controller.active).toBe(false);
  });

  it('reports nothing when startSession fails after the stop', async () => {
    const { controller, url, started, calls, seen } = setup();
    const starting = controller.start();
    url.resolve('wss://agent.test/x');
    await expect.poll(() => calls.started).toBe(1);
    await controller.stop();
    started.reject(new Error('Connection closed normally before session could be established.'));
    await starting;
    expect(seen.failures).toBe(0);
    expect(seen.statuses).toEqual(['connecting', 'disconnected']);
  });

  it('ends a connected session at once and refuses its tool calls from then on', async () => {
    const { controller, url, started, calls, seen } = setup();
    const starting = controller.start();
    url.resolve('wss://agent.test/x');
    const session = new FakeSession();
    started.resolve(session);
    await starting;
    calls.handlers!.onStatusChange('connected');
    expect(calls.tools!.updateField('businessName', 'Voice Bakery')).toBe('Updated businessName');
    controller.setVolume(0);
    expect(session.volume).toBe(0);
    await controller.stop();
    expect(session.ended).toBe(1);
    expect(calls.tools!.updateField('industry', 'Retail')).toBe('refused');
    expect(seen.fields).toEqual(['businessName']);
    expect(seen.statuses).toEqual(['connecting', 'connected', 'disconnected']);
  });

  it('reports a failed start once and lets a later start try again', async () => {
    const { controller, url, seen } = setup();
    url.reject(new Error('Voice service answered HTTP 502'));
    await controller.start();
    expect(seen.failures).toBe(1);
    expect(seen.statuses).toEqual(['connecting', 'disconnected']);
    expect(controller.active).toBe(false);
  });

  it('starts one attempt however often start is called, and a new one after the agent ends the call', async () => {
    const { controller, url, started, calls } = setup();
    const first = controller.start();
    void controller.start();
    url.resolve('wss://agent.test/x');
    started.resolve(new FakeSession());
    await first;
    expect(calls.started).toBe(1);
    calls.handlers!.onDisconnect({ reason: 'agent' });
    expect(controller.active).toBe(false);
    void controller.start();
    expect(calls.started).toBe(1); // the new attempt is fetching its own URL
    expect(controller.active).toBe(true);
  });

  it('stop without a session does nothing', async () => {
    const { controller, seen } = setup();
    await controller.stop();
    expect(seen.statuses).toEqual([]);
  });
});
