import { expect } from 'vitest';

/** One chunk of an AI SDK UI message stream. */
export type Chunk = { type: string; [k: string]: unknown };

/** The UI message stream's chunks (SSE `data: {json}` events), read to the end; a refusal fails with its body. */
export async function chunks(res: Response): Promise<Chunk[]> {
  expect(res.status, res.status === 200 ? '' : await res.clone().text()).toBe(200);
  expect(res.headers.get('x-vercel-ai-ui-message-stream')).toBe('v1');
  return (await res.text())
    .split('\n\n')
    .map((e) => e.trim())
    .filter((e) => e.startsWith('data: ') && e !== 'data: [DONE]')
    .map((e) => JSON.parse(e.slice(6)) as Chunk);
}

/** The reply's text: its text deltas joined. */
export const textOf = (cs: Chunk[]) =>
  cs
    .filter((c) => c.type === 'text-delta')
    .map((c) => c.delta)
    .join('');

/** A data part's payload (data-conversation, data-usage…). */
export const dataOf = <T>(cs: Chunk[], name: string) => cs.find((c) => c.type === `data-${name}`)?.data as T;
