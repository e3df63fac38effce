import type { FastifyServerOptions } from 'fastify';
import { redactSecrets } from './redact-secrets.ts';

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
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        '*.api_key',
        '*.apiKey',
        '*.token',
        '*.api_token',
        '*.webhook_url',
        '*.sealedSecrets',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: { method: string; url: string; id: string; ip?: string }) => ({
        method: req.method,
        // Query strings carry what users paste (recall and raw search `q`): secrets are masked.
        url: redactSecrets(req.url.replace(ONE_TIME_PATH, '$1[redacted]')).text,
        request_id: req.id,
        ip: req.ip,
      }),
    },
  };
}
