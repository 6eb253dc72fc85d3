import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_DB, startTestServer, type TestServer } from './harness.js';
import { createTestUser, serviceClient, type TestUser } from './tokens.js';

// Issue 18 defect 9: the admin console's header (admin_overview().users) said "ACCOUNTS 3" while its Users tab
// (/api/admin/users total) said "4 accounts". One definition now (internal.accounts, migration 0530): a row of
// auth.users not deleted; banned accounts count.
let t: TestServer;
let admin: TestUser;
beforeAll(async () => {
  t = await startTestServer({ RATE_LIMIT_DISABLED: 'true' });
  admin = await createTestUser(t, { admin: true });
}, 120_000);
afterAll(() => t?.close());

async function overviewCount(): Promise<number> {
  const { data, error } = await admin.client.rpc('admin_overview');
  expect(error).toBeNull();
  return (data as { users: number }).users;
}

async function usersTabCount(q = ''): Promise<number> {
  const res = await fetch(`${t.url}/api/admin/users?${new URLSearchParams({ q, page: '1', per_page: '1' })}`, {
    headers: { apikey: t.anonKey, authorization: `Bearer ${admin.token}` },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { total: number }).total;
}

describe(`admin account count (${SERVICE_DB})`, () => {
  it(
    'admin_overview and the Users tab count the same accounts: deleted ones in neither, banned ones in both',
    { timeout: 60_000 },
    async () => {
      const service = serviceClient(t);
      const before = await overviewCount();
      expect(await usersTabCount()).toBe(before);

      const live = await createTestUser(t);
      const banned = await createTestUser(t);
      expect((await service.auth.admin.updateUserById(banned.id, { ban_duration: '24h' })).error).toBeNull();
      const soft = await createTestUser(t);
      expect((await service.auth.admin.deleteUser(soft.id, true)).error).toBeNull();
      const hard = await createTestUser(t);
      expect((await service.auth.admin.deleteUser(hard.id)).error).toBeNull();

      // the live and the banned account are added; the soft- and hard-deleted ones are not
      expect(await overviewCount()).toBe(before + 2);
      expect(await usersTabCount()).toBe(before + 2);
      // the search narrows the same set
      expect(await usersTabCount(live.email)).toBe(1);
      expect(await usersTabCount(banned.email)).toBe(1);
      expect(await usersTabCount(soft.email)).toBe(0);
    },
  );

  it('the shared definition is not readable by visitors or users through /rest/v1', { timeout: 60_000 }, async () => {
    const user = await createTestUser(t);
    const { error } = await user.client
      .schema('internal' as 'public')
      .from('accounts')
      .select('id');
    expect(error).not.toBeNull();
    // and admin_overview stays admin-only
    expect(await user.client.rpc('admin_overview')).toMatchObject({ status: 403, error: { code: '42501' } });
  });
});
