import pino, { type Logger } from 'pino';
import type { Config } from './config';

export type { Logger };

/** JSON logs on stdout, one line per event (operators' convention). */
export function createLogger(level: Config['logLevel']): Logger {
  return pino({
    level,
    base: { service: 'mnemo' },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: ['req.headers.cookie', 'req.headers.authorization'],
  });
}
