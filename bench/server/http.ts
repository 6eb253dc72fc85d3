/** Plain fetch calls to the server under test (127.0.0.1 only), shaped as supabase-js sends them. */
export interface Target {
  url: string;
  anonKey: string;
}

export interface ApiAnswer {
  status: number;
  body: unknown;
}

/** apikey + Authorization headers as supabase-js sends them; `token` defaults to the anon key. */
export function supabaseHeaders(target: Target, token = target.anonKey, json = true): Record<string, string> {
  return {
    apikey: target.anonKey,
    authorization: `Bearer ${token}`,
    ...(json ? { 'content-type': 'application/json' } : {}),
  };
}

export async function call(
  target: Target,
  method: string,
  path: string,
  opts: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<ApiAnswer> {
  const res = await fetch(`${target.url}${path}`, {
    method,
    headers: { ...supabaseHeaders(target, opts.token, opts.body !== undefined), ...opts.headers },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, body };
}

/** Short description of an unexpected answer, for "not available" lines in the report. */
export function describeAnswer(a: ApiAnswer): string {
  const b = a.body as { message?: string; msg?: string; error_description?: string } | null;
  const msg = (b && typeof b === 'object' && (b.message ?? b.msg ?? b.error_description)) || '';
  return `HTTP ${a.status}${msg ? `: ${String(msg).slice(0, 120)}` : ''}`;
}
