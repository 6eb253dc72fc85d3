import { shellMessages } from '@/lib/messages/shell';

/** Start-up failed (no root element, or the runtime config could not load). Plain markup: nothing else may have loaded. */
export function applicationErrorHtml(detail: string): string {
  const escaped = detail.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
  return `<main style="min-height:100vh;display:flex;align-items:center;justify-content:center;font-family:system-ui,sans-serif;background:#0b1020;color:#f5f7fb;padding:24px">
  <div role="alert" style="max-width:28rem;text-align:center">
    <h1 style="font-size:1.5rem;font-weight:700">${shellMessages.app.applicationError}</h1>
    <p style="margin-top:12px;color:#a3acc2">${escaped}</p>
    <button onclick="location.reload()" style="margin-top:20px;padding:8px 16px;border-radius:8px;background:#7c3aed;color:#fff;border:0;font-weight:600;cursor:pointer">Try again</button>
  </div>
</main>`;
}
