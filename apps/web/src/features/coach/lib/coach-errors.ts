import { COACH_ERRORS, type CoachErrorCode, type CoachStreamErrorCode } from '@app/shared';
import { coachMessages } from '@/lib/messages/coach';

export type CoachFailureCode = CoachErrorCode | CoachStreamErrorCode | 'network' | 'unknown';

/** A refusal from POST /functions/v1/coach (its JSON `{ code, message }`), thrown by the transport's fetch. */
export class CoachHttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: CoachFailureCode,
    message: string,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'CoachHttpError';
  }
}

const KNOWN = new Set<string>(Object.keys(COACH_ERRORS));

/** Reads a non-2xx response of the coach endpoint into a CoachHttpError (never trusting its shape). */
export async function coachHttpError(res: Response): Promise<CoachHttpError> {
  const body = (await res.json().catch(() => null)) as { code?: unknown; message?: unknown } | null;
  const code = typeof body?.code === 'string' && KNOWN.has(body.code) ? (body.code as CoachErrorCode) : 'unknown';
  const message = typeof body?.message === 'string' && body.message ? body.message : coachMessages.genericError;
  const retry = Number(res.headers.get('retry-after'));
  return new CoachHttpError(res.status, code, message, Number.isFinite(retry) && retry > 0 ? retry : null);
}

export interface CoachFailure {
  code: CoachFailureCode;
  /** What the coach says, in plain words. */
  text: string;
  /** Whether Retry makes sense (not for a missing provider, a switched-off AI or a finished balance). */
  retryable: boolean;
}

/**
 * Any error useChat reports (our HTTP refusal, a stream `error` part, a network failure) as what to show. `charged`:
 * the failed reply's data-usage arrived (the server sends it only after committing the charge), so a fallback text
 * must not say nothing was charged; the server's own text already says what was.
 */
export function describeCoachError(err: unknown, charged = false): CoachFailure {
  if (err instanceof CoachHttpError) {
    switch (err.code) {
      case 'ai_not_configured':
        return { code: err.code, text: coachMessages.notConfigured, retryable: false };
      case 'out_of_credits':
        return { code: err.code, text: coachMessages.outOfCredits, retryable: false };
      case 'ai_disabled':
        return { code: err.code, text: coachMessages.aiDisabled, retryable: false };
      case 'no_plan':
        return { code: err.code, text: err.message, retryable: false };
      default:
        return { code: err.code, text: err.message, retryable: true };
    }
  }
  const text = err instanceof Error ? err.message : '';
  // the stream's error part: "provider_error: <plain message>" or "provider_timeout: <plain message>"
  const m = /^(provider_error|provider_timeout):\s*(.*)$/s.exec(text);
  if (m) {
    const code = m[1] as CoachStreamErrorCode;
    const fallback = charged
      ? coachMessages.providerFailedCharged
      : code === 'provider_timeout'
        ? coachMessages.providerTimeout
        : coachMessages.providerError;
    return { code, text: m[2]?.trim() || fallback, retryable: true };
  }
  if (err instanceof TypeError) return { code: 'network', text: coachMessages.networkError, retryable: true };
  return { code: 'unknown', text: coachMessages.genericError, retryable: true };
}
