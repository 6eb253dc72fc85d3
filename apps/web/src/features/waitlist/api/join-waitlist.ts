import { z } from 'zod';

export type JoinResult =
  { ok: true; position: number } | { ok: false; reason: 'duplicate' | 'rate_limited' | 'invalid' | 'failed'; message?: string };

const success = z.object({ waitlist_position: z.number().int().positive() });
const failure = z.object({ code: z.string().optional(), message: z.string().optional() });

/**
 * Joins through our server (POST /api/waitlist), which inserts into ebook_subscribers via join_waitlist and mails
 * the confirmation with the position. The server answers database errors in PostgREST's {code, message} shape.
 */
export async function joinWaitlist(input: { name: string; email: string }): Promise<JoinResult> {
  let res: Response;
  try {
    res = await fetch('/api/waitlist', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ name: input.name, email: input.email, source: 'join_waiting_list_page' }),
    });
  } catch {
    return { ok: false, reason: 'failed' };
  }
  const body: unknown = await res.json().catch(() => null);
  if (res.ok) {
    const parsed = success.safeParse(body);
    return parsed.success ? { ok: true, position: parsed.data.waitlist_position } : { ok: false, reason: 'failed' };
  }
  const err = failure.safeParse(body);
  const code = err.success ? err.data.code : undefined;
  if (code === '23505') return { ok: false, reason: 'duplicate' };
  if (res.status === 429) return { ok: false, reason: 'rate_limited' };
  if (res.status === 400) return { ok: false, reason: 'invalid', message: err.success ? err.data.message : undefined };
  return { ok: false, reason: 'failed' };
}
