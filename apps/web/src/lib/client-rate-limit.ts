/**
 * docs/product.md#validation: a client-side rate limiter (key, max attempts, window in ms). It only spares the server
 * obvious repeats; the server enforces its own limits.
 */
export function createClientRateLimiter(now: () => number = Date.now) {
  const attempts = new Map<string, number[]>();
  return {
    /** Records an attempt; false when `key` already made `maxAttempts` within the last `windowMs`. */
    attempt(key: string, maxAttempts: number, windowMs: number): boolean {
      const t = now();
      const recent = (attempts.get(key) ?? []).filter((at) => t - at < windowMs);
      if (recent.length >= maxAttempts) {
        attempts.set(key, recent);
        return false;
      }
      recent.push(t);
      attempts.set(key, recent);
      return true;
    },
    reset(key: string) {
      attempts.delete(key);
    },
  };
}

/** The one limiter the forms share. */
export const clientRateLimiter = createClientRateLimiter();
