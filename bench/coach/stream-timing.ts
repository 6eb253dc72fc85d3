import { performance } from 'node:perf_hooks';

/** One streamed answer as a person sees it: when the first piece of text arrived, when it ended, whether it completed. */
export interface StreamTiming {
  firstTokenMs: number;
  totalMs: number;
  ok: boolean;
  status: number;
}

/** Where the first text arrives in each protocol: an OpenAI content delta with text, or a UI stream text-delta. */
export const OPENAI_FIRST_TEXT = /"delta":\{"content":"[^"]/;
export const UI_FIRST_TEXT = /"type":"text-delta"/;

/**
 * POSTs `body` and reads the response as it streams, timing the first match of `firstText` and the end. `ok` needs
 * a 200, the first text, `done` in the whole text and no error part.
 */
export async function timeStream(
  url: string,
  headers: Record<string, string>,
  body: unknown,
  firstText: RegExp,
  done: RegExp,
): Promise<StreamTiming> {
  const t0 = performance.now();
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  let firstTokenMs = Number.NaN;
  let text = '';
  const decoder = new TextDecoder();
  const reader = res.body?.getReader();
  for (;;) {
    const chunk = await reader?.read();
    if (!chunk || chunk.done) break;
    text += decoder.decode(chunk.value, { stream: true });
    if (Number.isNaN(firstTokenMs) && firstText.test(text)) firstTokenMs = performance.now() - t0;
  }
  const totalMs = performance.now() - t0;
  const ok = res.status === 200 && !Number.isNaN(firstTokenMs) && done.test(text) && !/"type":"error"/.test(text);
  return { firstTokenMs, totalMs, ok, status: res.status };
}
