import type * as bcrypt from '@node-rs/bcrypt';
import { verify } from '@node-rs/bcrypt';
import { expect, it, vi } from 'vitest';
import { hashPassword, verifyPassword } from './passwords.js';

// The comparisons themselves, counted: a sign-in for an unknown e-mail must cost what a wrong password costs, one
// bcrypt comparison at the configured cost (token.ts passes the missing user's undefined hash). Counted rather than
// timed, which a busy machine disturbs (server/test/auth-core.service.test.ts checks that both get the same answer).
vi.mock('@node-rs/bcrypt', async (original) => {
  const real = await original<typeof bcrypt>();
  return { ...real, verify: vi.fn(real.verify) };
});

it('an unknown account costs one comparison at the configured cost, as a wrong password does', async () => {
  const stored = await hashPassword('the-right-password', 6);
  vi.mocked(verify).mockClear();
  expect(await verifyPassword('a-wrong-password', stored, 6)).toBe(false);
  expect(await verifyPassword('a-wrong-password', undefined, 6)).toBe(false);
  expect(await verifyPassword('a-wrong-password', 'not-bcrypt', 6)).toBe(false);
  const costs = vi.mocked(verify).mock.calls.map(([, hash]) => String(hash).slice(0, 7));
  expect(costs).toEqual(['$2b$06$', '$2b$06$', '$2b$06$']);
});
