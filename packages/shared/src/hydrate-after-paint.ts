/** The `<template>` of a prerendered page that holds its module script and module preloads until the first paint. */
export const HYDRATE_TEMPLATE_ID = 'hydrate';

/**
 * Runs at the end of a prerendered page's head: once the whole document is parsed and has painted (the task after the
 * first animation frame after DOMContentLoaded: a long page can paint its top before the rest is parsed), it moves the
 * module script and preloads out of their inert `<template>` into the head, and the app loads and hydrates. The
 * page's own content paints first, with the whole connection for its HTML, stylesheet and font, instead of sharing it
 * with ~110 kB of JavaScript it does not need to be seen (issue 15, decision 0088). A hidden tab paints nothing, so it
 * loads at once. The server's CSP admits it by its hash.
 */
export const HYDRATE_AFTER_PAINT_SCRIPT =
  `(function(){var d=document,done=0;function go(){if(done++)return;var t=d.getElementById(${JSON.stringify(HYDRATE_TEMPLATE_ID)});` +
  `if(t)d.head.appendChild(t.content.cloneNode(true))}` +
  `function afterPaint(){requestAnimationFrame(function(){setTimeout(go)})}` +
  `if(d.visibilityState==="hidden")go();else if(d.readyState==="loading")d.addEventListener("DOMContentLoaded",afterPaint);else afterPaint()})()`;
