import type { LoggerOptions } from 'pino';

const SECRET_QUERY = /([?&](?:ref|password|token|pin|cloud_password|key)=)[^&#]*/gi;

/** Strips secrets from a URL's query before it reaches a log line. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[redacted]');
}

/** One place that decides what never reaches the logs: passwords, tokens, SIP passwords, reset refs. */
export const REDACT_PATHS = [
  'req.headers.token',
  'req.headers.authorization',
  'req.headers.cookie',
  '*.password',
  '*.old_password',
  '*.new_password',
  '*.Token',
  '*.token',
  '*.ref',
  '*.sip_password',
  '*.pin',
  'password',
  'token',
];

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      req: (req: { method: string; url: string; ip?: string; id?: string }) => ({ method: req.method, url: redactUrl(req.url), ip: req.ip }),
    },
  };
}
