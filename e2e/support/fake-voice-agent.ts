import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';

/**
 * A local stand-in for ElevenLabs (docs/product.md#voice-assistant): the signed-URL HTTP endpoint and the conversation websocket.
 * It accepts the 'convai' subprotocol, answers the client's initiation data with conversation_initiation_metadata
 * (always the first frame), and lets a test script the agent: pings, audio, agent responses, transcripts and
 * client tool calls whose client_tool_result it reads back.
 */
export interface ToolResult {
  result: string;
  is_error: boolean;
}

type Json = Record<string, unknown>;

/**
 * Holds one answer of the stand-in until the test releases it (a slow ElevenLabs, without a fixed sleep).
 * `arrived` resolves when the held request came in, `answered` once its answer went out.
 */
export interface Gate<T> {
  readonly arrived: Promise<T>;
  readonly answered: Promise<void>;
  release(): void;
}

function gate<T>() {
  let arrive!: (v: T) => void;
  let release!: () => void;
  let answer!: () => void;
  const released = new Promise<void>((r) => (release = r));
  const g = {
    arrived: new Promise<T>((r) => (arrive = r)),
    answered: new Promise<void>((r) => (answer = r)),
    release,
    /** Called by the stand-in: waits for the release, then runs the answer. */
    async hold(value: T, answerNow: () => void) {
      arrive(value);
      await released;
      answerNow();
      answer();
    },
  };
  return g;
}

export class AgentSession {
  readonly received: Json[] = [];
  audioChunks = 0;
  private waiters: { match: (m: Json) => boolean; resolve: (m: Json) => void }[] = [];
  private eventId = 1;

  /** Resolves with the close code when the client ends the conversation. */
  readonly closed: Promise<number>;

  /** Which signed URL (1-based, in the order the stand-in issued them) the client connected with. */
  constructor(
    readonly ws: WebSocket,
    readonly signedUrlNumber: number,
  ) {
    this.closed = new Promise((resolve) => ws.on('close', (code) => resolve(code)));
    ws.on('message', (raw: RawData) => {
      const msg = JSON.parse(raw.toString()) as Json;
      // audio frames have no type: count them (they prove the fake microphone streams)
      if ('user_audio_chunk' in msg) {
        this.audioChunks += 1;
        return;
      }
      this.received.push(msg);
      for (const w of [...this.waiters]) {
        if (w.match(msg)) {
          this.waiters.splice(this.waiters.indexOf(w), 1);
          w.resolve(msg);
        }
      }
    });
  }

  send(msg: Json) {
    this.ws.send(JSON.stringify(msg));
  }

  waitFor(match: (m: Json) => boolean, timeoutMs = 15_000): Promise<Json> {
    const seen = this.received.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('fake voice agent: timed out waiting for a client message')), timeoutMs);
      this.waiters.push({ match, resolve: (m) => (clearTimeout(timer), resolve(m)) });
    });
  }

  async ping(): Promise<void> {
    const id = this.eventId++;
    this.send({ type: 'ping', ping_event: { event_id: id, ping_ms: 5 } });
    await this.waitFor((m) => m.type === 'pong' && m.event_id === id);
  }

  /** An agent turn: the text and a quarter second of PCM16 silence at 16 kHz (docs/product.md#voice-assistant's chunk size). */
  say(text: string) {
    const id = this.eventId++;
    this.send({ type: 'agent_response', agent_response_event: { agent_response: text, event_id: id } });
    this.send({ type: 'audio', audio_event: { audio_base_64: Buffer.alloc((16000 / 4) * 2).toString('base64'), event_id: id } });
  }

  userSaid(text: string) {
    this.send({ type: 'user_transcript', user_transcription_event: { user_transcript: text, event_id: this.eventId++ } });
  }

  /** Sends a client tool call without waiting for its result; returns its id. */
  sendToolCall(tool_name: string, parameters: Json = {}): string {
    const tool_call_id = `call_${this.eventId}`;
    this.send({
      type: 'client_tool_call',
      client_tool_call: { tool_name, tool_call_id, parameters, event_id: this.eventId++, expects_response: true },
    });
    return tool_call_id;
  }

  async callTool(tool_name: string, parameters: Json = {}): Promise<ToolResult> {
    const tool_call_id = this.sendToolCall(tool_name, parameters);
    const r = await this.waitFor((m) => m.type === 'client_tool_result' && m.tool_call_id === tool_call_id);
    return { result: String(r.result), is_error: Boolean(r.is_error) };
  }
}

