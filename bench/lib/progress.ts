const started = Date.now();

/** One short line per step, with the elapsed time, so a long run shows where it is. */
export function progress(message: string) {
  const s = Math.round((Date.now() - started) / 1000);
  const stamp = `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
  console.log(`[bench ${stamp}] ${message}`);
}

export const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).split('\n')[0].slice(0, 200);
