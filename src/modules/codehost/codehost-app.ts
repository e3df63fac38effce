import type { CodehostConfig } from '../../config/index.ts';
import type { Ctx } from '../../platform/context.ts';
import { integrationNotConfigured } from '../../platform/http/errors.ts';
import { callCodehost, codehostClient, type CodehostClient } from './codehost-api.ts';

/** The code host app's configuration, or `integration_not_configured` when there is none. */
export function requireCodehostApp(ctx: Ctx): CodehostConfig {
  const app = ctx.config.codehost;
  if (!app) {
    throw integrationNotConfigured(
      'this server has no code host app (set CODEHOST_APP_ID and CODEHOST_APP_PRIVATE_KEY)',
    );
  }
  return app;
}

/** A client of the code host as the app, or as one of its installations. */
export const clientFor = (ctx: Ctx, app: CodehostConfig, installationId?: number): CodehostClient =>
  codehostClient(app, {
    timeoutMs: ctx.config.integrations.timeoutMs,
    ...(installationId === undefined ? {} : { installationId }),
  });

/** The app's page asked of the code host once per app and process (it names the app's slug). */
const pages = new Map<string, Promise<string>>();

/** The app's page: CODEHOST_APP_URL or _NAME, else what the code host says (`GET /app`). */
export function appPage(ctx: Ctx, app: CodehostConfig): Promise<string> {
  if (app.appUrl) return Promise.resolve(app.appUrl);
  const key = `${app.apiUrl} ${app.appId}`;
  let page = pages.get(key);
  if (!page) {
    page = callCodehost(async () => {
      const { data } = await clientFor(ctx, app).request('GET /app');
      return (data?.html_url ?? '').replace(/\/+$/, '');
    });
    pages.set(key, page);
    page.catch(() => pages.delete(key));
  }
  return page;
}
