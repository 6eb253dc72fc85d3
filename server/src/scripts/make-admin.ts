// npm run make-admin -- EMAIL: gives the user app_metadata.role = 'admin' (read by public.is_admin()).
// Takes effect in the user's next access token (sign in again, or wait for the automatic refresh).
// With the embedded database and a server running on DATA_DIR, the change goes through that server
// (POST /api/ops/make-admin, service-role key): a second process must never open the files the server holds.
import { z } from 'zod';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/index.js';
import { migrate } from '../db/migrate.js';
import { grantAdminRole } from '../security/grant-admin.js';
import { findRunningServer, type RunningServerRef } from './running-server.js';

const email = z.string().trim().toLowerCase().email().safeParse(process.argv[2]);
if (!email.success) {
  console.error('usage: npm run make-admin -- EMAIL');
  process.exit(2);
}

async function throughServer(server: RunningServerRef, address: string): Promise<string | undefined> {
  const res = await server.call('/api/ops/make-admin', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: address }),
  });
  if (res.status === 404) return undefined;
  if (!res.ok) throw new Error(`The running server (${server.url}) refused: HTTP ${res.status} ${await res.text()}`);
  return z.object({ id: z.string() }).parse(await res.json()).id;
}

async function direct(address: string): Promise<string | undefined> {
  const db = await openDatabase(config);
  try {
    await migrate(db);
    return await grantAdminRole(db, address, 'make-admin script');
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
  console.error(err instanceof Error ? err.message : String(err));
  process.exitCode = 1;
}
