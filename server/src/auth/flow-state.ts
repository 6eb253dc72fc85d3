import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../db/index.js';
import { authError } from '../errors/auth.js';

/** PKCE exchanges must happen within this many seconds of the link being opened (GoTrue: 300). */
export const FLOW_STATE_EXPIRY_SECONDS = 300;

export interface FlowStateRow {
  id: string;
  user_id: string | null;
  auth_code: string;
  code_challenge_method: 's256' | 'plain';
  code_challenge: string;
  authentication_method: string;
  issued_age: number | null;
}

/** Records a PKCE flow that an e-mailed link will complete. */
export async function createFlowState(
  tx: Queryable,
  userId: string,
  pkce: { challenge: string; method: 's256' | 'plain' },
  authenticationMethod: string,
): Promise<void> {
  await tx.query(
    `insert into auth.flow_state (user_id, auth_code, code_challenge_method, code_challenge, provider_type, authentication_method)
     values ($1, $2, $3, $4, 'email', $5)`,
    [userId, randomUUID(), pkce.method, pkce.challenge, authenticationMethod],
  );
}

/** GET /verify of a pkce_ link: stamps the latest flow of (user, method) and returns its auth code. */
export async function issueAuthCode(tx: Queryable, userId: string, authenticationMethods: string[]): Promise<string | undefined> {
  const { rows } = await tx.query<{ auth_code: string }>(
    `update auth.flow_state set auth_code_issued_at = now(), updated_at = now()
     where id = (select id from auth.flow_state where user_id = $1 and authentication_method = any($2::text[]) order by created_at desc limit 1)
     returning auth_code`,
    [userId, authenticationMethods],
  );
  return rows[0]?.auth_code;
}

function challengeMatches(flow: FlowStateRow, verifier: string): boolean {
  const expected = flow.code_challenge_method === 's256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
  const a = Buffer.from(expected);
  const b = Buffer.from(flow.code_challenge);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** grant_type=pkce: checks code + verifier, deletes the flow (single use), returns user and AMR method. */
export async function consumeFlowState(tx: Queryable, authCode: string, verifier: string): Promise<{ userId: string; method: string }> {
  const { rows } = await tx.query<FlowStateRow>(
    `select *, extract(epoch from now() - auth_code_issued_at)::float8 as issued_age from auth.flow_state
     where auth_code = $1 and auth_code_issued_at is not null for update`,
    [authCode],
  );
  const flow = rows[0];
  if (!flow?.user_id) throw authError('flow_state_not_found');
  if ((flow.issued_age ?? Infinity) > FLOW_STATE_EXPIRY_SECONDS) {
    await tx.query('delete from auth.flow_state where id = $1', [flow.id]);
    throw authError('flow_state_expired');
  }
  if (!challengeMatches(flow, verifier)) throw authError('bad_code_verifier');
  await tx.query('delete from auth.flow_state where id = $1', [flow.id]);
  return { userId: flow.user_id, method: flow.authentication_method };
}
