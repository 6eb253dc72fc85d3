import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';

/**
 * A local stand-in for an OpenAI-compatible provider: POST /v1/chat/completions with the real streaming wire
 * protocol (SSE `data: {chat.completion.chunk}` lines, tool_calls deltas, a final usage chunk when the request
 * asks for stream_options.include_usage, then `data: [DONE]`), and the plain JSON answer when stream is false.
 * Tests script it over HTTP, so the e2e suite (another process) and the service tests use it alike:
 *   POST /__script  {replies: Reply[]} or one Reply — appended to the queue, one reply per completion request;
 *   GET  /__requests — the JSON bodies received on /v1/*, oldest first;
 *   POST /__reset   — empties the queue and the request log.
 * With the queue empty it answers DEFAULT_REPLY_TEXT. Run alone: `npx tsx e2e/support/fake-openai.ts [port]`
 * (or E2E_AI_PORT); it prints `fake-openai listening on <url>`.
 */
export const DEFAULT_REPLY_TEXT = 'Hello from the stand-in model. Ask me about your business.';

const ToolCall = z.object({
  name: z.string().min(1),
  /** The tool's input: an object (sent as JSON) or the raw argument string. */
  arguments: z.union([z.record(z.string(), z.unknown()), z.string()]).default({}),
  id: z.string().optional(),
});

export const Reply = z.object({
  /** The reply's text: one string (split into a few chunks) or the exact chunks. */
  text: z.union([z.string(), z.array(z.string())]).optional(),
  toolCalls: z.array(ToolCall).optional(),
  /** Answer this HTTP status with a provider error body instead of a stream. */
  status: z.number().int().min(400).max(599).optional(),
  error: z.string().optional(),
  /** Wait before the response starts (time to first byte), and between chunks. */
  delayMs: z.number().int().min(0).max(600_000).optional(),
  chunkDelayMs: z.number().int().min(0).max(60_000).optional(),
  /** Stop sending after the first chunk and hold the connection open this long (a stalled provider). */
  stallMs: z.number().int().min(0).max(600_000).optional(),
  usage: z.object({ inputTokens: z.number().int().min(0), outputTokens: z.number().int().min(0) }).optional(),
  /** Send no usage chunk even when the request asks for one (a provider or proxy that drops it). */
  omitUsage: z.boolean().optional(),
});
export type Reply = z.input<typeof Reply>;
type ParsedReply = z.output<typeof Reply>;
const ScriptBody = z.union([z.object({ replies: z.array(Reply) }), Reply]);

export interface RecordedRequest {
  path: string;
  body: Record<string, unknown>;
  /** True when the caller closed the connection before the reply was fully sent (Stop, a timeout). */
  closedEarly?: boolean;
}

