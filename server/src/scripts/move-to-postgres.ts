// npm run move-to-postgres -- DATABASE_URL: copies this embedded install (DATA_DIR) into an empty PostgreSQL,
// then verifies it: row counts and a content fingerprint per table, and a sign-in on a server started against
// the copy when MOVE_CHECK_EMAIL and MOVE_CHECK_PASSWORD name an account (env, so the password stays out of
// shell history and ps). The server must be stopped: writes made during the copy would be missed.
// Afterwards: set DATABASE_URL, keep DATA_DIR (its jwt-secret keeps every session and API key valid).
import { z } from 'zod';
import { loadConfig } from '../config.js';
import { DataDirLockedError } from '../data-dir-lock.js';
import { openDatabase } from '../db/index.js';
import { moveToPostgres, MoveError } from '../tools/move.js';
import { startServer } from '../server.js';

const target = z
  .string()
  .regex(/^postgres(ql)?:\/\//)
  .safeParse(process.argv[2]);
if (!target.success) {
  console.error('usage: npm run move-to-postgres -- postgres://USER:PASSWORD@HOST:5432/DATABASE');
  process.exit(2);
}
const config = loadConfig({ ...process.env, DATABASE_URL: undefined });
if (process.env.DATABASE_URL)
  console.log('(DATABASE_URL in the environment is ignored: the source is always the embedded database in DATA_DIR.)');

async function signInCheck(email: string, password: string): Promise<string> {
  const server = await startServer({
    ...process.env,
    DATABASE_URL: target.data,
    DATA_DIR: config.DATA_DIR,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    SITE_URL: '',
  });
  try {
    const res = await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: server.ctx.keys.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    const body = (await res.json()) as { user?: { id: string }; error_code?: string };
    if (!res.ok || !body.user)
      throw new MoveError(`Sign-in check failed on the copy for ${email}: HTTP ${res.status} ${body.error_code ?? ''}`);
    return body.user.id;
  } finally {
    await server.close();
  }
}

try {
  const source = await openDatabase(config); // holds DATA_DIR: refuses while the server runs
  let report;
  try {
    console.log(`Moving ${config.DATA_DIR} to ${target.data.replace(/\/\/[^@/]*@/, '//***@')} …`);
    report = await moveToPostgres(source, target.data, (line) => console.log(`  ${line}`));
  } finally {
    await source.close();
  }
  const bad = report.tables.filter((t) => !t.same);
  console.log(`\nVerification (${report.tables.length} tables, ${report.sequences} sequences):`);
  for (const t of report.tables)
    if (t.source || !t.same)
      console.log(`  ${t.same ? 'ok ' : 'BAD'} ${t.table.padEnd(44)} ${String(t.source).padStart(7)} -> ${String(t.target).padStart(7)}`);
  console.log(`  (${report.tables.filter((t) => !t.source && t.same).length} empty tables, empty on both sides)`);
  if (bad.length) throw new MoveError(`${bad.length} table(s) differ after the copy: ${bad.map((t) => t.table).join(', ')}`);
  const email = process.env.MOVE_CHECK_EMAIL;
  const password = process.env.MOVE_CHECK_PASSWORD;
  if (email && password) console.log(`Sign-in check: ${email} signed in on the copy (user ${await signInCheck(email, password)}).`);
  else console.log('Sign-in check skipped: set MOVE_CHECK_EMAIL and MOVE_CHECK_PASSWORD to an account you know to run it.');
  console.log(
    `Moved in ${(report.ms / 1000).toFixed(1)} s. Next: set DATABASE_URL to that URL, keep DATA_DIR (its jwt-secret) and start the server.`,
  );
} catch (err) {
  console.error(
    err instanceof DataDirLockedError ? `Stop the server first: ${err.message}` : err instanceof Error ? err.message : String(err),
  );
  process.exitCode = 1;
}
