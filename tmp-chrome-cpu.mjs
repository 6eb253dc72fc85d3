import { chromium } from '@playwright/test';
import { readFileSync, readdirSync } from 'node:fs';
const args = ['--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync','--no-first-run','--disable-quic', ...(process.env.EXTRA ? process.env.EXTRA.split(' ') : [])];
function treeCpu(root) {
  // sum utime+stime (ticks) of root and all descendants
  const kids = {}; const cpu = {};
  for (const p of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try { const s = readFileSync(`/proc/${p}/stat`, 'utf8'); const f = s.slice(s.lastIndexOf(')') + 2).split(' ');
      (kids[f[1]] ??= []).push(p); cpu[p] = Number(f[11]) + Number(f[12]); } catch {}
  }
  let t = 0; const st = [String(root)]; while (st.length) { const p = st.pop(); t += cpu[p] ?? 0; st.push(...(kids[p] ?? [])); }
  return t / 100;
}
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args, headless: process.env.HEADED ? false : true });
const pid = browser._connection ? null : null;
// find chromium pid: child of this process
const myKids = () => { const out=[]; for (const p of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) { try { const s = readFileSync(`/proc/${p}/stat`,'utf8'); const f=s.slice(s.lastIndexOf(')')+2).split(' '); if (f[1]===String(process.pid)) out.push(p);} catch{} } return out; };
const roots = myKids();
const total = () => roots.reduce((a, r) => a + treeCpu(r), 0);
const routes = (process.env.ROUTES ?? '/,/pricing,/connect-anything,/sign-in').split(',');
const c0 = total(); const t0 = process.cpuUsage();
for (const r of routes) {
  const ctx = await browser.newContext({ reducedMotion: process.env.RM ?? 'no-preference' });
  const page = await ctx.newPage();
  await page.goto('http://127.0.0.1:4599' + r, { waitUntil: 'load' });
  await page.waitForTimeout(Number(process.env.IDLE ?? 5000));
  await ctx.close();
}
const c1 = total(); const t = process.cpuUsage(t0);
console.log(`RM=${process.env.RM ?? 'no-preference'} EXTRA=${process.env.EXTRA ?? ''}: chromium ${ (c1 - c0).toFixed(2)} s, node ${((t.user+t.system)/1e6).toFixed(2)} s`);
await browser.close();
