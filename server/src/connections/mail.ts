import { layout, type Rendered } from '../mail/templates/layout.js';

/** An e-mail step's message to the connection's owner: their rendered text, and which connection sent it. */
export function renderConnectionEmail(i: { brand: string; siteUrl: string; connection: string; subject: string; body: string }): Rendered {
  const site = i.siteUrl.replace(/\/$/, '');
  return layout({
    brand: i.brand,
    siteUrl: i.siteUrl,
    subject: i.subject,
    heading: i.subject,
    paragraphs: i.body.split(/\n{2,}/),
    footnote: `Sent by your connection "${i.connection}". Pause or change it in Connect Anything: ${site}/connect-anything`,
  });
}

/** At most one a day per connection: a run failed for good. */
export function renderConnectionFailedMail(i: { brand: string; siteUrl: string; connection: string; error: string }): Rendered {
  const site = i.siteUrl.replace(/\/$/, '');
  return layout({
    brand: i.brand,
    siteUrl: i.siteUrl,
    subject: `Your connection "${i.connection}" failed`,
    heading: `A run of "${i.connection}" failed`,
    paragraphs: [i.error, 'Its run history shows each step. Fix the connection and run the failed run again from there.'],
    action: { label: 'Open Connect Anything', url: `${site}/connect-anything` },
    footnote: 'You get at most one of these a day per connection.',
  });
}