/** The queue and request log behind a stand-in (OpenAI here, Anthropic in server/test/support). */
export class ScriptQueue {
  replies: ParsedReply[] = [];
  requests: RecordedRequest[] = [];
  next(): ParsedReply {
    return this.replies.shift() ?? { text: DEFAULT_REPLY_TEXT };
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The reply's text as stream chunks: given chunks as they are, one string as about four pieces on word boundaries. */
export function textChunks(text: string | string[] | undefined): string[] {
  if (text === undefined) return [];
  if (Array.isArray(text)) return text;
  const words = text.split(/(?<=\s)/);
  const size = Math.max(1, Math.ceil(words.length / 4));
  const out: string[] = [];
  for (let i = 0; i < words.length; i += size) out.push(words.slice(i, i + size).join(''));
  return out;
}

/** Roughly four characters a token, like the real tokenisers on English text. */
export const approxTokens = (s: string) => Math.max(1, Math.ceil(s.length / 4));

export const toolArguments = (a: Record<string, unknown> | string) => (typeof a === 'string' ? a : JSON.stringify(a));

async function readBody(req: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  for await (const chunk of req) parts.push(chunk as Buffer);
  return Buffer.concat(parts).toString('utf8');
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

export interface FakeProvider {
  /** e.g. http://127.0.0.1:4567 */
  url: string;
  /** url + '/v1', what AI_BASE_URL is set to. */
  baseURL: string;
  port: number;
  script(...replies: Reply[]): void;
  requests(): RecordedRequest[];
  reset(): void;
  close(): Promise<void>;
}

type Completion = (req: IncomingMessage, res: ServerResponse, body: Record<string, unknown>, reply: ParsedReply) => Promise<void>;

/** The HTTP shell shared by the stand-ins: scripting endpoints, request log, and `handle` for the provider's path. */
export async function startScriptedProvider(providerPath: string, handle: Completion, port = 0): Promise<FakeProvider> {
  const queue = new ScriptQueue();
  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    void (async () => {
      const path = (req.url ?? '/').split('?')[0];
      try {
        if (req.method === 'POST' && path === '/__script') {
          const parsed = ScriptBody.safeParse(JSON.parse((await readBody(req)) || '{}'));
          if (!parsed.success) return json(res, 400, { error: parsed.error.issues[0]?.message ?? 'invalid script' });
          queue.replies.push(...('replies' in parsed.data ? parsed.data.replies.map((r) => Reply.parse(r)) : [parsed.data]));
          return json(res, 200, { queued: queue.replies.length });
        }
        if (req.method === 'GET' && path === '/__requests') return json(res, 200, queue.requests);
        if (req.method === 'POST' && path === '/__reset') {
          queue.replies = [];
          queue.requests = [];
          return json(res, 200, { ok: true });
        }
        if (req.method === 'POST' && path === providerPath) {
          const body = JSON.parse(await readBody(req)) as Record<string, unknown>;
          const record: RecordedRequest = { path, body };
          queue.requests.push(record);
          res.on('close', () => {
            record.closedEarly = !res.writableFinished;
          });
          return await handle(req, res, body, queue.next());
        }
        return json(res, 404, { error: { message: `No route ${req.method} ${path}`, type: 'invalid_request_error' } });
      } catch (err) {
        if (!res.headersSent) json(res, 500, { error: { message: String(err), type: 'server_error' } });
        else res.destroy();
      }
    })();
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const actual = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${actual}`;
  return {
    url,
    baseURL: `${url}/v1`,
    port: actual,
    script: (...replies) => queue.replies.push(...replies.map((r) => Reply.parse(r))),
    requests: () => queue.requests,
    reset: () => {
      queue.replies = [];
      queue.requests = [];
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** The prompt's size in characters: every message's text, for a believable prompt_tokens. */
function promptChars(body: Record<string, unknown>): number {
  return JSON.stringify(body.messages ?? body.system ?? '').length + JSON.stringify(body.tools ?? '').length;
}

/** OpenAI chat completions: one scripted reply, streamed as the real API streams it. */
const chatCompletion: Completion = async (_req, res, body, reply) => {
  if (reply.delayMs) await sleep(reply.delayMs);
  if (reply.status) {
    return json(res, reply.status, { error: { message: reply.error ?? 'The stand-in provider failed', type: 'server_error', code: null } });
  }
  const model = typeof body.model === 'string' ? body.model : 'fake-model';
  const id = `chatcmpl-${Math.random().toString(36).slice(2, 12)}`;
  const created = Math.floor(Date.now() / 1000);
  const chunks = textChunks(reply.text);
  const text = chunks.join('');
  const calls = (reply.toolCalls ?? []).map((t, i) => ({ id: t.id ?? `call_${id}_${i}`, name: t.name, args: toolArguments(t.arguments) }));
  const finish = calls.length ? 'tool_calls' : 'stop';
  const usage = {
    prompt_tokens: reply.usage?.inputTokens ?? approxTokens('x'.repeat(promptChars(body))),
    completion_tokens: reply.usage?.outputTokens ?? approxTokens(text + calls.map((c) => c.args).join('')),
  };
  const usageJson = { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens };

  if (body.stream !== true) {
    return json(res, 200, {
      id,
      object: 'chat.completion',
      created,
      model,
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: text || null,
            ...(calls.length
              ? { tool_calls: calls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.args } })) }
              : {}),
          },
          finish_reason: finish,
        },
      ],
      usage: usageJson,
    });
  }

  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  const send = async (delta: Record<string, unknown>, finishReason: string | null = null) => {
    res.write(
      `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, finish_reason: finishReason }] })}\n\n`,
    );
    if (reply.chunkDelayMs) await sleep(reply.chunkDelayMs);
  };
  await send({ role: 'assistant', content: '' });
  if (reply.stallMs !== undefined) {
    // A provider that stops talking mid-reply: one piece of text, then silence.
    if (chunks[0]) await send({ content: chunks[0] });
    await sleep(reply.stallMs);
    res.end();
    return;
  }
  for (const c of chunks) await send({ content: c });
  for (const [index, call] of calls.entries()) {
    await send({ tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } }] });
    // Arguments arrive in pieces, as the real API sends them.
    const half = Math.ceil(call.args.length / 2);
    for (const piece of [call.args.slice(0, half), call.args.slice(half)]) {
      if (piece) await send({ tool_calls: [{ index, function: { arguments: piece } }] });
    }
  }
  await send({}, finish);
  const streamOptions = body.stream_options as { include_usage?: boolean } | undefined;
  if (streamOptions?.include_usage && !reply.omitUsage) {
    res.write(`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [], usage: usageJson })}\n\n`);
  }
  res.write('data: [DONE]\n\n');
  res.end();
};

/** Starts the OpenAI chat-completions stand-in on 127.0.0.1 (port 0 = any free port). */
export function startFakeOpenAI(port = 0): Promise<FakeProvider> {
  return startScriptedProvider('/v1/chat/completions', chatCompletion, port);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const port = Number(process.argv[2] ?? process.env.E2E_AI_PORT ?? 0);
  void startFakeOpenAI(port).then((f) => console.log(`fake-openai listening on ${f.url}`));
}
