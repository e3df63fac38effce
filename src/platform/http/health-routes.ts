import { z } from 'zod';
import { AppError } from './errors.ts';
import type { AppDeps } from './request-context.ts';
import type { App } from './types.ts';

const status = z.object({ status: z.literal('ok') });

export function healthRoutes(app: App, deps: AppDeps): void {
  app.get('/healthz', {
    config: { public: true, unlimited: true },
    schema: { tags: ['health'], security: [], summary: 'The process is up', response: { 200: status } },
    handler: async () => ({ status: 'ok' as const }),
  });

  app.get('/readyz', {
    config: { public: true, unlimited: true },
    schema: { tags: ['health'], security: [], summary: 'The database answers', response: { 200: status } },
    handler: async (req, reply) => {
      try {
        await deps.ping();
      } catch (err) {
        req.log.warn({ err }, 'readiness check failed');
        reply.header('retry-after', '5');
        throw new AppError('internal', 'Database is not reachable');
      }
      return { status: 'ok' as const };
    },
  });
}