export interface FakeVoiceAgent {
  /** Origin to use as ELEVENLABS_API_URL. */
  url: string;
  signedUrlRequests: { agentId: string | null; apiKey: string | undefined }[];
  /** Every websocket the client opened, also those whose handshake never finished. */
  connections: AgentSession[];
  /** Resolves with the next conversation once its initiation handshake is done. */
  nextSession(): Promise<AgentSession>;
  /** The next signed-URL request waits for the test's release. */
  holdNextSignedUrl(): Gate<void>;
  /** The next conversation's initiation metadata waits for the test's release (the socket is open meanwhile). */
  holdNextHandshake(): Gate<AgentSession>;
  /**
   * Between tests on one server: ends the conversations still open, and nextSession() waits for one begun after
   * this (a session a previous test's page left behind is never handed to the next test).
   */
  reset(): void;
  close(): Promise<void>;
}

/** The number in a signed URL's `conversation_signature=test-signature-N`, or NaN for any other signature. */
function signatureNumber(req: IncomingMessage): number {
  const m = /^test-signature-(\d+)$/.exec(new URL(req.url ?? '/', 'http://x').searchParams.get('conversation_signature') ?? '');
  return m ? Number(m[1]) : NaN;
}

export async function startFakeVoiceAgent(opts: { apiKey: string; agentId: string }): Promise<FakeVoiceAgent> {
  const signedUrlRequests: FakeVoiceAgent['signedUrlRequests'] = [];
  const connections: AgentSession[] = [];
  const sessions: AgentSession[] = [];
  let signedUrlGate: ReturnType<typeof gate<void>> | null = null;
  let handshakeGate: ReturnType<typeof gate<AgentSession>> | null = null;
  const pending: ((s: AgentSession) => void)[] = [];
  let origin = '';

  const http: Server = createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://x');
    if (req.method === 'GET' && u.pathname === '/v1/convai/conversation/get-signed-url') {
      const apiKey = req.headers['xi-api-key'] as string | undefined;
      signedUrlRequests.push({ agentId: u.searchParams.get('agent_id'), apiKey });
      if (apiKey !== opts.apiKey) {
        res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ detail: { status: 'invalid_api_key' } }));
        return;
      }
      // numbered signatures tell which request's URL a conversation used
      const signed = `${origin.replace(/^http/, 'ws')}/v1/convai/conversation?agent_id=${u.searchParams.get('agent_id')}&conversation_signature=test-signature-${signedUrlRequests.length}`;
      const answer = () => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ signed_url: signed }));
      const held = signedUrlGate;
      signedUrlGate = null;
      if (held) void held.hold(undefined, answer);
      else answer();
      return;
    }
    res.writeHead(404).end();
  });

  const wss = new WebSocketServer({
    server: http,
    path: '/v1/convai/conversation',
    // browsers fail the handshake unless one offered subprotocol is echoed
    handleProtocols: (protocols) => (protocols.has('convai') ? 'convai' : false),
    verifyClient: ({ req }: { req: IncomingMessage }) => {
      const u = new URL(req.url ?? '/', 'http://x');
      return signatureNumber(req) <= signedUrlRequests.length && u.searchParams.get('agent_id') === opts.agentId;
    },
  });
  wss.on('connection', (ws, req) => {
    const session = new AgentSession(ws, signatureNumber(req));
    connections.push(session);
    const held = handshakeGate;
    handshakeGate = null;
    const sendMetadata = () => {
      if (ws.readyState !== ws.OPEN) return; // the client gave up while the handshake was held
      session.send({
        type: 'conversation_initiation_metadata',
        conversation_initiation_metadata_event: {
          conversation_id: `conv_${sessions.length + 1}`,
          agent_output_audio_format: 'pcm_16000',
          user_input_audio_format: 'pcm_16000',
        },
      });
      sessions.push(session);
      pending.shift()?.(session);
    };
    session
      .waitFor((m) => m.type === 'conversation_initiation_client_data')
      .then(() => (held ? held.hold(session, sendMetadata) : sendMetadata()))
      .catch(() => ws.close(1008, 'no initiation data'));
  });

  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  let taken = 0;
  return {
    url: origin,
    signedUrlRequests,
    connections,
    holdNextSignedUrl: () => (signedUrlGate = gate<void>()),
    holdNextHandshake: () => (handshakeGate = gate<AgentSession>()),
    reset() {
      for (const c of wss.clients) c.terminate();
      taken = sessions.length;
      pending.length = 0;
      signedUrlGate = null;
      handshakeGate = null;
    },
    nextSession: () => {
      const ready = sessions[taken];
      taken += 1;
      return ready ? Promise.resolve(ready) : new Promise((r) => pending.push(r));
    },
    async close() {
      for (const c of wss.clients) c.terminate();
      await new Promise((r) => wss.close(r));
      http.closeAllConnections();
      await new Promise((r) => http.close(r));
    },
  };
}
