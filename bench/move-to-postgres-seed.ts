// Seeds an embedded DATA_DIR for measuring `npm run move-to-postgres` (issue 19's figure: 1,000 users with
// passwords and profiles, 10,000 waitlist entries). Usage: DATA_DIR=/tmp/x node --import tsx bench/move-to-postgres-seed.ts
// Then: MOVE_CHECK_EMAIL=user1@example.com MOVE_CHECK_PASSWORD=bench-password-1 DATA_DIR=/tmp/x npm run move-to-postgres -- URL
import { loadConfig } from '../server/src/config.js';
import { hashPassword, insertUser } from '../server/src/accounts/index.js';
import { openDatabase } from '../server/src/db/index.js';
import { migrate } from '../server/src/db/migrate.js';

const USERS = 1000;
const WAITLIST = 10_000;
const config = loadConfig({ ...process.env, DATABASE_URL: undefined });
const db = await openDatabase(config);
try {
  await migrate(db);
  const started = performance.now();
  const hash = await hashPassword('bench-password-1', 10); // one hash for all: bcrypt time is not what is measured
  await db.transaction(async (tx) => {
    for (let i = 1; i <= USERS; i++) {
      await insertUser(tx, {
        email: `user${i}@example.com`,
        passwordHash: hash,
        userMetadata: { full_name: `User ${i}` },
        confirmed: true,
      });
    }
  });
  await db.transaction(async (tx) => {
    for (let i = 1; i <= WAITLIST; i++)
      await tx.query('select public.join_waitlist($1, $2, null)', [`Waiter ${i}`, `waiter${i}@example.com`]);
  });
  const { rows } = await db.query(
    'select (select count(*) from auth.users) as users, (select count(*) from public.ebook_subscribers) as waitlist, (select count(*) from public.profiles) as profiles',
  );
  console.log(`seeded ${config.DATA_DIR} in ${((performance.now() - started) / 1000).toFixed(1)} s:`, rows[0]);
} finally {
  await db.close();
}
