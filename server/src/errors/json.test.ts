import { Hono, type Context } from 'hono';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.js';
import { COACH_ERRORS } from './catalogue.js';
import { appError, coachErrorResponse, functionsError, functionsErrorFromAuth, prefixErrorResponse } from './json.js';

/** The body, status and named headers one helper answers with. */
async function answer(send: (c: Context) => Response) {
  const app = new Hono().get('/x', (c) => send(c));
  const res = await app.request('/x');
  return { status: res.status, text: await res.text(), headers: Object.fromEntries(res.headers) };
}

describe('our wire’s error bodies (one shape per route family, byte for byte)', () => {
  it('/api: {code, message}, the wire code when the entry names one', () => {
    expect(appError('voice_unavailable')).toMatchObject({
      status: 503,
      body: { code: 'voice_unavailable', message: 'Voice assistant is not configured' },
    });
    expect(appError('waitlist_fields_required')).toMatchObject({
      status: 400,
      body: { code: '22023', message: 'Name and email are required' },
    });
  });
  it('/functions/v1: {success, code, error}, then any extra fields, with headers', async () => {
    const r = await answer((c) => functionsError(c, 'crm_import_refused', undefined, { extra: { problems: [], total: 0 } }));
    expect(r.status).toBe(422);
    expect(r.text).toBe(
      '{"success":false,"code":"crm_import_refused","error":"Some rows cannot be imported; nothing was imported.","problems":[],"total":0}',
    );
    const m = await answer((c) => functionsError(c, 'method_not_allowed', undefined, { headers: { Allow: 'POST' } }));
    expect([m.status, m.text, m.headers.allow]).toEqual([405, '{"success":false,"code":"method_not_allowed","error":"Use POST"}', 'POST']);
    const p = await answer((c) => functionsError(c, 'plan_not_written'));
    expect([p.status, JSON.parse(p.text).code]).toEqual([404, 'no_plan']);
  });
  it('an accounts-service error in the functions shape keeps its code and status', async () => {
    const err = new ApiError(429, { code: 429, error_code: 'over_email_send_rate_limit', msg: 'wait' });
    const r = await answer((c) => functionsErrorFromAuth(c, err));
    expect([r.status, r.text, r.headers['retry-after']]).toEqual([
      429,
      '{"success":false,"code":"over_email_send_rate_limit","error":"wait"}',
      '60',
    ]);
  });
  it('the coach: {success, code, message, error} with @app/shared’s status', async () => {
    const r = await answer((c) => coachErrorResponse(c, 'out_of_credits'));
    const text = COACH_ERRORS.out_of_credits.message;
    expect([r.status, r.text]).toEqual([402, JSON.stringify({ success: false, code: 'out_of_credits', message: text, error: text })]);
  });
  it('a prefix: {code: status, error_code, message, ...extra}', async () => {
    const r = await answer((c) => prefixErrorResponse(c, 'metrics_token_required', { headers: { 'WWW-Authenticate': 'Bearer' } }));
    expect([r.status, r.text, r.headers['www-authenticate']]).toEqual([
      401,
      '{"code":401,"error_code":"unauthorized","message":"A valid metrics token is required"}',
      'Bearer',
    ]);
    const e = await answer((c) => prefixErrorResponse(c, 'unexpected_failure', { extra: { requestId: 'r1' } }));
    expect(e.text).toBe('{"code":500,"error_code":"unexpected_failure","message":"Internal server error","requestId":"r1"}');
  });
});
