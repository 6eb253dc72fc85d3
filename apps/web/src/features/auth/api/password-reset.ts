import { messages } from '@/lib/messages';
import { loadSupabase } from '@/lib/supabase';

export interface ResetResult {
  ok: boolean;
  message: string;
}

async function errorMessage(err: unknown): Promise<string> {
  const ctx = (err as { context?: unknown }).context;
  if (err instanceof Error && err.name === 'FunctionsHttpError' && ctx instanceof Response) {
    const body = (await ctx.json().catch(() => null)) as { error?: unknown; message?: unknown; code?: unknown } | null;
    const text = typeof body?.error === 'string' ? body.error : typeof body?.message === 'string' ? body.message : err.message;
    // the function names a mail outage by code; the message carries the SMTP code (e.g. 535)
    return body?.code === 'email_service_unavailable' || typeof body?.code === 'number' ? `${text} (code ${String(body.code)})` : text;
  }
  return err instanceof Error ? err.message : String(err);
}

/** docs/product.md#password-reset: a provider failure about the API key or SMTP code 535 means the mail service is down. */
export function classifyResetError(message: string): string {
  if (/api[ _-]?key/i.test(message) || /\b535\b/.test(message) || message.includes('email_service_unavailable'))
    return messages.reset.emailServiceUnavailable;
  return messages.reset.failed(message);
}

/** Forgot password: the custom-password-reset server function mails a link to /reset-password. */
export async function requestPasswordReset(email: string): Promise<ResetResult> {
  try {
    const client = await loadSupabase();
    const { error } = await client.functions.invoke('custom-password-reset', { body: { email } });
    if (!error) return { ok: true, message: messages.reset.sent };
    // supabase-js is matched by error name: importing its classes would pull it into the landing page's chunk
    if (error.name === 'FunctionsFetchError') return { ok: false, message: messages.reset.network };
    return { ok: false, message: classifyResetError(await errorMessage(error)) };
  } catch (err) {
    if (err instanceof TypeError) return { ok: false, message: messages.reset.network };
    return { ok: false, message: classifyResetError(err instanceof Error ? err.message : String(err)) };
  }
}
