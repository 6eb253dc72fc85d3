// node scripts/healthcheck.mjs [URL]: exits 0 when the server answers GET /api/health with 200 within 4 s, else 1.
// The Dockerfile's HEALTHCHECK (the slim image has no curl); default URL: http://127.0.0.1:$PORT/api/health.
const url = process.argv[2] ?? `http://127.0.0.1:${process.env.PORT || 3000}/api/health`;
try {
  const res = await fetch(url, { signal: AbortSignal.timeout(4000) });
  process.exit(res.status === 200 ? 0 : 1);
} catch {
  process.exit(1);
}
