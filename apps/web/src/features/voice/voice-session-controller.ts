export type VoiceStatus = 'connecting' | 'connected' | 'disconnecting' | 'disconnected';
export type VoiceMode = 'listening' | 'speaking';

/** The three client tools of docs/product.md#voice-assistant, as the wizard implements them. */
export interface VoiceTools {
  updateField(field: string, value: unknown): string;
  nextStep(): string;
  complete(): Promise<string>;
}

/** What one conversation tells the app. The controller passes these on only while the conversation is the current one. */
export interface VoiceSessionHandlers {
  onConnect(): void;
  onStatusChange(status: VoiceStatus): void;
  onModeChange(mode: VoiceMode): void;
  onMessage(message: string, role: 'user' | 'agent'): void;
  onError(): void;
  onDisconnect(details: { reason: string; message?: string }): void;
}

export interface EndableSession {
  endSession(): Promise<void>;
  setVolume(options: { volume: number }): void;
}

/** The transport: the signed-URL request and the SDK's startSession (voice-session-driver.ts in the app, fakes in tests). */
export interface VoiceSessionDriver {
  fetchSignedUrl(signal: AbortSignal): Promise<string>;
  startSession(signedUrl: string, handlers: VoiceSessionHandlers, tools: VoiceTools): Promise<EndableSession>;
}

interface Attempt {
  readonly abort: AbortController;
  session: EndableSession | null;
}

/**
 * One voice conversation at a time, and opting out wins at any moment (issue 38 item 8): while the signed URL is being
 * fetched the request is aborted; while the SDK connects (its startSession cannot be cancelled) the conversation is
 * ended the moment it resolves; once connected it is ended at once. Callbacks and client tool calls of an attempt the
 * person opted out of are dropped, so nothing the agent says afterwards reaches the form.
 */
export class VoiceSessionController {
  private attempt: Attempt | null = null;
  private tools: VoiceTools | null = null;

  constructor(
    private readonly driver: VoiceSessionDriver,
    private readonly app: VoiceSessionHandlers & { refusal: string; onStartFailed(err: unknown): void },
  ) {}

  /** The wizard's tools as of its latest render; the agent's calls read them when they arrive. */
  setTools(tools: VoiceTools): void {
    this.tools = tools;
  }

  /** Whether a conversation is being set up or running. */
  get active(): boolean {
    return this.attempt !== null;
  }

  async start(): Promise<void> {
    if (this.attempt) return;
    const attempt: Attempt = { abort: new AbortController(), session: null };
    this.attempt = attempt;
    this.app.onStatusChange('connecting');
    let session: EndableSession;
    try {
      const signedUrl = await this.driver.fetchSignedUrl(attempt.abort.signal);
      if (attempt.abort.signal.aborted) return; // the answer came after the opt-out: no session
      session = await this.driver.startSession(signedUrl, this.guardedHandlers(attempt), this.guardedTools(attempt));
    } catch (err) {
      if (this.attempt !== attempt) return; // failed after the opt-out: nothing to report
      this.attempt = null;
      this.app.onStatusChange('disconnected');
      this.app.onStartFailed(err);
      return;
    }
    // startSession resolved after the opt-out (or after the server closed it): end it before any audio is sent
    if (this.attempt !== attempt) return void (await session.endSession().catch(() => {}));
    attempt.session = session;
  }

  async stop(): Promise<void> {
    const attempt = this.attempt;
    this.attempt = null;
    if (!attempt) return;
    attempt.abort.abort();
    this.app.onStatusChange('disconnected');
    this.app.onModeChange('listening');
    await attempt.session?.endSession().catch(() => {});
  }

  setVolume(volume: number): void {
    this.attempt?.session?.setVolume({ volume });
  }

  private guardedHandlers(attempt: Attempt): VoiceSessionHandlers {
    const current = () => this.attempt === attempt;
    return {
      onConnect: () => current() && this.app.onConnect(),
      onStatusChange: (s) => current() && this.app.onStatusChange(s),
      onModeChange: (m) => current() && this.app.onModeChange(m),
      onMessage: (message, role) => current() && this.app.onMessage(message, role),
      onError: () => current() && this.app.onError(),
      onDisconnect: (details) => {
        if (!current()) return;
        this.attempt = null; // ended by the agent or the network: a later start opens a new conversation
        this.app.onDisconnect(details);
      },
    };
  }

  /** The wizard's tools, refusing once the attempt is over (the agent reads the refusal; the form stays as it is). */
  private guardedTools(attempt: Attempt): VoiceTools {
    const live = () => (this.attempt === attempt && !attempt.abort.signal.aborted ? this.tools : null);
    const { refusal } = this.app;
    return {
      updateField: (field, value) => live()?.updateField(field, value) ?? refusal,
      nextStep: () => live()?.nextStep() ?? refusal,
      complete: () => live()?.complete() ?? Promise.resolve(refusal),
    };
  }
}
