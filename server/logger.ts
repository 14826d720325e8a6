import pino, { type Logger } from 'pino';

/** Structured JSON logs; credentials are redacted wherever they would appear. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', '*.access_token', '*.token'],
      censor: '[redacted]',
    },
  });
}
