// npm run dev: the server (restarting on change) and Vite with hot reload, proxying the API to the server.
import { spawn } from 'node:child_process';

// The browser talks to Vite, which proxies the API: the server's public address (the API URL it gives the browser,
// mail links) is Vite's, since public URLs come from SITE_URL only, never from the Host header.
const SITE_URL = process.env.SITE_URL ?? 'http://127.0.0.1:5173';

const children = [
  spawn('node', ['--watch', '--import', 'tsx', 'server/src/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'development', SITE_URL },
  }),
  spawn('npm', ['run', 'dev', '-w', 'apps/web'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', (code) => code && code !== 143 && process.exit(code));
