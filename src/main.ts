import { buildApp } from './app.ts';
import { loadConfig, type Config } from './config/index.ts';
import type { Ctx } from './platform/context.ts';
import type { Database } from './platform/db/client.ts';
import { scheduleMaintenance } from './platform/db/maintenance.ts';
import { openConfiguredDatabase } from './platform/db/open.ts';
import { bootstrapFirstAdmin } from './modules/users/bootstrap-first-admin.ts';

/** A verb context for work the server does on its own behalf (start-up, console commands). */
export function systemContext(database: Database, config: Config, name: string): Ctx {
  return {
    actor: { kind: 'system', name },
    requestId: `${name}`,
    db: database.db,
    config,
    now: () => new Date(),
  };
}

/** Boot: config, database (migrated), first-start bootstrap, HTTP, graceful shutdown. */
export async function serve(): Promise<void> {
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    const first = await bootstrapFirstAdmin({ ctx: systemContext(database, config, 'bootstrap') });
    app = await buildApp({ db: database.db, config, ping: database.ping });
    await app.listen({ port: config.port, host: config.host });
    if (first) {
      const minutes = Math.round(config.oneTimeTokenTtlSeconds / 60);
      process.stdout.write(
        `\nctxhub: first start. Created server administrator ${first.email}.\n` +
          `Open this link once, within ${minutes} minutes, to get their API key:\n\n  ${first.url}\n\n` +
          `(Expired? Stop the server and run: npx ctxhub admin reset-key --email ${first.email})\n\n`,
      );
    }
    if (
      config.publicUrl.startsWith('http://') &&
      !/^http:\/\/(127\.|localhost|\[::1\])/.test(config.publicUrl)
    ) {
      app.log.warn('SERVICE_PUBLIC_URL is not HTTPS: one-time key links should only be shared over HTTPS');
    }
  } catch (err) {
    await app?.close().catch(() => undefined);
    await database.close();
    throw err;
  }
  const stopMaintenance = scheduleMaintenance(database, config.vacuumIntervalMs, app.log);
  installShutdown(app, database, config.shutdownTimeoutMs, stopMaintenance);
}

function installShutdown(
  app: NonNullable<Awaited<ReturnType<typeof buildApp>>>,
  database: Database,
  timeoutMs: number,
  stopMaintenance: () => Promise<void>,
) {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, timeoutMs);
    force.unref();
    try {
      await app.close();
      await stopMaintenance();
      await database.close();
      process.exitCode = 0;
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exitCode = 1;
    }
    clearTimeout(force);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
}
