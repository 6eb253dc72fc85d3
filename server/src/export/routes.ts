import { Hono, type Context } from 'hono';
import type { AppContext } from '../context.js';
import { asUser } from '../db/as-user.js';
import { fail } from '../functions/common.js';
import { functionsRateLimited } from '../errors/json.js';
import { createRateLimiter } from '../http/rate-limit.js';
import { liveUserClaims } from '../security/live-admin.js';
import { exportFileName, exportFiles, readExportData, zipStream, type ExportAccount } from './data-export.js';

/** Exports per customer per hour: it reads every row they have and deflates it, so a few tries, not a loop. */
export const DATA_EXPORT_LIMIT = { keyPrefix: 'fn-data-export-user', points: 5, durationSeconds: 3600 } as const;

/**
 * POST /functions/v1/data-export: "Download my data" on /user (issue 42). The customer is the token's live session
 * (never a body field); their rows are read as them (RLS), then streamed as a zip attachment. POST like every
 * function: the browser holds the token and fetches the file. Limited per customer (DATA_EXPORT_LIMIT).
 */
export function dataExportRoutes(ctx: AppContext): Hono {
  const app = new Hono();
  const limiter = createRateLimiter(ctx, DATA_EXPORT_LIMIT);
  async function downloadMyData(c: Context) {
    const claims = await liveUserClaims(ctx, c);
    if (!claims) return fail(c, 'not_authenticated', 'Please sign in to download your data.');
    const userId = claims.sub!;
    const allowed = await limiter.consume(userId);
    if (!allowed.allowed) return functionsRateLimited(c, allowed.retryAfterSeconds);

    const at = new Date();
    const user = await ctx.db.query<ExportAccount & { user_metadata: Record<string, unknown> | null }>(
      `select id, email, phone, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
              raw_user_meta_data as user_metadata
         from auth.users where id = $1`,
      [userId],
    );
    const account = user.rows[0] ?? { id: userId, email: null, phone: null, created_at: null, user_metadata: null };
    const data = await asUser(ctx.db, claims, (tx) => readExportData(tx, account, at));
    const files = exportFiles(data, {
      brandName: ctx.config.BRAND_NAME,
      siteUrl: ctx.config.SITE_URL,
      contactEmail: ctx.config.CONTACT_EMAIL,
    });
    ctx.log.info({ userId, files: files.length }, 'data export');
    return new Response(zipStream(files, at), {
      headers: {
        'Content-Type': 'application/zip',
        'Content-Disposition': `attachment; filename="${exportFileName(ctx.config.BRAND_NAME, at)}"`,
        'Cache-Control': 'no-store',
      },
    });
  }
  app.post('/', downloadMyData);
  app.all('/', (c) => fail(c, 'method_not_allowed', undefined, { headers: { Allow: 'POST' } }));
  return app;
}
