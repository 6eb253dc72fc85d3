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

export class AgentSession {
  readonly received: Json[] = [];
  audioChunks = 0;
  private waiters: { match: (m: Json) => boolean; resolve: (m: Json) => void }[] = [];
  private eventId = 1;

  /** Resolves with the close code when the client ends the conversation. */
  readonly closed: Promise<number>;

  constructor(readonly ws: WebSocket) {
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

  async callTool(tool_name: string, parameters: Json = {}): Promise<ToolResult> {
    const tool_call_id = `call_${this.eventId}`;
    this.send({
      type: 'client_tool_call',
      client_tool_call: { tool_name, tool_call_id, parameters, event_id: this.eventId++, expects_response: true },
    });
    const r = await this.waitFor((m) => m.type === 'client_tool_result' && m.tool_call_id === tool_call_id);
    return { result: String(r.result), is_error: Boolean(r.is_error) };
  }
}

export interface FakeVoiceAgent {
  /** Origin to use as ELEVENLABS_API_URL. */
  url: string;
  signedUrlRequests: { agentId: string | null; apiKey: string | undefined }[];
  /** Resolves with the next conversation once its initiation handshake is done. */
  nextSession(): Promise<AgentSession>;
  close(): Promise<void>;
}

export async function startFakeVoiceAgent(opts: { apiKey: string; agentId: string }): Promise<FakeVoiceAgent> {
  const signedUrlRequests: FakeVoiceAgent['signedUrlRequests'] = [];
  const sessions: AgentSession[] = [];
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
      const signed = `${origin.replace(/^http/, 'ws')}/v1/convai/conversation?agent_id=${u.searchParams.get('agent_id')}&conversation_signature=test-signature`;
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ signed_url: signed }));
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
      return u.searchParams.get('conversation_signature') === 'test-signature' && u.searchParams.get('agent_id') === opts.agentId;
    },
  });
  wss.on('connection', (ws) => {
    const session = new AgentSession(ws);
    session
      .waitFor((m) => m.type === 'conversation_initiation_client_data')
      .then(() => {
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
      })
      .catch(() => ws.close(1008, 'no initiation data'));
  });

  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  let taken = 0;
  return {
    url: origin,
    signedUrlRequests,
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
