// docs/product.md#constants: a read's answer is fresh for 5 minutes, and a failed read is tried twice more. The one
// place for both, read by the query client (./query-client) and by the public pages' read without it (./use-public-read).
export const STALE_MS = 5 * 60 * 1000;
export const READ_RETRIES = 2;
