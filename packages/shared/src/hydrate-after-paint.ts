/** The `<template>` of a prerendered page that holds its module script and module preloads until the first paint. */
export const HYDRATE_TEMPLATE_ID = 'hydrate';

/**
 * Set on a prerendered page's `<html>` (prerender.mjs): while it is there the page is set in the brand fonts'
 * metric-matched local fallbacks (fonts.css), so no font file is fetched before the first paint (decision 0095). The
 * app removes it once hydrated and idle (apps/web/src/lib/brand-fonts.ts).
 */
export const FONTS_AFTER_PAINT = { name: 'data-fonts', value: 'after-paint' } as const;

/**
 * Runs at the end of a prerendered page's head. Once the page's first contentful paint has been presented (its
 * `paint` timing entry, which arrives after the frame is on screen, not when it is drawn) it moves the module script
 * and preloads out of their inert `<template>` into the head, and the app loads and hydrates (then lets the brand
 * fonts load: FONTS_AFTER_PAINT). The page's own content paints first, with the whole connection for its HTML
 * and stylesheet, instead of sharing it with ~110 kB of JavaScript and ~90 kB of fonts it does not need to be seen
 * (issue 15, decisions 0088 and 0095). A browser without paint timing waits for the task after the first animation
 * frame once the document is parsed; a hidden tab paints nothing, so it loads at once (or when it is hidden); three
 * seconds after the document is parsed it loads anyway, whatever was (not) reported. The server's CSP admits it by
 * its hash.
 */
export const HYDRATE_AFTER_PAINT_SCRIPT =
  `(function(){var d=document,w=window,done=0;function go(){if(done++)return;` +
  `var t=d.getElementById(${JSON.stringify(HYDRATE_TEMPLATE_ID)});if(t)d.head.appendChild(t.content.cloneNode(true))}` +
  `function soon(){setTimeout(go)}` +
  `function parsed(f){if(d.readyState==="loading")d.addEventListener("DOMContentLoaded",f);else f()}` +
  `if(d.visibilityState==="hidden")return go();` +
  `d.addEventListener("visibilitychange",function(){if(d.visibilityState==="hidden")go()});` +
  `parsed(function(){setTimeout(go,3000)});` +
  `var P=w.PerformanceObserver;if(P&&(P.supportedEntryTypes||[]).indexOf("paint")>=0)` +
  `new P(function(l,o){if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();soon()}}).observe({type:"paint",buffered:true});` +
  `else parsed(function(){requestAnimationFrame(soon)})})()`;
