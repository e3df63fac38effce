import type { FastifyBaseLogger } from 'fastify';
import { buildApp } from './app.ts';
import { loadConfig, type Config } from './config/index.ts';
import { systemContext } from './platform/context.ts';
import { scheduleMaintenance } from './platform/db/maintenance.ts';
import { openConfiguredDatabase } from './platform/db/open.ts';
import { StartupTimings } from './platform/startup-timings.ts';
import { catchStopSignals } from './platform/stop-signals.ts';
import {
  privateDirs,
  repairPrivateModes,
  restrictNewFiles,
  type PrivacyRepair,
} from './platform/private-files.ts';
import { scheduleImportSweep } from './modules/imports/index.ts';
import { scheduleSessionSweep } from './modules/sessions/index.ts';
import { scheduleDailyPermissionSyncs } from './modules/codehost/index.ts';
import { scheduleActiveWorkSweep } from './modules/active-work/index.ts';
import { scheduleReviewSweep } from './modules/memories/index.ts';
import { listenError } from './platform/http/listen-error.ts';
import { bootstrapFirstAdmin } from './modules/users/index.ts';
import { composeModules, JOBS } from './composition.ts';
import { JOBS_CHANNEL } from './platform/jobs/enqueue-job.ts';
import { startJobRunner } from './platform/jobs/job-runner.ts';

type FirstAdmin = NonNullable<Awaited<ReturnType<typeof bootstrapFirstAdmin>>>;

/**
 * The first-start link. Printed once the server listens; if it failed to start after the
 * administrator was created (and committed), printed anyway: later starts would print nothing.
 */
function firstStartMessage(first: FirstAdmin, config: Config, started: boolean): string {
  const minutes = Math.round(config.oneTimeTokenTtlSeconds / 60);
  const open = started
    ? `Open this link once, within ${minutes} minutes, to get their API key:`
    : `The server did not start (see the error); this link works once it does.\n` +
      `Open it once, within ${minutes} minutes, to get their API key:`;
  return (
    `\nctxhub: first start. Created server administrator ${first.email}.\n` +
    `${open}\n\n  ${first.url}\n\n` +
    `In a browser it offers to sign in to the Admin UI with the key: ${config.publicUrl}/admin/\n` +
    `(Expired? Stop the server and run: npx ctxhub admin reset-key --email ${first.email})\n\n`
  );
}

/** Boot: config, database (migrated), first-start bootstrap, HTTP, background jobs, graceful shutdown. */
export async function serve(): Promise<void> {
  const timings = new StartupTimings();
  composeModules();
  restrictNewFiles();
  const config = await timings.phase('config', () => loadConfig());
  // From here on a signal never kills the process outright: it stops it once it has started.
  let log: FastifyBaseLogger | undefined;
  const signals = catchStopSignals(config.shutdownTimeoutMs, () =>
    log?.error('shutdown took too long; exiting'),
  );
  // Twice: before the database opens, for an install whose files other users can read (logged);
  // after, for the few files PGlite writes at every open with mode 0666 whatever the umask.
  const privacy = await timings.phase('privacy', () => repairPrivateModes(privateDirs(config)));
  const database = await openConfiguredDatabase(config, timings.phase);
  const opened = repairPrivateModes(privateDirs(config));
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let unshown: FirstAdmin | null = null;
  try {
    unshown = await timings.phase('bootstrap', () =>
      bootstrapFirstAdmin({ ctx: systemContext(database, config, 'bootstrap') }),
    );
    const built = await timings.phase('app', () =>
      buildApp({ db: database.db, config, ping: database.ping, claims: database.claims }),
    );
    app = built;
    log = built.log;
    logPrivacyRepair(app.log, privacy);
    logPrivacyRepair(app.log, opened, 'debug');
    await timings.phase('listen', () =>
      built.listen({ port: config.port, host: config.host }).catch((err: unknown) => {
        throw listenError(err, config.host, config.port) ?? err;
      }),
    );
    // Where the start went (SERVICE_LOG_LEVEL=debug): one line, milliseconds per phase.
    app.log.debug({ startup_ms: timings.summary() }, 'start-up time by phase');
    if (unshown) {
      process.stdout.write(firstStartMessage(unshown, config, true));
      unshown = null;
    }
    if (
      config.publicUrl.startsWith('http://') &&
      !/^http:\/\/(127\.|localhost|\[::1\])/.test(config.publicUrl)
    ) {
      app.log.warn('SERVICE_PUBLIC_URL is not HTTPS: one-time key links should only be shared over HTTPS');
    }
  } catch (err) {
    if (unshown) process.stdout.write(firstStartMessage(unshown, config, false));
    await app?.close().catch(() => undefined);
    await database.close();
    throw err;
  }
  const stopMaintenance = scheduleMaintenance(database, config.vacuumIntervalMs, app.log);
  const stopImportSweep = scheduleImportSweep(systemContext(database, config, 'import-sweep'), app.log);
  const stopSessionSweep = scheduleSessionSweep(systemContext(database, config, 'session-sweep'), app.log);
  const stopPermissionSyncs = scheduleDailyPermissionSyncs(
    systemContext(database, config, 'codehost-permission-sync'),
    app.log,
  );
  const stopActiveWorkSweep = scheduleActiveWorkSweep(
    systemContext(database, config, 'active-work-sweep'),
    app.log,
  );
  const stopReviewSweep = scheduleReviewSweep(systemContext(database, config, 'review-sweep'), app.log);
  const jobs = startJobRunner({
    ctx: systemContext(database, config, 'jobs'),
    jobs: JOBS,
    log: app.log,
    listen: (notify) => database.listen(JOBS_CHANNEL, notify),
  });
  const stopped = app;
  signals.onStop(async (signal) => {
    stopped.log.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
    try {
      await stopped.close();
      await Promise.all([
        stopMaintenance(),
        stopImportSweep(),
        stopSessionSweep(),
        stopPermissionSyncs(),
        stopActiveWorkSweep(),
        stopReviewSweep(),
        jobs.stop(),
      ]);
      await database.close();
      process.exitCode = 0;
    } catch (err) {
      stopped.log.error({ err }, 'error during shutdown');
      process.exitCode = 1;
    }
  });
}

function logPrivacyRepair(
  log: FastifyBaseLogger,
  privacy: PrivacyRepair,
  level: 'info' | 'debug' = 'info',
): void {
  if (privacy.repaired > 0) {
    log[level](
      { repaired: privacy.repaired },
      'data files made private to this user (dirs 0700, files 0600)',
    );
  }
  if (privacy.failed.length > 0) {
    log.warn(
      { failed: privacy.failed.slice(0, 20), count: privacy.failed.length },
      'some data files could not be made private (are they owned by another user?)',
    );
  }
}
