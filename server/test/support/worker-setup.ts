/**
 * vitest setupFiles of the service projects, run in the worker before each test file is imported. Everything a
 * file makes is its own (random ports, fresh DATA_DIR, a database cloned under a random name) except Redis, whose
 * keys (`auth-signup-ip:127.0.0.1`…) two workers would share. Each worker gets its own Redis database number, so
 * files running side by side never meet (docs/decisions/0057). Workers run file after file in one process
 * (`isolate: false`, docs/decisions/0068), so the base URL is kept aside and the number is not added twice.
 */
const url = (process.env.TEST_REDIS_URL_BASE ??= process.env.TEST_REDIS_URL ?? '');
const worker = Number(process.env.VITEST_POOL_ID ?? '1');
if (url) {
  const u = new URL(url);
  // redis://host:port/N: N is the database. Workers use 1..maxWorkers above the configured base (default 0).
  const base = Number(u.pathname.slice(1) || '0');
  u.pathname = `/${base + worker}`;
  process.env.TEST_REDIS_URL = u.toString();
}
