import { COACH_ERRORS as COACH_STATUS, type CoachErrorCode } from '@app/shared';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/**
 * The server's error catalogue: every error code a service answers, with its usual status and message. The codes
 * and texts are the wire contract (Supabase Auth's and PostgREST's, which supabase-js reads), so they are kept as
 * those services spell them. Each wire format has one helper module that builds its bodies from here, and no other
 * code builds an error body (errors/no-hand-built-bodies.test.ts): errors/auth.ts ({code, error_code, msg}),
 * errors/json.ts (ours: /api {code, message}, /functions/v1 {success, code, error}, the coach
 * {success, code, message, error}, a service prefix {code: status, error_code, message}), and PostgREST's own table
 * for /rest/v1 ({code, message, details, hint}). See docs/decisions/0042 and 0202.
 */
interface Entry {
  status: ContentfulStatusCode;
  message: string;
}

/** One of our codes: `code` is what goes on the wire when it is not the entry's name (the same wire code answered
 * with another status or text on another route; the waitlist's PostgreSQL error codes). */
export interface AppEntry extends Entry {
  code?: string;
}

/**
 * Supabase Auth's error codes (GoTrue's `ErrorCode*` names). The status is the one GoTrue answers most often;
 * where it answers another on one endpoint, that call site says so with authErrorAt.
 */
export const AUTH_ERRORS = {
  anonymous_provider_disabled: { status: 422, message: 'Anonymous sign-ins are disabled' },
  bad_code_verifier: { status: 400, message: 'code challenge does not match previously saved code verifier' },
  bad_json: { status: 400, message: 'Could not parse request body as JSON' },
  bad_jwt: { status: 403, message: 'invalid JWT' },
  current_password_mismatch: { status: 400, message: 'Current password does not match' },
  current_password_required: { status: 400, message: 'Current password required when setting new password.' },
  email_exists: { status: 422, message: 'A user with this email address has already been registered' },
  email_not_confirmed: { status: 400, message: 'Email not confirmed' },
  flow_state_expired: { status: 422, message: 'invalid flow state, flow state has expired' },
  flow_state_not_found: { status: 404, message: 'invalid flow state, no valid flow state found' },
  insufficient_aal: { status: 403, message: 'AAL2 required' },
  invalid_credentials: { status: 400, message: 'Invalid login credentials' },
  manual_linking_disabled: { status: 404, message: 'Manual linking is disabled' },
  mfa_challenge_expired: { status: 422, message: 'MFA challenge has expired, verify against another challenge or create a new challenge.' },
  mfa_factor_name_conflict: { status: 422, message: 'A factor with this friendly name for this user already exists' },
  mfa_factor_not_found: { status: 404, message: 'Factor not found' },
  mfa_ip_address_mismatch: { status: 422, message: 'Challenge and verify IP addresses mismatch.' },
  mfa_phone_challenge_not_enabled: { status: 422, message: 'MFA challenge is disabled for this factor type' },
  mfa_phone_enroll_not_enabled: { status: 422, message: 'MFA enroll is disabled for Phone' },
  mfa_verification_failed: { status: 422, message: 'Invalid TOTP code entered' },
  no_authorization: { status: 401, message: 'This endpoint requires a valid Bearer token' },
  not_admin: { status: 403, message: 'User not allowed' },
  not_found: { status: 404, message: 'Not Found' },
  oauth_authorization_not_found: { status: 404, message: 'authorization not found' },
  oauth_client_not_found: { status: 404, message: 'OAuth client not found' },
  oauth_dynamic_client_registration_disabled: { status: 403, message: 'Dynamic client registration is not enabled' },
  otp_disabled: { status: 422, message: 'Signups not allowed for otp' },
  otp_expired: { status: 403, message: 'Token has expired or is invalid' },
  over_email_send_rate_limit: { status: 429, message: 'For security purposes, you can only request this after a while.' },
  over_request_rate_limit: { status: 429, message: 'Request rate limit reached' },
  over_sms_send_rate_limit: { status: 429, message: 'For security purposes, you can only request this after a while.' },
  passkey_disabled: { status: 422, message: 'Passkeys are disabled' },
  passkey_not_found: { status: 404, message: 'Passkey not found' },
  phone_exists: { status: 422, message: 'Phone number already registered by another user' },
  phone_not_confirmed: { status: 400, message: 'Phone not confirmed' },
  phone_provider_disabled: { status: 400, message: 'Phone logins are disabled' },
  provider_disabled: { status: 400, message: 'Unsupported provider: provider is not enabled' },
  reauthentication_not_valid: { status: 422, message: 'Nonce has expired or is invalid' },
  refresh_token_already_used: { status: 400, message: 'Invalid Refresh Token: Already Used' },
  refresh_token_not_found: { status: 400, message: 'Invalid Refresh Token: Refresh Token Not Found' },
  same_password: { status: 422, message: 'New password should be different from the old password.' },
  saml_provider_disabled: { status: 404, message: 'SAML 2.0 is disabled' },
  session_expired: { status: 400, message: 'Invalid Refresh Token: Session Expired' },
  session_not_found: { status: 403, message: 'Session from session_id claim in JWT does not exist' },
  sms_send_failed: { status: 500, message: 'Error sending confirmation OTP to provider' },
  signup_disabled: { status: 422, message: 'Signups not allowed for this instance' },
  too_many_enrolled_mfa_factors: { status: 422, message: 'Maximum number of enrolled factors reached, unenroll to continue' },
  too_many_passkeys: { status: 422, message: 'Too many passkeys' },
  unexpected_failure: { status: 500, message: 'Unexpected failure, please check server logs for more information' },
  user_already_exists: { status: 422, message: 'User already registered' },
  user_banned: { status: 403, message: 'User is banned' },
  user_not_found: { status: 404, message: 'User not found' },
  validation_failed: { status: 400, message: 'Validation failed' },
  weak_password: { status: 422, message: 'Password is too weak' },
  web3_provider_disabled: { status: 400, message: 'Web3 provider is disabled' },
  webauthn_challenge_not_found: { status: 404, message: 'WebAuthn challenge not found or expired' },
  webauthn_credential_exists: { status: 422, message: 'This passkey is already registered' },
  webauthn_verification_failed: { status: 400, message: 'WebAuthn verification failed' },
} as const satisfies Record<string, Entry>;

