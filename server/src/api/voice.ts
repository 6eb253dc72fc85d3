import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { appError } from '../errors/json.js';
import { apiRateLimit } from './limits.js';
import { requireSignedIn } from './signed-in.js';

type Env = { Variables: { userId: string } };

const UPSTREAM_TIMEOUT_MS = 10_000;
const upstreamBody = z.object({ signed_url: z.string().regex(/^wss?:\/\//) });

/** Asks ElevenLabs for a signed conversation URL for the configured agent; its failures answer voice_upstream_error. */
async function voiceSignedUrl(c: Context, ctx: AppContext) {
  const { ELEVENLABS_API_KEY: apiKey = '', ELEVENLABS_AGENT_ID: agentId = '', ELEVENLABS_API_URL: apiUrl } = ctx.config;
  const url = new URL('/v1/convai/conversation/get-signed-url', apiUrl);
  url.searchParams.set('agent_id', agentId);
  let res: Response;
  try {
    res = await fetch(url, {
      headers: { 'xi-api-key': apiKey, accept: 'application/json' },
      signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
    });
  } catch (err) {
    ctx.log.warn({ err: err instanceof Error ? err.name : 'error' }, 'voice signed-url request failed');
    throw appError('voice_upstream_error');
  }
  const parsed = upstreamBody.safeParse(await res.json().catch(() => null));
  if (!res.ok || !parsed.success) {
    ctx.log.warn({ status: res.status }, 'voice signed-url answer was not usable');
    throw appError('voice_upstream_error');
  }
  return c.json({ signedUrl: parsed.data.signed_url });
}

/**
 * GET /api/voice/signed-url: a signed-in user gets a fresh ElevenLabs signed URL (valid 15 minutes) for the
 * onboarding agent. The API key never leaves the server, and the URL (a bearer credential) is never logged.
 */
export function voiceRoutes(ctx: AppContext): Hono<Env> {
  const app = new Hono<Env>();
  // configured, then signed in, then within the caller's limit (the limit counts users, so it runs after sign-in)
  const configuredAndSignedIn: MiddlewareHandler<Env> = async (c, next) => {
    c.header('Cache-Control', 'no-store');
    if (!ctx.config.ELEVENLABS_API_KEY || !ctx.config.ELEVENLABS_AGENT_ID) throw appError('voice_unavailable');
    c.set('userId', (await requireSignedIn(ctx, c)).user.id);
    await next();
  };

  app.get(
    '/signed-url',
    configuredAndSignedIn,
    apiRateLimit(ctx, 'voice', (c) => (c as Context<Env>).get('userId')),
    (c) => voiceSignedUrl(c, ctx),
  );
  return app;
}
