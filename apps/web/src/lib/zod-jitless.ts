// The site's Content-Security-Policy has no 'unsafe-eval', so zod's JIT can never run here; its start-up probe
// (`new Function('')`, caught) is still reported by the browser as a CSP violation, which costs Lighthouse's best
// practices ("Issues were logged in the Issues panel", issue 18). zod reads `globalThis.__zod_globalConfig`, and
// `jitless` skips the probe. Set here, first thing in the entry, before any schema chunk loads: no zod code in the entry.
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };

export {};
