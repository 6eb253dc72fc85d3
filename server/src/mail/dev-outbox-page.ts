import { Hono, type Context } from 'hono';
import { html, raw } from 'hono/html';
import type { AppContext } from '../context.js';
import { bindTo } from '../http/bind.js';

const LINK = /https?:\/\/[^\s"'<>]+/g;

/** GET /: the dev outbox as a page. */
async function showOutboxPage(c: Context, ctx: AppContext) {
  const mails = await ctx.mailer.outbox();
  const items = mails.map((m) => {
    const links = [...new Set(m.text.match(LINK) ?? [])];
    return html`<article>
      <h2>${m.subject}</h2>
      <p>To ${m.to} · ${m.sentAt}</p>
      <pre>${m.text}</pre>
      <ul>
        ${links.map((l) => html`<li><a href="${l}">${l}</a></li>`)}
      </ul>
    </article>`;
  });
  return c.html(
    html`<!doctype html>
      <html lang="en">
        <head>
          <meta charset="utf-8" />
          <title>Development outbox</title>
        </head>
        <body>
          <h1>Development outbox</h1>
          ${mails.length ? items : raw('<p>No mail yet.</p>')}
        </body>
      </html>`,
  );
}

/** GET /messages.json */
async function listOutboxMessages(c: Context, ctx: AppContext) {
  return c.json(await ctx.mailer.outbox());
}

/** /_dev/mail: the development outbox with clickable links (never mounted in production). */
export function devMailRoutes(ctx: AppContext): Hono {
  const app = new Hono();
  const h = bindTo(ctx);
  app.get('/', h(showOutboxPage));
  app.get('/messages.json', h(listOutboxMessages));
  return app;
}