export type AuthErrorCode = keyof typeof AUTH_ERRORS;

/**
 * Our own wire's codes (/api, /functions/v1, and what every service prefix answers before routing), each with its
 * status and usual text. A call site may pass a more precise text (a validation message, which sign-in it needs);
 * the status is always the one here. The body's shape is the route family's (errors/json.ts).
 */
export const APP_ERRORS = {
  // Every prefix, before or outside a service's routes (app.ts, http/): {code: status, error_code, message}
  not_found: { status: 404, message: 'Not Found' },
  request_too_large: { status: 413, message: 'Request body too large' },
  unexpected_failure: { status: 500, message: 'Internal server error' },
  shutting_down: { status: 503, message: 'The server is restarting. Please try again.' },
  metrics_token_required: { status: 401, code: 'unauthorized', message: 'A valid metrics token is required' },
  // /api/ops: the operator's scripts on this machine (api/ops.ts), same prefix shape
  local_only: { status: 403, message: 'Only the operator scripts on this machine may call this.' },
  not_embedded: { status: 409, message: 'This server uses PostgreSQL (DATABASE_URL): back it up with pg_dump.' },

  // Shared by /api and /functions/v1
  insufficient_aal: { status: 403, message: 'Verify your second factor to continue' },
  over_request_rate_limit: { status: 429, message: 'Too many requests. Please try again later.' },
  invalid_text: { status: 400, message: 'The request holds text that cannot be stored' },
  invalid_request: { status: 400, message: 'The request could not be read.' },
  validation_failed: { status: 400, message: 'Validation failed' },
  user_not_found: { status: 404, message: 'User not found' },
  session_not_found: { status: 401, message: 'Your session has ended. Sign in again.' },

  // /api: signed-in pages and the operators' console (api/signed-in.ts, api/admin/, security/live-admin.ts)
  no_authorization: { status: 401, message: 'Sign in required' },
  not_admin: { status: 403, message: 'Admin access required' },
  self_action: { status: 422, message: 'You cannot do this to your own account' },
  invalid_body: { status: 400, message: 'The request could not be read.' },
  // /api/voice (api/voice.ts)
  voice_unavailable: { status: 503, message: 'Voice assistant is not configured' },
  voice_upstream_error: { status: 502, message: 'Voice service unavailable' },
  // /api/waitlist keeps the PostgreSQL codes the old front end read from PostgREST (api/waitlist.ts)
  waitlist_email_invalid: { status: 400, code: '22023', message: 'Invalid email format' },
  waitlist_fields_required: { status: 400, code: '22023', message: 'Name and email are required' },
  waitlist_already_joined: {
    status: 409,
    code: '23505',
    message: 'duplicate key value violates unique constraint "ebook_subscribers_email_key"',
  },
  waitlist_check_failed: { status: 400, code: '23514', message: 'Invalid name or email' },
  // /api/billing (billing/routes.ts, billing/webhook.ts)
  billing_not_configured: { status: 503, message: 'Online payment is not set up. Ask our team from Your Plan.' },
  billing_unavailable: { status: 502, message: 'Stripe did not return a checkout page. Try again.' },
  no_billing_account: { status: 404, message: 'You have no paid plan yet.' },
  invalid_signature: { status: 400, message: 'Webhook signature verification failed' },
  // The Integration Assistant for visitors (api/visitor-assistant.ts)
  assistant_not_configured: { status: 503, message: 'The Integration Assistant is not set up on this server yet.' },
  assistant_visitor_limit: {
    status: 429,
    message: 'You have asked a lot of questions this hour. Sign in to keep talking to the assistant, or try again later.',
  },
  assistant_daily_limit: {
    status: 429,
    message: 'The Integration Assistant has answered as many visitors as it can today. Sign in to keep going, or come back tomorrow.',
  },
  // Read-only Stripe for the customer's numbers (issue 42, docs/metrics-stripe.md)
  stripe_key_not_restricted: {
    status: 400,
    message: 'Paste a restricted key (it starts with rk_). A secret key can change your Stripe account, so it is refused.',
  },
  stripe_key_rejected: { status: 400, message: 'Stripe did not accept this key. Check it and try again.' },
  stripe_key_can_write: {
    status: 400,
    message: 'This key can change your Stripe account. Create a restricted key with read access only (Charges: Read).',
  },
  stripe_key_cannot_read: { status: 400, message: 'This key cannot read your charges. Give it read access to Charges.' },
  stripe_not_connected: { status: 404, message: 'No Stripe account is connected.' },
  stripe_unavailable: { status: 502, message: 'Stripe could not be reached just now. Try again in a few minutes.' },
  // Connections (issue 40): the inbound webhook (/hooks/v1) and the run functions.
  connection_not_found: { status: 404, message: 'No connection has this address. It may have been regenerated or deleted.' },
  connection_paused: { status: 409, message: 'This connection is paused. Switch it on to accept runs.' },
  connection_not_webhook: { status: 409, message: 'This connection is not started by a webhook.' },
  connection_run_limit: { status: 429, message: 'This connection has used all the runs of its plan this month.' },
  connection_signature_invalid: { status: 401, message: "The request's signature could not be verified." },
  connection_unsupported_body: {
    status: 415,
    message: 'Send JSON or a form (application/json, application/x-www-form-urlencoded or multipart/form-data).',
  },
  connection_run_not_found: { status: 404, message: 'That run is not yours or no longer exists.' },
  connection_run_not_failed: { status: 409, message: 'Only a failed run can be run again.' },

  // /functions/v1: {success: false, code, error}
  method_not_allowed: { status: 405, message: 'Use POST' },
  not_authenticated: { status: 401, message: 'Please sign in.' },
  // issue 42: a CSV import of the customer's numbers (server/src/metrics/routes.ts); nothing is written on any of these
  metrics_import_refused: { status: 422, message: 'Some figures cannot be imported; nothing was imported.' },
  metrics_import_empty: { status: 422, message: 'The file holds no figures to import.' },
  metrics_import_too_large: { status: 413, message: 'Too many figures for one import: split the file by year.' },
  // issue 43: the CRM's contacts import (server/src/crm/routes.ts, docs/crm.md); nothing is written on any of these
  crm_import_refused: { status: 422, message: 'Some rows cannot be imported; nothing was imported.' },
  crm_not_in_plan: { status: 403, message: 'Your plan does not include the CRM. Choose a plan to add contacts.' },
  // The customer's 90-day plan (plan/routes.ts); the coach's no_plan (below) is another case: 403, no live plan
  plan_edit_refused: { status: 422, message: 'This change does not fit your plan as it stands.' },
  plan_not_written: { status: 404, code: 'no_plan', message: 'There is no plan yet: ask the coach to write one first.' },
  // The password functions (functions/custom-password-reset.ts, functions/emergency-password-change.ts)
  email_service_unavailable: { status: 503, message: 'Email service unavailable' },
  unauthorized: { status: 401, message: 'Administrator authentication is required' },
  forbidden: { status: 403, message: 'Only administrators can change passwords directly' },
  target_is_admin: { status: 403, message: "An administrator's password cannot be changed with the admin override" },
} as const satisfies Record<string, AppEntry>;

