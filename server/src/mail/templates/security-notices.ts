import { layout, type Rendered } from './layout.js';

/** Tells an account's owner that an administrator set a new password for it (issue 12 #1): no secret, no link to act on. */
export function renderPasswordOverrideMail(i: { brand: string; siteUrl: string; at: Date }): Rendered {
  return layout({
    brand: i.brand,
    siteUrl: i.siteUrl,
    subject: `Your ${i.brand} password was changed by an administrator`,
    heading: 'Your password was changed',
    paragraphs: [
      `An administrator of ${i.brand} set a new password for your account on ${i.at.toISOString().replace('T', ' ').slice(0, 16)} UTC.`,
      'You have been signed out on every device. Ask the administrator for the new password, or choose your own with "Forgot password" on the sign-in page.',
    ],
    footnote: `If you did not ask for this, contact the ${i.brand} team: this change is recorded in the security log.`,
  });
}
