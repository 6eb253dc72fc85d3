import type { ServerResponse } from 'node:http';
import {
  approxTokens,
  sleep,
  startScriptedProvider,
  textChunks,
  toolArguments,
  type FakeProvider,
} from '../../../e2e/support/fake-openai.js';

/**
 * A local stand-in for the Anthropic Messages API: POST /v1/messages with stream: true answers the real event
 * stream (message_start, content_block_start/delta/stop for text and tool_use blocks, message_delta with the
 * usage and stop reason, message_stop). Scripted like fake-openai.ts (same Reply shape, same /__script).
 */
function event(res: ServerResponse, type: string, data: Record<string, unknown>) {
  res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
}

/** The Messages API's refusal of empty text, or null. */
function emptyTextProblem(messages: unknown): string | null {
  if (!Array.isArray(messages)) return null;
  for (const [i, m] of messages.entries()) {
    const content = (m as { content?: unknown }).content;
    if (typeof content === 'string' && !content.trim()) return `messages.${i}: text content blocks must be non-empty`;
    if (Array.isArray(content)) {
      if (!content.length) return `messages.${i}: all messages must have non-empty content except for the optional final assistant message`;
      for (const b of content as { type?: string; text?: string }[])
        if (b.type === 'text' && !b.text?.trim()) return `messages.${i}: text content blocks must be non-empty`;
    }
  }
  return null;
}

export function startFakeAnthropic(port = 0): Promise<FakeProvider> {
  return startScriptedProvider(
    '/v1/messages',
    async (_req, res, body, reply) => {
      if (reply.delayMs) await sleep(reply.delayMs);
      if (reply.status) {
        res.writeHead(reply.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ type: 'error', error: { type: 'api_error', message: reply.error ?? 'The stand-in provider failed' } }));
        return;
      }
      // As the real API does: an empty text block (or empty string content) is refused before anything streams.
      const problem = emptyTextProblem(body.messages);
      if (problem) {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ type: 'error', error: { type: 'invalid_request_error', message: problem } }));
        return;
      }
      const model = typeof body.model === 'string' ? body.model : 'claude-fake';
      const chunks = textChunks(reply.text);
      const calls = (reply.toolCalls ?? []).map((t, i) => ({
        id: t.id ?? `toolu_${i}_${Date.now()}`,
        name: t.name,
        args: toolArguments(t.arguments),
      }));
      const inputTokens = reply.usage?.inputTokens ?? approxTokens(JSON.stringify([body.system, body.messages, body.tools]));
      const outputTokens = reply.usage?.outputTokens ?? approxTokens(chunks.join('') + calls.map((c) => c.args).join(''));
      const pause = () => (reply.chunkDelayMs ? sleep(reply.chunkDelayMs) : Promise.resolve());

      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      event(res, 'message_start', {
        message: {
          id: `msg_${Date.now()}`,
          type: 'message',
          role: 'assistant',
          content: [],
          model,
          stop_reason: null,
          stop_sequence: null,
          usage: { input_tokens: inputTokens, output_tokens: 1 },
        },
      });
      let index = 0;
      if (chunks.length) {
        event(res, 'content_block_start', { index, content_block: { type: 'text', text: '' } });
        for (const text of chunks) {
          event(res, 'content_block_delta', { index, delta: { type: 'text_delta', text } });
          await pause();
        }
        event(res, 'content_block_stop', { index });
        index += 1;
      }
      for (const call of calls) {
        event(res, 'content_block_start', { index, content_block: { type: 'tool_use', id: call.id, name: call.name, input: {} } });
        event(res, 'content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: call.args } });
        event(res, 'content_block_stop', { index });
        index += 1;
      }
      event(res, 'message_delta', {
        delta: { stop_reason: calls.length ? 'tool_use' : 'end_turn', stop_sequence: null },
        usage: { output_tokens: outputTokens },
      });
      event(res, 'message_stop', {});
      res.end();
    },
    port,
  );
}
