import type { Config } from '../config.js';
import type { Queryable } from '../db/index.js';
import { authError } from '../errors/auth.js';

/** How long a WebAuthn ceremony may take between its options and its answer, seconds. */
export const WEBAUTHN_CHALLENGE_SECONDS = 300;

export interface RelyingParty {
  id: string;
  name: string;
  origins: string[];
}

/** The relying party: AUTH_WEBAUTHN_RP_ID / _ORIGINS, else SITE_URL's host name and origin. */
export function relyingParty(config: Config): RelyingParty {
  const site = new URL(config.SITE_URL);
  const origins = config.AUTH_WEBAUTHN_RP_ORIGINS?.split(',')
    .map((s) => s.trim())
    .filter(Boolean) ?? [site.origin];
  return { id: config.AUTH_WEBAUTHN_RP_ID ?? site.hostname, name: config.BRAND_NAME, origins };
}

export function assertPasskeysEnabled(config: Config): void {
  if (!config.AUTH_PASSKEYS_ENABLED) throw authError('passkey_disabled');
}

export async function saveChallenge(db: Queryable, kind: 'registration' | 'authentication', userId: string | null, challenge: string) {
  const { rows } = await db.query<{ id: string; expires_at: string }>(
    `insert into auth.webauthn_challenges (user_id, kind, challenge, expires_at)
     values ($1, $2, $3, now() + make_interval(secs => $4))
     returning id, floor(extract(epoch from expires_at))::bigint::text as expires_at`,
    [userId, kind, challenge, WEBAUTHN_CHALLENGE_SECONDS],
  );
  // abandoned ceremonies go as new ones start
  await db.query('delete from auth.webauthn_challenges where expires_at < now()');
  return { id: rows[0]!.id, expiresAt: Number(rows[0]!.expires_at) };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Takes a challenge out (one answer per challenge, right or wrong); unknown, expired or another user's: 404. */
export async function takeChallenge(
  db: Queryable,
  id: unknown,
  kind: 'registration' | 'authentication',
  userId: string | null,
): Promise<string> {
  const { rows } =
    typeof id === 'string' && UUID.test(id)
      ? await db.query<{ challenge: string }>(
          `delete from auth.webauthn_challenges where id = $1 and kind = $2 and user_id is not distinct from $3 and expires_at > now()
           returning challenge`,
          [id, kind, userId],
        )
      : { rows: [] };
  if (!rows[0]) throw authError('webauthn_challenge_not_found');
  return rows[0].challenge;
}
