import { layout, type Rendered } from './layout.js';

export type AuthMailKind =
  'confirmation' | 'recovery' | 'invite' | 'magic_link' | 'email_change' | 'email_change_current' | 'email_changed' | 'reauthentication';

export interface AuthMailInput {
  brand: string;
  siteUrl: string;
  /** The verification link (absent for reauthentication, which is code-only). */
  link?: string;
  /** The 6-digit code, usable instead of the link. */
  otp: string;
  /** For email_change: the new address. */
  newEmail?: string;
  /** Validity of link and code, in minutes. */
  expiresInMinutes: number;
}

const ignore = "If you didn't ask for this, you can ignore this email.";

/** The account mails (Supabase's five templates plus magic link), carrying BRAND_NAME and SITE_URL. */
export function renderAuthMail(kind: AuthMailKind, i: AuthMailInput): Rendered {
  const base = { brand: i.brand, siteUrl: i.siteUrl, code: i.otp };
  const valid = `The link and code are valid for ${i.expiresInMinutes} minutes and work once.`;
  const action = (label: string) => (i.link ? { label, url: i.link } : undefined);
  switch (kind) {
    case 'confirmation':
      return layout({
        ...base,
        subject: `Confirm your ${i.brand} account`,
        heading: `Welcome to ${i.brand}`,
        paragraphs: ['Please confirm your email address to finish creating your account.', valid],
        action: action('Confirm my email'),
        footnote: `You received this because someone signed up to ${i.brand} with this address. ${ignore}`,
      });
    case 'recovery':
      return layout({
        ...base,
        subject: `Reset your ${i.brand} password`,
        heading: 'Reset your password',
        paragraphs: ['We received a request to reset the password of your account. Follow the link to choose a new one.', valid],
        action: action('Reset my password'),
        footnote: `${ignore} Your password stays unchanged.`,
      });
    case 'invite':
      return layout({
        ...base,
        subject: `You have been invited to ${i.brand}`,
        heading: `You're invited to ${i.brand}`,
        paragraphs: [
          `You have been invited to create an account on ${i.brand} (${i.siteUrl}). Accept the invitation to get started.`,
          valid,
        ],
        action: action('Accept the invitation'),
        footnote: ignore,
      });
    case 'magic_link':
      return layout({
        ...base,
        subject: `Your ${i.brand} sign-in link`,
        heading: `Sign in to ${i.brand}`,
        paragraphs: ['Follow the link to sign in to your account.', valid],
        action: action('Sign in'),
        footnote: ignore,
      });
    case 'email_change':
      return layout({
        ...base,
        subject: `Confirm your new ${i.brand} email address`,
        heading: 'Confirm your new email address',
        paragraphs: [
          `Please confirm that ${i.newEmail ?? 'this address'} should become the email address of your ${i.brand} account.`,
          valid,
        ],
        action: action('Confirm the change'),
        footnote: `${ignore} The address of the account stays unchanged.`,
      });
    case 'email_change_current':
      // secure e-mail change: the current address must agree too (docs/security/auth-flows.md#3-e-mail-change)
      return layout({
        ...base,
        subject: `Confirm the change of your ${i.brand} email address`,
        heading: 'Confirm the change of your email address',
        paragraphs: [
          `Someone, hopefully you, asked to change the email address of your ${i.brand} account to ${i.newEmail ?? 'a new address'}. The change needs your confirmation here and on the new address.`,
          valid,
        ],
        action: action('Confirm the change'),
        footnote: `${ignore} Without this confirmation the address stays unchanged; consider changing your password.`,
      });
    case 'email_changed':
      return layout({
        brand: i.brand,
        siteUrl: i.siteUrl,
        subject: `Your ${i.brand} email address was changed`,
        heading: 'Your email address was changed',
        paragraphs: [
          `The email address of your ${i.brand} account is now ${i.newEmail ?? 'a new address'}. This address will no longer receive mail about the account.`,
        ],
        footnote: `If you did not make this change, contact us at once by replying to this email or through ${i.siteUrl}/contact.`,
      });
    case 'reauthentication':
      return layout({
        ...base,
        subject: `Your ${i.brand} confirmation code`,
        heading: 'Confirm it is you',
        paragraphs: [`Enter this code to confirm a sensitive change to your account. It is valid for ${i.expiresInMinutes} minutes.`],
        footnote: `${ignore} Someone may know your password: consider changing it.`,
      });
  }
}

/**
 * Sent instead of a confirmation when someone signs up with an address that already has an account (and
 * confirmations are on): the answer to the sign-up looks like a new account's, only the owner learns the truth.
 */
export function renderAccountExistsMail(i: { brand: string; siteUrl: string }): Rendered {
  return layout({
    brand: i.brand,
    siteUrl: i.siteUrl,
    subject: `Someone tried to sign up to ${i.brand} with your email`,
    heading: 'You already have an account',
    paragraphs: [
      `Someone, perhaps you, tried to create a new ${i.brand} account with this email address. You already have one, so nothing was created and nothing was changed.`,
      'If it was you, sign in instead. If you forgot your password, choose "Forgot password" on the sign-in page.',
    ],
    action: { label: 'Sign in', url: `${i.siteUrl}/sign-in` },
    footnote: `If it wasn't you, you can ignore this email: your account and password stay unchanged.`,
  });
}
