import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { Queryable } from '../../db/types.js';
import { authError, validationFailed } from '../../errors/auth.js';

/**
 * OAuth 2.1 clients of GoTrue's OAuth server (internal/api/oauthserver/service.go): registration rules, response
 * shape and secret handling as GoTrue has them. A secret is 32 random bytes shown once; only its SHA-256 is kept.
 */

export interface OAuthClientRow {
  id: string;
  client_secret_hash: string | null;
  registration_type: 'dynamic' | 'manual';
  client_type: 'public' | 'confidential';
  client_name: string | null;
  client_uri: string | null;
  logo_uri: string | null;
  redirect_uris: string[];
  grant_types: string[];
  created_at: Date;
  updated_at: Date;
}

const AUTH_METHODS = ['none', 'client_secret_basic', 'client_secret_post'] as const;
const GRANT_TYPES = new Set(['authorization_code', 'refresh_token']);

export const registerParams = z.object({
  redirect_uris: z.array(z.string()).optional(),
  client_type: z.string().optional(),
  token_endpoint_auth_method: z.string().optional(),
  grant_types: z.array(z.string()).optional(),
  client_name: z.string().optional(),
  client_uri: z.string().optional(),
  logo_uri: z.string().optional(),
});
export type RegisterParams = z.infer<typeof registerParams>;

export const updateParams = z.object({
  redirect_uris: z.array(z.string()).optional(),
  grant_types: z.array(z.string()).optional(),
  client_name: z.string().optional(),
  client_uri: z.string().optional(),
  logo_uri: z.string().optional(),
});
export type UpdateParams = z.infer<typeof updateParams>;

/** Why a redirect URI is refused, or null: https anywhere, http only for localhost/127.0.0.1, no fragment. */
function redirectUriProblem(uri: string): string | null {
  if (!uri) return 'redirect URI cannot be empty';
  let u: URL;
  try {
    u = new URL(uri);
  } catch {
    return 'must have scheme and host';
  }
  if (!u.host) return 'must have scheme and host';
  if (u.hash) return 'fragment not allowed in redirect URI';
  if (u.protocol === 'http:') return ['localhost', '127.0.0.1'].includes(u.hostname) ? null : 'HTTP scheme only allowed for localhost';
  return u.protocol === 'https:' ? null : 'scheme must be HTTPS or HTTP (localhost only)';
}

function checkRedirectUris(uris: string[] | undefined, required: boolean): void {
  if (required && (!uris || uris.length === 0)) throw validationFailed('redirect_uris is required');
  if (!uris || uris.length === 0) throw validationFailed('redirect_uris cannot be empty');
  if (uris.length > 10) throw validationFailed('redirect_uris cannot exceed 10 items');
  for (const uri of uris) {
    const problem = redirectUriProblem(uri);
    if (problem) throw validationFailed(`invalid redirect_uri '${uri}': ${problem}`);
  }
}

function checkGrantTypes(types: string[]): void {
  if (types.length === 0) throw validationFailed('grant_types cannot be empty');
  if (!types.every((t) => GRANT_TYPES.has(t)))
    throw validationFailed("grant_types must only contain 'authorization_code' and/or 'refresh_token'");
}

function checkUrl(name: 'client_uri' | 'logo_uri', value: string | undefined): void {
  if (!value) return;
  if (value.length > 2048) throw validationFailed(`${name} cannot exceed 2048 characters`);
  if (!URL.canParse(value)) throw validationFailed(`${name} must be a valid URL`);
}

function checkCommon(p: UpdateParams): void {
  if (p.grant_types) checkGrantTypes(p.grant_types);
  if (p.client_name !== undefined && p.client_name.length > 1024) throw validationFailed('client_name cannot exceed 1024 characters');
  checkUrl('client_uri', p.client_uri);
  checkUrl('logo_uri', p.logo_uri);
}

/** public when asked for, or when the token endpoint takes no secret; confidential otherwise (GoTrue's default). */
function clientType(p: RegisterParams): 'public' | 'confidential' {
  if (p.client_type !== undefined && p.client_type !== 'public' && p.client_type !== 'confidential')
    throw validationFailed("client_type must be 'public' or 'confidential'");
  const method = p.token_endpoint_auth_method;
  if (method !== undefined && !(AUTH_METHODS as readonly string[]).includes(method))
    throw validationFailed(`token_endpoint_auth_method must be one of: [${AUTH_METHODS.join(' ')}]`);
  if (p.client_type === 'public' && method && method !== 'none')
    throw validationFailed(`public clients must use token_endpoint_auth_method 'none'`);
  if (p.client_type === 'confidential' && method === 'none')
    throw validationFailed(`confidential clients cannot use token_endpoint_auth_method 'none'`);
  return p.client_type ?? (method === 'none' ? 'public' : 'confidential');
}

const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('base64url');
const newSecret = () => randomBytes(32).toString('base64url');

