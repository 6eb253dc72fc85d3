import { paths } from './paths';

/**
 * GoTrue's /auth/v1/verify answers an invitation with #access_token…&type=invite, and a used or expired link with
 * #error_code=…, on whatever page redirect_to named (waitlist invitations: /dashboard). /auth/confirm handles both
 * (issue 14 item 2), so such a landing moves there before the router starts. /reset-password reads its own.
 */
export function moveMailedLinkLanding(loc: Location = window.location): void {
  if (loc.pathname === paths.authConfirm || loc.pathname === paths.resetPassword) return;
  const h = new URLSearchParams(loc.hash.replace(/^#/, ''));
  const session = h.get('access_token') && (h.get('type') === 'invite' || h.get('type') === 'signup');
  if (session || h.get('error_code')) window.history.replaceState(null, '', `${paths.authConfirm}${loc.hash}`);
}
