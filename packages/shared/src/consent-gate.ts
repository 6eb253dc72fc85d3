/** Where the cookie-consent decision is kept in the browser (docs/product.md#cookie-consent). */
export const CONSENT_KEY = 'cookie-consent';
/** The policy version a visitor agreed to; kept beside the record so the record keeps its specified shape. */
export const CONSENT_VERSION_KEY = 'cookie-consent-version';
/** Raise this when the categories, vendors or wording change: everyone is asked again. */
export const CONSENT_POLICY_VERSION = '1';

/**
 * Runs first in every page's head, before anything paints: when this browser holds a decision under the current
 * policy, it marks `<html data-consent="current">`, and CSS keeps the prerendered cookie prompt hidden until the app
 * has read the record itself. The prompt is then part of the first paint for everyone else, instead of arriving after
 * hydration as the page's largest element. It mirrors the app's own reading (consent-storage: a well-formed record,
 * accepted, current version; tested there); the server's CSP admits it by its hash.
 */
export const CONSENT_GATE_SCRIPT =
  `try{var s=localStorage,r=JSON.parse(s.getItem(${JSON.stringify(CONSENT_KEY)})),b=function(v){return typeof v=="boolean"};` +
  `if(r&&r.accepted===true&&b(r.performance)&&b(r.functional)&&b(r.targeting)&&` +
  `s.getItem(${JSON.stringify(CONSENT_VERSION_KEY)})===${JSON.stringify(CONSENT_POLICY_VERSION)})` +
  `document.documentElement.dataset.consent="current"}catch(e){}`;
