export const CALENDLY_SCRIPT = 'https://assets.calendly.com/assets/external/widget.js';
export const CALENDLY_ORIGIN = 'https://calendly.com';

declare global {
  interface Window {
    Calendly?: { initInlineWidget: (o: { url: string; parentElement: HTMLElement }) => void };
  }
}

/**
 * The inline widget URL: our colours, and Calendly's own cookie banner hidden because our consent dialog already
 * asked (Calendly's help centre: with hide_gdpr_banner the site is responsible for consent).
 */
export function calendlyEmbedUrl(bookingUrl: string): string {
  const u = new URL(bookingUrl);
  u.searchParams.set('hide_gdpr_banner', '1');
  u.searchParams.set('background_color', '121a30');
  u.searchParams.set('text_color', 'f5f7fb');
  u.searchParams.set('primary_color', '8b5cf6');
  return u.toString();
}

/** True for the widget's postMessage events (profile_page_viewed, event_type_viewed, page_height, ...). */
export function isCalendlyEvent(e: MessageEvent): boolean {
  return (
    e.origin === CALENDLY_ORIGIN &&
    typeof e.data === 'object' &&
    e.data !== null &&
    String((e.data as { event?: unknown }).event).startsWith('calendly.')
  );
}
