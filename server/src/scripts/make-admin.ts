// npm run make-admin -- EMAIL: gives the user app_metadata.role = 'admin' (read by public.is_admin()).
// Takes effect in the user's next access token (sign in again, or wait for the automatic refresh).
import { z } from 'zod';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/index.js';
import { migrate } from '../db/migrate.js';
import { writeAudit } from '../security/audit.js';

const email = z.string().trim().toLowerCase().email().safeParse(process.argv[2]);
if (!email.success) {
  console.error('usage: npm run make-admin -- EMAIL');
  process.exit(2);
}

const db = await openDatabase(loadConfig());
try {
  await migrate(db);
  const { rows } = await db.query<{ id: string }>(
    `update auth.users set raw_app_meta_data = raw_app_meta_data || '{"role": "admin"}'::jsonb, updated_at = now()
     where lower(email) = $1 returning id`,
    [email.data],
  );
  if (!rows[0]) {
    console.error(`No user with the e-mail ${email.data}.`);
    process.exitCode = 1;
  } else {
    await writeAudit(db, { event_type: 'auth.admin.role_granted', severity: 'warn', user_id: rows[0].id, details: { role: 'admin', via: 'make-admin script' } });
    console.log(`${email.data} (${rows[0].id}) is now an admin.`);
  }
} finally {
  await db.close();
}
