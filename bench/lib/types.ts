/** The shape of bench/results/PART.json (one part per file); the Markdown report PART.md is rendered from it. */
import type { ConnectionsPart } from '../connections/run-connections.js';
import type { CrmPart } from '../crm/run-crm.js';
import type { WindowFigures } from '../soak/windows.js';

export type Availability = { available: true } | { available: false; reason: string };

export interface LoadFigures {
  rps: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Connection errors, timeouts and non-2xx answers together. */
  errors: number;
  /** Status code -> count, for answers that were not 2xx. */
  failures: Record<string, number>;
}

export interface ReferenceFigures {
  what: string;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
}

export interface ServerCaseResult {
  id: string;
  title: string;
  database: 'pglite' | 'postgres';
  availability: Availability;
  load?: LoadFigures;
  reference?: ReferenceFigures | { what: string; unavailable: string };
  /** reference req/s over server req/s: how many times the bare database work outruns the full HTTP path. */
  overhead?: number | null;
}

export interface SignInTiming {
  database: 'pglite' | 'postgres';
  availability: Availability;
  samples?: number;
  medianMs?: number;
  p95Ms?: number;
  bcryptCost?: number;
}

export interface ServerPart {
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
  cases: ServerCaseResult[];
  signIn: SignInTiming[];
  skipped: string[];
}

export interface LighthouseRow {
  page: string;
  preset: 'mobile' | 'desktop';
  performance?: number;
  accessibility?: number;
  lcpMs?: number;
  tbtMs?: number;
  cls?: number;
  seo?: number;
  bestPractices?: number;
  /** Accessibility and best-practices audits that cost points (ids). */
  failing?: string[];
  error?: string;
  /** Runs the figures are the median of (bench/web/median-run.ts), and the lowest and highest of two of them. */
  runs?: number;
  performanceRange?: [number, number];
  tbtRange?: [number, number];
}

export interface TransferRow {
  page: string;
  jsTransferred: number;
  jsGzip: number;
  jsFiles: number;
  cssTransferred: number;
  cssGzip: number;
  cssFiles: number;
  /** Content-Encoding values the browser negotiated for those files. */
  encodings: string[];
  /** The page's main heading (its first h1) once hydrated, and whether the prerendered HTML already has it. */
  heading?: string;
  headingInHtml?: boolean;
  error?: string;
}

export interface BundleRow {
  route: string;
  /** Manifest key (source module) the row stands for. */
  module: string;
  jsBytes: number;
  jsGzip: number;
  cssBytes: number;
  cssGzip: number;
  /** Chunks this route loads on top of the entry (its own chunk and its static imports). */
  chunks: number;
}

export interface WebPart {
  availability: Availability;
  lighthouse: LighthouseRow[];
  transfer: TransferRow[];
  bundle: { entry: BundleRow | null; routes: BundleRow[] };
}

export interface SoakPart {
  availability: Availability;
  database: 'pglite' | 'postgres';
  seconds: number;
  connections: number;
  mix: string[];
  requests: number;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  failures: Record<string, number>;
  rssStartMb: number;
  rssPeakMb: number;
  rssEndMb: number;
  /** RSS samples (MB) every few seconds, for the JSON only. */
  rssSamplesMb: number[];
  /** Rate and latency of each one-minute window, in order: does latency grow over the run? */
  windows: WindowFigures[];
  /** The same windows for each case of the mix: which kind of request a change over the run comes from. */
  windowsByCase: Record<string, WindowFigures[]>;
  verdict: string;
}

export interface CoachRound {
  round: number;
  streams: number;
  completed: number;
  failures: Record<string, number>;
  wallMs: number;
  firstTokenP50Ms: number;
  firstTokenP99Ms: number;
  totalP50Ms: number;
  totalP99Ms: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  rssAfterMb: number;
}

/** The AI coach against the provider stand-in (bench/coach). */
export interface CoachPart {
  availability: Availability;
  database: 'pglite' | 'postgres';
  /** How long the stand-in waits before its first token. */
  providerFirstTokenMs: number;
  samples: number;
  directFirstTokenP50Ms?: number;
  directFirstTokenP95Ms?: number;
  serverFirstTokenP50Ms?: number;
  serverFirstTokenP95Ms?: number;
  /** Median time to first token through our server minus the stand-in's own. */
  addedP50Ms?: number;
  /** Through our server ÷ straight from the stand-in, medians. */
  ratio?: number;
  rounds: CoachRound[];
}

export interface BenchReport {
  startedAt: string;
  finishedAt: string;
  machine: { cpus: number; cpuModel: string; memoryGb: number; node: string; commit: string };
  /** 1-minute load average at the start and end: how busy the (shared) machine was, i.e. how noisy the figures are. */
  loadAverage: { start: number; end: number };
  settings: { durationSeconds: number; soakSeconds: number; only: string[]; connections: number };
  server?: ServerPart;
  web?: WebPart;
  soak?: SoakPart;
  coach?: CoachPart[];
  connections?: ConnectionsPart[];
  crm?: CrmPart[];
}
