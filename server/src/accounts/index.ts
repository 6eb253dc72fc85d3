/**
 * Accounts, in process: the one door through which the server's other modules (api/, functions/, security/,
 * billing/, rest/, the coach, start-up) reach users, sessions, JWT verification and factors. auth/ is the
 * /auth/v1 service and owns these tables; nothing outside it imports its files except through here, so what the
 * rest of the server depends on is this list, checked by an ESLint zone (docs/decisions/0200).
 */
export { createJwtVerifier, JwtError, type JwtClaims, type JwtVerifier } from '../auth/jwt.js';
export { loadSigningKeys } from '../auth/signing-keys.js';
export { findUserById, insertUser, type UserRow } from '../auth/users.js';
export { hashPassword, verifyPassword } from '../auth/passwords.js';
export { requireAdmin, requireUser, tokenSecondFactorPending, type Caller } from '../auth/guards.js';
export { adminUpdateUser } from '../auth/admin-users.js';
export { unenrollFactor } from '../auth/factors.js';
export { adminSetPassword, inviteUser, sendRecoveryEmail } from '../auth/api.js';