/** Constant-time check of a presented secret against the stored hash. */
export function secretMatches(client: OAuthClientRow, secret: string): boolean {
  if (!client.client_secret_hash) return false;
  const a = Buffer.from(hashSecret(secret));
  const b = Buffer.from(client.client_secret_hash);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** GoTrue's OAuthServerClientResponse: empty strings and the secret left out, response_types always ["code"]. */
export function clientJson(c: OAuthClientRow, secret?: string) {
  return {
    client_id: c.id,
    ...(secret ? { client_secret: secret } : {}),
    client_type: c.client_type,
    redirect_uris: c.redirect_uris,
    token_endpoint_auth_method: c.client_type === 'public' ? 'none' : 'client_secret_basic',
    grant_types: c.grant_types,
    response_types: ['code'],
    ...(c.client_name ? { client_name: c.client_name } : {}),
    ...(c.client_uri ? { client_uri: c.client_uri } : {}),
    ...(c.logo_uri ? { logo_uri: c.logo_uri } : {}),
    registration_type: c.registration_type,
    created_at: c.created_at.toISOString(),
    updated_at: c.updated_at.toISOString(),
  };
}

export async function registerClient(
  db: Queryable,
  p: RegisterParams,
  registration: 'dynamic' | 'manual',
): Promise<{ client: OAuthClientRow; secret?: string }> {
  checkRedirectUris(p.redirect_uris, true);
  checkCommon(p);
  const type = clientType(p);
  const secret = type === 'confidential' ? newSecret() : undefined;
  const { rows } = await db.query<OAuthClientRow>(
    `insert into auth.oauth_clients (client_secret_hash, registration_type, client_type, client_name, client_uri, logo_uri, redirect_uris, grant_types)
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning *`,
    [
      secret ? hashSecret(secret) : null,
      registration,
      type,
      p.client_name || null,
      p.client_uri || null,
      p.logo_uri || null,
      p.redirect_uris,
      p.grant_types?.length ? p.grant_types : ['authorization_code', 'refresh_token'],
    ],
  );
  return { client: rows[0]!, secret };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A live (not deleted) client, or null; an id that is no UUID finds nothing. */
export async function findClient(db: Queryable, id: string): Promise<OAuthClientRow | null> {
  if (!UUID.test(id)) return null;
  const { rows } = await db.query<OAuthClientRow>('select * from auth.oauth_clients where id = $1 and deleted_at is null', [id]);
  return rows[0] ?? null;
}

/** For the admin routes: 400 for an id that is no UUID, 404 oauth_client_not_found for an unknown one. */
export async function clientParam(db: Queryable, id: string): Promise<OAuthClientRow> {
  if (!id) throw validationFailed('client_id is required');
  if (!UUID.test(id)) throw validationFailed('invalid client_id format');
  const client = await findClient(db, id);
  if (!client) throw authError('oauth_client_not_found');
  return client;
}

export async function listClients(db: Queryable, page: number, perPage: number): Promise<{ rows: OAuthClientRow[]; total: number }> {
  const [{ rows }, count] = await Promise.all([
    db.query<OAuthClientRow>('select * from auth.oauth_clients where deleted_at is null order by created_at desc, id limit $1 offset $2', [
      perPage,
      (page - 1) * perPage,
    ]),
    db.query<{ n: string }>('select count(*)::text as n from auth.oauth_clients where deleted_at is null'),
  ]);
  return { rows, total: Number(count.rows[0]?.n ?? 0) };
}

export async function updateClient(db: Queryable, id: string, p: UpdateParams): Promise<OAuthClientRow> {
  if (Object.values(p).every((v) => v === undefined)) throw validationFailed('No fields provided for update');
  if (p.redirect_uris !== undefined) checkRedirectUris(p.redirect_uris, false);
  checkCommon(p);
  const { rows } = await db.query<OAuthClientRow>(
    `update auth.oauth_clients set
       redirect_uris = coalesce($2, redirect_uris), grant_types = coalesce($3, grant_types),
       client_name = case when $4::boolean then $5 else client_name end,
       client_uri = case when $6::boolean then $7 else client_uri end,
       logo_uri = case when $8::boolean then $9 else logo_uri end,
       updated_at = now()
     where id = $1 and deleted_at is null returning *`,
    [
      id,
      p.redirect_uris ?? null,
      p.grant_types ?? null,
      p.client_name !== undefined,
      p.client_name || null,
      p.client_uri !== undefined,
      p.client_uri || null,
      p.logo_uri !== undefined,
      p.logo_uri || null,
    ],
  );
  if (!rows[0]) throw authError('oauth_client_not_found');
  return rows[0];
}

/** Soft delete, as GoTrue does; its pending authorizations can no longer be completed (findClient skips it). */
export async function deleteClient(db: Queryable, id: string): Promise<void> {
  await db.query('update auth.oauth_clients set deleted_at = now(), updated_at = now() where id = $1 and deleted_at is null', [id]);
}

export async function regenerateSecret(db: Queryable, client: OAuthClientRow): Promise<{ client: OAuthClientRow; secret: string }> {
  if (client.client_type !== 'confidential') throw validationFailed('Cannot regenerate secret for public client');
  const secret = newSecret();
  const { rows } = await db.query<OAuthClientRow>(
    'update auth.oauth_clients set client_secret_hash = $2, updated_at = now() where id = $1 returning *',
    [client.id, hashSecret(secret)],
  );
  return { client: rows[0]!, secret };
}
