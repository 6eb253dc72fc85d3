import { randomBytes, randomInt } from 'node:crypto';
import type { Queryable } from '../db/index.js';
import { sha256 } from './sessions.js';

export type TokenType =
  'confirmation_token' | 'recovery_token' | 'email_change_token_new' | 'email_change_token_current' | 'reauthentication_token';

export interface IssuedToken {
  /** Goes into the mailed link (pkce_-prefixed when a PKCE flow waits for it). */
  linkToken: string;
  /** The 6-digit code shown in the mail. */
  otp: string;
}

export interface TokenRow {
  id: string;
  user_id: string;
  token_type: TokenType;
  relates_to: string;
  age: number;
}

const otpHash = (address: string, otp: string) => sha256(`${address.toLowerCase()}:${otp}`);

/** Replaces the user's token of this type; only hashes are stored (a leaked table opens no link). */
export async function issueToken(tx: Queryable, userId: string, type: TokenType, relatesTo: string, pkce: boolean): Promise<IssuedToken> {
  const linkToken = `${pkce ? 'pkce_' : ''}${randomBytes(24).toString('base64url')}`;
  const otp = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await tx.query(
    `insert into auth.one_time_tokens (user_id, token_type, token_hash, otp_hash, relates_to) values ($1, $2, $3, $4, $5)
     on conflict (user_id, token_type) do update set token_hash = excluded.token_hash, otp_hash = excluded.otp_hash,
       relates_to = excluded.relates_to, created_at = now(), updated_at = now()`,
    [userId, type, sha256(linkToken), otpHash(relatesTo, otp), relatesTo.toLowerCase()],
  );
  return { linkToken, otp };
}

const SELECT = `select id, user_id, token_type, relates_to, extract(epoch from now() - created_at)::float8 as age from auth.one_time_tokens`;

/** The live token for a mailed link value, among `types`; expired ones count as absent. */
export async function findByLink(
  tx: Queryable,
  linkToken: string,
  types: TokenType[],
  expirySeconds: number,
): Promise<TokenRow | undefined> {
  const { rows } = await tx.query<TokenRow>(`${SELECT} where token_hash = $1 and token_type = any($2::text[]) for update`, [
    sha256(linkToken),
    types,
  ]);
  return rows.find((r) => r.age <= expirySeconds);
}

/** The live token for an (address, 6-digit code) pair, among `types`, in the order of `types`. */
export async function findByOtp(
  tx: Queryable,
  address: string,
  otp: string,
  types: TokenType[],
  expirySeconds: number,
): Promise<TokenRow | undefined> {
  const { rows } = await tx.query<TokenRow>(
    `${SELECT} where otp_hash = $1 and relates_to = $2 and token_type = any($3::text[]) for update`,
    [otpHash(address, otp), address.toLowerCase(), types],
  );
  return types.map((t) => rows.find((r) => r.token_type === t && r.age <= expirySeconds)).find(Boolean);
}

/** Tokens are single-use: consuming one clears all of the user's pending tokens (as GoTrue does). */
export async function consumeTokens(tx: Queryable, userId: string): Promise<void> {
  await tx.query('delete from auth.one_time_tokens where user_id = $1', [userId]);
}

/** Consumes one token only: the first of the two secure e-mail change links leaves the other one live. */
export async function consumeToken(tx: Queryable, id: string): Promise<void> {
  await tx.query('delete from auth.one_time_tokens where id = $1', [id]);
}

/** Whether the user still has a live token of this type (the other half of a secure e-mail change). */
export async function hasLiveToken(tx: Queryable, userId: string, type: TokenType, expirySeconds: number): Promise<boolean> {
  const { rowCount } = await tx.query(
    `select 1 from auth.one_time_tokens where user_id = $1 and token_type = $2 and created_at > now() - make_interval(secs => $3)`,
    [userId, type, expirySeconds],
  );
  return rowCount > 0;
}
