import { fmtMb } from '../lib/format.js';
import { median } from '../lib/stats.js';

export interface MemoryTrend {
  baselineMb: number;
  endMb: number;
  growthMb: number;
  grew: boolean;
  verdict: string;
}

/**
 * Did resident memory grow under traffic? `samplesMb` are taken while the load runs. The baseline is the median
 * of the second fifth of the run (start-up garbage has been collected and caches, JIT and pools have filled by
 * then), the end is the mean of the last three samples. Growth above 10 MB and 10 % of the baseline is reported
 * as growth; anything less is noise from the garbage collector.
 */
export function memoryTrend(samplesMb: readonly number[]): MemoryTrend {
  if (samplesMb.length < 2) throw new Error('need at least two memory samples');
  const fifth = Math.floor(samplesMb.length / 5);
  const window = fifth >= 1 ? samplesMb.slice(fifth, 2 * fifth) : samplesMb.slice(0, 1);
  const baselineMb = median(window);
  const tail = samplesMb.slice(-3);
  const endMb = tail.reduce((a, b) => a + b, 0) / tail.length;
  const growthMb = endMb - baselineMb;
  const grew = growthMb > Math.max(10, baselineMb * 0.1);
  const verdict = grew
    ? `grew from ${fmtMb(baselineMb)} (second fifth of the run) to ${fmtMb(endMb)} at the end (+${fmtMb(growthMb)}): worth a longer soak and a heap snapshot.`
    : `did not grow: ${fmtMb(baselineMb)} in the second fifth of the run, ${fmtMb(endMb)} at the end (${growthMb >= 0 ? '+' : ''}${fmtMb(growthMb)}).`;
  return { baselineMb, endMb, growthMb, grew, verdict };
}
