/** Escapes text for HTML element content and attribute values. */
export const esc = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

export interface Rendered {
  subject: string;
  text: string;
  html: string;
}

export interface LayoutInput {
  brand: string;
  siteUrl: string;
  subject: string;
  heading: string;
  /** Plain paragraphs (escaped here). */
  paragraphs: string[];
  /** Headed lists after the paragraphs (the weekly review's "What moved", tasks and suggestions). */
  sections?: { heading: string; items: string[]; note?: string }[];
  action?: { label: string; url: string };
  code?: string;
  footnote: string;
  /** A link under the footnote (the weekly review's one-click unsubscribe). */
  footLink?: { label: string; url: string };
}

/** One look for every account mail: plain text first (it is what many clients show), then simple inline-styled HTML. */
export function layout(i: LayoutInput): Rendered {
  const text = [
    i.heading,
    '',
    ...i.paragraphs.flatMap((p) => [p, '']),
    ...(i.sections ?? []).flatMap((sec) => [sec.heading, ...sec.items.map((x) => `• ${x}`), ...(sec.note ? [sec.note] : []), '']),
    ...(i.action ? [`${i.action.label}: ${i.action.url}`, ''] : []),
    ...(i.code ? [`Code: ${i.code}`, ''] : []),
    i.footnote,
    ...(i.footLink ? [`${i.footLink.label}: ${i.footLink.url}`] : []),
    '',
    `${i.brand} · ${i.siteUrl}`,
  ].join('\n');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${esc(i.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0"><tr><td align="center">
<table role="presentation" width="560" cellspacing="0" cellpadding="0" style="max-width:560px;background:#ffffff;border-radius:8px;padding:32px">
<tr><td>
<h1 style="font-size:20px;margin:0 0 16px">${esc(i.heading)}</h1>
${i.paragraphs.map((p) => `<p style="font-size:15px;line-height:1.5;margin:0 0 16px">${esc(p)}</p>`).join('\n')}
${(i.sections ?? [])
  .map(
    (sec) => `<h2 style="font-size:16px;margin:24px 0 8px">${esc(sec.heading)}</h2>
${sec.items.length ? `<ul style="font-size:15px;line-height:1.5;margin:0 0 12px;padding-left:20px">${sec.items.map((x) => `<li>${esc(x)}</li>`).join('')}</ul>` : ''}
${sec.note ? `<p style="font-size:14px;line-height:1.5;color:#52606d;margin:0 0 12px">${esc(sec.note)}</p>` : ''}`,
  )
  .join('\n')}
${
  i.action
    ? `<p style="margin:24px 0"><a href="${esc(i.action.url)}" style="background:#2563eb;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">${esc(i.action.label)}</a></p>
<p style="font-size:13px;color:#52606d;word-break:break-all">If the button does not work, open this link: <a href="${esc(i.action.url)}">${esc(i.action.url)}</a></p>`
    : ''
}
${i.code ? `<p style="font-size:15px">Or enter this code: <strong style="font-size:20px;letter-spacing:4px">${esc(i.code)}</strong></p>` : ''}
<p style="font-size:13px;color:#52606d;margin-top:24px">${esc(i.footnote)}</p>
${i.footLink ? `<p style="font-size:13px"><a href="${esc(i.footLink.url)}" style="color:#52606d">${esc(i.footLink.label)}</a></p>` : ''}
<p style="font-size:13px;color:#52606d"><a href="${esc(i.siteUrl)}" style="color:#52606d">${esc(i.brand)}</a></p>
</td></tr></table></td></tr></table>
</body></html>`;
  return { subject: i.subject, text, html };
}
