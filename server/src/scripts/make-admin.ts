// npm run make-admin -- EMAIL: gives the user app_metadata.role = 'admin' (read by public.is_admin()).
// Takes effect in the user's next access token (sign in again, or wait for the automatic refresh).
// With the embedded database and a server running on DATA_DIR, the change goes through that server (its admin API,
// with the service-role key): a second process must never open the files the server holds.
import { z } from 'zod';
import { loadConfig } from '../config.js';
import { DataDirLockedError } from '../db/data-dir-lock.js';
import { openDatabase } from '../db/index.js';
import { migrate } from '../db/migrate.js';
import { writeAudit } from '../security/audit.js';
import { findRunningServer, type RunningServerRef } from './running-server.js';

const email = z.string().trim().toLowerCase().email().safeParse(process.argv[2]);
if (!email.success) {
  console.error('usage: npm run make-admin -- EMAIL');
  process.exit(2);
}

const userList = z.object({ users: z.array(z.object({ id: z.string(), email: z.string().nullish() })) });

async function throughServer(server: RunningServerRef, address: string): Promise<string | undefined> {
  const list = await server.call(`/auth/v1/admin/users?per_page=1000&filter=${encodeURIComponent(address)}`);
  if (!list.ok) throw new Error(`The running server (${server.url}) refused: HTTP ${list.status} ${await list.text()}`);
  const user = userList.parse(await list.json()).users.find((u) => u.email?.toLowerCase() === address);
  if (!user) return undefined;
  const put = await server.call(`/auth/v1/admin/users/${user.id}`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ app_metadata: { role: 'admin' } }),
  });
  if (!put.ok) throw new Error(`The running server (${server.url}) refused: HTTP ${put.status} ${await put.text()}`);
  return user.id;
}

async function direct(address: string): Promise<string | undefined> {
  const db = await openDatabase(config);
  try {
    await migrate(db);
    const { rows } = await db.query<{ id: string }>(
      `update auth.users set raw_app_meta_data = raw_app_meta_data || '{"role": "admin"}'::jsonb, updated_at = now()
       where lower(email) = $1 returning id`,
      [address],
    );
    if (rows[0]) await writeAudit(db, { event_type: 'auth.admin.role_granted', severity: 'warn', user_id: rows[0].id, details: { role: 'admin', via: 'make-admin script' } });
    return rows[0]?.id;
  } finally {
    await db.close();
  }
}

const config = loadConfig();
try {
  const server = await findRunningServer(config);
  if (server) console.log(`A server (pid ${server.pid}) is running on this data folder: asking it at ${server.url}.`);
  const id = server ? await throughServer(server, email.data) : await direct(email.data);
  if (!id) {
    console.error(`No user with the e-mail ${email.data}.`);
    process.exitCode = 1;
  } else {
    console.log(`${email.data} (${id}) is now an admin.`);
  }
} catch (err) {
  console.error(err instanceof DataDirLockedError || err instanceof Error ? err.message : String(err));
  process.exitCode = 1;
}
