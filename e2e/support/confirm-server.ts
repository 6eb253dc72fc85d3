import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import type { RunningServer } from '../../server/src/server';
import { e2eDataDir } from './data-dir';
import { readOutbox, type OutboxMail } from './outbox';
import { startSpecServer } from './own-server-env';

export type { OutboxMail };

/** A server of its own with e-mail confirmation on (issue 14), its development outbox and admin client. */
export async function startConfirmServer(env: Record<string, string> = {}) {
  const dataDir = await e2eDataDir('auth-flows');
  const server: RunningServer = await startSpecServer(dataDir, { AUTH_REQUIRE_EMAIL_CONFIRMATION: 'true', ...env });
  const secret = new TextEncoder().encode(readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8').trim());
  const serviceRoleKey = await new SignJWT({ role: 'service_role', iss: 'supabase' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(secret);
  const admin = createClient(server.url, serviceRoleKey, { auth: { persistSession: false, autoRefreshToken: false } });
  const anonKey = await new SignJWT({ role: 'anon', iss: 'supabase' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(secret);
  const anon = () => createClient(server.url, anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
  const outbox = () => readOutbox(dataDir);
  /** The newest mail to `to` whose subject matches, once it has arrived. */
  const mailTo = async (to: string, subject: RegExp, after = 0): Promise<OutboxMail> => {
    let found: OutboxMail[] = [];
    await expect
      .poll(() => (found = outbox().filter((m) => m.to === to && subject.test(m.subject))).length, {
        message: `no mail to ${to} matching ${subject}`,
      })
      .toBeGreaterThan(after);
    return found.at(-1)!;
  };
  const linkIn = (m: OutboxMail, pathPart: string) => m.text.match(new RegExp(`https?://\\S+${pathPart.replace(/[/?]/g, '\\$&')}\\S*`))![0];
  return {
    server,
    admin,
    anon,
    outbox,
    mailTo,
    linkIn,
    async close() {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
