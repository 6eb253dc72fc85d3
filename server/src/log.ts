import pino from 'pino';
import type { Config } from './config.js';

/** JSON logs; these paths never reach the output, whatever a module logs by mistake. */
const REDACT = [
  'password',
  '*.password',
  'newPassword',
  '*.newPassword',
  'req.headers.authorization',
  'req.headers.apikey',
  'req.headers.cookie',
  '*.access_token',
  '*.refresh_token',
  'token',
  '*.token',
];

export function createLogger(config: Pick<Config, 'LOG_LEVEL'>) {
  return pino({ level: config.LOG_LEVEL, redact: { paths: REDACT, censor: '[redacted]' }, base: undefined });
}
export type Logger = ReturnType<typeof createLogger>;
