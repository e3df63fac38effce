import accepts from '@fastify/accepts';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config/index.ts';
import type { ProcessClaims } from './platform/db/process-claims.ts';
import { join } from 'node:path';
import { adminUiRoutes } from './platform/http/admin-ui.ts';
import { installAuth } from './platform/http/auth-hook.ts';
import { InternalCalls } from './platform/http/internal-calls.ts';
import { installShutdownDrain } from './platform/http/connections.ts';
import { sendError } from './platform/http/error-handler.ts';
import {
  clientError,
  MAX_PATH_PARAM_LENGTH,
  installProtocolChecks,
  routerError,
} from './platform/http/framework-errors.ts';
import { notFound } from './platform/http/errors.ts';
import { healthRoutes } from './platform/http/health-routes.ts';
import { installTextGuard } from './platform/http/text-guard.ts';
import { installOpenApi } from './platform/http/openapi.ts';
import { wellKnownRoutes } from './platform/http/well-known-routes.ts';
import { RateLimits } from './platform/http/rate-limit.ts';
import { requestIdOf } from './platform/http/request-id.ts';
import type { AppDeps } from './platform/http/request-context.ts';
import type { App } from './platform/http/types.ts';
import { loggerOptions } from './platform/logger.ts';
import { PACKAGE_ROOT } from './platform/package-root.ts';
import { version } from './platform/version.ts';
import { ReusedReads } from './platform/db/reused-reads.ts';
import type { UserActor } from './platform/context.ts';
import { apiKeyRoutes, authenticateApiKey, oneTimeLinkRoutes } from './modules/api-keys/index.ts';
import { importRoutes } from './modules/imports/index.ts';
import {
  chatRoutes,
  integrationRoutes,
  modelRoutes,
  trackerRoutes,
  wikiRoutes,
} from './modules/integrations/index.ts';
import { contextRoutes } from './modules/context/index.ts';
import { rawRoutes } from './modules/raw/index.ts';
import { findSession, sessionRoutes } from './modules/sessions/index.ts';
import { resolutionRoutes } from './modules/resolution/index.ts';
import { memoryRoutes } from './modules/memories/index.ts';
import { notificationRoutes } from './modules/notifications/index.ts';
import { outboundRoutes } from './modules/outbound/index.ts';
import { mcpRoutes } from './modules/mcp/index.ts';
import { auditRoutes } from './modules/audit/index.ts';
import { activeWorkRoutes } from './modules/active-work/index.ts';
import { ciEventRoutes } from './modules/ci-events/index.ts';
import { gitEventRoutes } from './modules/git-events/index.ts';
import { codehostRoutes, codehostWebhookRoutes } from './modules/codehost/index.ts';
import { projectRoutes } from './modules/projects/index.ts';
import { userRoutes } from './modules/users/index.ts';
import { workspaceRoutes } from './modules/workspaces/index.ts';
import type { Db } from './platform/db/database.ts';

export interface BuildAppOptions {
  db: Db;
  config: Config;
  ping: () => Promise<void>;
  /** The database's claims of this process (Database.claims). */
  claims: ProcessClaims;
  now?: () => Date;
  /** The built Admin UI, served at /admin (default: web/dist of the package). */
  adminUiDir?: string;
  /** Log to stdout (the server), to a given stream, or not at all (tests inject requests). */
  logger?: boolean | { write(line: string): void };
}

/** The whole HTTP app. It never listens: main.ts does, and tests inject requests into it. */
export async function buildApp(options: BuildAppOptions): Promise<App> {
  const deps: AppDeps = {
    db: options.db,
    config: options.config,
    ping: options.ping,
    claims: options.claims,
    now: options.now ?? (() => new Date()),
  };
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : loggerOptions(options.config.logLevel, options.logger === true ? undefined : options.logger),
    bodyLimit: options.config.bodyLimitBytes,
    trustProxy: options.config.trustProxy,
    genReqId: requestIdOf,
    requestIdHeader: false,
    // Shutdown closes connections itself (installShutdownDrain) and answers 503 in the envelope.
    return503OnClosing: false,
    routerOptions: { maxParamLength: MAX_PATH_PARAM_LENGTH },
    // Every refusal in the envelope: the router's, the HTTP parser's, and Node's (installProtocolChecks).
    frameworkErrors: routerError,
    clientErrorHandler: clientError,
    http: { requireHostHeader: false },
    // zod validates and serializes every route (the compilers set below). Without factories of
    // its own, Fastify would load its default compilers (ajv, fast-json-stringify) at every start
    // for nothing: about a quarter of a second.
    schemaController: { compilersFactory: { buildValidator: zodOnly, buildSerializer: zodOnly } },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler((err, req, reply) => sendError(err, req, reply));
  app.setNotFoundHandler((req, reply) =>
    sendError(notFound(`Route ${req.method} ${req.url.split('?')[0]}`), req, reply),
  );
  installShutdownDrain(app);
  installProtocolChecks(app);
  acceptEmptyJsonBodies(app);
  await app.register(accepts);
  await installOpenApi(app, version);
  const cache = new ReusedReads<UserActor>(options.db);
  const internalCalls = new InternalCalls();
  installAuth(
    app,
    {
      key: (key) => authenticateApiKey({ ...deps, cache }, key),
      session: (token) => findSession(deps, token),
    },
    new RateLimits(options.config.rateLimit),
    internalCalls,
  );
  installTextGuard(app);

  healthRoutes(app, deps);
  wellKnownRoutes(app);
  userRoutes(app, deps);
  apiKeyRoutes(app, deps);
  oneTimeLinkRoutes(app, deps);
  sessionRoutes(app, deps);
  workspaceRoutes(app, deps);
  projectRoutes(app, deps);
  auditRoutes(app, deps);
  ciEventRoutes(app, deps);
  activeWorkRoutes(app, deps);
  gitEventRoutes(app, deps);
  codehostRoutes(app, deps);
  codehostWebhookRoutes(app, deps);
  memoryRoutes(app, deps);
  rawRoutes(app, deps);
  importRoutes(app, deps);
  resolutionRoutes(app, deps);
  contextRoutes(app, deps);
  integrationRoutes(app, deps);
  chatRoutes(app, deps);
  modelRoutes(app, deps);
  notificationRoutes(app, deps);
  outboundRoutes(app, deps);
  trackerRoutes(app, deps);
  wikiRoutes(app, deps);
  mcpRoutes(app, deps, internalCalls);
  adminUiRoutes(app, options.adminUiDir ?? join(PACKAGE_ROOT, 'web', 'dist'));
  return app;
}

/** Stands in for Fastify's default schema compilers, replaced by zod's before any route exists. */
function zodOnly(): never {
  throw new Error('route schemas are compiled by fastify-type-provider-zod');
}

/** JSON bodies; a bodiless POST (revoke, reset) may still carry `Content-Type: application/json`. */
function acceptEmptyJsonBodies(app: App): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  // JSON only: anything else is 415 (routes that take uploads register their own parser).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (body === '' || body === undefined) return done(null, undefined);
    parseJson(req, body as string, done);
  });
}
