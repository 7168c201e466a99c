import { pino, type Logger } from 'pino';

export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: 'read-api' },
    redact: { paths: ['req.headers.cookie', 'req.headers.auth_token_value', 'req.headers.authorization', 'res.headers["set-cookie"]'], censor: '[redacted]' },
  });
}
export type { Logger };
