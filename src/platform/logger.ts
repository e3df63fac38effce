import type { FastifyServerOptions } from 'fastify';

const ONE_TIME_PATH = /(\/v1\/api-keys\/one-time\/)[^/?#]+/;

/** Structured logs with secrets kept out: no Authorization header, no one-time tokens in URLs. */
export function loggerOptions(
  level: string,
  stream?: { write(line: string): void },
): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', '*.api_key', '*.apiKey', '*.token'],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: { method: string; url: string; id: string; ip?: string }) => ({
        method: req.method,
        url: req.url.replace(ONE_TIME_PATH, '$1[redacted]'),
        request_id: req.id,
        ip: req.ip,
      }),
    },
  };
}