export type AppErrorCode = keyof typeof APP_ERRORS;

/**
 * The coach's refusals before its reply starts (/functions/v1/coach; body {success: false, code, message, error}).
 * The statuses are @app/shared's COACH_ERRORS, which the web reads too; the web shows its own texts by code.
 */
export const COACH_ERRORS = {
  not_authenticated: { status: COACH_STATUS.not_authenticated, message: 'Please sign in to talk to your coach.' },
  validation_failed: { status: COACH_STATUS.validation_failed, message: 'That message could not be sent.' },
  conversation_not_found: { status: COACH_STATUS.conversation_not_found, message: 'That conversation was not found.' },
  ai_disabled: {
    status: COACH_STATUS.ai_disabled,
    message: 'AI features are switched off in The Brain. Switch them on to talk to your coach.',
  },
  no_plan: { status: COACH_STATUS.no_plan, message: 'Your plan has ended. Choose a plan to keep using the coach.' },
  out_of_credits: {
    status: COACH_STATUS.out_of_credits,
    message: 'You have no credits left. Buy more credits or upgrade your plan to keep talking to your coach.',
  },
  rate_limited: {
    status: COACH_STATUS.rate_limited,
    message: 'You have sent a lot of messages this hour. Please wait a little and try again.',
  },
  ai_not_configured: { status: COACH_STATUS.ai_not_configured, message: 'The AI coach is not set up on this server yet.' },
  proposal_not_found: { status: COACH_STATUS.proposal_not_found, message: 'That proposal is no longer waiting for an answer.' },
} as const satisfies Record<CoachErrorCode, Entry>;

/**
 * The coach's errors after its reply started (HTTP 200 already sent): the stream's error part "<code>: <text>"
 * (@app/shared CoachStreamErrorCode). Whether anything was charged is part of the text.
 */
export const COACH_STREAM_ERRORS = {
  provider_error: 'The AI provider could not answer just now. Nothing was charged; please try again.',
  provider_timeout: 'The AI provider took too long to answer. Nothing was charged; please try again.',
  /** The reply could not be stored: its charge was rolled back with it (sent as provider_error). */
  reply_not_saved: 'Your reply could not be saved. Nothing was charged; please try again.',
  /** The provider failed after it had answered part of the reply: that part is kept and was charged. */
  failedAfterPart: (timeout: boolean, credits: number) =>
    `${timeout ? 'The AI provider took too long to finish this reply.' : 'The AI provider stopped before finishing this reply.'} ` +
    `What it wrote so far is kept${credits > 0 ? ` and ${credits} credit${credits === 1 ? ' was' : 's were'} charged for it` : ''}; ` +
    'please try again for the rest.',
} as const;
